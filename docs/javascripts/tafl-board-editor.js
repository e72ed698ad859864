/*
 * "Aufstellen" on the free board: the piece palette and the side to move; every placement
 * goes to the session (tafl_web.api), which decides what may stand where.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var el = TB.el;
  var Board = TB.Board;

  Board.prototype.editor = function () {
    var box = el("fieldset", { class: "tafl-brett-editor", hidden: "" });
    box.appendChild(el("legend", {}, t("board.set-up")));
    var pieces = el("div", { class: "tafl-brett-palette", role: "radiogroup", "aria-label": t("editor.pieces") });
    box.appendChild(pieces);
    var side = el("label", {}, t("editor.to-move-label"));
    var select = el("select", { "data-action": "amzug", "aria-label": t("editor.to-move") });
    var self = this;
    select.addEventListener("change", function () {
      self.ask("set_turn", [select.value]);
    });
    side.appendChild(select);
    box.appendChild(side);
    this.button("leeren", t("editor.clear"), function () {
      this.ask("clear");
    }, box);
    this.sideSelect = select;
    this.palette = pieces;
    this.pick = "A";
    return box;
  };

  Board.prototype.renderEditor = function (view) {
    var box = this.root.querySelector(".tafl-brett-editor");
    box.hidden = !view.editing;
    this.buttons.aufstellen.textContent = view.editing ? t("editor.done") : t("board.set-up");
    this.buttons.aufstellen.setAttribute("aria-pressed", view.editing ? "true" : "false");
    if (!this.sideSelect.options.length) {
      view.sides.forEach(function (side) {
        this.sideSelect.appendChild(el("option", { value: side.code }, side.name));
      }, this);
    }
    this.sideSelect.value = view.side;
    var self = this;
    var choices = view.palette.concat([{ letter: ".", name: t("editor.remove") }]);
    this.palette.textContent = "";
    choices.forEach(function (p) {
      var b = el("button", { type: "button", role: "radio", class: "tafl-brett-figur", "data-letter": p.letter }, p.name);
      b.setAttribute("aria-checked", p.letter === self.pick ? "true" : "false");
      b.addEventListener("click", function () {
        self.pick = p.letter;
        self.renderEditor(self.view);
        Array.prototype.forEach.call(self.palette.children, function (other) {
          if (other.getAttribute("data-letter") === p.letter) other.focus();
        });
      });
      self.palette.appendChild(b);
    });
  };
})();
