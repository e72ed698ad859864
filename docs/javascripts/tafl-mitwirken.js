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

  window.TaflPage.each(init); // every page view (instant navigation: tafl-page.js)
})();
