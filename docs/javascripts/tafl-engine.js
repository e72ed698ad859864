/*
 * "Ausprobieren" and "Spielbrett": the real Python engine (tafl_core) in the browser.
 *
 * This file contains no rule. It starts Pyodide with the engine zip (tafl-engine-files.js
 * fetches them) once per visit, reports progress to every board waiting for it, and hands
 * out the bridge to tafl_web.api: create a session, call one of its methods (JSON in and
 * out). Also small helpers the board files share (size note, error sentence, idle time).
 */
(function () {
  "use strict";

  var TB = window.TaflBoard;
  var el = TB.el;
  var siteRoot = TB.siteRoot;
  var RUNTIME = TB.RUNTIME;
  var megabytes = TB.megabytes;
  var manifest = TB.manifest;
  var cached = TB.cached;
  var registerWorker = TB.registerWorker;
  var fetchRuntime = TB.fetchRuntime;
  var loadScript = TB.loadScript;
  var engine = null; // Promise of the bridge, shared by every board on the page

  var listeners = []; // progress callbacks of everyone waiting for the engine
  var lastProgress = null;

  function report(state) {
    lastProgress = state;
    listeners.forEach(function (listener) {
      listener(state);
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

  function whenIdle(task) {
    if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 4000 });
    else setTimeout(task, 1500);
  }

  TB.report = report;
  TB.loadEngine = loadEngine;
  TB.later = later;
  TB.sizeNote = sizeNote;
  TB.reason = reason;
  TB.showProgress = showProgress;
  TB.whenIdle = whenIdle;
})();
