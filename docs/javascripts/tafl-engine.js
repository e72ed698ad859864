/*
 * "Ausprobieren" and "Spielbrett": the real Python engine (tafl_core) in the browser.
 *
 * This file contains no rule. It starts Pyodide with the engine zip (tafl-engine-files.js
 * fetches them) once per visit, in a Web Worker (tafl-python-worker.js), so the page never
 * freezes; reports progress to every board waiting for it; and hands out the bridge to
 * tafl_web.api: create a session, call one of its methods (answers come as Promises).
 * The files are fetched ahead when a reader shows intent (a start button under the pointer,
 * focused or in view, or the page idle), never on "Daten sparen". Also small helpers the
 * board files share (size note, error sentence, idle time).
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var el = TB.el;
  var siteRoot = TB.siteRoot;
  var RUNTIME = TB.RUNTIME;
  var megabytes = TB.megabytes;
  var manifest = TB.manifest;
  var cached = TB.cached;
  var registerWorker = TB.registerWorker;
  var fetchRuntime = TB.fetchRuntime;
  var engine = null; // Promise of the bridge, shared by every board of the visit
  var files = null; // Promise of {m, got}: the runtime files are here (cache or memory)

  var listeners = []; // progress callbacks of everyone waiting for the engine
  var lastProgress = null;

  function report(state) {
    lastProgress = state;
    listeners.forEach(function (listener) {
      listener(state);
    });
  }

  /* Fetch the runtime files once (into the service worker's cache where there is one):
   * on the first press, or earlier when a reader shows intent (prefetch). */
  function loadFiles() {
    if (files) return files;
    var base = new URL("assets/tafl/", new URL(siteRoot, document.baseURI)).href;
    files = manifest().then(function (m) {
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
            return { m: m, got: got, base: base };
          });
      });
    });
    files.catch(function () {
      files = null; // a later press may try again
      lastProgress = null;
    });
    return files;
  }

  var WORKER = siteRoot + "javascripts/tafl-python-worker.js";

  /* The address to start a Python worker from. The worker's script is kept in the runtime's
   * cache too (fetched anew whenever the network answers), and started from a copy in
   * memory (a blob), so a page whose network has gone starts its worker all the same. */
  function workerURL() {
    var name = RUNTIME && window.caches ? "tafl-laufzeit-" + RUNTIME.version : null;
    if (!name) return Promise.resolve(WORKER);
    return caches
      .open(name)
      .then(function (cache) {
        return fetch(WORKER, { cache: "no-cache" })
          .then(function (response) {
            if (!response.ok) throw new Error(WORKER);
            return cache.put(WORKER, response.clone()).then(function () {
              return response;
            });
          })
          .catch(function () {
            return cache.match(WORKER).then(function (hit) {
              if (!hit) throw new Error(WORKER);
              return hit;
            });
          });
      })
      .then(function (response) {
        return response.text();
      })
      .then(function (text) {
        return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
      })
      .catch(function () {
        return WORKER;
      });
  }

  /* The engine's worker (tafl-python-worker.js with tafl_web.api): Python starts and runs
   * there, so the page's thread is never blocked, neither while Python starts (seconds of
   * one uninterruptible task) nor by a session's answer. Resolves to the bridge: create a
   * session, call one of its methods; both answer with a Promise. */
  function startWorker(here, url) {
    var pending = {};
    var next = 1;
    var worker = new Worker(url, { type: "module" });
    function ask(message) {
      message.id = next++;
      return new Promise(function (resolve, reject) {
        pending[message.id] = { resolve: resolve, reject: reject };
        worker.postMessage(message);
      });
    }
    var bridge = {
      create: function (options) {
        return ask({ type: "create", options: JSON.stringify(options) });
      },
      /* The session's answer {view, state}: state (its search_state) only when asked. */
      call: function (key, method, args, state) {
        return ask({ type: "call", key: key, method: method, args: JSON.stringify(args || []), state: !!state });
      },
    };
    return new Promise(function (resolve, reject) {
      worker.onmessage = function (event) {
        var data = event.data || {};
        if (data.type === "ready") resolve(bridge);
        else if (data.type === "failed") reject(new Error(data.message));
        else if (pending[data.id]) {
          var waiting = pending[data.id];
          delete pending[data.id];
          if (data.error) waiting.reject(new Error(data.error));
          else waiting.resolve(data.answer);
        }
      };
      worker.onerror = function (event) {
        event.preventDefault();
        var err = new Error(event.message ? t("load.crashed-why", { why: event.message }) : t("load.crashed"));
        reject(err);
        Object.keys(pending).forEach(function (id) {
          pending[id].reject(err);
        });
        pending = {};
        engine = null; // the next press starts a new one
      };
      if (window.performance && performance.mark) performance.mark("tafl-python-start");
      worker.postMessage({
        type: "start",
        base: here.base,
        manifest: here.m,
        module: "tafl_web.api",
        engine: here.got.engine,
        stdLibURL: here.got.stdLibURL,
        text: window.TaflText.table(),
      });
    });
  }

  /* Start the engine once; every caller's `progress` gets a state: {done, total} while
   * files arrive, {preparing: true} while Python starts, {ready: true} (progressText). */
  function loadEngine(progress) {
    if (progress) {
      if (!lastProgress || !lastProgress.ready) listeners.push(progress);
      if (lastProgress) progress(lastProgress);
    }
    if (engine) return engine;
    engine = loadFiles()
      .then(function (here) {
        report({ preparing: true });
        return workerURL().then(function (url) {
          return startWorker(here, url);
        });
      })
      .then(function (bridge) {
        if (window.performance && performance.mark) performance.mark("tafl-python-bereit");
        report({ ready: true });
        document.querySelectorAll("[data-tafl-groesse]").forEach(function (node) {
          node.textContent = "";
        });
        return bridge;
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

  function thrifty() {
    var connection = navigator.connection;
    return !!(connection && connection.saveData);
  }

  /* A reader shows intent: the pointer over a start button, the focus on it, a finger on
   * it – the engine starts now, not only on the press (never on "Daten sparen"). */
  function onIntent(button) {
    if (thrifty()) return;
    var go = function () {
      loadEngine().catch(function () {});
    };
    ["pointerenter", "focus", "touchstart"].forEach(function (type) {
      button.addEventListener(type, go, { once: true, passive: true });
    });
  }

  /* The first start button of a page scrolled into view: the files are fetched (and cached),
   * Python is not started yet (it takes the processor; intent or the press start it). */
  /* Fetch the files once the reader scrolls the first start button into view: the watch
   * begins with the reader's first scroll, so a button already in view when the page opens
   * (the start page's examples) costs nothing until the reader does something. */
  function prefetchWhenSeen(button) {
    if (thrifty() || !window.IntersectionObserver) return function () {};
    var seen = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      seen.disconnect();
      loadFiles().catch(function () {});
    });
    var arm = function () {
      seen.observe(button);
    };
    window.addEventListener("scroll", arm, { once: true, passive: true });
    return function () {
      window.removeEventListener("scroll", arm);
      seen.disconnect();
    };
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


  /* The words of a progress state: bytes received while files arrive, then preparing. */
  function progressText(state) {
    if (state.ready) return t("load.ready");
    if (state.preparing) return t("load.preparing");
    if (state.total) return t("load.bytes", { done: megabytes(state.done), total: megabytes(state.total) });
    return t("load.loading");
  }

  /* A progress state on a <progress> and its text: bytes received while files arrive, an
   * indeterminate bar while Python starts. */
  function showProgress(meter, text, state) {
    if (state.total && !state.preparing && !state.ready) {
      meter.max = state.total;
      meter.value = state.done;
    } else {
      meter.removeAttribute("value");
    }
    text.textContent = progressText(state);
  }

  function whenIdle(task) {
    if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 4000 });
    else setTimeout(task, 1500);
  }

  TB.report = report;
  TB.loadEngine = loadEngine;
  TB.workerURL = workerURL;
  TB.onIntent = onIntent;
  TB.prefetchWhenSeen = prefetchWhenSeen;
  TB.thrifty = thrifty;
  /* The runtime files (the manifest once they are here): the search worker starts on them
   * while the page's Python is still starting, and fetches nothing a second time. */
  TB.runtimeFiles = function () {
    return loadFiles().then(function (loaded) {
      return loaded.m;
    });
  };
  TB.later = later;
  TB.sizeNote = sizeNote;
  TB.reason = reason;
  TB.showProgress = showProgress;
  TB.progressText = progressText;
  TB.whenIdle = whenIdle;
})();
