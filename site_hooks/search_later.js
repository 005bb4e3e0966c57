// Material's search worker starts, and its index (some 400 KB) is fetched, when the reader
// reaches for the search (a pointer, a touch or the focus on the search box or its icon, the
// theme's keyboard shortcuts f, s and /), or once the site's service worker has kept the
// page's language (performance.mark("mp-offline-language"), set by assets/offline.js):
// building its index (lunr) would otherwise compete with the rules engine's boot for
// the CPU (issue 15), and fetching it before then would send the index over the network
// a second time on a first visit, when the service worker keeps the language's pages
// (issue 23); and on any page a first visit spent the network on an index most readers
// never open (issue 30). site_hooks/search.py inlines this in the <head> of every page,
// before the theme's own script. Until then the theme's request for the index (an
// XMLHttpRequest) is not sent, and the theme gets a stand-in for its worker that keeps
// what the theme posts (the index, a query typed already) and the listeners it adds; the
// request is sent and the real worker gets them all, in order, when it starts.
// window.mpSearchStarted says it has. Plain ES5, like the site's other scripts.
(function () {
  var Real = window.Worker;
  if (typeof Real !== "function" || !window.addEventListener) return;
  var SEARCH = /\/javascripts\/workers\/search\.[^\/]*\.js/;
  var INDEX = /\/search\/search_index\.json(\?|$)/;
  var waiting = [];
  var held = [];
  var started = false;
  var Request = window.XMLHttpRequest;
  var send = Request && Request.prototype.send;

  function start() {
    if (started) return;
    started = true;
    window.mpSearchStarted = true;
    for (var i = 0; i < held.length; i++) send.apply(held[i][0], held[i][1]);
    held = [];
    for (var j = 0; j < waiting.length; j++) waiting[j].start();
    waiting = [];
  }

  if (typeof Request === "function") {
    var open = Request.prototype.open;
    Request.prototype.open = function (method, url) {
      this.mpSearchIndex = INDEX.test(String(url));
      return open.apply(this, arguments);
    };
    Request.prototype.send = function () {
      if (this.mpSearchIndex && !started) {
        held.push([this, arguments]);
        return undefined;
      }
      return send.apply(this, arguments);
    };
  }

  function Later(url, options) {
    this.url = url;
    this.options = options;
    this.worker = null;
    this.listeners = [];
    this.posted = [];
    this.onmessage = null;
    this.onerror = null;
  }
  Later.prototype.start = function () {
    var self = this;
    if (self.worker) return;
    var worker = self.options === undefined ? new Real(self.url) : new Real(self.url, self.options);
    self.worker = worker;
    worker.onmessage = function (event) { if (self.onmessage) self.onmessage(event); };
    worker.onerror = function (event) { if (self.onerror) self.onerror(event); };
    for (var i = 0; i < self.listeners.length; i++) {
      worker.addEventListener(self.listeners[i][0], self.listeners[i][1], self.listeners[i][2]);
    }
    for (var j = 0; j < self.posted.length; j++) worker.postMessage.apply(worker, self.posted[j]);
    self.listeners = [];
    self.posted = [];
  };
  Later.prototype.postMessage = function () {
    if (this.worker) this.worker.postMessage.apply(this.worker, arguments);
    else this.posted.push(Array.prototype.slice.call(arguments));
  };
  Later.prototype.addEventListener = function (type, listener, options) {
    if (this.worker) this.worker.addEventListener(type, listener, options);
    else this.listeners.push([type, listener, options]);
  };
  Later.prototype.removeEventListener = function (type, listener, options) {
    if (this.worker) { this.worker.removeEventListener(type, listener, options); return; }
    this.listeners = this.listeners.filter(function (l) { return l[0] !== type || l[1] !== listener; });
  };
  Later.prototype.terminate = function () {
    if (this.worker) this.worker.terminate();
    this.posted = [];
  };

  function Worker(url, options) {
    if (started || !SEARCH.test(String(url))) {
      return options === undefined ? new Real(url) : new Real(url, options);
    }
    var later = new Later(url, options);
    waiting.push(later);
    return later;
  }
  Worker.prototype = Real.prototype;
  window.Worker = Worker;

  function reached(event) {
    var target = event.target;
    if (target && target.closest && target.closest(".md-search, label[for='__search'], #__search")) start();
  }
  ["pointerdown", "touchstart", "mousedown", "focusin"].forEach(function (type) {
    document.addEventListener(type, reached, { capture: true, passive: true });
  });
  document.addEventListener("keydown", function (event) {
    if (/^[fs\/]$/i.test(event.key || "")) start();
  }, true);
  if (typeof PerformanceObserver === "function") {
    try {
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName("mp-offline-language").length) {
          observer.disconnect();
          start();
        }
      });
      observer.observe({ type: "mark", buffered: true });
    } catch (error) {
      // no observer of marks: the reader starts it
    }
  }
})();
