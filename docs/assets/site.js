// Two small repairs to the theme, on every page (site_hooks/languages.py adds this file).
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
})();
