/*
 * The site's service worker (built into the site root as tafl-sw.js by
 * tafl_docs/browser_runtime.py, which fills in CONFIG): it keeps the board's runtime files
 * (Pyodide, the cut-down standard library, the engine) so that every later page starts its
 * board without downloading them again, also offline.
 *
 * Only the versioned files of assets/tafl/ are answered, cache-first; every other request
 * of the site goes to the network untouched. The cache is named after a hash over all
 * runtime files: a new build brings a new worker with a new name, which deletes the old
 * cache when it takes over. It never asks another host.
 */
"use strict";

var CONFIG = /*TAFL_SW*/ null;
var CACHE = "tafl-laufzeit-" + CONFIG.version;
var PREFIX = "tafl-laufzeit-";
var base = new URL("assets/tafl/", self.registration.scope).href;
var wanted = new Set(
  CONFIG.files.map(function (path) {
    return base + path;
  })
);

self.addEventListener("install", function (event) {
  // Page loads never wait for this worker to start: they go straight to the network
  // (static routing, where the browser has it; elsewhere the fetch handler lets them pass).
  if (event.addRoutes) {
    try {
      var routed = event.addRoutes({ condition: { requestMode: "navigate" }, source: "network" });
      event.waitUntil(Promise.resolve(routed).catch(function () {}));
    } catch (err) {
      // an older form of the routing API: the fetch handler serves as before
    }
  }
  self.skipWaiting(); // nothing to fetch here: the page fills the cache on the first press
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(PREFIX) === 0 && name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = request.url.split(/[?#]/)[0];
  if (!wanted.has(url)) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(url).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          if (response.ok && response.type === "basic") cache.put(url, response.clone());
          return response;
        });
      });
    })
  );
});
