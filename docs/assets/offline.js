// The site offline, on every page (site_hooks/offline.py adds it): registers the service
// worker (sw.js, made by scripts/make_service_worker.mjs at the end of the build), says
// when a new version of the site is ready, and offers to keep the rules engine (Pyodide,
// the package and its snapshot) for use without a network.
//
// - The script tag's data-sw names the service worker; under `mkdocs serve` it names
//   none, and any worker a built site left on the same address is removed, so that live
//   reload shows the files being edited.
// - On a page with widgets it registers once they are live (or 15 s at most) and have
//   then been still for 3 s (60 s at most): its install must not compete with the rules
//   engine's boot, nor with the Play page's bots, which move one after another.
// - The pages and assets are kept when the worker installs. The rules engine is kept as
//   a widget page uses it, and completed once its widgets are live
//   (performance.mark("mp-widgets-live"), set by the widgets' runtime); on a page
//   without widgets, only when the reader asks with the footer's button.
// - A new version waits until the reader clicks "reload" on the notice.
// - <html data-mp-offline> tells the tests how far it is: "installing", "pages" (the
//   pages work offline) or "all" (the rules engine too).
// Plain ES5 on purpose, like the rest of the site's own scripts.
(function () {
  "use strict";

  var TEXTS = {
    fi: {
      update: "Sivustosta on valmiina uusi versio.",
      reload: "Lataa sivu uudelleen",
      keep: "Lataa sääntömoottori käyttöön ilman verkkoa ({mb} Mt)",
      pages: "Sivut toimivat nyt myös ilman verkkoyhteyttä.",
      progress: "Ladataan sääntömoottoria… {pct} %",
      all: "Koko sivusto ja sääntömoottori toimivat nyt ilman verkkoyhteyttä.",
      failed: "Lataus keskeytyi. Yritä uudelleen, kun verkkoyhteys toimii."
    },
    en: {
      update: "A new version of the site is ready.",
      reload: "Reload the page",
      keep: "Make the rules engine available offline ({mb} MB)",
      pages: "The pages now work without a network connection too.",
      progress: "Downloading the rules engine… {pct}%",
      all: "The whole site, the rules engine included, now works without a network connection.",
      failed: "The download stopped. Try again when the network is back."
    },
    ru: {
      update: "Готова новая версия сайта.",
      reload: "Обновить страницу",
      keep: "Сохранить движок правил для работы без сети ({mb} МБ)",
      pages: "Страницы теперь открываются и без сети.",
      progress: "Загружается движок правил… {pct} %",
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

  // --- keeping the rules engine ----------------------------------------------------------
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
      ask("mp-offline-fetch");
    });
    box.appendChild(line);
    box.appendChild(keepButton);
    inner.appendChild(box);
    return box;
  }

  function ask(type) {
    if (sw.controller) sw.controller.postMessage({ type: type });
  }

  function showStatus(message) {
    footerBox();
    if (message.type === "mp-offline-failed") {
      line.textContent = T.failed;
      keepButton.hidden = false;
      keepButton.disabled = false;
      return;
    }
    var complete = message.cached >= message.count;
    stage(complete ? "all" : "pages");
    if (complete) {
      line.textContent = T.all;
      keepButton.hidden = true;
    } else if (keepButton.disabled) {
      line.textContent = say(T.progress, { pct: Math.floor(100 * message.bytes / Math.max(1, message.total)) });
    } else {
      line.textContent = T.pages;
      keepButton.textContent = say(T.keep, { mb: Math.max(1, Math.round(message.total / 1048576)) });
      keepButton.hidden = false;
    }
  }

  sw.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "mp-offline-status" || data.type === "mp-offline-failed") showStatus(data);
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

  // Once the widgets are live, the engine is (nearly all) here: keep the rest of it too.
  function whenWidgetsLive(callback) {
    if (!document.querySelector(".mp-widget[data-widget]")) return;
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

  function controlled() {
    ask("mp-offline-status");
    whenWidgetsLive(function () {
      whenStill(function () {
        if (keepButton) keepButton.disabled = true;
        ask("mp-offline-fetch");
      });
    });
  }

  // On a page with widgets the registration waits until they are live and still, or
  // WAIT_MS at most if they never get live (no widget came into view, the engine failed):
  // the service worker's first install fetches the site's pages (some 8 MB) and its
  // update check fetches sw.js, which must not compete with the rules engine's boot
  // (issue 15) nor with its first answers. Elsewhere, at once.
  // A test may set window.mpOfflineWaitMs before the page loads.
  var WAIT_MS = typeof window.mpOfflineWaitMs === "number" ? window.mpOfflineWaitMs : 15000;
  function whenEngineQuiet(callback) {
    if (!document.querySelector(".mp-widget[data-widget]")) { callback(); return; }
    var done = false;
    function once() {
      if (done) return;
      done = true;
      callback();
    }
    var notLive = setTimeout(once, WAIT_MS);
    whenWidgetsLive(function () {
      clearTimeout(notLive);
      whenStill(once);
    });
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
  whenEngineQuiet(register);
  // The first visit: the worker takes the page over once it has kept the pages.
  if (sw.controller) controlled();
  else sw.addEventListener("controllerchange", function first() {
    sw.removeEventListener("controllerchange", first);
    if (!asked) controlled();
  });
})();
