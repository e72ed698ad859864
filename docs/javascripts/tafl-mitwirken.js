/* tafl – the "Mitwirken" switch in the header (no network, no dependencies).
 *
 * Contributor tools (an example's source, "Fehler melden", PNG downloads, the board's
 * export) carry the class `tafl-contrib`; they stay hidden unless <html> has the class
 * `tafl-mitwirken`. The switch is a toggle button (aria-pressed) in the header; its state
 * is remembered in localStorage under `tafl-mitwirken` ("1" = on; off by default). A small
 * script in every page's <head> (written by the tafl plugin) sets the class before the
 * page is drawn, so switching pages never flashes the tools in or out.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var KEY = "tafl-mitwirken";
  var CLASS = "tafl-mitwirken";
  var ICON =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
    '<path d="M14.6 16.6 19.2 12l-4.6-4.6L16 6l6 6-6 6-1.4-1.4m-5.2 0L4.8 12l4.6-4.6L8 6l-6 6 6 6 1.4-1.4Z"/></svg>';

  function isOn() {
    return document.documentElement.classList.contains(CLASS);
  }

  function remember(on) {
    try {
      if (on) window.localStorage.setItem(KEY, "1");
      else window.localStorage.removeItem(KEY);
    } catch (e) {
      /* private mode without storage: the switch still works for this page */
    }
  }

  function show(button, on) {
    document.documentElement.classList.toggle(CLASS, on);
    button.setAttribute("aria-pressed", String(on));
    button.title = on ? t("contrib.hide") : t("contrib.show");
  }

  function init() {
    var inner = document.querySelector(".md-header__inner");
    if (!inner || inner.querySelector(".tafl-mitwirken-schalter")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-header__button tafl-mitwirken-schalter";
    button.setAttribute("aria-label", t("contrib.label"));
    button.innerHTML = ICON + '<span class="tafl-mitwirken-text" aria-hidden="true"></span>';
    button.lastChild.textContent = t("contrib.switch");
    button.addEventListener("click", function () {
      var on = !isOn();
      show(button, on);
      remember(on);
    });
    var before = inner.querySelector(".md-header__option") || inner.querySelector(".md-search");
    inner.insertBefore(button, before);
    show(button, isOn());
  }

  /* The workshop (docs/werkstatt.md) takes over what the reader points at: an example's
   * block ("In der Werkstatt prüfen") or a selected sentence ("Korrektur vorschlagen",
   * the control of overrides/main.html). sessionStorage only: nothing leaves the browser. */
  var STORE = "tafl-werkstatt";
  var vorlage = document.getElementById("tafl-korrektur-vorlage");
  var workshop = vorlage ? new URL(vorlage.content.firstElementChild.getAttribute("href"), document.baseURI).href : null;
  function handOver(data) {
    var edit = document.querySelector('a.md-content__button[href*="/edit/"]');
    var file = edit ? /\/edit\/[^/]+\/(.+)$/.exec(edit.getAttribute("href")) : null;
    data.page = data.page || location.pathname;
    data.file = data.file || (file ? decodeURIComponent(file[1]) : "");
    try {
      window.sessionStorage.setItem(STORE, JSON.stringify(data));
    } catch (e) { /* without storage the workshop opens with its template */ }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.tafl-werkstatt-link");
    var tools = link && link.closest(".tafl-werkzeuge");
    if (!tools) return;
    var where = (tools.querySelector("[data-quelle]").dataset.quelle || "").split(":");
    var caption = tools.previousElementSibling && tools.previousElementSibling.querySelector("figcaption");
    handOver({ kind: "beispiel", block: tools.querySelector("code").textContent, file: where[0],
      line: Number(where[1]) || 0, caption: caption ? caption.textContent : "" });
  }, true); // before instant navigation changes the address
  var control = null;
  document.addEventListener("selectionchange", function () {
    var sel = window.getSelection();
    var text = sel && !sel.isCollapsed ? sel.toString().trim() : "";
    var anchor = text && sel.anchorNode;
    var node = anchor && (anchor.nodeType === 1 ? anchor : anchor.parentElement);
    var inside = node && node.closest && node.closest("article.md-content__inner") &&
      !node.closest(".tafl-werkstatt, .tafl-werkzeuge, pre, textarea, input");
    if (!workshop || !isOn() || !inside || text.length < 3) {
      if (control && !control.matches(":focus")) control.hidden = true;
      return;
    }
    if (!control) {
      control = vorlage.content.firstElementChild.cloneNode(true);
      control.href = workshop;
      control.addEventListener("click", function () {
        var heading = null;
        for (var n = control.taflAt; n && !heading; n = n.previousElementSibling || n.parentElement)
          if (/^H[1-4]$/.test(n.tagName)) heading = n;
        var line = control.taflAt.closest("[data-zeile]"); // tafl_docs/source_lines.py
        handOver({ kind: "satz", sentence: control.taflText, section: heading ? heading.id : "",
          line: line ? Number(line.dataset.zeile) : 0 });
      });
      document.body.appendChild(control);
    }
    var box = sel.getRangeAt(0).getBoundingClientRect();
    control.taflText = text;
    control.taflAt = node.closest("p, li, td, h1, h2, h3, h4, dd, dt") || node;
    control.style.top = window.scrollY + box.bottom + 6 + "px";
    control.style.left = window.scrollX + box.left + "px";
    control.hidden = false;
  });

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
