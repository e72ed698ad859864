/*
 * Exercises ("Aufgabe lösen"): the live board (tafl-board-view.js) with a task.
 *
 * No rule and no verdict here: every tap and button goes to tafl_web/exercise.py (Python in
 * the browser), which judges the move against the proof shipped in the page and answers
 * with the view; this file shows it. Contract for outside checks: the exercise's figure
 * carries data-aufgabe (its name) and, once started, data-state = loading | ready | solved
 * | failed. Solved exercises are remembered in localStorage ("tafl-aufgaben-geloest").
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var STORE = "tafl-aufgaben-geloest";

  function solvedList() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function remember(id) {
    var list = solvedList();
    if (list.indexOf(id) >= 0) return;
    list.push(id);
    try {
      window.localStorage.setItem(STORE, JSON.stringify(list));
    } catch (e) {
      /* private mode: progress is not kept */
    }
  }

  function el(tag, attrs) {
    return window.TaflBoard.el(tag, attrs); // the board's element maker
  }

  /* The exercise buttons on the board's bar; the board's own undo/reset/copy are left out. */
  function extend(board, figure, data, id, badge) {
    var kind = data.aufgabe.kind;
    ["zurueck", "neu", "kopieren"].forEach(function (key) {
      if (board.buttons[key]) board.buttons[key].remove();
    });
    if (kind === "erlaubt") {
      board.button("ja", t("exercise.yes"), function () {
        this.ask("answer", ["ja"]);
      });
      board.button("nein", t("exercise.no"), function () {
        this.ask("answer", ["nein"]);
      });
    } else if (kind === "fallen") {
      board.button("pruefen", t("exercise.check"), function () {
        this.ask("answer", ["auswahl"]);
      });
    } else {
      board.button("tipp", t("exercise.hint"), function () {
        this.ask("tip");
      });
    }
    board.button("zeigen", t("exercise.show"), function () {
      this.ask("reveal");
    });
    board.button("nochmal", t("exercise.again"), function () {
      this.ask("retry");
      this.focusSquare(this.focusIndex);
    });
    var render = board.render;
    var held = { weiter: null }; // the level's "Weiter" link on the bar, once solved
    board.render = function (view) {
      render.call(this, view);
      var task = view.aufgabe;
      if (!task) return;
      var b = this.buttons;
      var open = task.state === "ready";
      figure.setAttribute("data-state", task.state);
      if (b.tipp) b.tipp.disabled = !task.can_hint;
      b.zeigen.disabled = !task.can_reveal;
      ["ja", "nein", "pruefen"].forEach(function (key) {
        if (b[key]) b[key].disabled = !open;
      });
      var wasHidden = b.nochmal.hidden;
      b.nochmal.hidden = open;
      if (wasHidden && !open && !this.layer.contains(document.activeElement)) b.nochmal.focus();
      if (task.state === "solved") {
        remember(id);
        badge.hidden = false;
      }
      nextLevelButton(held, b.nochmal, figure, task.state === "solved");
    };
  }

  /* A solved task of the Lernpfad: its level's "Weiter zu Stufe N" link (the page's Markdown,
     class tafl-weiter: the first one after the exercise) joins the board's buttons, first and
     focused, so that going on is the obvious next step. No text of its own here. */
  function nextLevelButton(held, nochmal, figure, solved) {
    if (!held.weiter) {
      if (!solved) return;
      var links = document.querySelectorAll("a.tafl-weiter");
      var next = Array.prototype.find.call(links, function (link) {
        return figure.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING;
      });
      if (!next) return;
      held.weiter = next.cloneNode(true);
      held.weiter.classList.remove("tafl-weiter");
      held.weiter.classList.add("md-button", "md-button--primary");
      nochmal.parentNode.insertBefore(held.weiter, nochmal.parentNode.firstChild);
    }
    held.weiter.hidden = !solved;
    if (solved) held.weiter.focus();
  }

  function initExercise(figure) {
    var wrap = figure.querySelector(".tafl-aufgabe-start");
    var TB = window.TaflBoard;
    if (!wrap || !TB) return;
    var data = TB.data(wrap, "tafl-aufgabe-daten");
    var id = figure.getAttribute("data-aufgabe");
    var button = wrap.querySelector("button");
    var badge = wrap.querySelector(".tafl-aufgabe-erledigt");
    if (solvedList().indexOf(id) >= 0) badge.hidden = false;
    wrap.hidden = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      figure.setAttribute("data-state", "loading");
      var host = el("div", { class: "tafl-brett-platz" });
      var statics = figure.querySelector(".tafl-diagramme");
      var solution = figure.querySelector(".tafl-loesung");
      statics.parentNode.insertBefore(host, statics);
      var board = new TB.Board(host, data, "aufgabe");
      extend(board, figure, data, id, badge);
      host.appendChild(badge);
      board.start().then(
        function () {
          statics.hidden = true;
          if (solution) solution.hidden = true;
          wrap.hidden = true;
          board.squares[board.focusIndex].focus();
        },
        function () {
          button.disabled = false;
          figure.removeAttribute("data-state");
        }
      );
    });
  }

  function init() {
    document.querySelectorAll("figure.tafl-aufgabe[data-aufgabe]").forEach(initExercise);
  }

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
