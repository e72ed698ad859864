/*
 * The live board's runtime files: the manifest (window.TAFL_RUNTIME, written by the build
 * into javascripts/tafl-runtime.js), the service worker (tafl-sw.js) that keeps them, and
 * the download with bytes received. Opens the shared namespace window.TaflBoard, which the
 * other tafl-*.js files of the board extend in the order mkdocs.yml lists them. What is
 * fetched and why: notes/board-loading.md.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var script = document.currentScript;
  var TB = (window.TaflBoard = window.TaflBoard || {});
  var siteRoot = script ? script.src.replace(/javascripts\/tafl-engine-files\.js(\?.*)?$/, "") : "./";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      node.setAttribute(key, attrs[key]);
    });
    if (text) node.textContent = text;
    return node;
  }

  /* ---- Loading: what is fetched, with bytes received, kept by the service worker ------ */

  /* The manifest of the runtime files (tafl_docs/browser_runtime.py writes it into
   * javascripts/tafl-runtime.js at build time): file paths below assets/tafl/, their sizes
   * and gzip copies, the download size, the version hash, Pyodide's (empty) package lock.
   * Missing when that script is not there; then runtime.json is read on the first press. */
  var RUNTIME = window.TAFL_RUNTIME || null;
  var CACHE_PREFIX = "tafl-laufzeit-";
  var TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript", zip: "application/zip" };
  var worker = null; // Promise: does a service worker control this page?

  function megabytes(bytes) {
    var mb = bytes / 1e6;
    return mb.toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " MB";
  }

  function manifest() {
    if (RUNTIME) return Promise.resolve(RUNTIME);
    return fetch(siteRoot + "assets/tafl/runtime.json").then(function (r) {
      if (!r.ok) throw new Error(t("load.manifest-missing"));
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
      if (!response.ok) throw new Error(t("load.file-failed", { url: url }));
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
          TB.report({ done: done, total: total });
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
      TB.report({ done: done, total: total });
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

  /* The JSON a start button's wrapper carries in <template class="…"> (written by the build;
   * a <template>, never a <script>: instant navigation runs every script of a page). */
  TB.data = function (wrap, name) {
    return JSON.parse(wrap.querySelector("template." + name).content.textContent);
  };

  TB.siteRoot = siteRoot;
  TB.el = el;
  TB.RUNTIME = RUNTIME;
  TB.megabytes = megabytes;
  TB.manifest = manifest;
  TB.cached = cached;
  TB.registerWorker = registerWorker;
  TB.fetchRuntime = fetchRuntime;
})();
