// Small repairs to the theme, the course's progress in the navigation and a keyboard way
// into what scrolls sideways, on every page (site_hooks/languages.py adds this file).
// Plain ES5 on purpose, like the rest of the site's own scripts.
(function () {
  "use strict";

  // 1. Search reads the box on every change, not only when a key is released.
  //
  // Material's search sends the box's text to its worker on `keyup`, and once more when
  // the worker has built its index. Text that arrives without a key being released (an
  // input method, a phone keyboard's suggestion, dictation, a paste from the menu, a
  // test driver typing Cyrillic) was therefore searched only if it was there before
  // the index was ready: typed a second after the page had settled, it found nothing
  // and "start typing" stayed. Every change of the box fires `input`: answer it with
  // the `keyup` the theme listens for (the theme drops a repeat of the same text).
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box || !box.matches || !box.matches("input.md-search__input")) return;
    var keyup;
    try {
      keyup = new KeyboardEvent("keyup", { bubbles: true });
    } catch (error) {
      keyup = document.createEvent("Event");
      keyup.initEvent("keyup", true, false);
    }
    box.dispatchEvent(keyup);
  }, true);

  // 2. The language switcher keeps the place on the page.
  //
  // Heading ids, rule anchors (#must-beat) and widget ids are the same in every
  // language, so the same address fragment leads to the same place in the other
  // language. The switcher's links lead to the page only: give them the fragment.
  function keepFragment() {
    var links = document.querySelectorAll("a.md-select__link[hreflang]");
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var href = link.getAttribute("href") || "";
      var bare = href.split("#")[0];
      var next = location.hash && location.hash.length > 1 ? bare + location.hash : bare;
      if (next !== href) link.setAttribute("href", next);
    }
  }
  window.addEventListener("hashchange", keepFragment);
  // A click on a heading's permalink or on the table of contents changes the hash
  // without a hashchange when it is the same; a click on the switcher reads it anew.
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a.md-select__link[hreflang]") : null;
    if (link) keepFragment();
  }, true);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keepFragment);
  else keepFragment();

  // 3. The course's progress beside its entry in the navigation (tabs and drawer).
  //
  // The course widget keeps its state in local storage (marjapussi.web.course.STORE);
  // Python puts in it, under "nav", the words to show in each language, computed from
  // the progress ("12/64 · 5 ★" and a sentence for screen readers). This only reads
  // them and puts them beside every navigation link to the course page: no engine is
  // started here. Anything unexpected in storage shows nothing (the course page says
  // what was wrong with it). The words go in as text, never as HTML.
  var COURSE_STORE = "marjapussi-course";
  var COURSE_PAGE = /\/course\/(index\.html)?$/;
  var NAV_TEXT = /^[0-9]{1,3}\/[0-9]{1,3} · [0-9]{1,3} ★$/;

  function courseSummary() {
    var lang = document.documentElement.getAttribute("lang") || "";
    var kept;
    try {
      kept = JSON.parse(window.localStorage.getItem(COURSE_STORE) || "null");
    } catch (error) {
      return null;
    }
    var nav = kept && typeof kept === "object" ? kept.nav : null;
    var words = nav && typeof nav === "object" && Object.prototype.hasOwnProperty.call(nav, lang) ? nav[lang] : null;
    if (!words || typeof words.text !== "string" || typeof words.label !== "string") return null;
    if (!NAV_TEXT.test(words.text) || words.label.length > 200) return null;
    return words;
  }

  function courseLinks() {
    var found = [];
    var links = document.querySelectorAll(".md-tabs a.md-tabs__link, .md-nav--primary a.md-nav__link");
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute("href") || "";
      if (href.indexOf("#") >= 0) continue;  // a heading of the page, not the page
      var path;
      try {
        path = new URL(href, location.href).pathname;
      } catch (error) {
        continue;
      }
      if (COURSE_PAGE.test(path)) found.push(links[i]);
    }
    return found;
  }

  function showCourseProgress() {
    var words = courseSummary();
    var links = courseLinks();
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var badge = link.querySelector(".mp-nav-progress");
      if (!words) {
        if (badge) badge.parentNode.removeChild(badge);
        continue;
      }
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "mp-nav-progress";
        var shown = document.createElement("span");
        shown.setAttribute("aria-hidden", "true");
        var told = document.createElement("span");
        told.className = "mp-nav-progress-label";
        badge.appendChild(shown);
        badge.appendChild(told);
        link.appendChild(badge);
      }
      badge.firstChild.textContent = words.text;
      badge.lastChild.textContent = ", " + words.label;
    }
  }
  // The course page updates the stored state on every answer: follow it there, and in
  // another tab through the storage event.
  document.addEventListener("mp:update", showCourseProgress);
  window.addEventListener("storage", function (event) {
    if (event.key === null || event.key === COURSE_STORE) showCourseProgress();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showCourseProgress);
  else showCourseProgress();

  // 4. What scrolls sideways can be reached by keyboard.
  //
  // A table, a wide drawing or a widget's table wider than the screen (a phone) scrolls
  // sideways inside its box, and a keyboard reader can scroll it only once it can take
  // the focus. While such a box overflows it gets tabindex="0" and a name (its table's
  // caption, its drawing's title, or else the heading above it), as a group unless it
  // has a role of its own; when it fits again, what was added goes. data-mp-reach lists
  // the attributes added here: the widgets' runtime keeps them when it redraws a widget.
  var SCROLLERS = ".md-typeset__scrollwrap, .md-typeset figure.mp-diagram, .mp-table-wrap, " +
    ".mp-play-sheet, .mp-widget pre";
  var TABLE_WORD = { fi: "Taulukko", en: "Table", ru: "Таблица" };

  function boxName(box) {
    var caption = box.querySelector("caption, figcaption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    for (var el = box; el && !el.classList.contains("md-content__inner"); el = el.parentElement) {
      for (var before = el.previousElementSibling; before; before = before.previousElementSibling) {
        if (/^H[1-6]$/.test(before.tagName)) {
          var heading = before.cloneNode(true);
          var marks = heading.querySelectorAll(".headerlink");
          for (var i = 0; i < marks.length; i++) marks[i].parentNode.removeChild(marks[i]);
          if (heading.textContent.trim()) return heading.textContent.trim();
        }
      }
    }
    return TABLE_WORD[document.documentElement.getAttribute("lang")] || TABLE_WORD.en;
  }

  function reachable(box) {
    var added = (box.getAttribute("data-mp-reach") || "").split(" ").filter(Boolean);
    var overflows = box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 0;
    if (overflows && !added.length && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      added.push("tabindex");
      if (!box.hasAttribute("role") && box.tagName !== "FIGURE") {
        box.setAttribute("role", "group");
        added.push("role");
      }
      if (!box.hasAttribute("aria-label") && !box.hasAttribute("aria-labelledby")) {
        var drawing = box.querySelector("svg[aria-labelledby]");
        if (drawing) {
          box.setAttribute("aria-labelledby", drawing.getAttribute("aria-labelledby"));
          added.push("aria-labelledby");
        } else {
          box.setAttribute("aria-label", boxName(box));
          added.push("aria-label");
        }
      }
      box.setAttribute("data-mp-reach", added.join(" "));
    } else if (!overflows && added.length) {
      for (var i = 0; i < added.length; i++) box.removeAttribute(added[i]);
      box.removeAttribute("data-mp-reach");
    }
  }

  var watching = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    for (var i = 0; i < entries.length; i++) reachable(entries[i].target);
  }) : null;
  var watched = typeof WeakSet === "function" ? new WeakSet() : null;

  function reachAll() {
    var boxes = document.querySelectorAll(SCROLLERS);
    for (var i = 0; i < boxes.length; i++) {
      reachable(boxes[i]);
      if (watching && !watched.has(boxes[i])) {
        watched.add(boxes[i]);
        watching.observe(boxes[i]);  // a window resized, a <details> opened
      }
    }
  }
  // The theme wraps its tables by the time the page has loaded; a widget's view may
  // bring new tables at each answer.
  window.addEventListener("load", reachAll);
  if (!watching) window.addEventListener("resize", reachAll);
  document.addEventListener("mp:update", reachAll);
  if (document.readyState === "complete") reachAll();
})();
