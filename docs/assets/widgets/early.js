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
