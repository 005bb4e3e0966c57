// Read a reader's action off a widget's controls, and the small helpers every widget page
// shares: the status line, the download of a text the view shows, the arrow keys in a hand.
//
// Shared by the widgets' runtime (runtime.js) and the Table page's room
// (docs/assets/table/room.js). Nothing here inserts HTML: an action is the JSON a view
// (Python's HTML) carries in data-action, with the fields of a form added by name.
// Written in the syntax of 2017-2018 browsers, as runtime.js is.

// A message in the widget's status line. ``quiet``: for screen readers only (the view
// already shows it), so that a sighted reader does not read it twice. ``fromRuntime``:
// the page's own message (not the view's), which the page may clear again.
export function say(root, message, fromRuntime, quiet) {
  const line = root.querySelector(".mp-widget-status");
  if (!line) return;
  if (quiet) line.classList.add("mp-status-quiet");
  else line.classList.remove("mp-status-quiet");
  let value = typeof message === "string" ? message : "";
  if (fromRuntime && line.hasAttribute("data-runtime-message") && line.textContent === value) return;
  // The same sentence twice in a row is still announced.
  if (value && value === line.textContent) value += "\u00a0";
  line.textContent = value;
  if (fromRuntime) line.setAttribute("data-runtime-message", "");
  else line.removeAttribute("data-runtime-message");
}

// A view's HTML with its links from the site root (``@root@``) made the page's own: the
// widget's data-root, the page's relative path to the site root, set by the site's hooks.
export function rooted(root, html) {
  const value = root.getAttribute("data-root") || ".";
  const path = /^\.\.?(\/\.\.)*\/?$/.test(value) ? value.replace(/\/$/, "") : ".";
  return html.split("@root@").join(path);
}

export function parseAction(value) {
  try {
    const action = JSON.parse(value || "");
    return action && typeof action === "object" && !Array.isArray(action) ? action : null;
  } catch (error) {
    return null;
  }
}

export function formAction(form) {
  const action = parseAction(form.getAttribute("data-action"));
  if (!action) return null;
  form.querySelectorAll("[data-action-field]").forEach((field) => {
    const name = field.getAttribute("data-action-field");
    if (!name || name === "__proto__") return;
    const type = (field.getAttribute("type") || "").toLowerCase();
    if (type === "checkbox") {
      action[name] = field.checked;
    } else if (type === "radio") {
      if (field.checked) action[name] = field.value;
    } else if (type === "number" || type === "range") {
      action[name] = field.value === "" || isNaN(Number(field.value)) ? null : Number(field.value);
    } else if (field.tagName === "SELECT" && field.multiple) {
      action[name] = Array.prototype.filter.call(field.options, (o) => o.selected).map((o) => o.value);
    } else {
      action[name] = field.value;
    }
  });
  return action;
}

// Save the text of the textarea (data-mp-file) a download button (data-mp-download) names.
export function download(root, button) {
  const name = button.getAttribute("data-mp-download");
  const source = Array.prototype.find.call(root.querySelectorAll("textarea[data-mp-file]"),
    (el) => el.getAttribute("data-mp-file") === name);
  if (!source) return;
  const type = /\.json$/.test(name) ? "application/json" : "text/plain";
  const url = URL.createObjectURL(new Blob([source.value], { type: type + ";charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Arrow keys move between the playable cards of one hand (Home and End to its ends);
// Enter or Space plays the focused card like a click. Tab still walks every control.
const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

export function moveInHand(event) {
  const here = event.target.closest ? event.target.closest(".mp-hand .mp-card-button") : null;
  if (!here || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const step = ARROWS[event.key];
  if (step === undefined && event.key !== "Home" && event.key !== "End") return;
  const cards = Array.prototype.filter.call(
    here.closest(".mp-hand").querySelectorAll(".mp-card-button"), (b) => !b.disabled);
  const at = cards.indexOf(here);
  if (at < 0 || cards.length < 2) return;
  let next = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : at + step;
  next = Math.max(0, Math.min(cards.length - 1, next));
  event.preventDefault();
  cards[next].focus();
}

// Wire a widget's controls: a button carrying data-action, or a form's submit (its fields
// added by name, and the pressed button's own field), gives ``onAction(action, control)``;
// a download button saves its text; the arrow keys move in a hand.
export function wireActions(root, onAction) {
  root.addEventListener("keydown", moveInHand);
  root.addEventListener("click", (event) => {
    const saver = event.target.closest ? event.target.closest("button[data-mp-download]") : null;
    if (saver && root.contains(saver)) {
      event.preventDefault();
      download(root, saver);
      return;
    }
    const button = event.target.closest ? event.target.closest("button[data-action]") : null;
    if (!button || !root.contains(button) || button.disabled) return;
    const action = parseAction(button.getAttribute("data-action"));
    if (!action) return;
    event.preventDefault();
    onAction(action, button);
  });
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form[data-action]")) return;
    event.preventDefault();
    const action = formAction(form);
    // A submit button may add one field of its own (data-submit-field, its value).
    const submitter = event.submitter;
    const extra = submitter && submitter.getAttribute ? submitter.getAttribute("data-submit-field") : null;
    if (action && extra && extra !== "__proto__") action[extra] = submitter.value;
    if (action) onAction(action, submitter || form.querySelector('button[type="submit"]'));
  });
}
