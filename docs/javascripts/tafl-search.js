/*
 * The search client: the computer's turn and the analysis ask a Web Worker with its own
 * Pyodide (tafl-python-worker.js → tafl_web/worker.py), never the page's thread.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var TB = window.TaflBoard;
  var siteRoot = TB.siteRoot;

  /* ---- The search: a Web Worker with its own Pyodide (tafl-python-worker.js) ---------- */

  /* The computer's turn and the analysis run there, never on the page's thread: the page
   * keeps answering while the search thinks. One worker for every board of the visit,
   * started once the page's engine has the runtime files (from the cache the page filled),
   * in parallel with the page's own Python; "Abbrechen" ends it at once, the next request
   * starts a new one. */
  var search = { worker: null, ready: null, pending: {}, next: 1 };

  function searchWorker() {
    if (search.ready) return search.ready;
    var base = new URL("assets/tafl/", new URL(siteRoot, document.baseURI)).href;
    var ready = TB.runtimeFiles()
      .then(function (m) {
        return TB.workerURL().then(function (url) {
          return [m, url];
        });
      })
      .then(function (got) {
        var m = got[0];
        return new Promise(function (resolve, reject) {
          if (window.performance && performance.mark) performance.mark("tafl-suche-start");
          var worker = new Worker(got[1], { type: "module" });
          search.worker = worker;
          worker.onmessage = function (event) {
            var data = event.data || {};
            if (data.type === "ready") {
              if (window.performance && performance.mark) performance.mark("tafl-suche-bereit");
              resolve(worker);
            }
            else if (data.type === "failed") reject(new Error(t("search.start-failed", { why: data.message })));
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
            var err = new Error(event.message ? t("search.crashed-why", { why: event.message }) : t("search.crashed"));
            reject(err);
            if (search.worker !== worker) return;
            var pending = search.pending;
            worker.terminate();
            search = { worker: null, ready: null, pending: {}, next: search.next };
            Object.keys(pending).forEach(function (id) {
              pending[id].reject(err);
            });
          };
          worker.postMessage({ type: "start", base: base, manifest: m, text: window.TaflText.table() });
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

  TB.searchWorker = searchWorker;
  TB.askSearch = askSearch;
  TB.stopSearch = stopSearch;
})();
