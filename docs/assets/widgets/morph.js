// Swap a new view into a widget: only the nodes that changed, keeping the focus, and the
// control the reader used where it was on the screen.
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

// A box that scrolls sideways keeps what the page's script (site.js) gave it to be
// reached by keyboard: the attributes data-mp-reach names, and data-mp-reach itself.
function pageOwned(el) {
  const names = (el.getAttribute("data-mp-reach") || "").split(" ").filter(Boolean);
  return names.length ? names.concat("data-mp-reach") : names;
}

// The theme's focus-visible polyfill marks the focused control: the class "focus-visible"
// and this attribute. The marks are the page's, not the view's: a control that carries them
// is still the control of the view (what the reader typed in it stays), and a node kept
// keeps them (its focus ring stays).
const FOCUS_MARK = "data-focus-visible-added";

// The node as the view wrote it: ``el`` without the focus marks (a copy when it had them).
function unmarked(el) {
  if (el.nodeType !== 1 || !el.hasAttribute(FOCUS_MARK)) return el;
  const copy = el.cloneNode(true);
  copy.removeAttribute(FOCUS_MARK);
  copy.classList.remove("focus-visible");
  if (copy.getAttribute("class") === "") copy.removeAttribute("class");
  return copy;
}

function syncAttributes(el, model, keepReader) {
  const readers = keepReader && el.nodeName === "DETAILS";
  const kept = pageOwned(el);
  const marked = el.hasAttribute(FOCUS_MARK);
  if (marked) kept.push(FOCUS_MARK);
  for (let i = el.attributes.length - 1; i >= 0; i -= 1) {
    const name = el.attributes[i].name;
    if (!model.hasAttribute(name) && !(readers && name === "open") && kept.indexOf(name) < 0) {
      el.removeAttribute(name);
    }
  }
  for (let i = 0; i < model.attributes.length; i += 1) {
    const attr = model.attributes[i];
    if (readers && attr.name === "open") continue;
    if (marked && attr.name === "class") continue;
    if (el.getAttribute(attr.name) !== attr.value) el.setAttribute(attr.name, attr.value);
  }
  if (marked) {
    const classes = (model.getAttribute("class") || "").split(/\s+/).filter(Boolean).concat("focus-visible");
    if (el.getAttribute("class") !== classes.join(" ")) el.setAttribute("class", classes.join(" "));
  }
}

// A control's form as the view wrote it, kept when it is put in: the live one may have
// gained what the page's own scripts add (the focus marks, and once the field is left the
// empty class the polyfill leaves behind), which is no change of the view and must not
// throw away what was typed.
const FORMS = "input, select, textarea, script, progress";

function remember(node) {
  if (node.nodeType !== 1) return;
  if (REPLACED.test(node.nodeName)) {
    node.__mpForm = node.cloneNode(true);
    return;
  }
  const inside = node.querySelectorAll(FORMS);
  for (let i = 0; i < inside.length; i += 1) inside[i].__mpForm = inside[i].cloneNode(true);
}

function unchanged(old, next) {
  return (old.__mpForm || unmarked(old)).isEqualNode(next);
}

// What tells a part of a view from its neighbours: its tag, and its focus key or else its
// class ("" for a text node; null for anything else, which nothing matches).
function keyOf(node) {
  if (node.nodeType === 3) return "";
  if (node.nodeType !== 1) return null;
  const el = node.__mpForm || unmarked(node);
  const focus = el.getAttribute("data-focus-key");
  return focus !== null ? `${el.nodeName}#${focus}` : `${el.nodeName}.${el.getAttribute("class") || ""}`;
}

// How far along its siblings a part is looked for (a part added or taken away above others).
const AHEAD = 64;

// Whether ``node`` or one of the next AHEAD siblings after it has the key ``key``; the one found.
function findAhead(node, key) {
  for (let n = node, i = 0; n && i < AHEAD; n = n.nextSibling, i += 1) {
    if (keyOf(n) === key) return n;
  }
  return null;
}

// Make the children of ``into`` those of ``model`` (the new view, parsed), keeping the
// nodes that did not change: the page then styles and lays out only what did (a Play
// page's bot move changes a card or two of a whole table). The result is the DOM that
// innerHTML would give, but for form controls' live values, which are always new.
//
// Children are matched in order; where a child and its counterpart differ in tag and key,
// a part was added or taken away (a clock gone above a form, a list of codes come): the
// new part is put in where the old one is found further on in the new view, else the old
// ones before the new part's counterpart further on are taken away. The nodes after it are
// then matched as before, and what a reader typed in a form below is kept.
export function morph(into, model, keepReader) {
  let old = into.firstChild;
  let next = model.firstChild;
  while (next) {
    const following = next.nextSibling;
    const key = keyOf(next);
    if (old && key !== null && keyOf(old) !== key && keyOf(old) !== null
        && !findAhead(following, keyOf(old))) {
      const match = findAhead(old.nextSibling, key);
      if (match) {
        while (old !== match) {
          const gone = old;
          old = old.nextSibling;
          into.removeChild(gone);
        }
      }
    }
    const same = old && old.nodeType === next.nodeType && old.nodeName === next.nodeName
      && (old.nodeType === 1 || old.nodeType === 3)
      && (keyOf(old) === key || !findAhead(following, keyOf(old)));
    if (same && REPLACED.test(old.nodeName) && keepReader && unchanged(old, next)) {
      old = old.nextSibling;
    } else if (same && REPLACED.test(old.nodeName)) {
      // Put in new in its place: the nodes after it are matched as usual (were it only
      // inserted before the old one, every later sibling would be put in new too, and a
      // button the reader is about to press would leave the page under the pointer).
      const gone = old;
      old = old.nextSibling;
      into.replaceChild(next, gone);
      if (keepReader) remember(next);
    } else if (same) {
      if (old.nodeType === 3) {
        if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
      } else if (!unmarked(old).isEqualNode(next) || old.querySelector(CONTROLS)) {
        syncAttributes(old, next, keepReader);
        morph(old, next, keepReader);
      }
      old = old.nextSibling;
    } else {
      into.insertBefore(next, old);
      if (keepReader) remember(next);
    }
    next = following;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    into.removeChild(gone);
  }
}

// Where the control a reader used sits on the screen, before the view changes.
function placeOf(root, control) {
  if (!control || !control.getAttribute || !root.contains(control)) return null;
  const key = control.getAttribute("data-focus-key");
  return key === null ? null : { key, top: control.getBoundingClientRect().top };
}

// The bottom of the theme's bar fixed at the top of the screen (0 without one).
function topBar() {
  const bar = document.querySelector(".md-header");
  if (!bar) return 0;
  const box = bar.getBoundingClientRect();
  return box.top <= 0 && box.bottom > 0 ? box.bottom : 0;
}

// After a reader's action: the control used stays where it was, and what changed below it
// (a hint under the Hint button) is brought up into view as far as the control can stay on
// the screen; without that control (a card played, the cards dealt), the first part of the
// view that changed comes into view if it is not (at the top of the screen, below the
// theme's bar). Nothing moves after the page's own moves.
function keepInView(body, place, changed, parts) {
  const top = topBar();
  const height = window.innerHeight || document.documentElement.clientHeight;
  if (place) {
    const again = Array.prototype.find.call(body.querySelectorAll("[data-focus-key]"),
      (el) => el.getAttribute("data-focus-key") === place.key);
    if (again && again.getClientRects().length) {
      const shift = again.getBoundingClientRect().top - place.top;
      if (shift) window.scrollBy(0, shift);
      const control = again.getBoundingClientRect();
      let bottom = -Infinity;
      for (let i = 0; i < parts.length; i += 1) {
        if (!parts[i].getClientRects().length) continue;
        const box = parts[i].getBoundingClientRect();
        if (box.bottom > control.top) bottom = Math.max(bottom, box.bottom);
      }
      const up = Math.min(bottom - height + 16, control.top - top - 8);
      if (up > 0) window.scrollBy(0, up);
      return;
    }
  }
  const part = changed >= 0 ? body.children[changed] : null;
  if (!part) return;
  const box = part.getBoundingClientRect();
  if (box.top < top || box.top > height - 48) window.scrollBy(0, box.top - top - 8);
}

// Where the new view differs from the old, as paths of child indices: where one part alone
// changed, what changed inside it (a hint added to a list of tools), else each changed part.
function changedPaths(into, model, path, out) {
  const olds = into.children;
  const news = model.children;
  const diff = [];
  for (let i = 0; i < news.length; i += 1) {
    if (i >= olds.length || !olds[i].isEqualNode(news[i])) diff.push(i);
  }
  if (diff.length === 1 && diff[0] < olds.length && olds[diff[0]].nodeName === news[diff[0]].nodeName
      && path.length < 8) {
    const inner = [];
    changedPaths(olds[diff[0]], news[diff[0]], path.concat([diff[0]]), inner);
    if (inner.length) {
      for (let i = 0; i < inner.length; i += 1) out.push(inner[i]);
      return;
    }
  }
  for (let i = 0; i < diff.length; i += 1) out.push(path.concat([diff[i]]));
}

function resolve(body, paths) {
  const found = [];
  for (let i = 0; i < paths.length; i += 1) {
    let el = body;
    for (let j = 0; el && j < paths[i].length; j += 1) el = el.children[paths[i][j]];
    if (el) found.push(el);
  }
  return found;
}

// The index of the first element of the view that the new one changes (-1: none).
function firstChange(into, model) {
  const olds = into.children;
  const news = model.children;
  for (let i = 0; i < news.length; i += 1) {
    if (i >= olds.length || !olds[i].isEqualNode(news[i])) return i;
  }
  return -1;
}

// Swap ``html`` into ``body`` (the widget ``root``'s), and give the focus back: to the
// control with the same data-focus-key if it is still there and enabled (the focused one
// itself if it was kept, where two share a key), else to the body itself, so that a
// keyboard or screen reader user is never thrown to the page's top.
// ``control``: the control of the reader's action this view answers (it keeps its place).
export function swapView(root, body, html, keepReader, control) {
  const active = document.activeElement;
  const hadFocus = !!active && root.contains(active);
  const key = hadFocus && active.getAttribute ? active.getAttribute("data-focus-key") : null;
  const place = control ? placeOf(root, control) : null;
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  const changed = firstChange(body, parsed.content);
  const paths = [];
  if (control) changedPaths(body, parsed.content, [], paths);
  morph(body, parsed.content, keepReader);
  if (hadFocus) {
    const kept = key !== null && body.contains(active) && active.getAttribute("data-focus-key") === key;
    const target = key === null ? null : kept ? active : Array.prototype.find.call(
      body.querySelectorAll("[data-focus-key]"), (el) => el.getAttribute("data-focus-key") === key);
    if (target && !target.disabled) {
      if (document.activeElement !== target) target.focus({ preventScroll: true });
    } else {
      if (!body.hasAttribute("tabindex")) body.setAttribute("tabindex", "-1");
      body.focus({ preventScroll: true });
    }
  }
  if (control) keepInView(body, place, changed, resolve(body, paths));
}
