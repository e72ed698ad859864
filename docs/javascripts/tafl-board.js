/*
 * "Ausprobieren" and "Spielbrett": the real Python engine (tafl_core) in the browser.
 *
 * This file contains no rule. It loads Pyodide and the engine zip from the site itself on
 * the first press, forwards taps and keys to tafl_web.api and shows what Python answers
 * (SVG from diagrams, German text from the engine). Contract for outside checks: squares
 * carry data-square (and data-piece, data-target), the board root data-state="ready",
 * announcements go to a role="status" element.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var siteRoot = script ? script.src.replace(/javascripts\/tafl-board\.js(\?.*)?$/, "") : "./";
  var engine = null; // Promise of the bridge, shared by every board on the page

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      node.setAttribute(key, attrs[key]);
    });
    if (text) node.textContent = text;
    return node;
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var tag = el("script", { src: src });
      tag.onload = resolve;
      tag.onerror = function () {
        reject(new Error("Datei nicht geladen: " + src));
      };
      document.head.appendChild(tag);
    });
  }

  /* Load Pyodide and the engine once; report progress as (step, of, text). */
  function loadEngine(progress) {
    if (engine) return engine;
    engine = fetch(siteRoot + "assets/tafl/runtime.json")
      .then(function (r) {
        if (!r.ok) throw new Error("runtime.json fehlt");
        return r.json();
      })
      .then(function (manifest) {
        var base = siteRoot + "assets/tafl/";
        progress(1, 4, "Lade Python-Laufzeit …");
        return loadScript(base + manifest.pyodide + "pyodide.js").then(function () {
          progress(2, 4, "Starte Python …");
          return Promise.all([
            window.loadPyodide({ indexURL: new URL(base + manifest.pyodide, document.baseURI).href }),
            fetch(base + manifest.engine).then(function (r) {
              if (!r.ok) throw new Error("Engine-Archiv fehlt");
              return r.arrayBuffer();
            }),
          ]);
        });
      })
      .then(function (loaded) {
        var py = loaded[0];
        progress(3, 4, "Lade Regel-Engine …");
        py.unpackArchive(loaded[1], "zip", { extractDir: "/home/pyodide/tafl" });
        py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/tafl')\nimport tafl_web.api");
        var api = py.pyimport("tafl_web.api");
        progress(4, 4, "Bereit.");
        return {
          create: function (options) {
            return api.create(JSON.stringify(options));
          },
          call: function (id, method, args) {
            return JSON.parse(api.call(id, method, JSON.stringify(args || [])));
          },
        };
      });
    engine.catch(function () {
      engine = null; // a later press may try again
    });
    return engine;
  }

  /* The German sentence of an error: a Python error arrives with its whole traceback, whose
   * last line is "module.SomeError: sentence"; only the sentence is shown. */
  function reason(err) {
    var lines = String((err && err.message) || err).trim().split("\n");
    var last = lines[lines.length - 1];
    var m = /^[\w.]+(?:Error|Exception): (.*)$/.exec(last);
    return m ? m[1] : last;
  }

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
    this.buttons = {};
    this.squares = [];
    this.focusIndex = 0;
    this.root.appendChild(this.turnLine);
    this.root.appendChild(this.picture);
    this.root.appendChild(this.status);
    this.root.appendChild(this.controls());
    this.output = el("div", { class: "tafl-brett-export", hidden: "" });
    this.root.appendChild(this.output);
    host.appendChild(this.root);
  }

  Board.prototype.button = function (key, label, action, parent) {
    var b = el("button", { type: "button", class: "md-button tafl-brett-knopf", "data-action": key }, label);
    b.addEventListener("click", action.bind(this));
    (parent || this.bar).appendChild(b);
    this.buttons[key] = b;
    return b;
  };

  Board.prototype.controls = function () {
    var bar = el("div", { class: "tafl-brett-leiste" });
    this.bar = bar;
    this.button("ende", "Zug beenden", function () {
      this.ask("end_turn");
    });
    this.button("zurueck", "Zurück", function () {
      this.ask("undo");
    });
    if (this.kind === "beispiel") {
      this.button("abspielen", "Beispiel abspielen", function () {
        this.ask("play_next");
      });
    }
    this.button("neu", "Zurücksetzen", function () {
      this.ask("reset");
    });
    if (this.kind === "spielbrett") {
      this.button("aufstellen", "Aufstellen", function () {
        this.ask("set_editing", [!this.view.editing]);
      });
    }
    this.button("kopieren", "Als Beispiel kopieren", function () {
      this.showExport();
    });
    return bar;
  };

  Board.prototype.editor = function () {
    var box = el("fieldset", { class: "tafl-brett-editor", hidden: "" });
    box.appendChild(el("legend", {}, "Aufstellen"));
    var pieces = el("div", { class: "tafl-brett-palette", role: "radiogroup", "aria-label": "Figur zum Setzen" });
    box.appendChild(pieces);
    var side = el("label", {}, "Am Zug: ");
    var select = el("select", { "data-action": "amzug", "aria-label": "Am Zug" });
    var self = this;
    select.addEventListener("change", function () {
      self.ask("set_turn", [select.value]);
    });
    side.appendChild(select);
    box.appendChild(side);
    this.button("leeren", "Brett leeren", function () {
      this.ask("clear");
    }, box);
    this.sideSelect = select;
    this.palette = pieces;
    this.pick = "A";
    return box;
  };

  Board.prototype.start = function () {
    var self = this;
    var bar = el("div", { class: "tafl-brett-laden" });
    var meter = el("progress", { max: "4", value: "0", "aria-label": "Engine wird geladen" });
    var text = el("span", {}, "Lade die Regel-Engine …");
    bar.appendChild(meter);
    bar.appendChild(text);
    this.root.insertBefore(bar, this.root.firstChild);
    if (this.kind === "spielbrett") this.root.insertBefore(this.editor(), this.output);
    return loadEngine(function (step, of, label) {
      meter.value = step;
      text.textContent = label;
    })
      .then(function (api) {
        self.api = api;
        self.id = api.create(self.options);
        bar.remove();
        self.render(api.call(self.id, "view"));
        self.root.removeAttribute("aria-busy");
        self.root.setAttribute("data-state", "ready");
        return self;
      })
      .catch(function (err) {
        text.textContent = "Die Engine konnte nicht geladen werden: " + reason(err);
        self.root.setAttribute("data-state", "error");
        throw err;
      });
  };

  Board.prototype.ask = function (method, args) {
    if (!this.api) return;
    this.root.setAttribute("data-state", "busy");
    var view = this.api.call(this.id, method, args);
    this.render(view);
    this.root.setAttribute("data-state", "ready");
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
      b.setAttribute("aria-label", sq.label + (sq.target ? ", Zielfeld" : "") + (sq.selected ? ", gewählt" : ""));
      b.setAttribute("tabindex", index === self.focusIndex ? "0" : "-1");
    });
    this.layer.setAttribute("aria-label", "Brett, " + view.status);
    this.turnLine.textContent = view.status;
    this.status.textContent = view.message || view.note || "";
    this.buttons.ende.hidden = !view.chain;
    this.buttons.zurueck.disabled = !view.can_undo;
    if (this.buttons.abspielen) this.buttons.abspielen.disabled = view.documented === 0;
    if (this.kind === "spielbrett") this.renderEditor(view);
    if (this.moveList) this.renderMoves(view);
    if (hadFocus) this.squares[this.focusIndex].focus();
    this.output.hidden = true;
  };

  Board.prototype.renderEditor = function (view) {
    var box = this.root.querySelector(".tafl-brett-editor");
    box.hidden = !view.editing;
    this.buttons.aufstellen.textContent = view.editing ? "Aufstellen beenden – spielen" : "Aufstellen";
    this.buttons.aufstellen.setAttribute("aria-pressed", view.editing ? "true" : "false");
    if (!this.sideSelect.options.length) {
      view.sides.forEach(function (side) {
        this.sideSelect.appendChild(el("option", { value: side.code }, side.name));
      }, this);
    }
    this.sideSelect.value = view.side;
    var self = this;
    var choices = view.palette.concat([{ letter: ".", name: "Figur entfernen" }]);
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

  /* Only the items that changed are touched (a step changes the last one or adds one), so
     a step costs the same however long the game is. */
  Board.prototype.renderMoves = function (view) {
    var list = this.moveList;
    this.noMoves.hidden = view.moves.length > 0;
    while (list.children.length > view.moves.length) list.removeChild(list.lastChild);
    view.moves.forEach(function (line, i) {
      var text = line.replace(/^\d+\.\s*/, "");
      var item = list.children[i];
      if (!item) list.appendChild(el("li", {}, text));
      else if (item.textContent !== text) item.textContent = text;
    });
  };

  Board.prototype.showExport = function () {
    var data = this.api.call(this.id, "export");
    var out = this.output;
    out.textContent = "";
    var parts = [
      ["Beispiel-Block (zum Einfügen in eine Seite)", data.block],
      ["OTN-Stellung", data.otn],
    ];
    if (this.kind === "spielbrett") parts.push(["OTN-Partie", data.game]);
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
    out.hidden = false;
    this.status.textContent = "Die Stellung steht unten zum Kopieren bereit.";
  };

  /* "Ausprobieren" on an example figure. */
  function initExample(wrap) {
    var figure = wrap.closest("figure");
    var data = JSON.parse(wrap.querySelector("script.tafl-brett-daten").textContent);
    var button = wrap.querySelector("button");
    wrap.hidden = false;
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
          board.squares[board.focusIndex].focus();
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
      "Die Variante „" + quoted + "“ aus der Adresse gibt es hier nicht; gewählt ist " +
        (chosen ? chosen.textContent : "die erste Variante") + "."
    );
    wrap.insertBefore(note, wrap.firstChild);
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
    chooseFromAddress(wrap, select);
    button.addEventListener("click", function () {
      button.disabled = true;
      host.textContent = "";
      var board = new Board(host, { variant: select.value }, "spielbrett");
      var list = el("section", { class: "tafl-brett-zugliste" });
      list.appendChild(el("h2", {}, "Züge"));
      board.moveList = el("ol", {});
      board.noMoves = el("p", {}, "Noch kein Zug gespielt.");
      list.appendChild(board.noMoves);
      list.appendChild(board.moveList);
      board.root.appendChild(list);
      board.start().then(
        function () {
          button.disabled = false;
          button.textContent = "Neu beginnen";
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  /* For docs/javascripts/tafl-exercise.js: the live board, which it extends for exercises. */
  window.TaflBoard = { Board: Board };

  function init() {
    document.querySelectorAll(".tafl-ausprobieren").forEach(initExample);
    document.querySelectorAll(".tafl-spielbrett").forEach(initFree);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
