// For browsers that run no JavaScript modules, so neither runtime.js nor Pyodide: the
// widgets stay as they were built, and say why. site_hooks/runtime.py inlines this in a
// <script nomodule> on pages with widgets. Plain ES5. The sentences are runtime.js's
// "unsupported" ones.
(function () {
  var TEXT = {
    fi: "Tämä selain ei pysty ajamaan esimerkkiä. Esimerkki näkyy alkutilanteessaan.",
    en: "This browser cannot run the example, so it stays in its first position.",
    ru: "Этот браузер не может запустить пример, поэтому он остаётся в начальном положении."
  };
  function show() {
    var roots = document.querySelectorAll(".mp-widget");
    for (var i = 0; i < roots.length; i++) {
      var line = roots[i].querySelector(".mp-widget-status");
      if (line) line.textContent = TEXT[roots[i].getAttribute("data-lang")] || TEXT.en;
      roots[i].setAttribute("data-runtime", "failed");
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
