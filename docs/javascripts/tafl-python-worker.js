/*
 * The Python workers: a Web Worker with its own Pyodide and the engine, so that neither
 * the start of Python nor a search ever stops the page. One script, two jobs, started by
 * the page (module workers: Pyodide refuses classic ones):
 *
 * - the engine (tafl-engine.js): {type: "start", base, manifest, module: "tafl_web.api",
 *   engine (the zip, an ArrayBuffer), stdLibURL, text}, then {id, type: "create", options} and
 *   {id, type: "call", key, method, args, state}: the session's answer, and with `state`
 *   also its search_state (JSON texts in, objects out);
 * - the search (tafl-search.js): {type: "start", base, manifest, module: "tafl_web.worker", text},
 *   then {id, type: "suggest" | "analyse", request: JSON text};
 * - the workshop (tafl-werkstatt.js): the same with module: "tafl_web.workshop" and
 *   {id, type: "check" | "propose", request: JSON text}.
 *
 * Answers: {type: "ready"}, {id, answer} or {id, error} and {type: "failed", message}.
 * It contains no rule and no German sentence of the engine: tafl_web does. Its own few
 * German words come with the start message (`text`: the page's TaflText table, by key).
 */
"use strict";

var bridge = null; // Promise of the Python module (tafl_web.api or tafl_web.worker)
var texts = {}; // the page's TaflText table (tafl_docs/data/page_text.toml), from "start"

/* The text of `key` with each {name} filled in (as TaflText.t on the page). */
function say(key, values) {
  var text = texts[key];
  if (typeof text !== "string") {
    console.error("tafl-python-worker: unknown key " + key);
    return key;
  }
  return text.replace(/\{([a-z][A-Za-z0-9]*)\}/g, function (match, name) {
    return values && name in values ? String(values[name]) : match;
  });
}

function fetched(url, as) {
  return fetch(url).then(function (r) {
    if (!r.ok) throw new Error(say("load.file-failed", { url: url }));
    return r[as]();
  });
}

/* Pyodide starts only in a module worker (it refuses classic ones), where importScripts is
 * missing: its loader (pyodide.js, which defines `loadPyodide`) is read as text and run. */
function start(data) {
  var base = data.base;
  var m = data.manifest;
  var module = data.module || "tafl_web.worker";
  return fetched(base + m.pyodide + "pyodide.js", "text")
    .then(function (source) {
      var exported = new Function(source + "\n;return loadPyodide;")();
      var loadPyodide = typeof exported === "function" ? exported : exported.loadPyodide;
      return Promise.all([
        loadPyodide({ indexURL: base + m.pyodide, stdLibURL: data.stdLibURL || base + m.stdlib, lockFileContents: m.lock }),
        data.engine || fetched(base + m.engine, "arrayBuffer"),
      ]);
    })
    .then(function (got) {
      var py = got[0];
      py.unpackArchive(got[1], "zip", { extractDir: m.engineDir });
      py.runPython("import sys\nsys.path.insert(0, " + JSON.stringify(m.engineDir) + ")\nimport " + module);
      return py.pyimport(module);
    });
}

/* One request of the engine: a new session, or a method of one (its view, perhaps also
 * its search_state, both parsed here so the page's thread parses nothing big). */
function engineAnswer(api, data) {
  if (data.type === "create") return api.create(data.options);
  var answer = { view: JSON.parse(api.call(data.key, data.method, data.args)) };
  if (data.state) answer.state = JSON.parse(api.call(data.key, "search_state", "[]"));
  return answer;
}

function searchAnswer(worker, data) {
  try {
    return worker[data.type](data.request);
  } catch (err) {
    return JSON.stringify({ error: say("search.failed") });
  }
}

self.onmessage = function (event) {
  var data = event.data || {};
  if (data.type === "start") {
    if (!bridge) {
      texts = data.text || {};
      bridge = start(data);
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
  if (!bridge) return;
  bridge.then(function (py) {
    if (["suggest", "analyse", "check", "propose"].indexOf(data.type) >= 0) {
      self.postMessage({ id: data.id, answer: searchAnswer(py, data) });
      return;
    }
    try {
      self.postMessage({ id: data.id, answer: engineAnswer(py, data) });
    } catch (err) {
      self.postMessage({ id: data.id, error: String((err && err.message) || err) });
    }
  }, function () {});
};
