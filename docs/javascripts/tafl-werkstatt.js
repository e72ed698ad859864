/*
 * The workshop page (docs/werkstatt.md): one ```tafl block checked as the reader types.
 *
 * It contains no rule and no German sentence: the check is tafl_web/workshop.py (the same
 * check_block as `tafl check`) in a Web Worker with its own Pyodide (tafl-python-worker.js),
 * the texts are data attributes of the page. Typing is debounced; only the newest text is
 * checked (one request at a time, a newer text waits and replaces an older waiting one).
 * A check that runs too long (an exercise's proof) is stopped by terminating the worker,
 * which is started anew at once. Nothing leaves the browser before "Vorschlagen", and then
 * only as an address the reader opens (GitHub's new-issue form or its web editor).
 */
(function () {
  "use strict";

  var TB = window.TaflBoard;
  var STORE = "tafl-werkstatt"; // sessionStorage: what the example's tools or a card hand over
  var DELAY = 250; // ms of quiet typing before a check
  var shop = { worker: null, ready: null, pending: {}, next: 1 };

  function mark(name) {
    if (window.performance && performance.mark) performance.mark(name);
  }

  /* The workshop's worker: started once per visit (instant navigation keeps it). */
  function workshopWorker() {
    if (shop.ready) return shop.ready;
    var base = new URL("assets/tafl/", new URL(TB.siteRoot, document.baseURI)).href;
    var mine = shop;
    mine.ready = TB.runtimeFiles()
      .then(function (m) {
        return TB.workerURL().then(function (url) {
          return new Promise(function (resolve, reject) {
            mark("tafl-werkstatt-start");
            var worker = new Worker(url, { type: "module" });
            mine.worker = worker;
            worker.onmessage = function (event) {
              var data = event.data || {};
              if (data.type === "ready") {
                mark("tafl-werkstatt-bereit");
                resolve(worker);
              } else if (data.type === "failed") reject(new Error(data.message));
              else if (mine.pending[data.id]) {
                var waiting = mine.pending[data.id];
                delete mine.pending[data.id];
                waiting.resolve(JSON.parse(data.answer));
              }
            };
            worker.onerror = function (event) {
              event.preventDefault();
              reject(new Error(event.message || "worker"));
              stop();
            };
            worker.postMessage({ type: "start", base: base, manifest: m, module: "tafl_web.workshop",
              text: window.TaflText.table() });
          });
        });
      });
    mine.ready.catch(function () {
      if (shop === mine) shop = { worker: null, ready: null, pending: {}, next: mine.next };
    });
    return mine.ready;
  }

  /* Ask the worker ("check" or "propose"); rejects with {cancelled: true} after stop(). */
  function ask(type, request) {
    var mine = shop;
    var id = mine.next++;
    var promise = new Promise(function (resolve, reject) {
      mine.pending[id] = { resolve: resolve, reject: reject };
    });
    workshopWorker().then(
      function (worker) {
        if (mine.pending[id]) worker.postMessage({ id: id, type: type, request: JSON.stringify(request) });
      },
      function (err) {
        var waiting = mine.pending[id];
        delete mine.pending[id];
        if (waiting) waiting.reject(err);
      }
    );
    return promise;
  }

  /* End the worker now (a proof under way is dropped) and start a fresh one. */
  function stop() {
    var old = shop;
    if (old.worker) old.worker.terminate();
    shop = { worker: null, ready: null, pending: {}, next: old.next };
    Object.keys(old.pending).forEach(function (id) {
      old.pending[id].reject({ cancelled: true });
    });
    mark("tafl-werkstatt-neustart");
    workshopWorker().catch(function () {});
  }

  /* The repository and branch from the page's own edit link (set by the build from the
   * site's configuration), or null when the site names no repository. */
  function repository() {
    var edit = document.querySelector('a.md-content__button[href*="/edit/"]');
    if (!edit) return null;
    var m = /^(https:\/\/.+?)\/edit\/([^/]+)\//.exec(edit.href);
    return m ? { url: m[1], branch: decodeURIComponent(m[2]) } : null;
  }

  function taken() {
    try {
      var raw = window.sessionStorage.getItem(STORE);
      window.sessionStorage.removeItem(STORE);
      return raw ? JSON.parse(raw) : null;
    } catch (e) {
      return null;
    }
  }

  function init() {
    var root = document.querySelector(".tafl-werkstatt");
    if (!root) return;
    var q = function (sel) {
      return root.querySelector(sel);
    };
    var text = q(".tafl-werkstatt-text");
    var state = q(".tafl-werkstatt-zustand");
    var list = q(".tafl-werkstatt-fehler");
    var pictures = q(".tafl-werkstatt-bilder");
    var fillButton = q(".tafl-werkstatt-fuellen");
    var stopButton = q(".tafl-werkstatt-stopp");
    var said = root.dataset;
    var given = taken() || {};
    var live = true;
    var timer = null;
    var clock = null;
    var busy = false;
    var waiting = null; // the newest request not yet sent: {fill}
    var shown = 0; // number of the request whose answer is shown
    var sent = 0;
    var last = null; // the last answer

    root.hidden = false;
    document.querySelectorAll(".tafl-ohne-js").forEach(function (note) {
      note.hidden = true;
    });
    if (given.kind === "satz") {
      q(".tafl-werkstatt-satz").hidden = false;
      q(".tafl-werkstatt-satz-alt").textContent = given.sentence || "";
      q(".tafl-werkstatt-korrektur").value = given.sentence || "";
      q(".tafl-werkstatt-seite").textContent = given.page ? "(" + given.page + ")" : "";
    }
    if (given.block) text.value = given.block;
    else if (given.kind !== "satz") text.value = document.querySelector(".tafl-werkstatt-vorlage").content.textContent;
    if (given.file) q(".tafl-werkstatt-herkunft").textContent = given.file + (given.line ? ":" + given.line : "");

    function tell(message) {
      state.textContent = message;
    }

    function show(answer) {
      last = answer;
      root.dataset.ok = String(!!answer.ok);
      tell(answer.summary || "");
      list.textContent = "";
      (answer.problems || []).forEach(function (p) {
        var item = document.createElement("li");
        item.textContent = p.text;
        item.dataset.zeile = String(p.line);
        list.appendChild(item);
      });
      pictures.innerHTML = (answer.figures || [])
        .map(function (f) {
          return '<figure class="tafl-beispiel"><div class="tafl-diagramm">' + f.svg + "</div></figure>";
        })
        .join("");
      pictures.querySelectorAll("figure").forEach(function (fig, i) {
        var label = document.createElement("p");
        label.className = "tafl-unterschrift";
        label.textContent = answer.figures[i].label;
        fig.firstChild.appendChild(label);
      });
      (answer.claims || []).forEach(function (sentence) {
        var claim = document.createElement("p");
        claim.className = "tafl-behauptung";
        claim.textContent = sentence;
        pictures.appendChild(claim);
      });
    }

    function settle() {
      busy = false;
      clearTimeout(clock);
      stopButton.disabled = true;
      root.dataset.state = waiting ? "busy" : "idle";
      if (waiting) send();
    }

    /* Send the newest waiting request (one at a time: a proof must not queue up). */
    function send() {
      if (busy || !waiting || !live) return;
      var request = waiting;
      waiting = null;
      busy = true;
      var number = ++sent;
      root.dataset.state = "busy";
      tell(shop.worker ? said.textLaeuft : said.textStart);
      stopButton.disabled = false;
      // the page's limit (docs/werkstatt.md) counts from the moment the worker can check
      workshopWorker().then(function () {
        if (sent !== number || !busy) return;
        clock = setTimeout(function () {
          stop();
          tell(said.textZeit);
        }, Number(said.zeitlimit || 60) * 1000);
      }, function () {});
      var started = performance.now();
      ask("check", { text: request.text, fill: !!request.fill, path: "" }).then(
        function (answer) {
          if (!live) return;
          root.dataset.ms = String(Math.round(performance.now() - started));
          if (request.fill) {
            if (answer.text) {
              text.value = answer.text;
              waiting = { text: text.value };
            } else tell(said.textLeer);
          }
          if (number > shown && !waiting) {
            shown = number;
            show(answer);
          }
          if (request.fill && !answer.text) tell(said.textLeer);
          settle();
        },
        function (err) {
          if (!live) return;
          if (!(err && err.cancelled)) tell(said.textAusgefallen);
          settle();
        }
      );
    }

    function check(fill) {
      waiting = { text: text.value, fill: !!fill };
      root.dataset.state = "busy";
      send();
    }

    text.addEventListener("input", function () {
      clearTimeout(timer);
      root.dataset.state = "busy";
      mark("tafl-werkstatt-eingabe");
      timer = setTimeout(check, DELAY);
    });
    fillButton.addEventListener("click", function () {
      clearTimeout(timer);
      check(true);
    });
    stopButton.addEventListener("click", function () {
      stop();
      waiting = null;
      tell(said.textGestoppt);
      settle();
    });
    list.addEventListener("click", function (event) {
      var line = Number(event.target.dataset && event.target.dataset.zeile);
      if (!line) return;
      var lines = text.value.split("\n");
      var at = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
      text.focus();
      text.setSelectionRange(at, at + (lines[line - 1] || "").length);
    });

    q(".tafl-werkstatt-vorschlagen").addEventListener("click", function () {
      var repo = repository();
      var box = q(".tafl-werkstatt-vorschlag");
      var link = q(".tafl-werkstatt-vorschlag-link");
      var note = q(".tafl-werkstatt-vorschlag-text");
      var request = {
        repository: repo ? repo.url : "",
        branch: repo ? repo.branch : "main",
        kind: given.kind === "satz" ? "satz" : "beispiel",
        page: given.page || "",
        file: given.file || "",
        line: Number(given.line) || 0,
        block: text.value,
        caption: given.caption || "",
        sentence: given.sentence || "",
        correction: q(".tafl-werkstatt-korrektur").value,
        verdict: last ? last.report.concat([last.summary]) : [],
        source: q(".tafl-werkstatt-quelle").value,
        note: q(".tafl-werkstatt-notiz").value,
        section: given.section || "",
      };
      ask("propose", request).then(function (answer) {
        box.hidden = false;
        if (answer.error) {
          note.textContent = said.textOhneRepo;
          link.hidden = true;
          link.removeAttribute("href");
          q(".tafl-werkstatt-kopie").value = answer.body || "";
          return;
        }
        link.hidden = false;
        link.href = answer.url;
        link.textContent = answer.fits ? said.textLink : said.textEditor;
        note.textContent = answer.fits ? "" : said.textZuLang;
        q(".tafl-werkstatt-kopie").value = answer.title + "\n\n" + answer.body;
        link.focus();
      }, function () {});
    });

    if (given.kind !== "satz" || given.block) check(false);
    else workshopWorker().catch(function () {});
    return function () {
      live = false;
      clearTimeout(timer);
      clearTimeout(clock);
    };
  }

  TB.workshop = { stop: stop, ask: ask };
  window.TaflPage.each(init);
})();
