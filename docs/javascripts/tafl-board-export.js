/*
 * "Als Beispiel kopieren" and "Partie kopieren": the session's export as text to copy.
 */
(function () {
  "use strict";

  var TB = window.TaflBoard;
  var el = TB.el;
  var Board = TB.Board;
  var siteRoot = TB.siteRoot;

  /* "Als Beispiel kopieren" (a contributor tool, class tafl-contrib). */
  Board.prototype.showExport = function (gameOnly) {
    var self = this;
    return this.send("export").then(function (data) {
      self.settle();
      self.exported(data, gameOnly);
    });
  };

  Board.prototype.exported = function (data, gameOnly) {
    var out = this.output;
    out.textContent = "";
    var parts = gameOnly ? [] : [
      ["Beispiel-Block (zum Einfügen in eine Seite)", data.block],
      ["OTN-Stellung", data.otn],
    ];
    if (this.kind === "spielbrett") parts.push(["Partie (OTN)", data.game]);
    parts.forEach(function (part, i) {
      var id = "tafl-export-" + Math.random().toString(36).slice(2);
      out.appendChild(el("label", { for: id }, part[0]));
      var area = el("textarea", { id: id, readonly: "", rows: String(Math.min(16, part[1].split("\n").length + 1)), spellcheck: "false" });
      area.value = part[1];
      out.appendChild(area);
      var copy = el("button", { type: "button", class: "md-button tafl-brett-knopf" }, "In die Zwischenablage");
      copy.addEventListener("click", function () {
        area.select();
        var done = function () {
          copy.textContent = "Kopiert";
        };
        if (navigator.clipboard) navigator.clipboard.writeText(area.value).then(done, function () {});
        else if (document.execCommand("copy")) done();
      });
      out.appendChild(copy);
      if (i === 0) area.focus();
    });
    if (gameOnly) {
      var again = el("p", {}, "Wieder öffnen lässt sich die Partie unter ");
      again.appendChild(el("a", { href: siteRoot + "partien/#eigene-partie-offnen" }, "Partien: eigene Partie öffnen"));
      again.appendChild(document.createTextNode("."));
      out.appendChild(again);
    }
    out.hidden = false;
    this.status.textContent = gameOnly ? "Die Partie steht unten zum Kopieren bereit." : "Die Stellung steht unten zum Kopieren bereit.";
  };
})();
