/*
 * Against the computer (the free board): the search worker (tafl-search.js) finds the
 * computer's turn, which is played through the session like a tap. The root's
 * data-computer says "denkt" while it thinks, "wartet" after "Abbrechen", "bereit"
 * otherwise ("aus": no computer).
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var Board = TB.Board;
  var askSearch = TB.askSearch;
  var stopSearch = TB.stopSearch;
  var later = TB.later;
  var reason = TB.reason;

  /* ---- Against the computer (the free board) ------------------------------------------ */

  /* The computer's turn is shown at the earliest this long after the reader's, and the
   * steps of a berserker chain this far apart, so that a reader can follow them. */
  var THINK_DELAY = 700;
  var STEP_DELAY = 450;

  Board.prototype.computerToMove = function () {
    var v = this.view;
    return !!(this.opponent && v && !v.editing && !v.outcome && v.side !== this.opponent.side);
  };

  /* Against the computer ({side, level}: the reader's side) or, with null, hot-seat. */
  Board.prototype.setOpponent = function (opponent) {
    var was = this.opponent;
    if (was && (!opponent || opponent.side !== was.side || opponent.level !== was.level)) this.cancelThinking();
    this.opponent = opponent;
    this.paused = null;
    if (this.view) {
      this.render(this.view);
      this.maybeThink();
    }
  };

  Board.prototype.maybeThink = function () {
    if (!this.thinking && !this.paused && this.computerToMove()) this.think();
    else this.showThinking();
  };

  /* Ask the worker for the computer's turn and play it through the session, step by step,
   * as the reader's steps are played: Python stays the one referee. */
  Board.prototype.think = function () {
    var self = this;
    var token = {};
    this.thinking = token;
    this.showThinking();
    var state = this.state;
    var request = {
      variant: state.variant,
      grid: state.grid,
      turn: state.turn,
      turns: state.turns,
      level: this.opponent.level,
      seed: this.seed + state.turns.length,
    };
    var started = Date.now();
    askSearch("suggest", request)
      .then(function (answer) {
        if (self.thinking !== token) return null;
        if (answer.error) throw new Error(answer.error);
        return later(Math.max(0, THINK_DELAY - (Date.now() - started))).then(function () {
          return self.playSteps(answer.steps, token);
        });
      })
      .then(
        function () {
          if (self.thinking !== token) return;
          self.thinking = null;
          self.render(self.view);
          if (self.computerToMove()) {
            // the session refused the turn (it never should): wait for the reader
            self.paused = self.view.side;
            self.render(self.view);
            return;
          }
          self.afterMove();
        },
        function (err) {
          if ((err && err.cancelled) || self.thinking !== token) return;
          self.thinking = null;
          self.paused = self.view.side;
          self.render(self.view);
          self.status.textContent = reason(err);
        }
      );
  };

  Board.prototype.playSteps = function (steps, token) {
    var self = this;
    var chain = Promise.resolve();
    steps.forEach(function (step, i) {
      chain = chain.then(function () {
        return later(i ? STEP_DELAY : 0).then(function () {
          if (self.thinking !== token) return null;
          return self.send("move", [step]).then(function (view) {
            if (self.thinking !== token) return;
            self.render(view);
            self.settle();
          });
        });
      });
    });
    return chain.then(function () {
      if (self.thinking !== token || !self.view.chain) return null;
      return self.send("end_turn").then(function (view) {
        if (self.thinking !== token) return;
        self.render(view);
        self.settle();
      });
    });
  };

  /* Stop thinking at once: the worker is ended (a new one starts for the next request). */
  Board.prototype.cancelThinking = function () {
    if (!this.thinking) return false;
    this.thinking = null;
    stopSearch();
    return true;
  };

  /* "Abbrechen": the computer stops and waits ("Computer ziehen lassen" resumes it). */
  Board.prototype.stop = function () {
    if (!this.cancelThinking()) return;
    this.paused = this.view.side;
    this.showThinking();
    this.status.textContent = t("computer.stopped", { go: t("computer.go"), undo: t("board.undo") });
    this.buttons.weiter.focus();
    if (this.analysisOn) this.analyse();
  };

  /* "Zurück": against the computer the reader's last own turn (and the computer's answer,
   * or its thinking) is taken back; a step of an open berserker chain alone. */
  Board.prototype.back = function () {
    if (!this.opponent) {
      this.ask("undo");
      return;
    }
    this.cancelThinking();
    this.paused = null;
    if (this.view.chain && this.view.side === this.opponent.side) this.ask("undo");
    else this.ask("take_back", [this.opponent.side]);
  };

  Board.prototype.showThinking = function () {
    if (!this.buttons.abbrechen) return;
    var on = !!this.thinking;
    var waiting = !on && !!this.paused && this.computerToMove();
    this.root.setAttribute("data-computer", on ? "denkt" : waiting ? "wartet" : this.opponent ? "bereit" : "aus");
    this.buttons.abbrechen.hidden = !on;
    this.buttons.weiter.hidden = !waiting;
    var shown = this.status.textContent;
    var said = [t("computer.thinking"), t("computer.still-thinking", { stop: t("computer.stop") })];
    if (on && !said.some(function (text) { return shown.indexOf(text) >= 0; })) {
      var message = this.view.message;
      this.status.textContent = message ? t("computer.thinking-after", { message: message }) : t("computer.thinking");
    }
  };

  /* The end of a game against the computer: who won, then how. */
  Board.prototype.ending = function (view, text) {
    text = text || view.status;
    if (!view.winner) return text;
    return view.winner === this.opponent.side ? t("computer.you-won", { how: text }) : t("computer.it-won", { how: text });
  };
})();
