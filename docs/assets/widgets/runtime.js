// The widgets' runtime on the page's main thread.
//
// It only boots the worker (worker.js, which runs Pyodide and marjapussi.web.bridge),
// forwards a reader's actions to it and swaps in the HTML Python returns (only the nodes
// that changed: morph.js, which the Table page's room shares, as it shares controls.js,
// which reads an action off a button or form); every view is rendered by Python
// (marjapussi.web.bridge). The widgets on the page were rendered at build time and are
// readable without any of this.
//
// - Pyodide starts only when a reader comes near a widget (IntersectionObserver with a
//   margin) or touches one (pointer, focus, click), or when the address points at a
//   widget (#w-...) or opens a shared position (?w=KIND&p=...), or a widget has a kept
//   state to bring back. One worker serves every widget of the page. A widget that is
//   merely near starts it only after the page's load event, once the browser is idle
//   (afterLoad): the engine's megabytes never hold back the page's first paint, nor
//   compete with its stylesheets and scripts (issue 30). A touch starts it at once.
// - While the engine starts, the status line of each widget in view says so, pinned to the
//   bottom of the screen while the widget is in view (a widget scrolled into view later
//   says it then), so that a reader never meets a silent widget.
// - A tap before the engine is ready is kept (the last one only: impatient taps do not
//   jump several steps) and answered when it is ready; meanwhile the control touched is
//   marked as waiting and the widget's status line, with a progress bar, is pinned to the
//   bottom of the screen while the widget is in view, where a phone reader looks.
// - After a reader's action the control used stays where it was on the screen; when the
//   new view has no such control (a card played, the deal dealt), the first part of the
//   view that changed is brought into view if it is not (keepInView, in morph.js).
// - A bridge announcement that the view shows anyway (ok replies) goes to screen readers
//   only; the runtime's own messages and refusals of bad input are shown.
// - The share button copies a link that reopens the position in the widget it was made
//   in (the page's address, the position's query and the widget's #id).
// - If the engine cannot start, the static widgets stay and their status line says why,
//   in the page's language.
// - A widget whose root has data-store (the score keeper) is kept in local storage: the
//   state string of each reply is stored, and at load the stored text is handed back to
//   Python as a "restore" action (``linked`` when a shared link has opened that widget:
//   the course then keeps the link's exercise); Python checks it and says what was wrong
//   if it cannot. Until that reply (or the engine's failure) such a widget shows nothing
//   of its first view (early.js hides it before the first paint; data-restored shows it),
//   so a reader further on never meets exercise 1 and "0 solved" after a reload.
//   Download buttons save the text of a textarea the view shows; a file input hands the
//   chosen file's text to Python as an action.
// - A reply may carry then: {action, delay_ms}: the runtime sends that action by itself
//   after the delay (the Play page's bots move so, one per round trip, and its review is
//   computed so after a deal, one slice per round trip), unless the reader acts first or
//   the widget's view is replaced; Python decides everything. The reader's action is
//   answered between two slices, and its reply asks for the next slice again.
// - Nothing read from the address or typed by a reader is inserted as HTML here: only
//   the bridge's output, which escapes everything that comes from outside.
//
// The page loads this as an async module in its <head>; the widgets are wired once the
// DOM is parsed. When the address points at a widget, early.js (inlined in the head)
// has started the worker even sooner, and start() adopts it.
// Written in the syntax of 2017-2018 browsers on purpose (no ?. or ??): a browser that
// runs modules but not module workers must still get to say so.

import { swapView } from "./morph.js";
import { formAction, rooted, say, wireActions } from "./controls.js";

window.mpRuntime = true; // early.js: the runtime runs, and will show the kept widgets itself

const TEXT = {
  fi: {
    loading: "Ladataan sääntömoottoria…",
    unsupported: "Tämä selain ei pysty ajamaan esimerkkiä. Esimerkki näkyy alkutilanteessaan.",
    failed: "Sääntömoottorin lataus epäonnistui, joten esimerkki ei reagoi. Lataa sivu uudelleen, niin yritetään uudestaan.",
    timeout: "Sääntömoottorin käynnistys kestää poikkeuksellisen kauan. Esimerkki herää, kun se on valmis.",
    waiting: "Ladataan sääntömoottoria… Valintasi käsitellään heti, kun se on valmis.",
    copied: "Linkki kopioitu.",
    copyFailed: "Kopiointi ei onnistunut. Linkki:",
  },
  en: {
    loading: "Loading the rules engine…",
    unsupported: "This browser cannot run the example, so it stays in its first position.",
    failed: "The rules engine could not be loaded, so the example cannot respond. Reload the page to try again.",
    timeout: "The rules engine is taking unusually long to start. The example will wake up once it is ready.",
    waiting: "Loading the rules engine… Your choice will be answered as soon as it is ready.",
    copied: "Link copied.",
    copyFailed: "Could not copy. The link:",
  },
  ru: {
    loading: "Загружается движок правил…",
    unsupported: "Этот браузер не может запустить пример, поэтому он остаётся в начальном положении.",
    failed: "Не удалось загрузить движок правил, поэтому пример не отвечает. Обновите страницу, чтобы попробовать ещё раз.",
    timeout: "Движок правил запускается необычно долго. Пример оживёт, как только он будет готов.",
    waiting: "Загружается движок правил… Ваш выбор будет обработан, как только он будет готов.",
    copied: "Ссылка скопирована.",
    copyFailed: "Скопировать не удалось. Ссылка:",
  },
};

function mark(name) {
  if (typeof performance.mark === "function") performance.mark(name);
}
mark("mp-runtime-start");

// A test may shorten the wait by setting window.mpWidgetTimeoutMs before the page loads.
const TIMEOUT_MS = typeof window.mpWidgetTimeoutMs === "number" ? window.mpWidgetTimeoutMs : 45000;
const MARGIN_PX = 600;

const here = new URL(import.meta.url);
const script = document.querySelector("script[data-mp-runtime]");
const WORKER_URL = script && script.getAttribute("data-worker")
  ? new URL(script.getAttribute("data-worker"), document.baseURI).href
  : new URL("worker.js" + here.search, here).href;
const PYODIDE_URL = new URL(script ? script.getAttribute("data-pyodide") : "../../pyodide/",
  script ? document.baseURI : here).href;
const WHEEL_URL = script ? new URL(script.getAttribute("data-wheel"), document.baseURI).href : "";

let widgets = [];

// --- the engine: one worker for the page ----------------------------------------------

let status = "idle"; // idle | loading | live | failed
let failure = "";
let timedOut = false;
let worker = null;
let calls = 0;
const pending = new Map();
let settle = null;
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {});

function text(root, key) {
  const lang = TEXT[root.getAttribute("data-lang")] ? root.getAttribute("data-lang")
    : (TEXT[document.documentElement.lang] ? document.documentElement.lang : "en");
  return TEXT[lang][key];
}

function inView(root) {
  const box = root.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  return box.bottom > 0 && box.top < height && (box.width > 0 || box.height > 0);
}

// Show the engine's state on one widget: data-runtime, and a message if there is one.
// While the engine starts, a widget in view says so (one that waits for a tap already says
// more); the others say it when they come into view (watchLoading).
function showState(root) {
  if (status !== "idle") root.setAttribute("data-runtime", status);
  if (status === "failed") say(root, text(root, failure), true);
  else if (status === "loading" && root.hasAttribute("data-waiting")) return;
  else if (status === "loading" && timedOut) say(root, text(root, "timeout"), true);
  else if (status === "loading" && inView(root)) say(root, text(root, "loading"), true);
  else if (status === "live") clearRuntimeMessage(root);
}

function showAll() {
  widgets.forEach(showState);
}

let loadingWatch = null;

function watchLoading() {
  if (loadingWatch || typeof IntersectionObserver !== "function") return;
  loadingWatch = new IntersectionObserver((entries) => {
    if (status !== "loading") {
      loadingWatch.disconnect();
      return;
    }
    entries.forEach((entry) => {
      if (entry.isIntersecting) showState(entry.target);
    });
  });
  widgets.forEach((root) => loadingWatch.observe(root));
}

function fail(reason, detail) {
  if (status === "failed") return;
  status = "failed";
  failure = reason;
  if (worker) worker.terminate();
  pending.forEach((call) => call.reject(new Error(reason)));
  pending.clear();
  settle.reject(new Error(reason));
  showAll();
  if (detail) console.warn("marjapussi widgets:", reason, detail);
}

function start() {
  if (status !== "idle") return;
  status = "loading";
  // early.js (inlined in the page's head) may have started the worker already.
  const early = window.mpEarlyWorker;
  window.mpEarlyWorker = null;
  if (early && early.worker) {
    worker = early.worker;
  } else {
    mark("mp-engine-start");
    let moduleWorkers = false;
    try {
      // A browser without module workers never reads the option's type.
      worker = new Worker(WORKER_URL, { get type() { moduleWorkers = true; return "module"; } });
    } catch (error) {
      fail("unsupported", error);
      return;
    }
    if (!moduleWorkers || typeof WebAssembly !== "object" || !WHEEL_URL) {
      fail("unsupported");
      return;
    }
  }
  showAll();
  watchLoading();
  const timer = setTimeout(() => {
    if (status !== "loading") return;
    timedOut = true;
    showAll();
  }, TIMEOUT_MS);
  const onMessage = (message) => {
    if (message.type === "ready") {
      clearTimeout(timer);
      if (status !== "loading") return;
      status = "live";
      window.mpWidgetTimings = message.timings || {};
      // what the worker fetched: assets/offline.js names it to the service worker
      window.mpEngineFiles = Array.isArray(message.files) ? message.files : [];
      mark("mp-widgets-live");
      showAll();
      settle.resolve();
      prepareKinds();
    } else if (message.type === "failed") {
      clearTimeout(timer);
      fail("failed", message.detail);
    } else if (message.type === "result" || message.type === "error") {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.type === "result") call.resolve(message.value);
      else call.reject(new Error(message.detail));
    }
  };
  const onError = (detail) => {
    clearTimeout(timer);
    fail("failed", detail || "the worker could not run");
  };
  worker.onmessage = (event) => onMessage(event.data || {});
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message);
  };
  if (early && early.worker) {
    early.messages.forEach((message) => onMessage(message || {}));
    if (early.errors.length) onError(early.errors[0]);
  } else {
    worker.postMessage({ type: "init", pyodide: PYODIDE_URL, wheel: WHEEL_URL });
  }
}

// Once the engine is live and the page's widgets are known (whichever comes last), name
// their kinds to the worker: it imports what the snapshot holds as source only.
let prepared = false;
function prepareKinds() {
  if (prepared || status !== "live" || !widgets.length) return;
  prepared = true;
  worker.postMessage({ type: "prepare", kinds: [...new Set(widgets.map((root) => root.getAttribute("data-widget")))] });
}

async function call(fn, args) {
  start();
  await ready;
  return new Promise((resolve, reject) => {
    calls += 1;
    pending.set(calls, { resolve, reject });
    worker.postMessage({ type: "call", id: calls, fn, args });
  });
}

// --- one widget ---------------------------------------------------------------------

function clearRuntimeMessage(root) {
  const line = root.querySelector(".mp-widget-status");
  if (line && line.hasAttribute("data-runtime-message")) {
    line.textContent = "";
    line.removeAttribute("data-runtime-message");
  }
}

function readState(root) {
  try {
    return JSON.parse(root.getAttribute("data-state") || "null");
  } catch (error) {
    return null;
  }
}

function apply(root, reply, action, control) {
  if (!reply || typeof reply !== "object") return;
  const body = root.querySelector(".mp-widget-body");
  if (!body) return;
  // A reply without a view (a message the bridge could not read) leaves the view as it is.
  if (typeof reply.html === "string" && reply.html !== "") {
    swapView(root, body, rooted(root, reply.html), false, control);
    root.setAttribute("data-state", JSON.stringify(reply.state === undefined ? null : reply.state));
  }
  // An ok reply with nothing to say (a slice of the Play page's review computed in the
  // background) leaves the status line's last words as they were.
  if (!(reply.ok && reply.announce === "")) {
    say(root, reply.announce, false, !!reply.ok && typeof reply.html === "string" && reply.html !== "");
  }
  keep(root, reply);
  later(root, reply);
  root.dispatchEvent(new CustomEvent("mp:update", {
    bubbles: true,
    detail: { ok: !!reply.ok, action: action === undefined ? null : action },
  }));
}

// --- an action the reply asks the page to send by itself, after a delay ---------------

const timers = new WeakMap();

function cancelLater(root) {
  const timer = timers.get(root);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(root);
}

function later(root, reply) {
  cancelLater(root);
  const then = reply.then;
  if (!then || typeof then !== "object") return;
  const action = then.action;
  if (!action || typeof action !== "object" || Array.isArray(action) || typeof action.type !== "string") return;
  let delay = Number(then.delay_ms);
  if (!isFinite(delay) || delay < 0) delay = 0;
  timers.set(root, setTimeout(() => {
    timers.delete(root);
    if (root.isConnected) send(root, action);
  }, Math.min(delay, 10000)));
}

// --- local storage: a widget with data-store keeps the state string Python gives ------
//
// The stored text is only ever handed back to Python (the "restore" action), which
// checks every field and says what was wrong with a text it cannot read.

function storeKey(root) {
  const key = root.getAttribute("data-store");
  return key && /^[a-z0-9-]{1,60}$/.test(key) ? key : null;
}

function keep(root, reply) {
  const key = storeKey(root);
  if (!key || typeof reply.html !== "string" || reply.html === "" || !reply.state) return;
  try {
    window.localStorage.setItem(key, JSON.stringify(reply.state));
  } catch (error) {
    console.warn("marjapussi widgets: the sheet could not be saved", error);
  }
}

// The widgets a shared link has opened (openSharedPosition).
const linked = new WeakSet();

function restore(root) {
  const key = storeKey(root);
  if (!key) return;
  let text = null;
  try {
    text = window.localStorage.getItem(key);
  } catch (error) {
    text = null;
  }
  if (text === null) {
    root.setAttribute("data-restored", "");
    return;
  }
  act(root, { type: "restore", text: text, linked: linked.has(root) }, null, true);
  // Shown once the kept state is back, or the engine could not bring it back.
  enqueue(root, () => root.setAttribute("data-restored", ""));
}

// --- files: download a text the view shows, read a chosen file into an action ------

function readFile(root, input) {
  const type = input.getAttribute("data-mp-import");
  const file = input.files && input.files[0];
  if (!type || !file) return;
  const reader = new FileReader();
  reader.onload = () => act(root, { type: type, text: String(reader.result) }, null, true);
  reader.readAsText(file);
}

const queues = new WeakMap();

function enqueue(root, job) {
  const previous = queues.get(root) || Promise.resolve();
  const next = previous.then(job).catch((error) => {
    if (status === "live") console.error("marjapussi widgets:", error);
  });
  queues.set(root, next);
  return next;
}

// Before the engine is ready: the last action asked for on each widget, and its control.
const waiting = new Map();

function showWaiting(root) {
  root.setAttribute("data-waiting", "");
  root.setAttribute("aria-busy", "true");
  say(root, text(root, "waiting"), true);
  const line = root.querySelector(".mp-widget-status");
  if (line && !line.querySelector("progress")) {
    const bar = document.createElement("progress");
    bar.className = "mp-progress";
    bar.setAttribute("aria-label", text(root, "loading"));
    line.appendChild(bar);
  }
}

function stopWaiting(root) {
  const held = waiting.get(root);
  waiting.delete(root);
  if (held && held.control) held.control.classList.remove("mp-waiting");
  root.removeAttribute("data-waiting");
  root.removeAttribute("aria-busy");
  const bar = root.querySelector(".mp-widget-status progress");
  if (bar) bar.remove();
  return held;
}

// ``queued``: an action that is not a tap (restoring a saved sheet, reading a file) is
// never dropped: it waits in the widget's queue, before any tap made meanwhile.
function act(root, action, control, queued) {
  cancelLater(root); // the reader acted: a pending move of the page's own is dropped
  if (status === "failed") {
    showState(root);
    return;
  }
  if (queued) {
    start();
    send(root, action);
    return;
  }
  if (status !== "live") {
    // Keep the last tap only; mark its control and say, in view, what is happening.
    const before = waiting.get(root);
    if (before && before.control) before.control.classList.remove("mp-waiting");
    if (control) control.classList.add("mp-waiting");
    waiting.set(root, { action, control: control || null });
    showWaiting(root);
    if (!before) {
      ready.then(() => {
        const held = stopWaiting(root);
        if (held) send(root, held.action, held.control);
      }, () => {
        stopWaiting(root);
        showState(root);
      });
    }
    start();
    return;
  }
  send(root, action, control);
}

// ``control``: the control the reader used (none for the page's own actions).
function send(root, action, control) {
  enqueue(root, async () => {
    const message = JSON.stringify({
      widget: root.getAttribute("data-widget"),
      lang: root.getAttribute("data-lang"),
      state: readState(root),
      action,
    });
    apply(root, JSON.parse(await call("handle", [message])), action, control || null);
  });
}

function wire(root) {
  root.addEventListener("click", (event) => {
    const share = event.target.closest ? event.target.closest("button[data-share]") : null;
    if (share && root.contains(share)) {
      event.preventDefault();
      copyLink(root, share);
      return;
    }
    start();
  });
  wireActions(root, (action, control) => act(root, action, control));
  // A form marked data-live is sent at each change of a choice, so its result shows at once.
  root.addEventListener("change", (event) => {
    const field = event.target;
    if (field.matches && field.matches("input[type=file][data-mp-import]")) {
      readFile(root, field);
      return;
    }
    const form = field.closest ? field.closest("form[data-live]") : null;
    if (!form || !root.contains(form) || !field.hasAttribute("data-action-field")) return;
    const action = formAction(form);
    if (action) act(root, action, field);
  });
  root.addEventListener("pointerenter", start);
  root.addEventListener("focusin", start);
}

// --- a shared position in the address ------------------------------------------------

// The address that reopens the widget's position: this page, the position's query
// (only ?w=KIND&p=CODE, as the bridge wrote it) and the widget's id.
function shareAddress(root, button) {
  const query = button.getAttribute("data-share") || "";
  if (!/^\?w=[a-z-]+&p=[A-Za-z0-9_.-]*$/.test(query)) return null;
  const url = new URL(location.href);
  url.search = query;
  url.hash = root.id ? root.id : "";
  return url.href;
}

function copyText(value) {
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
    return navigator.clipboard.writeText(value).catch(() => copyBySelection(value));
  }
  return copyBySelection(value);
}

function copyBySelection(value) {
  return new Promise((resolve, reject) => {
    const area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    area.remove();
    if (done) resolve();
    else reject(new Error("copy"));
  });
}

function copyLink(root, button) {
  const address = shareAddress(root, button);
  const note = root.querySelector(".mp-share-note");
  if (!address) return;
  const show = (message, link) => {
    if (!note) return;
    note.textContent = message;
    if (link) {
      // Shown as text for the reader to copy by hand: never parsed as HTML.
      const field = document.createElement("input");
      field.type = "text";
      field.readOnly = true;
      field.value = link;
      field.className = "mp-share-field";
      note.appendChild(document.createTextNode(" "));
      note.appendChild(field);
      field.select();
    }
  };
  copyText(address).then(() => show(text(root, "copied")), () => show(text(root, "copyFailed"), address));
}

function sharedKind() {
  try {
    return new URLSearchParams(location.search).get("w");
  } catch (error) {
    return null;
  }
}

// The widget a shared link opens: the one its #id names, else the first of its kind.
function sharedWidget(kind) {
  const named = location.hash.length > 1
    ? widgets.find((w) => "#" + w.id === location.hash) : null;
  if (named && named.getAttribute("data-widget") === kind) return named;
  return widgets.find((w) => w.getAttribute("data-widget") === kind) || null;
}

function openSharedPosition() {
  const kind = sharedKind();
  if (!kind) return;
  const root = sharedWidget(kind);
  if (!root) return;
  linked.add(root);
  if (!location.hash || root.id !== location.hash.slice(1)) {
    try {
      root.scrollIntoView({ block: "center", behavior: "instant" });
    } catch (error) {
      root.scrollIntoView(true);
    }
  }
  start();
  enqueue(root, async () => {
    const lang = root.getAttribute("data-lang") || "en";
    apply(root, JSON.parse(await call("from_url", [kind, location.search.slice(1), lang])));
  });
}

// --- start ---------------------------------------------------------------------------

function near(root) {
  const box = root.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  return box.bottom >= -MARGIN_PX && box.top <= height + MARGIN_PX && (box.width > 0 || box.height > 0);
}

function init() {
  widgets = Array.prototype.slice.call(document.querySelectorAll(".mp-widget[data-widget]"));
  if (!widgets.length) return;
  widgets.forEach(wire);
  showAll();
  prepareKinds();
  // A shared position first, then the kept state: its restore (the text read now) comes
  // after the link's position in the widget's queue, so the course keeps its progress.
  openSharedPosition();
  widgets.forEach(restore);
  // A widget near the screen starts the engine only once the page has loaded and the
  // browser is idle: its downloads and its boot must not compete with the page's own
  // first paint. A reader's touch starts it at once (wire).
  afterLoad(() => {
    if (status !== "idle") return;
    if (widgets.some(near)) {
      start();
      return;
    }
    if (typeof IntersectionObserver === "function") {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      }, { rootMargin: `${MARGIN_PX}px 0px` });
      widgets.forEach((root) => observer.observe(root));
    }
  });
}

// ``callback`` once the page's load event has passed and the browser is idle (at most
// IDLE_MS later: a page that never idles still gets its engine).
const IDLE_MS = 2000;
function afterLoad(callback) {
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: IDLE_MS });
    else setTimeout(callback, 0);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle);
}

// An address that points at a widget or opens a shared position: start at once,
// while the page is still loading.
if (/^#w-/.test(location.hash) || sharedKind()) start();

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
