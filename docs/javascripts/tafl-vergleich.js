/* tafl – the Regelvergleich's picker: two variants side by side (no network, no rules).
 *
 * The page is generated with every column (tafl_docs/directives/comparison.py); the form
 * above the table names each variant with its column number. This script only shows and
 * hides columns (and, with "nur Unterschiede", rows whose two shown cells read the same),
 * and with two variants marks the rows whose two shown cells differ (tafl-zeile-anders);
 * every value in the table comes from the build. Without JavaScript the form stays hidden
 * and the whole table shows.
 */
(function () {
  "use strict";

  function setUp(form) {
    var box = form.nextElementSibling;
    while (box && !box.classList.contains("tafl-matrix")) box = box.nextElementSibling;
    var table = box && box.querySelector("table");
    if (!table) return;
    var first = form.querySelector("#tafl-vergleich-a");
    var second = form.querySelector("#tafl-vergleich-b");
    var all = form.querySelector("#tafl-vergleich-alle");
    var onlyDiff = form.querySelector("#tafl-vergleich-unterschiede");

    function apply() {
      var a = Number(first.value);
      var b = Number(second.value);
      var everything = all.checked;
      first.disabled = second.disabled = everything;
      onlyDiff.disabled = everything;
      Array.prototype.forEach.call(table.rows, function (row, index) {
        Array.prototype.forEach.call(row.cells, function (cell, column) {
          var shown = everything || column === 0 || column === a || column === b;
          cell.classList.toggle("tafl-spalte-aus", !shown);
        });
        var same = false;
        if (index > 0 && !everything && row.cells[a] && row.cells[b]) {
          same = row.cells[a].textContent.trim() === row.cells[b].textContent.trim();
        }
        // two variants: the rows where these two differ are marked, the others hidden on request
        row.classList.toggle("tafl-zeile-anders", index > 0 && !everything && !same);
        row.classList.toggle("tafl-zeile-aus", same && onlyDiff.checked);
      });
      box.classList.toggle("tafl-matrix-paar", !everything);
    }

    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    apply();
  }

  function init() {
    document.querySelectorAll("form.tafl-vergleichswahl").forEach(setUp);
  }

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
