// The site offline, on every page (site_hooks/offline.py adds it): registers the service
// worker (sw.js, written by site_hooks/offline.py at the end of the build), asks it to
// keep the page's language, says when a new version of the site is ready, and offers to
// keep the whole site for use without a network.
//
// - The script tag's data-sw names the service worker; under `mkdocs serve` it names
//   none, and any worker a built site left on the same address is removed, so that live
//   reload shows the files being edited.
// - On a page with widgets it registers once they are live (or 15 s at most) and have
//   then been still for 3 s (60 s at most): what it fetches must not compete with the
//   rules engine's boot, nor with the Play page's bots, which move one after another.
//   On any other page, once the page has loaded (its load event).
// - Once the page has loaded (on a page with widgets, once they are live and still), it
//   asks the service worker to keep the page's language ("site" and the language's
//   group) and, on a page whose widgets are live, the rules engine ("engine"), naming the
//   addresses the page and the widgets' worker have fetched: those are taken from the
//   browser's cache, not downloaded again (issue 23). Everything else (the other
//   languages, the pages for developers, the printouts, the rest of the engine) is kept
//   only when the reader presses the footer's button.
// - A new version waits until the reader clicks "reload" on the notice.
// - <html data-mp-offline> tells the tests how far it is: "installing", "language" (the
//   page's language, and on a page with live widgets the rules engine, work offline) or
//   "all" (the whole site); performance.mark("mp-offline-language") marks the moment the
//   page's language is kept (search_later.js then starts the search, whose index is kept
//   now).
// Plain ES5 on purpose, like the rest of the site's own scripts.
(function () {
  "use strict";

  var TEXTS = {
    fi: {
      update: "Sivustosta on valmiina uusi versio.",
      reload: "Lataa sivu uudelleen",
      language: "Suomenkieliset sivut toimivat nyt myös ilman verkkoyhteyttä.",
      engine: "Suomenkieliset sivut ja sääntömoottori toimivat nyt myös ilman verkkoyhteyttä.",
      keep: "Lataa koko sivusto käyttöön ilman verkkoa ({mb} Mt)",
      progress: "Ladataan koko sivustoa… {pct} %",
      all: "Koko sivusto ja sääntömoottori toimivat nyt ilman verkkoyhteyttä.",
      failed: "Lataus keskeytyi. Yritä uudelleen, kun verkkoyhteys toimii."
    },
    en: {
      update: "A new version of the site is ready.",
      reload: "Reload the page",
      language: "The pages in English now work without a network connection too.",
      engine: "The pages in English and the rules engine now work without a network connection too.",
      keep: "Make the whole site available offline ({mb} MB)",
      progress: "Downloading the whole site… {pct}%",
      all: "The whole site, the rules engine included, now works without a network connection.",
      failed: "The download stopped. Try again when the network is back."
    },
    ru: {
      update: "Готова новая версия сайта.",
      reload: "Обновить страницу",
      language: "Страницы на русском языке теперь открываются и без сети.",
      engine: "Страницы на русском языке и движок правил теперь работают и без сети.",
      keep: "Сохранить весь сайт для работы без сети ({mb} МБ)",
      progress: "Загружается весь сайт… {pct} %",
      all: "Весь сайт вместе с движком правил теперь работает без сети.",
      failed: "Загрузка прервалась. Попробуйте снова, когда появится сеть."
    }
  };
  var lang = (document.documentElement.getAttribute("lang") || "fi").slice(0, 2);
  var T = TEXTS[lang] || TEXTS.fi;
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  var swURL = script.getAttribute("data-sw");
  var sw = navigator.serviceWorker;

  if (!swURL) {
    sw.getRegistrations().then(function (registrations) {
      registrations.forEach(function (registration) { registration.unregister(); });
    });
    return;
  }

  function say(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }

  function stage(value) {
    document.documentElement.setAttribute("data-mp-offline", value);
  }

  // --- the notice of a new version -----------------------------------------------------
  var reloading = false;
  var asked = false;
  function showUpdate(waiting) {
    if (document.querySelector(".mp-update")) return;
    var bar = document.createElement("div");
    bar.className = "mp-update";
    bar.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = T.update;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = T.reload;
    button.addEventListener("click", function () {
      asked = true;
      button.disabled = true;
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
    bar.appendChild(text);
    bar.appendChild(button);
    document.body.appendChild(bar);
  }
  sw.addEventListener("controllerchange", function () {
    if (asked && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  // --- keeping the site -----------------------------------------------------------------
  // A page whose widgets the engine runs (the shared table's room is its server's: no data-widget).
  var widgetPage = Boolean(document.querySelector(".mp-widget[data-widget]"));
  var widgetsLive = false;
  var own = ["site", lang];
  var busy = false; // the reader has asked for the whole site
  var box = null;
  var keepButton = null;
  var line = null;
  function footerBox() {
    if (box) return box;
    var inner = document.querySelector(".md-footer-meta__inner") || document.body;
    box = document.createElement("div");
    box.className = "mp-offline";
    line = document.createElement("p");
    line.className = "mp-offline__status";
    line.setAttribute("aria-live", "polite");
    keepButton = document.createElement("button");
    keepButton.type = "button";
    keepButton.className = "md-button mp-offline__keep";
    keepButton.hidden = true;
    keepButton.addEventListener("click", function () {
      keepButton.disabled = true;
      busy = true;
      ask({ type: "mp-offline-keep", groups: "all", loaded: loadedAddresses() });
    });
    box.appendChild(line);
    box.appendChild(keepButton);
    inner.appendChild(box);
    return box;
  }

  var worker = null; // the active service worker, once there is one
  function ask(message) {
    if (worker) worker.postMessage(message);
  }

  // The index of Material's search in this language, as the theme fetches it.
  function searchIndex() {
    var config = document.getElementById("__config");
    try {
      var base = JSON.parse(config.textContent).base.replace(/\/*$/, "/");
      return new URL(base + "search/search_index.json", location.href).href;
    } catch (error) {
      return null;
    }
  }

  // What the page and its widgets' worker have fetched (or are fetching): the service
  // worker takes those from the browser's cache.
  function loadedAddresses() {
    var found = [location.href];
    if (performance.getEntriesByType) {
      performance.getEntriesByType("resource").forEach(function (entry) { found.push(entry.name); });
    }
    (window.mpEngineFiles || []).forEach(function (address) { found.push(address); });
    // Material's search index is fetched only once the search has started
    // (site_hooks/search_later.js holds it back until the reader reaches for it).
    if (window.mpSearchStarted) found.push(searchIndex());
    return found.filter(Boolean);
  }

  var marked = false;
  function showStatus(message) {
    var kept = message.kept || {};
    var names = Object.keys(kept);
    var everything = names.length > 0 && names.every(function (name) { return kept[name]; });
    var ours = own.every(function (name) { return kept[name]; });
    if (!ours && !everything) return;
    stage(everything ? "all" : "language");
    if (!marked && typeof performance.mark === "function") {
      marked = true;
      performance.mark("mp-offline-language");
    }
    footerBox();
    if (everything) {
      busy = false;
      line.textContent = T.all;
      keepButton.hidden = true;
    } else if (!busy) {
      line.textContent = kept.engine ? T.engine : T.language;
      keepButton.textContent = say(T.keep, { mb: Math.max(1, Math.round(message.remaining / 1048576)) });
      keepButton.hidden = false;
      keepButton.disabled = false;
    }
  }

  function showProgress(message) {
    if (!busy || !line) return;
    line.textContent = say(T.progress, { pct: Math.min(99, Math.floor(100 * message.done / Math.max(1, message.total))) });
  }

  function showFailure() {
    if (!busy) return;
    busy = false;
    footerBox();
    line.textContent = T.failed;
    keepButton.hidden = false;
    keepButton.disabled = false;
  }

  sw.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "mp-offline-status") showStatus(data);
    else if (data.type === "mp-offline-progress") showProgress(data);
    else if (data.type === "mp-offline-failed") showFailure();
  });

  // Once the widgets have shown no new view for STILL_MS (BUSY_MS at most): the Play page's
  // bots move one after another, and fetching and storing megabytes would slow each move.
  // A test may set window.mpOfflineStillMs before the page loads.
  var STILL_MS = typeof window.mpOfflineStillMs === "number" ? window.mpOfflineStillMs : 3000;
  var BUSY_MS = 60000;
  function whenStill(callback) {
    var done = false;
    var timer = null;
    function finish() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      document.removeEventListener("mp:update", again, true);
      callback();
    }
    function again() {
      clearTimeout(timer);
      timer = setTimeout(finish, STILL_MS);
    }
    document.addEventListener("mp:update", again, true);
    again();
    setTimeout(finish, BUSY_MS);
  }

  function whenWidgetsLive(callback) {
    if (performance.getEntriesByName("mp-widgets-live").length) { callback(); return; }
    if (typeof PerformanceObserver !== "function") return;
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName("mp-widgets-live").length) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe({ type: "mark", buffered: true });
  }

  // On a page with widgets the registration waits until they are live and still, or
  // WAIT_MS at most if they never get live (no widget came into view, the engine failed):
  // what the service worker fetches must not compete with the rules engine's boot
  // (issue 15) nor with its first answers. Elsewhere, once the page has loaded: the
  // service worker's script and its start must not compete with the page's own files
  // (issue 30).
  // A test may set window.mpOfflineWaitMs before the page loads.
  var WAIT_MS = typeof window.mpOfflineWaitMs === "number" ? window.mpOfflineWaitMs : 15000;
  function whenEngineQuiet(callback) {
    if (!widgetPage) { whenLoaded(callback); return; }
    var done = false;
    function once() {
      if (done) return;
      done = true;
      callback();
    }
    var notLive = setTimeout(once, WAIT_MS);
    whenWidgetsLive(function () {
      clearTimeout(notLive);
      widgetsLive = true;
      whenStill(once);
    });
  }

  function whenLoaded(callback) {
    if (document.readyState === "complete") callback();
    else window.addEventListener("load", callback);
  }

  stage("installing");
  var scope = new URL(".", new URL(swURL, location.href)).href;
  function register() {
    sw.register(swURL, { scope: scope }).then(function (registration) {
      // A browser that blocks service workers (a setting, a test driver) may answer nothing.
      if (!registration) { stage("off"); return; }
      if (registration.waiting && sw.controller) showUpdate(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var installing = registration.installing;
        if (!installing) return;
        installing.addEventListener("statechange", function () {
          if (installing.state === "installed" && sw.controller) showUpdate(installing);
        });
      });
    }, function () { stage("off"); });
  }
  // Keep the page's language (and the engine its live widgets use) once there is an
  // active service worker: at once on a later visit, after its first install otherwise.
  function keepOwn() {
    sw.ready.then(function (registration) {
      worker = registration.active;
      if (widgetsLive) own.push("engine");
      ask({ type: "mp-offline-keep", groups: own, loaded: loadedAddresses() });
    });
  }
  whenEngineQuiet(function () {
    register();
    whenLoaded(keepOwn);
  });
})();
