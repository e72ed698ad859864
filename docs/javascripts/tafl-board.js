/*
 * "Ausprobieren" and "Spielbrett": the real Python engine (tafl_core) in the browser.
 *
 * This file contains no rule. It loads Pyodide and the engine zip from the site itself on
 * the first press (on the free board already when the page is idle), showing the bytes
 * received; a service worker (tafl-sw.js) keeps the files for every later page. It forwards
 * taps and keys to tafl_web.api and shows what Python answers (SVG from diagrams, German
 * text from the engine). Contract for outside checks: squares carry data-square (and
 * data-piece, data-target), the board root data-state="ready", announcements go to a
 * role="status" element. What is fetched and why: notes/board-loading.md.
 *
 * The computer opponent (free board) and the analysis ("Analyse") ask a search Web Worker
 * (tafl-search-worker.js, its own Pyodide with tafl_web.worker) and show its answer; the
 * computer's turn is played through the session like a tap. The root's data-computer says
 * "denkt" while it thinks, "wartet" after "Abbrechen", "bereit" otherwise ("aus": no
 * computer); the analysis panel's data-analyse "rechnet", "fertig", "wartet" or "fehler".
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

  /* ---- Loading: what is fetched, with bytes received, kept by the service worker ------ */

  /* The manifest of the runtime files (tafl_docs/browser_runtime.py writes it into
   * javascripts/tafl-runtime.js at build time): file paths below assets/tafl/, their sizes
   * and gzip copies, the download size, the version hash, Pyodide's (empty) package lock.
   * Missing when that script is not there; then runtime.json is read on the first press. */
  var RUNTIME = window.TAFL_RUNTIME || null;
  var CACHE_PREFIX = "tafl-laufzeit-";
  var TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript", zip: "application/zip" };
  var listeners = []; // progress callbacks of everyone waiting for the engine
  var lastProgress = null;
  var worker = null; // Promise: does a service worker control this page?

  function megabytes(bytes) {
    var mb = bytes / 1e6;
    return mb.toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " MB";
  }

  function manifest() {
    if (RUNTIME) return Promise.resolve(RUNTIME);
    return fetch(siteRoot + "assets/tafl/runtime.json").then(function (r) {
      if (!r.ok) throw new Error("runtime.json fehlt");
      return r.json();
    });
  }

  function cacheName(m) {
    return CACHE_PREFIX + m.version;
  }

  /* Whether every file of this build's runtime is in the cache (no download needed). */
  function cached() {
    if (!RUNTIME || !window.caches) return Promise.resolve(false);
    var base = new URL("assets/tafl/", new URL(siteRoot, document.baseURI)).href;
    return caches.has(cacheName(RUNTIME)).then(function (has) {
      if (!has) return false;
      return caches.open(cacheName(RUNTIME)).then(function (cache) {
        return Promise.all(
          RUNTIME.files.map(function (file) {
            return cache.match(base + file.path);
          })
        ).then(function (hits) {
          return hits.every(Boolean);
        });
      });
    }, function () {
      return false;
    });
  }

  /* Register the service worker (tafl-sw.js at the site root, scope: the whole site) and
   * wait briefly until it (this build's, when a new one is being installed) controls the
   * page; false when there is none. */
  function registerWorker() {
    if (worker) return worker;
    var sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext || !RUNTIME || !window.caches || !window.DecompressionStream) {
      worker = Promise.resolve(false);
      return worker;
    }
    worker = sw.register(siteRoot + "tafl-sw.js", { scope: siteRoot, updateViaCache: "none" }).then(
      function (registration) {
        if (sw.controller && !registration.installing && !registration.waiting) return true;
        return new Promise(function (resolve) {
          var timer = setTimeout(function () {
            resolve(!!sw.controller);
          }, 4000);
          sw.addEventListener("controllerchange", function () {
            clearTimeout(timer);
            resolve(true);
          }, { once: true });
        });
      },
      function () {
        return false;
      }
    );
    return worker;
  }

  /* Fetch `url`, reporting every chunk's size; resolves to an ArrayBuffer. */
  function download(url, onBytes) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error("Datei nicht geladen: " + url);
      if (!response.body || !response.body.getReader) {
        return response.arrayBuffer().then(function (buffer) {
          onBytes(buffer.byteLength);
          return buffer;
        });
      }
      var reader = response.body.getReader();
      var chunks = [];
      function pump() {
        return reader.read().then(function (part) {
          if (part.done) return new Blob(chunks).arrayBuffer();
          chunks.push(part.value);
          onBytes(part.value.byteLength);
          return pump();
        });
      }
      return pump();
    });
  }

  /* Unpack a gzip copy (unless the server has unpacked it already). */
  function gunzip(buffer) {
    var head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
    if (head[0] !== 0x1f || head[1] !== 0x8b) return Promise.resolve(buffer);
    var stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  function report(state) {
    lastProgress = state;
    listeners.forEach(function (listener) {
      listener(state);
    });
  }

  /* Fetch every runtime file not yet in the cache, the smaller gzip copy where there is
   * one, and put it unpacked into the cache under its own address: Pyodide's own requests
   * are then answered by the service worker from there. Resolves to the engine zip. */
  function fillCache(m, base) {
    return caches.open(cacheName(m)).then(function (cache) {
      var lookups = m.files.map(function (file) {
        return cache.match(base + file.path);
      });
      return Promise.all(lookups).then(function (hits) {
        var done = 0;
        var total = 0;
        m.files.forEach(function (file, i) {
          if (!hits[i]) total += file.gzBytes || file.bytes;
        });
        var tick = function (bytes) {
          done += bytes;
          report({ text: "Lade Python und die Regel-Engine", done: done, total: total });
        };
        if (total) tick(0);
        var buffers = m.files.map(function (file, i) {
          var url = base + file.path;
          if (hits[i]) return file.path === m.engine ? hits[i].arrayBuffer() : null;
          var got = file.gz ? download(base + file.gz, tick).then(gunzip) : download(url, tick);
          return got.then(function (buffer) {
            var type = TYPES[file.path.split(".").pop()] || "application/octet-stream";
            var stored = new Response(buffer.slice(0), { headers: { "Content-Type": type } });
            return cache.put(url, stored).then(function () {
              return buffer;
            });
          });
        });
        return Promise.all(buffers).then(function (all) {
          return all[m.files.findIndex(function (file) { return file.path === m.engine; })];
        });
      });
    });
  }

  /* Without a service worker: fetch the engine and the standard library with progress,
   * hand the library to Pyodide as a blob; Pyodide fetches its core files itself. */
  function fetchDirect(m, base) {
    var done = 0;
    var total = 0;
    var tick = function (bytes) {
      done += bytes;
      report({ text: "Lade die Regel-Engine", done: done, total: total });
    };
    m.files.forEach(function (f) {
      if (f.path === m.engine || f.path === m.stdlib) total += f.bytes;
    });
    return Promise.all([download(base + m.engine, tick), download(base + m.stdlib, tick)]);
  }

  /* The engine zip and the address Pyodide reads the standard library from. */
  function fetchRuntime(m, base, controlled) {
    if (controlled) {
      return fillCache(m, base).then(function (zip) {
        return { engine: zip, stdLibURL: base + m.stdlib };
      });
    }
    return fetchDirect(m, base).then(function (got) {
      var lib = new Blob([got[1]], { type: "application/zip" });
      return { engine: got[0], stdLibURL: URL.createObjectURL(lib) };
    });
  }

  /* Load Pyodide and the engine once; every caller's `progress` gets {text, done, total}. */
  function loadEngine(progress) {
    if (progress) {
      if (!lastProgress || !lastProgress.ready) listeners.push(progress);
      if (lastProgress) progress(lastProgress);
    }
    if (engine) return engine;
    var base = new URL("assets/tafl/", new URL(siteRoot, document.baseURI)).href;
    engine = manifest()
      .then(function (m) {
        return registerWorker().then(function (controlled) {
          return fetchRuntime(m, base, controlled)
            .catch(function (err) {
              // A page from before a new build (its script still in the HTTP cache) asks
              // for files the new build replaced: read the current manifest, try once more.
              return fetch(siteRoot + "assets/tafl/runtime.json", { cache: "no-cache" })
                .then(function (r) {
                  return r.ok ? r.json() : m;
                })
                .then(function (fresh) {
                  if (fresh.version === m.version) throw err;
                  m = fresh;
                  return fetchRuntime(m, base, controlled);
                });
            })
            .then(function (got) {
              report({ text: "Starte Python" });
              return loadScript(base + m.pyodide + "pyodide.js").then(function () {
                return window.loadPyodide({
                  indexURL: base + m.pyodide,
                  stdLibURL: got.stdLibURL,
                  lockFileContents: m.lock,
                });
              }).then(function (py) {
                return [py, got.engine];
              });
            });
        });
      })
      .then(function (loaded) {
        var py = loaded[0];
        report({ text: "Lade die Regel-Engine" });
        py.unpackArchive(loaded[1], "zip", { extractDir: "/home/pyodide/tafl" });
        py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/tafl')\nimport tafl_web.api");
        var api = py.pyimport("tafl_web.api");
        report({ text: "Bereit", ready: true });
        document.querySelectorAll("[data-tafl-groesse]").forEach(function (node) {
          node.textContent = "";
        });
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
      lastProgress = null;
    });
    engine.then(
      function () {
        listeners = [];
      },
      function () {
        listeners = [];
      }
    );
    return engine;
  }

  /* ---- The search: a Web Worker with its own Pyodide (tafl-search-worker.js) ---------- */

  /* The computer's turn and the analysis run there, never on the page's thread: the page
   * keeps answering while the search thinks. One worker for every board of the page,
   * started on the first request after the page's own engine (so its files come from the
   * cache the page filled); "Abbrechen" ends it at once, the next request starts a new one. */
  var search = { worker: null, ready: null, pending: {}, next: 1 };

  function searchWorker() {
    if (search.ready) return search.ready;
    var base = new URL("assets/tafl/", new URL(siteRoot, document.baseURI)).href;
    var ready = loadEngine()
      .then(manifest)
      .then(function (m) {
        return new Promise(function (resolve, reject) {
          if (window.performance && performance.mark) performance.mark("tafl-suche-start");
          var worker = new Worker(siteRoot + "javascripts/tafl-search-worker.js", { type: "module" });
          search.worker = worker;
          worker.onmessage = function (event) {
            var data = event.data || {};
            if (data.type === "ready") {
              if (window.performance && performance.mark) performance.mark("tafl-suche-bereit");
              resolve(worker);
            }
            else if (data.type === "failed") reject(new Error("Die Suche ließ sich nicht starten (" + data.message + ")."));
            else if (search.pending[data.id]) {
              var waiting = search.pending[data.id];
              delete search.pending[data.id];
              waiting.resolve(JSON.parse(data.answer));
            }
          };
          worker.onerror = function (event) {
            // while starting, or later (the worker's Python ran out of memory …): every
            // waiting request gets the error instead of waiting for ever
            event.preventDefault();
            var err = new Error("Die Suche ist ausgefallen" + (event.message ? " (" + event.message + ")." : "."));
            reject(err);
            if (search.worker !== worker) return;
            var pending = search.pending;
            worker.terminate();
            search = { worker: null, ready: null, pending: {}, next: search.next };
            Object.keys(pending).forEach(function (id) {
              pending[id].reject(err);
            });
          };
          worker.postMessage({ type: "start", base: base, manifest: m });
        });
      });
    search.ready = ready;
    ready.catch(function () {
      // a failed start: the waiting requests get its error (askSearch); the next starts anew
      if (search.ready !== ready) return;
      if (search.worker) search.worker.terminate();
      search.worker = null;
      search.ready = null;
    });
    return ready;
  }

  /* Ask the worker ("suggest" or "analyse", tafl_web/worker.py); resolves to its answer
   * (an object, perhaps {error}), rejects with {cancelled: true} after stopSearch(). */
  function askSearch(type, request) {
    var id = search.next++;
    var promise = new Promise(function (resolve, reject) {
      search.pending[id] = { resolve: resolve, reject: reject };
    });
    searchWorker().then(
      function (worker) {
        if (search.pending[id]) worker.postMessage({ id: id, type: type, request: JSON.stringify(request) });
      },
      function (err) {
        var waiting = search.pending[id];
        delete search.pending[id];
        if (waiting) waiting.reject(err);
      }
    );
    return promise;
  }

  /* End the worker now (whatever it computes is dropped); the next request starts anew. */
  function stopSearch() {
    if (search.worker) search.worker.terminate();
    var pending = search.pending;
    search = { worker: null, ready: null, pending: {}, next: search.next };
    Object.keys(pending).forEach(function (id) {
      pending[id].reject({ cancelled: true });
    });
  }

  function later(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  /* The download size for a start button: " (5,2 MB)", empty once the runtime is cached. */
  function sizeNote(button, name) {
    if (!RUNTIME) return;
    var note = el("span", { "data-tafl-groesse": "" }, " (" + megabytes(RUNTIME.download) + ")");
    button.appendChild(note);
    var label = function () {
      var text = button.textContent;
      button.setAttribute("aria-label", name ? text + ": " + name : text);
    };
    label();
    cached().then(function (has) {
      if (has) note.textContent = "";
      label();
    });
    new MutationObserver(label).observe(note, { childList: true, characterData: true, subtree: true });
  }

  /* The German sentence of an error: a Python error arrives with its whole traceback, whose
   * last line is "module.SomeError: sentence"; only the sentence is shown. */
  function reason(err) {
    var lines = String((err && err.message) || err).trim().split("\n");
    var last = lines[lines.length - 1];
    var m = /^[\w.]+(?:Error|Exception): (.*)$/.exec(last);
    return m ? m[1] : last;
  }

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
  }

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
    this.button("ende", "Zug beenden", function () {
      this.ask("end_turn");
    });
    this.button("zurueck", "Zurück", function () {
      this.back();
    });
    if (this.kind === "spielbrett") {
      this.button("abbrechen", "Abbrechen", function () {
        this.stop();
      });
      this.buttons.abbrechen.hidden = true;
      this.button("weiter", "Computer ziehen lassen", function () {
        this.paused = null;
        this.maybeThink();
      });
      this.buttons.weiter.hidden = true;
    }
    if (this.kind === "beispiel") {
      this.button("abspielen", "Beispiel abspielen", function () {
        this.replay();
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
    if (this.kind === "beispiel" || this.kind === "spielbrett") {
      this.button("analyse", "Analyse", function () {
        this.toggleAnalysis();
      });
      this.buttons.analyse.setAttribute("aria-pressed", "false");
    }
    this.button("zoom", "Vergrößern", function () {
      this.zoom(!this.root.classList.contains("tafl-brett--gross"));
    });
    this.buttons.zoom.hidden = true;
    if (this.kind === "spielbrett") {
      this.button("partie", "Partie kopieren", function () {
        this.showExport(true);
      });
    }
    // a contributor tool: shown only with the "Mitwirken" switch on (class tafl-contrib)
    this.button("kopieren", "Als Beispiel kopieren", function () {
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
    var yes = el("button", { type: "button", class: "md-button tafl-brett-knopf", "data-action": "abspielen-ja" }, "Ja, Beispiel abspielen");
    var no = el("button", { type: "button", class: "md-button tafl-brett-knopf", "data-action": "abspielen-nein" }, "Nein, weiterspielen");
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
    this.buttons.zoom.textContent = on ? "Verkleinern" : "Vergrößern";
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
    var meter = el("progress", { "aria-label": "Regel-Engine wird geladen" });
    var text = el("span", {}, "Lade die Regel-Engine …");
    bar.appendChild(meter);
    bar.appendChild(text);
    this.root.insertBefore(bar, this.root.firstChild);
    if (this.kind === "spielbrett") this.root.insertBefore(this.editor(), this.output);
    return loadEngine(function (state) {
      showProgress(meter, text, state);
    })
      .then(function (api) {
        self.api = api;
        self.id = api.create(self.options);
        bar.remove();
        self.render(api.call(self.id, "view"));
        self.root.removeAttribute("aria-busy");
        self.root.setAttribute("data-state", "ready");
        window.addEventListener("resize", function () {
          self.fit();
        });
        return self;
      })
      .catch(function (err) {
        text.textContent = "Die Engine konnte nicht geladen werden: " + reason(err);
        self.root.setAttribute("data-state", "error");
        throw err;
      });
  };

  /* A progress state {text, done, total} on a <progress> and its text: bytes received
   * while files arrive, an indeterminate bar while Python starts. */
  function showProgress(meter, text, state) {
    if (state.total) {
      meter.max = state.total;
      meter.value = state.done;
      text.textContent = state.text + " … " + megabytes(state.done) + " von " + megabytes(state.total);
    } else {
      meter.removeAttribute("value");
      text.textContent = state.text + (state.ready ? "." : " …");
    }
  }

  Board.prototype.ask = function (method, args) {
    if (!this.api) return;
    if (method !== "view") this.cancelThinking();
    this.root.setAttribute("data-state", "busy");
    var view = this.api.call(this.id, method, args);
    this.render(view);
    this.root.setAttribute("data-state", "ready");
    this.afterMove();
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
          self.status.textContent = "Der Computer denkt noch – „Abbrechen“ hält ihn an.";
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
      b.setAttribute("data-label", sq.label + (sq.target ? ", Zielfeld" : "") + (sq.selected ? ", gewählt" : ""));
      b.setAttribute("aria-label", b.getAttribute("data-label"));
      b.setAttribute("tabindex", index === self.focusIndex ? "0" : "-1");
    });
    this.layer.setAttribute("aria-label", "Brett, " + view.status);
    this.turnLine.textContent = this.opponent && view.outcome ? this.ending(view) : view.status;
    if (this.opponent && !view.outcome && !view.editing) this.turnLine.textContent += this.computerToMove() ? " (Computer)" : " (du)";
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
    var lines = view.move_pairs; // numbered by Python as OTN numbers them ("1. d1-d3 e4-e2")
    this.noMoves.hidden = lines.length > 0;
    while (list.children.length > lines.length) list.removeChild(list.lastChild);
    lines.forEach(function (text, i) {
      var item = list.children[i];
      if (!item) list.appendChild(el("li", {}, text));
      else if (item.textContent !== text) item.textContent = text;
    });
  };

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
    var state = this.api.call(this.id, "search_state");
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
          if (self.thinking !== token) return;
          self.render(self.api.call(self.id, "move", [step]));
        });
      });
    });
    return chain.then(function () {
      if (self.thinking === token && self.view.chain) self.render(self.api.call(self.id, "end_turn"));
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
    this.status.textContent =
      "Abgebrochen – der Computer zieht nicht. „Computer ziehen lassen“ setzt ihn wieder in Gang, „Zurück“ nimmt deinen Zug zurück.";
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
    if (on && this.status.textContent.indexOf("Der Computer denkt") < 0) {
      var said = this.view.message ? this.view.message + " " : "";
      this.status.textContent = said + "Der Computer denkt …";
    }
  };

  /* The end of a game against the computer: who won, then how. */
  Board.prototype.ending = function (view, text) {
    text = text || view.status;
    if (!view.winner) return text;
    var who = view.winner === this.opponent.side ? "Du hast gewonnen! " : "Der Computer hat gewonnen. ";
    return who + text;
  };

  /* ---- Analysis ("Analyse"): the engine's view of the position, from the worker -------- */

  var ANALYSIS_LEVEL = 4;

  Board.prototype.analysisPanel = function () {
    var box = el("section", { class: "tafl-analyse", hidden: "", "aria-label": "Analyse" });
    this.analysisText = el("p", { class: "tafl-analyse-stand", "aria-live": "polite" });
    this.verdict = el("p", { class: "tafl-analyse-urteil" });
    var scale = el("div", { class: "tafl-analyse-skala" });
    this.meter = el("div", {
      class: "tafl-analyse-balken",
      role: "meter",
      "aria-label": "Bewertung",
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
    this.legend = el("ul", { class: "tafl-analyse-legende", "aria-label": "Markierte Felder" });
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
      "Bewertung: −100 " + names.defenders + " gewinnen, +100 " + names.attackers + " gewinnen"
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
      this.analysisText.textContent = "Die Analyse beginnt, sobald gespielt wird.";
      this.analysisBox.setAttribute("data-analyse", "wartet");
      return;
    }
    if (this.view.chain) {
      this.analysisText.textContent = "Die Analyse folgt, wenn der Berserker-Zug beendet ist.";
      this.analysisBox.setAttribute("data-analyse", "wartet");
      return;
    }
    var state = this.api.call(this.id, "search_state");
    var key = JSON.stringify(state);
    if (this.analysing || (this.analysed && this.analysed.key === key)) {
      if (!this.analysing) this.markSquares();
      return;
    }
    this.analysing = key;
    this.analysisBox.setAttribute("data-analyse", "rechnet");
    this.analysisText.textContent = "Die Analyse rechnet …";
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
        self.analysisText.textContent = err && err.cancelled ? "Die Analyse wurde abgebrochen; sie rechnet nach dem nächsten Zug weiter." : reason(err);
      }
    );
  };

  /* The key of the position shown, to tell whether an analysis belongs to it. */
  Board.prototype.positionKey = function () {
    return this.view && !this.view.editing ? JSON.stringify(this.api.call(this.id, "search_state")) : null;
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
    this.line.textContent = answer.line.length ? "Beste Fortsetzung: " : "";
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
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ", Analyse: " + label);
    });
  };

  /* "Als Beispiel kopieren" (a contributor tool, class tafl-contrib). */
  Board.prototype.showExport = function (gameOnly) {
    var data = this.api.call(this.id, "export");
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

  /* "Ausprobieren" on an example figure. */
  function initExample(wrap) {
    var figure = wrap.closest("figure");
    var data = JSON.parse(wrap.querySelector("script.tafl-brett-daten").textContent);
    var button = wrap.querySelector("button");
    wrap.hidden = false;
    sizeNote(button, (button.getAttribute("aria-label") || "").replace(/^Ausprobieren:\s*/, ""));
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

  /* "Gegen den Computer" of the free board: the chooser's settings ({side, level}, the
   * reader's side) or null for two players; "?gegner=1" in the address switches it on. */
  function opponentControls(wrap) {
    var box = wrap.querySelector(".tafl-gegner-wahl");
    if (!box) return null;
    var on = box.querySelector("#tafl-gegner");
    var side = box.querySelector("#tafl-seite");
    var level = box.querySelector("#tafl-stufe");
    var params = new URLSearchParams(location.search);
    if (params.get("gegner") === "1") on.checked = true;
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
    button.textContent = "Spielbrett starten";
    sizeNote(button, "");
    preloadWhenIdle(button);
    if (opponent) {
      // with the computer chosen, its worker starts once the page's engine is loaded
      var warm = function () {
        var thrifty = navigator.connection && navigator.connection.saveData;
        if (opponent.value() && !thrifty) whenIdle(function () {
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
      list.appendChild(el("h2", {}, "Züge"));
      board.moveList = el("ol", { class: "tafl-brett-zugpaare" });
      board.noMoves = el("p", {}, "Noch kein Zug gespielt.");
      list.appendChild(board.noMoves);
      list.appendChild(board.moveList);
      board.root.appendChild(list);
      board.start().then(
        function () {
          button.disabled = false;
          button.textContent = "Neu beginnen";
          board.maybeThink();
        },
        function () {
          button.disabled = false;
        }
      );
    });
  }

  /* For docs/javascripts/tafl-exercise.js: the live board, which it extends for exercises,
   * and the download size note for its start button. */
  window.TaflBoard = { Board: Board, sizeNote: sizeNote, el: el };

  function whenIdle(task) {
    if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 4000 });
    else setTimeout(task, 1500);
  }

  /* The free board: load the engine as soon as the page is idle (not on "Daten sparen"),
   * saying how far it got next to the start button. */
  function preloadWhenIdle(button) {
    var connection = navigator.connection;
    if (connection && connection.saveData) return;
    var note = el("span", { class: "tafl-vorladen" });
    button.parentNode.insertBefore(note, button.nextSibling);
    whenIdle(function () {
      loadEngine(function (state) {
        if (state.ready) note.textContent = "Regel-Engine bereit.";
        else note.textContent = state.text + (state.total ? " … " + megabytes(state.done) + " von " + megabytes(state.total) : " …");
      }).catch(function () {
        note.textContent = "";
      });
    });
  }

  function init() {
    var examples = document.querySelectorAll(".tafl-ausprobieren");
    var free = document.querySelectorAll(".tafl-spielbrett");
    examples.forEach(initExample);
    free.forEach(initFree);
    if (examples.length || free.length) whenIdle(registerWorker);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
