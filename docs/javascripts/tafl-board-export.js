/*
 * "Als Beispiel kopieren" and "Partie kopieren": the session's export as text to copy.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
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
      [t("export.block"), data.block],
      [t("export.position"), data.otn],
    ];
    if (this.kind === "spielbrett") parts.push([t("export.game"), data.game]);
    parts.forEach(function (part, i) {
      var id = "tafl-export-" + Math.random().toString(36).slice(2);
      out.appendChild(el("label", { for: id }, part[0]));
      var area = el("textarea", { id: id, readonly: "", rows: String(Math.min(16, part[1].split("\n").length + 1)), spellcheck: "false" });
      area.value = part[1];
      out.appendChild(area);
      var copy = el("button", { type: "button", class: "md-button tafl-brett-knopf" }, t("export.copy"));
      copy.addEventListener("click", function () {
        area.select();
        var done = function () {
          copy.textContent = t("export.copied");
        };
        if (navigator.clipboard) navigator.clipboard.writeText(area.value).then(done, function () {});
        else if (document.execCommand("copy")) done();
      });
      out.appendChild(copy);
      if (i === 0) area.focus();
    });
    if (gameOnly) {
      var link = el("a", { href: siteRoot + "partien/#eigene-partie-offnen" }, t("export.reopen-link"));
      var again = el("p", {});
      again.appendChild(window.TaflText.dom("export.reopen", { link: link }));
      out.appendChild(again);
    }
    out.hidden = false;
    this.status.textContent = gameOnly ? t("export.game-ready") : t("export.position-ready");
  };
})();
