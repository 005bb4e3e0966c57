// Start the widgets' worker while the page is still loading, when the address points at
// a widget (#w-...) or opens a shared position (?w=...). site_hooks/runtime.py inlines
// this in the <head> of pages with widgets, after the runtime's module script, whose
// data-* attributes give the addresses; runtime.js adopts the worker and the messages
// it has already sent. Plain ES5: anything unusual is left to runtime.js.
(function () {
  try {
    if (!/^#w-/.test(location.hash) && !/[?&]w=/.test(location.search)) return;
    var config = document.querySelector("script[data-mp-runtime]");
    if (!config || typeof Worker !== "function" || typeof WebAssembly !== "object") return;
    var base = document.baseURI;
    var modules = false;
    var worker = new Worker(new URL(config.getAttribute("data-worker"), base).href,
      { get type() { modules = true; return "module"; } });
    if (!modules) { worker.terminate(); return; }
    var early = { worker: worker, messages: [], errors: [] };
    worker.onmessage = function (event) { early.messages.push(event.data); };
    worker.onerror = function (event) { event.preventDefault(); early.errors.push(event.message || "error"); };
    worker.postMessage({
      type: "init",
      pyodide: new URL(config.getAttribute("data-pyodide"), base).href,
      wheel: new URL(config.getAttribute("data-wheel"), base).href,
    });
    window.mpEarlyWorker = early;
    if (window.performance && performance.mark) performance.mark("mp-engine-start");
  } catch (error) {
    // runtime.js starts the worker itself
  }
})();

// A widget kept in this browser's storage (data-store: the course, the score keeper) shows
// nothing of its first view, built for a first visit, until runtime.js has its kept state
// back (data-restored): after a reload the course never paints exercise 1 and "0 solved"
// for a reader who is further on. Only where the runtime can run (modules, workers,
// WebAssembly); if runtime.js has not run by the page's load event, which waits for it, the
// first view shows after all. Plain ES5.
(function () {
  try {
    if (typeof Worker !== "function" || typeof WebAssembly !== "object") return;
    if (!("noModule" in document.createElement("script"))) return;
    var rules = [];
    for (var i = 0; i < window.localStorage.length; i++) {
      var key = window.localStorage.key(i);
      if (/^marjapussi-[a-z0-9-]{1,50}$/.test(key)) {
        rules.push('.mp-widget[data-store="' + key + '"]:not([data-restored]) > .mp-widget-body'
          + "{visibility:hidden}");
      }
    }
    if (!rules.length) return;
    var style = document.createElement("style");
    style.setAttribute("data-mp-kept", "");
    style.textContent = rules.join("\n");
    document.head.appendChild(style);
    window.addEventListener("load", function () {
      if (!window.mpRuntime && style.parentNode) style.parentNode.removeChild(style);
    });
  } catch (error) {
    // no storage to read: the widgets show their first view, and runtime.js restores them
  }
})();
