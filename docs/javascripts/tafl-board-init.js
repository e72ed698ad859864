/*
 * The start buttons: "Ausprobieren" on every example figure, the free board of
 * spielbrett.md ("?variante=…&gegner=1&stufe=1" in its address), its computer chooser; for every
 * start button of a page (exercises and games too) the engine is fetched ahead on intent.
 * Set up per page view (TaflPage.each); a page left disposes its boards.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var el = TB.el;
  var Board = TB.Board;
  var sizeNote = TB.sizeNote;
  var whenIdle = TB.whenIdle;
  var loadEngine = TB.loadEngine;
  var registerWorker = TB.registerWorker;
  var searchWorker = TB.searchWorker;

  /* "Ausprobieren" on an example figure. */
  function initExample(wrap) {
    var figure = wrap.closest("figure");
    var data = TB.data(wrap, "tafl-brett-daten");
    var button = wrap.querySelector("button");
    wrap.hidden = false;
    var label = button.getAttribute("aria-label") || ""; // the build's "<button text>: <name>"
    var own = button.textContent.trim() + ":";
    sizeNote(button, label.indexOf(own) === 0 ? label.slice(own.length).trim() : label);
    button.addEventListener("click", function () {
      button.disabled = true;
      var host = el("div", { class: "tafl-brett-platz" });
      var statics = figure && figure.querySelector(".tafl-diagramme");
      if (statics) statics.parentNode.insertBefore(host, statics);
      else wrap.appendChild(host);
      var board = new Board(host, data, "beispiel");
      board.start().then(
        function () {
          if (statics) statics.hidden = true;
          wrap.hidden = true;
          board.reveal(); // the static diagram above it is gone: where is the board now?
          board.squares[board.focusIndex].focus({ preventScroll: true });
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  /* "?variante=…" of the page address is data: it picks an option only when it equals one
     of the known slugs (compared as text, never put into a selector); anything else keeps
     the first variant and says so. */
  function chooseFromAddress(wrap, select) {
    var wanted = new URLSearchParams(location.search).get("variante");
    if (wanted === null) return;
    var known = Array.prototype.some.call(select.options, function (option) {
      return option.value === wanted;
    });
    if (known) {
      select.value = wanted;
      return;
    }
    var quoted = wanted.length > 40 ? wanted.slice(0, 39) + "…" : wanted;
    var chosen = select.options[select.selectedIndex];
    var note = el(
      "p",
      { class: "tafl-adresse-hinweis", role: "status" },
      t("board.unknown-variant", { name: quoted, chosen: chosen ? chosen.textContent : t("board.first-variant") })
    );
    wrap.insertBefore(note, wrap.firstChild);
  }

  /* "Gegen den Computer" of the free board: the chooser's settings ({side, level}, the
   * reader's side) or null for two players; "?gegner=1" in the address switches it on. */
  function opponentControls(wrap) {
    var box = wrap.querySelector(".tafl-gegner-wahl");
    if (!box) return null;
    var on = box.querySelector("#tafl-gegner");
    var side = box.querySelector("#tafl-seite");
    var level = box.querySelector("#tafl-stufe");
    // "?gegner=N" (N a level, 1 for "on") switches it on at level N, "&stufe=N" sets the level
    var params = new URLSearchParams(location.search);
    var levels = [].map.call(level.options, function (o) { return o.value; });
    var wanted = [params.get("stufe"), params.get("gegner")].filter(function (v) { return levels.indexOf(v) >= 0; });
    if (params.get("gegner") !== null && /^[1-9]$/.test(params.get("gegner"))) on.checked = true;
    if (on.checked && wanted.length) level.value = wanted[0];
    var sync = function () {
      side.disabled = level.disabled = !on.checked;
    };
    sync();
    return {
      box: box,
      value: function () {
        return on.checked ? { side: side.value, level: Number(level.value) } : null;
      },
      onChange: function (listener) {
        [on, side, level].forEach(function (input) {
          input.addEventListener("change", function () {
            sync();
            listener();
          });
        });
      },
    };
  }

  /* The free board page. */
  function initFree(wrap) {
    wrap.hidden = false;
    document.querySelectorAll(".tafl-ohne-js").forEach(function (note) {
      note.hidden = true;
    });
    var select = wrap.querySelector("select");
    var button = wrap.querySelector("button.tafl-spielbrett-start");
    var host = wrap.querySelector(".tafl-spielbrett-platz");
    var opponent = opponentControls(wrap);
    var current = null;
    chooseFromAddress(wrap, select);
    button.textContent = t("board.start");
    sizeNote(button, "");
    preloadWhenIdle(button);
    if (opponent) {
      // with the computer chosen, its worker starts with the engine's (the files once here)
      var warm = function () {
        if (opponent.value() && !TB.thrifty()) whenIdle(function () {
          searchWorker().catch(function () {});
        });
      };
      warm();
      opponent.onChange(function () {
        if (current && current.api) current.setOpponent(opponent.value());
        warm();
      });
    }
    button.addEventListener("click", function () {
      button.disabled = true;
      if (current) current.cancelThinking();
      host.textContent = "";
      var preload = wrap.querySelector(".tafl-vorladen");
      if (preload) preload.hidden = true; // the board's own bar takes over
      var board = new Board(host, { variant: select.value }, "spielbrett");
      current = board;
      board.opponent = opponent ? opponent.value() : null;
      var list = el("section", { class: "tafl-brett-zugliste" });
      list.appendChild(el("h2", {}, t("board.moves")));
      board.moveList = el("ol", { class: "tafl-brett-zugpaare" });
      board.noMoves = el("p", {}, t("board.no-moves"));
      list.appendChild(board.noMoves);
      list.appendChild(board.moveList);
      board.root.appendChild(list);
      board.start().then(
        function () {
          button.disabled = false;
          button.textContent = t("board.restart");
          board.squares[board.focusIndex].focus({ preventScroll: true });
          board.maybeThink();
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  /* The free board: load the engine as soon as the page is idle (not on "Daten sparen"),
   * saying how far it got next to the start button. */
  function preloadWhenIdle(button) {
    if (TB.thrifty()) return;
    var note = el("span", { class: "tafl-vorladen" });
    button.parentNode.insertBefore(note, button.nextSibling);
    whenIdle(function () {
      loadEngine(function (state) {
        note.textContent = TB.progressText(state);
      }).catch(function () {
        note.textContent = "";
      });
    });
  }

  /* Every start button of a board on any page (examples, free board, exercises, games). */
  var STARTS = ".tafl-ausprobieren-knopf, .tafl-spielbrett-start, .tafl-aufgabe-knopf, .tafl-partie-knopf, .tafl-partie-oeffnen";
  /* The start buttons of pages that are there to play on. */
  var PLAY_PAGES = ".tafl-spielbrett-start, .tafl-aufgabe-knopf, .tafl-partie-knopf, .tafl-partie-oeffnen";

  function init() {
    var examples = document.querySelectorAll(".tafl-ausprobieren");
    var free = document.querySelectorAll(".tafl-spielbrett");
    examples.forEach(initExample);
    free.forEach(initFree);
    var starts = document.querySelectorAll(STARTS);
    starts.forEach(TB.onIntent);
    var unseen = starts.length ? TB.prefetchWhenSeen(starts[0]) : function () {};
    // At idle only where a board is what the page is for (free board, exercises, games);
    // a page whose examples merely offer "Ausprobieren" waits for the reader's intent.
    if (document.querySelector(PLAY_PAGES)) {
      whenIdle(function () {
        // the files only (Python waits for intent); on "Daten sparen" just the service worker
        if (TB.thrifty()) registerWorker();
        else TB.runtimeFiles().catch(function () {});
      });
    }
    return function () {
      unseen();
      TB.live.splice(0).forEach(function (board) {
        board.dispose();
      });
    };
  }

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
