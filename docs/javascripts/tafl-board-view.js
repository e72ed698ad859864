/*
 * The live board (Board): squares over the SVG drawn by Python, taps and keys forwarded to
 * the session (tafl_web.api), its answer shown. Contract for outside checks: squares carry
 * data-square (and data-piece, data-target), the board root data-state="ready",
 * announcements go to a role="status" element. The editor, the computer opponent, the
 * analysis and the export add their methods in their own files.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var el = TB.el;
  var loadEngine = TB.loadEngine;
  var showProgress = TB.showProgress;
  var reason = TB.reason;
  var live = (TB.live = []); // the boards of the page shown (disposed when it is left)

  /* Smallest square (CSS px) a finger may be asked to hit (WCAG 2.5.8), and the square size
   * "Vergrößern" gives the board. */
  var MIN_TARGET = 24;
  var ZOOM_SQUARE = 32;

  /* One live board inside `host`; options go to tafl_web.api.create. */
  function Board(host, options, kind) {
    this.host = host;
    this.options = options;
    this.kind = kind; // "beispiel" or "spielbrett"
    this.root = el("div", { class: "tafl-brett", "data-state": "loading" });
    this.root.setAttribute("aria-busy", "true");
    this.status = el("p", { class: "tafl-brett-status", role: "status", "aria-live": "polite" });
    this.turnLine = el("p", { class: "tafl-brett-zug" });
    this.picture = el("div", { class: "tafl-brett-bild" });
    this.layer = el("div", { class: "tafl-brett-felder", role: "group" });
    this.picture.appendChild(el("div", { class: "tafl-brett-svg" }));
    this.picture.appendChild(this.layer);
    this.frame = el("div", { class: "tafl-brett-rahmen" });
    this.frame.appendChild(this.picture);
    this.buttons = {};
    this.squares = [];
    this.focusIndex = 0;
    this.root.appendChild(this.turnLine);
    this.root.appendChild(this.frame);
    this.root.appendChild(this.status);
    this.question = el("div", { class: "tafl-brett-frage", hidden: "" });
    this.root.appendChild(this.question);
    this.root.appendChild(this.controls());
    this.opponent = null; // {side, level} against the computer (the free board)
    this.thinking = null; // a token while the computer's turn is being searched
    this.paused = null; // the computer's side after "Abbrechen", until the turn passes
    this.seed = Math.floor(Math.random() * 1e6);
    if (kind === "beispiel" || kind === "spielbrett") this.root.appendChild(this.analysisPanel());
    this.output = el("div", { class: "tafl-brett-export tafl-contrib", hidden: "" });
    this.root.appendChild(this.output);
    host.appendChild(this.root);
    live.push(this);
  }

  /* The page is left (instant navigation keeps the engine): no listener stays, and an answer
   * of the search worker still under way is dropped (the worker itself serves on). */
  Board.prototype.dispose = function () {
    this.disposed = true;
    this.thinking = null;
    this.analysisOn = false;
    if (this.onResize) window.removeEventListener("resize", this.onResize);
    this.onResize = null;
  };

  Board.prototype.button = function (key, label, action, parent, extra) {
    var b = el("button", { type: "button", class: "md-button tafl-brett-knopf" + (extra ? " " + extra : ""), "data-action": key }, label);
    b.addEventListener("click", action.bind(this));
    (parent || this.bar).appendChild(b);
    this.buttons[key] = b;
    return b;
  };

  Board.prototype.controls = function () {
    var bar = el("div", { class: "tafl-brett-leiste", hidden: "" }); // shown by render()
    this.bar = bar;
    this.button("ende", t("board.end-turn"), function () {
      this.ask("end_turn");
    });
    this.button("zurueck", t("board.undo"), function () {
      this.back();
    });
    if (this.kind === "spielbrett") {
      this.button("abbrechen", t("computer.stop"), function () {
        this.stop();
      });
      this.buttons.abbrechen.hidden = true;
      this.button("weiter", t("computer.go"), function () {
        this.paused = null;
        this.maybeThink();
      });
      this.buttons.weiter.hidden = true;
    }
    if (this.kind === "beispiel") {
      this.button("abspielen", t("board.play-example"), function () {
        this.replay();
      });
    }
    this.button("neu", t("board.reset"), function () {
      this.ask("reset");
    });
    if (this.kind === "spielbrett") {
      this.button("aufstellen", t("board.set-up"), function () {
        this.ask("set_editing", [!this.view.editing]);
      });
    }
    if (this.kind === "beispiel" || this.kind === "spielbrett") {
      this.button("analyse", t("board.analysis"), function () {
        this.toggleAnalysis();
      });
      this.buttons.analyse.setAttribute("aria-pressed", "false");
    }
    this.button("zoom", t("board.zoom-in"), function () {
      this.zoom(!this.root.classList.contains("tafl-brett--gross"));
    });
    this.buttons.zoom.hidden = true;
    if (this.kind === "spielbrett") {
      this.button("partie", t("board.copy-game"), function () {
        this.showExport(true);
      });
    }
    // a contributor tool: shown only with the "Mitwirken" switch on (class tafl-contrib)
    this.button("kopieren", t("board.copy-example"), function () {
      this.showExport();
    }, null, "tafl-contrib");
    return bar;
  };

  /* "Beispiel abspielen": when it would drop the reader's own turns, Python says so in
   * view.replay_question and the board asks first. */
  Board.prototype.replay = function () {
    var question = this.view && this.view.replay_question;
    if (!question) {
      this.ask("play_next");
      return;
    }
    var self = this;
    var box = this.question;
    box.textContent = ""; // the question itself stands in the status line (announced)
    var yes = el("button", { type: "button", class: "md-button tafl-brett-knopf", "data-action": "abspielen-ja" }, t("board.play-example-yes"));
    var no = el("button", { type: "button", class: "md-button tafl-brett-knopf", "data-action": "abspielen-nein" }, t("board.play-example-no"));
    yes.addEventListener("click", function () {
      box.hidden = true;
      self.ask("play_next");
      self.buttons.abspielen.focus();
    });
    no.addEventListener("click", function () {
      box.hidden = true;
      self.status.textContent = self.view.message || self.view.hint || "";
      self.buttons.abspielen.focus();
    });
    box.appendChild(yes);
    box.appendChild(no);
    box.hidden = false;
    this.status.textContent = question;
    yes.focus();
  };

  /* "Vergrößern": squares of ZOOM_SQUARE px, the board scrolls sideways in its frame. */
  Board.prototype.zoom = function (on) {
    this.root.classList.toggle("tafl-brett--gross", on);
    this.buttons.zoom.textContent = on ? t("board.zoom-out") : t("board.zoom-in");
    this.fit();
  };

  /* Offer "Vergrößern" only where a square is smaller than MIN_TARGET (layout, no rule). */
  Board.prototype.fit = function () {
    if (!this.view) return;
    var share = this.view.squares[0].box[2] / 100; // a square's width / the picture's
    var on = this.root.classList.contains("tafl-brett--gross");
    this.picture.style.width = on ? Math.ceil(ZOOM_SQUARE / share) + "px" : "";
    var square = this.picture.getBoundingClientRect().width * share;
    this.buttons.zoom.hidden = !on && square >= MIN_TARGET;
  };

  /* The board in view after a press: below the page's fixed header (scroll-margin-top in
   * board.css), its top first when it is taller than the window. */
  Board.prototype.reveal = function () {
    var box = this.root.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) this.root.scrollIntoView({ block: "start" });
  };

  Board.prototype.start = function () {
    var self = this;
    var bar = el("div", { class: "tafl-brett-laden" });
    var meter = el("progress", { "aria-label": t("load.meter") });
    var text = el("span", {}, t("load.loading"));
    bar.appendChild(meter);
    bar.appendChild(text);
    this.root.insertBefore(bar, this.root.firstChild);
    if (this.kind === "spielbrett") this.root.insertBefore(this.editor(), this.output);
    this.reveal();
    return loadEngine(function (state) {
      showProgress(meter, text, state);
    })
      .then(function (api) {
        self.api = api;
        return api.create(self.options);
      })
      .then(function (id) {
        self.id = id;
        return self.send("view");
      })
      .then(function (view) {
        bar.remove();
        self.render(view);
        self.root.removeAttribute("aria-busy");
        self.settle();
        self.reveal();
        if (self.disposed) return self;
        self.onResize = function () {
          self.fit();
        };
        window.addEventListener("resize", self.onResize);
        return self;
      })
      .catch(function (err) {
        text.textContent = t("board.load-failed", { why: reason(err) });
        self.root.setAttribute("data-state", "error");
        throw err;
      });
  };

  /* One request to the session (in the engine's worker): resolves to its answer; the
   * session's search_state comes along and is kept (this.state, for the search). The root
   * says data-state="busy" until every answer asked for is shown (settle). */
  Board.prototype.send = function (method, args) {
    var self = this;
    this.waiting = (this.waiting || 0) + 1;
    this.root.setAttribute("data-state", "busy");
    var withState = this.kind === "beispiel" || this.kind === "spielbrett"; // search or analysis
    return this.api.call(this.id, method, args, withState).then(
      function (answer) {
        self.state = answer.state;
        self.waiting -= 1;
        return answer.view;
      },
      function (err) {
        self.waiting -= 1;
        self.settle();
        self.status.textContent = reason(err);
        throw err;
      }
    );
  };

  Board.prototype.settle = function () {
    if (!this.waiting) this.root.setAttribute("data-state", "ready");
  };

  Board.prototype.ask = function (method, args) {
    if (!this.api) return Promise.resolve();
    if (method !== "view") this.cancelThinking();
    var self = this;
    return this.send(method, args).then(
      function (view) {
        if (self.disposed) return;
        self.render(view);
        self.settle();
        self.afterMove();
      },
      function () {}
    );
  };

  /* After every answer: the computer's turn when it is due, the analysis when it is on. */
  Board.prototype.afterMove = function () {
    if (this.paused && this.view.side !== this.paused) this.paused = null;
    this.maybeThink();
    if (this.analysisOn) this.analyse();
  };

  Board.prototype.buildSquares = function (view) {
    var self = this;
    this.layer.textContent = "";
    this.squares = view.squares.map(function (sq, index) {
      var b = el("button", { type: "button", class: "tafl-feld", "data-square": sq.name, tabindex: "-1" });
      var box = sq.box;
      b.style.left = box[0] + "%";
      b.style.top = box[1] + "%";
      b.style.width = box[2] + "%";
      b.style.height = box[3] + "%";
      b.addEventListener("click", function () {
        self.focusIndex = index;
        if (self.thinking) {
          self.status.textContent = t("computer.still-thinking", { stop: t("computer.stop") });
          return;
        }
        if (self.view.editing) self.ask("place", [sq.name, self.pick]);
        else self.ask("tap", [sq.name]);
      });
      b.addEventListener("keydown", function (event) {
        self.key(event, index);
      });
      self.layer.appendChild(b);
      return b;
    });
    this.size = view.size;
    this.focusIndex = Math.floor(view.squares.length / 2);
  };

  /* Arrow keys move between squares (a1 is index 0, rank by rank); Enter/Space tap. */
  Board.prototype.key = function (event, index) {
    var n = this.size;
    var file = index % n;
    var rank = Math.floor(index / n);
    var moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    var step = moves[event.key];
    if (event.key === "Home") step = [-file, 0];
    if (event.key === "End") step = [n - 1 - file, 0];
    if (!step) return;
    event.preventDefault();
    var f = Math.min(n - 1, Math.max(0, file + step[0]));
    var r = Math.min(n - 1, Math.max(0, rank + step[1]));
    this.focusSquare(r * n + f);
  };

  Board.prototype.focusSquare = function (index) {
    this.squares[this.focusIndex].setAttribute("tabindex", "-1");
    this.focusIndex = index;
    this.squares[index].setAttribute("tabindex", "0");
    this.squares[index].focus();
  };

  Board.prototype.render = function (view) {
    var hadFocus = this.layer.contains(document.activeElement);
    if (!this.view || this.view.size !== view.size) this.buildSquares(view);
    this.view = view;
    if (this.scaleEnds && view.sides) this.scaleNames(view.sides);
    this.picture.firstChild.innerHTML = view.svg;
    var svg = this.picture.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("aria-hidden", "true");
    }
    var self = this;
    view.squares.forEach(function (sq, index) {
      var b = self.squares[index];
      if (sq.piece) b.setAttribute("data-piece", sq.piece);
      else b.removeAttribute("data-piece");
      if (sq.target) b.setAttribute("data-target", "");
      else b.removeAttribute("data-target");
      b.setAttribute("aria-pressed", sq.selected ? "true" : "false");
      var label = sq.target ? t("board.square-target", { square: sq.label }) : sq.label;
      if (sq.selected) label = t("board.square-selected", { square: label });
      b.setAttribute("data-label", label);
      b.setAttribute("aria-label", b.getAttribute("data-label"));
      b.setAttribute("tabindex", index === self.focusIndex ? "0" : "-1");
    });
    this.layer.setAttribute("aria-label", t("board.squares", { status: view.status }));
    this.turnLine.textContent = this.opponent && view.outcome ? this.ending(view) : view.status;
    if (this.opponent && !view.outcome && !view.editing) {
      var whose = { status: view.status };
      this.turnLine.textContent = this.computerToMove() ? t("computer.its-turn", whose) : t("computer.your-turn", whose);
    }
    this.status.textContent = view.message || view.note || view.hint || "";
    if (this.opponent && view.outcome && view.message) this.status.textContent = this.ending(view, view.message);
    this.question.hidden = true;
    this.bar.hidden = false;
    this.buttons.ende.hidden = !view.chain;
    this.buttons.zurueck.disabled = !view.can_undo;
    if (this.buttons.abspielen) this.buttons.abspielen.disabled = view.documented === 0;
    if (this.kind === "spielbrett") this.renderEditor(view);
    if (this.moveList) this.renderMoves(view);
    if (hadFocus) this.squares[this.focusIndex].focus();
    this.output.hidden = true;
    this.fit();
    this.markSquares();
    this.showThinking();
  };

  /* Only the items that changed are touched (a step changes the last one or adds one), so
     a step costs the same however long the game is. */
  Board.prototype.renderMoves = function (view) {
    var list = this.moveList;
    var lines = view.move_pairs; // numbered by Python as OTN numbers them ("1. d1-d3 e4-e2")
    this.noMoves.hidden = lines.length > 0;
    while (list.children.length > lines.length) list.removeChild(list.lastChild);
    lines.forEach(function (text, i) {
      var item = list.children[i];
      if (!item) list.appendChild(el("li", {}, text));
      else if (item.textContent !== text) item.textContent = text;
    });
  };

  TB.Board = Board;
})();
