// Swap a new view into a widget: only the nodes that changed, keeping the focus.
//
// Shared by the widgets' runtime (runtime.js, whose views Pyodide renders) and the Table
// page's room (docs/assets/table/room.js, whose views the room server renders): every
// view is HTML that Python wrote, and the page only puts it in place.
// Written in the syntax of 2017-2018 browsers, as runtime.js is.

// Form controls are always put in new: a kept one would keep what the reader typed or
// chose instead of what Python's view says. With ``keepReader`` (a room, whose view also
// changes when other people act), what the reader is doing is kept: a control whose new
// form is the same as the old one (with what is typed in it), and whether a <details> is open.
const REPLACED = /^(INPUT|SELECT|TEXTAREA|OPTION|SCRIPT|PROGRESS)$/;
const CONTROLS = "input, select, textarea, option";

function syncAttributes(el, model, keepReader) {
  const readers = keepReader && el.nodeName === "DETAILS";
  for (let i = el.attributes.length - 1; i >= 0; i -= 1) {
    const name = el.attributes[i].name;
    if (!model.hasAttribute(name) && !(readers && name === "open")) el.removeAttribute(name);
  }
  for (let i = 0; i < model.attributes.length; i += 1) {
    const attr = model.attributes[i];
    if (readers && attr.name === "open") continue;
    if (el.getAttribute(attr.name) !== attr.value) el.setAttribute(attr.name, attr.value);
  }
}

// Make the children of ``into`` those of ``model`` (the new view, parsed), keeping the
// nodes that did not change: the page then styles and lays out only what did (a Play
// page's bot move changes a card or two of a whole table). The result is the DOM that
// innerHTML would give, but for form controls' live values, which are always new.
export function morph(into, model, keepReader) {
  let old = into.firstChild;
  let next = model.firstChild;
  while (next) {
    const following = next.nextSibling;
    const same = old && old.nodeType === next.nodeType && old.nodeName === next.nodeName
      && (old.nodeType === 1 || old.nodeType === 3);
    if (same && REPLACED.test(old.nodeName) && keepReader && old.isEqualNode(next)) {
      old = old.nextSibling;
    } else if (same && !REPLACED.test(old.nodeName)) {
      if (old.nodeType === 3) {
        if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
      } else if (!old.isEqualNode(next) || old.querySelector(CONTROLS)) {
        syncAttributes(old, next, keepReader);
        morph(old, next, keepReader);
      }
      old = old.nextSibling;
    } else {
      into.insertBefore(next, old);
    }
    next = following;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    into.removeChild(gone);
  }
}

export function swapIn(body, html, keepReader) {
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  morph(body, parsed.content, keepReader);
}

// Swap ``html`` into ``body`` (the widget ``root``'s), and give the focus back: to the
// control with the same data-focus-key if it is still there and enabled, else to the
// body itself, so that a keyboard or screen reader user is never thrown to the page's top.
export function swapView(root, body, html, keepReader) {
  const active = document.activeElement;
  const hadFocus = !!active && root.contains(active);
  const key = hadFocus && active.getAttribute ? active.getAttribute("data-focus-key") : null;
  swapIn(body, html, keepReader);
  if (hadFocus) {
    const target = key === null ? null : Array.prototype.find.call(
      body.querySelectorAll("[data-focus-key]"), (el) => el.getAttribute("data-focus-key") === key);
    if (target && !target.disabled) {
      if (document.activeElement !== target) target.focus({ preventScroll: true });
    } else {
      if (!body.hasAttribute("tabindex")) body.setAttribute("tabindex", "-1");
      body.focus({ preventScroll: true });
    }
  }
}
