/*
 * Recorded games ("Partie nachspielen"): the live board (tafl-board-view.js) in replay mode.
 *
 * No rule and no wording here: every step goes to tafl_web/replay.py (Python in the
 * browser), which reads the game with the engine and answers with the view and the German
 * explanation; this file forwards buttons and keys (← → step, Pos1/Ende jump) and shows it.
 * Contract for outside checks: the board's root carries data-zug (turns shown) once ready.
 * On the Partien index, a pasted game (.tafl-partie-eigene) opens the same way.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var KEYS = {
    ArrowRight: "replay_next",
    ArrowLeft: "replay_back",
    Home: "replay_start",
    End: "replay_end",
  };

  function el(tag, attrs, text) {
    return window.TaflBoard.el(tag, attrs, text); // the board's element maker
  }

  /* The replay buttons on the board's bar; the free board's own undo/reset/copy go. */
  function extend(board, onError) {
    ["neu", "kopieren"].forEach(function (key) {
      if (board.buttons[key]) board.buttons[key].remove();
    });
    var bar = board.bar;
    bar.classList.add("tafl-partie-leiste"); // the four steps in one row, also on a phone
    var first = bar.firstChild;
    var add = function (key, label, method) {
      var b = board.button(key, label, function () {
        this.ask(method);
      });
      bar.insertBefore(b, first);
      return b;
    };
    add("anfang", t("replay.first"), "replay_start");
    var back = board.buttons.zurueck; // the board's own "Zurück" (undo = one turn back)
    back.textContent = t("replay.back");
    bar.insertBefore(back, first);
    add("weiter", t("replay.next"), "replay_next");
    add("schluss", t("replay.last"), "replay_end");
    var where = el("p", { class: "tafl-partie-stand" });
    board.root.insertBefore(where, board.frame);
    // other lines of play the record gives at the turn shown, and the way back to the game
    var branches = el("div", { class: "tafl-partie-abzweige" });
    board.root.insertBefore(branches, board.output);
    var shownLine = -1;
    // the whole game as a list of turns: a tap jumps there (Python numbers and words them)
    var list = el("details", { class: "tafl-partie-zuege" });
    list.appendChild(el("summary", {}, t("replay.moves")));
    var items = el("ol", { class: "tafl-partie-liste" });
    list.appendChild(items);
    board.root.insertBefore(list, board.output);
    board.key = function () {}; // arrow keys step through the game, not across squares
    board.root.addEventListener("keydown", function (event) {
      var method = KEYS[event.key];
      if (!method || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target && /^(TEXTAREA|INPUT|SELECT)$/.test(event.target.tagName)) return;
      event.preventDefault();
      board.ask(method);
    });
    var render = board.render;
    board.render = function (view) {
      render.call(this, view);
      var game = view.partie;
      if (!game) return;
      var b = this.buttons;
      b.ende.hidden = true;
      b.anfang.disabled = !game.can_back;
      b.zurueck.disabled = !game.can_back;
      b.weiter.disabled = !game.can_forward;
      b.schluss.disabled = !game.can_forward;
      where.textContent = game.where;
      showBranches(board, branches, game);
      if (shownLine !== game.line) {
        shownLine = game.line;
        items.textContent = "";
        game.turns.forEach(function (text, i) {
          var item = el("li");
          var jump = el("button", { type: "button", class: "tafl-partie-sprung" }, text);
          jump.addEventListener("click", function () {
            board.ask("replay_goto", [i + 1]);
          });
          item.appendChild(jump);
          items.appendChild(item);
        });
      }
      Array.prototype.forEach.call(items.children, function (item, i) {
        var button = item.firstChild;
        if (i === game.shown - 1) button.setAttribute("aria-current", "step");
        else button.removeAttribute("aria-current");
      });
      this.root.setAttribute("data-zug", String(game.shown));
      if (game.error && onError) onError(game.error);
      var active = document.activeElement;
      if (active && active.disabled && this.bar.contains(active)) {
        (game.can_forward ? b.weiter : b.zurueck).focus();
      }
    };
  }

  /* After a button that redraws itself away: focus on the step the reader takes next. */
  function focusStep(board) {
    var b = board.buttons;
    (b.weiter.disabled ? b.zurueck : b.weiter).focus();
  }

  /* The record's other lines at this turn as buttons; "Zurück zur Partie" inside one. */
  function showBranches(board, box, game) {
    box.textContent = "";
    var branches = game.branches || [];
    if (branches.length) {
      box.appendChild(el("p", {}, branches.length > 1 ? t("replay.branches") : t("replay.branch")));
      branches.forEach(function (text, i) {
        var b = el("button", { type: "button", class: "md-button tafl-brett-knopf" }, text);
        b.addEventListener("click", function () {
          board.ask("replay_branch", [i]);
          focusStep(board);
        });
        box.appendChild(b);
      });
    }
    if (game.in_branch) {
      var back = el("button", { type: "button", class: "md-button tafl-brett-knopf" }, t("replay.main-line"));
      back.addEventListener("click", function () {
        board.ask("replay_main");
        focusStep(board);
      });
      box.appendChild(back);
    }
  }

  function openBoard(host, options, onError) {
    var TB = window.TaflBoard;
    var board = new TB.Board(host, options, "partie");
    extend(board, onError);
    return board.start().then(function () {
      return board;
    });
  }

  /* "Partie nachspielen" under a chosen game: the board opens at the turn before its moment. */
  function initGame(wrap) {
    if (!window.TaflBoard) return;
    var data = window.TaflBoard.data(wrap, "tafl-partie-daten");
    var button = wrap.querySelector("button.tafl-partie-knopf");
    wrap.hidden = false;
    window.TaflBoard.sizeNote(button, t("replay.button"));
    button.addEventListener("click", function () {
      button.disabled = true;
      var host = el("div", { class: "tafl-brett-platz" });
      wrap.parentNode.insertBefore(host, wrap.nextSibling);
      openBoard(host, { variant: data.variant, partie: data.partie }).then(
        function (board) {
          wrap.hidden = true;
          if (data.moment > 1) board.ask("replay_goto", [data.moment - 1]);
          board.buttons.weiter.focus();
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  /* The reader's own game on the Partien index: pasted text, variant chosen. */
  function initOwn(box) {
    if (!window.TaflBoard) return;
    var button = box.querySelector("button.tafl-partie-oeffnen");
    var text = box.querySelector("textarea");
    var select = box.querySelector("select");
    var alert = box.querySelector(".tafl-partie-fehler");
    var place = box.querySelector(".tafl-partie-platz");
    box.hidden = false;
    button.addEventListener("click", function () {
      alert.textContent = "";
      if (!text.value.trim()) {
        alert.textContent = t("replay.paste-first");
        text.focus();
        return;
      }
      button.disabled = true;
      place.textContent = "";
      var host = el("div", { class: "tafl-brett-platz" });
      place.appendChild(host);
      var failed = false;
      openBoard(host, { variant: select.value, partie: text.value }, function (message) {
        failed = true;
        alert.textContent = message;
      }).then(
        function (board) {
          button.disabled = false;
          if (!failed) {
            board.buttons.weiter.focus();
            return;
          }
          place.textContent = ""; // nothing to replay: the error alone stays
          text.focus();
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  function init() {
    document.querySelectorAll(".tafl-partie[data-partie]").forEach(initGame);
    document.querySelectorAll(".tafl-partie-eigene").forEach(initOwn);
  }

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
