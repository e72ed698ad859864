/*
 * Build step (started by tafl_docs/bytecode.py): Pyodide under Node compiles the board's
 * Python files to its own bytecode.
 *
 *   node bytecode_driver.cjs DIR ENGINE_DIR ENTRIES
 *
 * DIR holds pyodide.js, pyodide.asm.mjs, pyodide.asm.wasm and pyodide-lock.json of the pinned
 * package, stdlib.zip (the standard library the site ships, its sources), engine.zip (the
 * engine's sources) and bytecode_pyodide.py; ENGINE_DIR is where the browser's worker unpacks
 * the engine; ENTRIES the modules it imports, comma-separated. Writes DIR/bytecode.zip.
 * Nothing is fetched: every file comes from DIR.
 */
"use strict";

const fs = require("fs");
const path = require("path");

async function main() {
  const [dir, engineDir, entries] = process.argv.slice(2);
  const { loadPyodide } = require(path.join(dir, "pyodide.js"));
  const py = await loadPyodide({
    indexURL: dir + path.sep,
    stdLibURL: path.join(dir, "stdlib.zip"),
  });
  py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(dir, "engine.zip"))), "zip", {
    extractDir: engineDir,
  });
  // the board's start, as tafl-python-worker.js does it; then the files of what loaded
  const imports = entries.split(",").map((name) => "import " + name);
  py.runPython(["import sys", "sys.path.insert(0, " + JSON.stringify(engineDir) + ")", ...imports].join("\n"));
  const files = py.runPython("[getattr(m, '__file__', None) or '' for m in list(sys.modules.values())]");
  const scope = py.globals.get("dict")();
  py.runPython(fs.readFileSync(path.join(dir, "bytecode_pyodide.py"), "utf8"), {
    globals: scope,
  });
  const compile = scope.get("compile_runtime");
  compile(engineDir, files, "/tmp/bytecode.zip");
  fs.writeFileSync(path.join(dir, "bytecode.zip"), py.FS.readFile("/tmp/bytecode.zip"));
}

main().catch((err) => {
  console.error(String((err && err.message) || err));
  process.exit(1);
});
