/*
 * The search Web Worker: its own Pyodide with the engine, so that the computer's turn and
 * the analysis never stop the page. Started by tafl-search.js (searchWorker), which sends
 * (as a module worker) first {type: "start", base, manifest} (the same runtime files the page loads, from the
 * same addresses, answered by the service worker's cache), then requests
 * {id, type: "suggest" | "analyse", request: JSON text}. Answers: {type: "ready"},
 * {id, answer: JSON text from tafl_web.worker} or {type: "failed", message}.
 * It contains no rule and no German sentence of the engine: tafl_web/worker.py does.
 */
"use strict";

var bridge = null; // Promise of tafl_web.worker

function fetched(url, as) {
  return fetch(url).then(function (r) {
    if (!r.ok) throw new Error("Datei nicht geladen: " + url);
    return r[as]();
  });
}

/* Pyodide starts only in a module worker (it refuses classic ones), where importScripts is
 * missing: its loader (pyodide.js, which defines `loadPyodide`) is read as text and run. */
function start(base, m) {
  return fetched(base + m.pyodide + "pyodide.js", "text")
    .then(function (source) {
      var exported = new Function(source + "\n;return loadPyodide;")();
      var loadPyodide = typeof exported === "function" ? exported : exported.loadPyodide;
      return Promise.all([
        loadPyodide({ indexURL: base + m.pyodide, stdLibURL: base + m.stdlib, lockFileContents: m.lock }),
        fetched(base + m.engine, "arrayBuffer"),
      ]);
    })
    .then(function (got) {
      var py = got[0];
      py.unpackArchive(got[1], "zip", { extractDir: "/home/pyodide/tafl" });
      py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/tafl')\nimport tafl_web.worker");
      return py.pyimport("tafl_web.worker");
    });
}

self.onmessage = function (event) {
  var data = event.data || {};
  if (data.type === "start") {
    if (!bridge) {
      bridge = start(data.base, data.manifest);
      bridge.then(
        function () {
          self.postMessage({ type: "ready" });
        },
        function (err) {
          self.postMessage({ type: "failed", message: String((err && err.message) || err) });
        }
      );
    }
    return;
  }
  if (!bridge || (data.type !== "suggest" && data.type !== "analyse")) return;
  bridge.then(function (worker) {
    var answer;
    try {
      answer = worker[data.type](data.request);
    } catch (err) {
      answer = JSON.stringify({ error: "Die Suche ist abgebrochen (ein Fehler in der Engine)." });
    }
    self.postMessage({ id: data.id, answer: answer });
  }, function () {});
};
