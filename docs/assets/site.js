// Two small repairs to the theme and the course's progress in the navigation, on every
// page (site_hooks/languages.py adds this file).
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
})();
