/*
 * "Analyse": the engine's view of the position, from the search worker (tafl-search.js).
 * The panel's data-analyse says "rechnet", "fertig", "wartet" or "fehler".
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var el = TB.el;
  var Board = TB.Board;
  var askSearch = TB.askSearch;
  var reason = TB.reason;

  /* ---- Analysis ("Analyse"): the engine's view of the position, from the worker -------- */

  var ANALYSIS_LEVEL = 4;

  Board.prototype.analysisPanel = function () {
    var box = el("section", { class: "tafl-analyse", hidden: "", "aria-label": t("board.analysis") });
    this.analysisText = el("p", { class: "tafl-analyse-stand", "aria-live": "polite" });
    this.verdict = el("p", { class: "tafl-analyse-urteil" });
    var scale = el("div", { class: "tafl-analyse-skala" });
    this.meter = el("div", {
      class: "tafl-analyse-balken",
      role: "meter",
      "aria-label": t("analysis.rating"),
      "aria-valuemin": "-100",
      "aria-valuemax": "100",
      "aria-valuenow": "0",
    });
    this.meterFill = el("span", { class: "tafl-analyse-anteil" });
    this.meter.appendChild(this.meterFill);
    // the two ends are named with the sides' names from the view (render: scaleNames)
    this.scaleEnds = [el("span", { "aria-hidden": "true" }), el("span", { "aria-hidden": "true" })];
    scale.appendChild(this.scaleEnds[0]);
    scale.appendChild(this.meter);
    scale.appendChild(this.scaleEnds[1]);
    this.sentences = el("ul", { class: "tafl-analyse-saetze" });
    this.line = el("p", { class: "tafl-analyse-linie" });
    this.legend = el("ul", { class: "tafl-analyse-legende", "aria-label": t("analysis.marked") });
    [this.analysisText, this.verdict, scale, this.sentences, this.line, this.legend].forEach(function (node) {
      box.appendChild(node);
    });
    this.analysisBox = box;
    this.analysisOn = false;
    this.analysing = null; // the position (search_state as JSON) being analysed
    this.analysed = null; // {key, answer} of the last analysis shown
    return box;
  };

  /* The score bar's ends: the defenders on the left (-100), the attackers on the right. */
  Board.prototype.scaleNames = function (sides) {
    var names = {};
    sides.forEach(function (side) {
      names[side.code] = side.name;
    });
    this.scaleEnds[0].textContent = names.defenders || "";
    this.scaleEnds[1].textContent = names.attackers || "";
    this.meter.setAttribute(
      "aria-label",
      t("analysis.scale", { defenders: names.defenders, attackers: names.attackers })
    );
  };

  Board.prototype.toggleAnalysis = function () {
    this.analysisOn = !this.analysisOn;
    this.buttons.analyse.setAttribute("aria-pressed", this.analysisOn ? "true" : "false");
    this.analysisBox.hidden = !this.analysisOn;
    if (this.analysisOn) this.analyse();
    this.markSquares();
  };

  /* Analyse the position shown unless that is done or under way; one request at a time, a
   * newer position waits until the running one has answered (the page never waits). */
  Board.prototype.analyse = function () {
    if (!this.analysisOn || !this.view) return;
    var self = this;
    if (this.view.editing) {
      this.analysisText.textContent = t("analysis.waits-for-play");
      this.analysisBox.setAttribute("data-analyse", "wartet");
      return;
    }
    if (this.view.chain) {
      this.analysisText.textContent = t("analysis.waits-for-chain");
      this.analysisBox.setAttribute("data-analyse", "wartet");
      return;
    }
    var key = JSON.stringify(this.state);
    var state = JSON.parse(key);
    if (this.analysing || (this.analysed && this.analysed.key === key)) {
      if (!this.analysing) this.markSquares();
      return;
    }
    this.analysing = key;
    this.analysisBox.setAttribute("data-analyse", "rechnet");
    this.analysisText.textContent = t("analysis.thinking");
    state.level = ANALYSIS_LEVEL;
    state.seed = 0;
    askSearch("analyse", state).then(
      function (answer) {
        self.analysing = null;
        self.analysed = { key: key, answer: answer };
        self.showAnalysis();
        self.analyse(); // the position may have changed meanwhile
      },
      function (err) {
        self.analysing = null;
        if (!self.analysisOn) return;
        self.analysisBox.setAttribute("data-analyse", "fehler");
        self.analysisText.textContent = err && err.cancelled ? t("analysis.cancelled") : reason(err);
      }
    );
  };

  /* The key of the position shown, to tell whether an analysis belongs to it. */
  Board.prototype.positionKey = function () {
    return this.view && !this.view.editing && this.state ? JSON.stringify(this.state) : null;
  };

  Board.prototype.showAnalysis = function () {
    if (!this.analysisOn || !this.analysed) return;
    var current = this.analysed.key === this.positionKey();
    var answer = this.analysed.answer;
    this.analysisBox.setAttribute("data-analyse", answer.error ? "fehler" : current ? "fertig" : "rechnet");
    if (!current) return;
    this.sentences.textContent = "";
    this.legend.textContent = "";
    if (answer.error) {
      this.analysisText.textContent = answer.error;
      this.verdict.textContent = "";
      this.line.textContent = "";
      this.markSquares();
      return;
    }
    this.analysisText.textContent = "";
    this.verdict.textContent = answer.verdict;
    var value = Math.round(Math.max(-1, Math.min(1, answer.bar)) * 100);
    this.meter.setAttribute("aria-valuenow", String(value));
    this.meter.setAttribute("aria-valuetext", answer.verdict + " (" + (value > 0 ? "+" : "") + value + ")");
    this.meterFill.style.width = (value + 100) / 2 + "%";
    var self = this;
    answer.sentences.forEach(function (text) {
      self.sentences.appendChild(el("li", {}, text));
    });
    this.line.textContent = answer.line.length ? t("analysis.best-line") : "";
    answer.line.forEach(function (turn, i) {
      if (i) self.line.appendChild(document.createTextNode(" "));
      self.line.appendChild(el("span", { class: "tafl-analyse-zugtext" }, turn)); // never broken at "-"
    });
    var seen = {};
    answer.squares.forEach(function (mark) {
      if (seen[mark.kind]) return;
      seen[mark.kind] = true;
      var item = el("li", {});
      item.appendChild(el("span", { class: "tafl-analyse-muster tafl-analyse-" + mark.kind, "aria-hidden": "true" }));
      item.appendChild(document.createTextNode((answer.kinds && answer.kinds[mark.kind]) || mark.kind));
      self.legend.appendChild(item);
    });
    this.markSquares();
  };

  var MARK_KINDS = ["ziel", "drohung", "zug", "schlag"];

  /* The analysis' squares as classes (colour and shape) and in the squares' names. */
  Board.prototype.markSquares = function () {
    if (!this.squares.length) return;
    this.squares.forEach(function (b) {
      MARK_KINDS.forEach(function (kind) {
        b.classList.remove("tafl-analyse-" + kind);
      });
      if (b.hasAttribute("data-label")) b.setAttribute("aria-label", b.getAttribute("data-label"));
    });
    if (!this.analysisOn || !this.analysed || this.analysed.answer.error) return;
    if (this.analysed.key !== this.positionKey()) return;
    var answer = this.analysed.answer;
    var byName = {};
    this.squares.forEach(function (b) {
      byName[b.getAttribute("data-square")] = b;
    });
    answer.squares.forEach(function (mark) {
      var b = byName[mark.square];
      if (!b || MARK_KINDS.indexOf(mark.kind) < 0) return;
      b.classList.add("tafl-analyse-" + mark.kind);
      var label = (answer.kinds && answer.kinds[mark.kind]) || mark.kind;
      b.setAttribute("aria-label", t("analysis.square", { square: b.getAttribute("aria-label"), mark: label }));
    });
  };
})();
