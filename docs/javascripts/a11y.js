/* tafl – keyboard access on top of Material for MkDocs (no network, no dependencies).
 *
 * - The header's menu and search buttons are <label>s: make them real keyboard buttons.
 * - The closed navigation drawer on a phone lies off screen: make it inert, so Tab never
 *   lands on links nobody can see; open, it takes the focus and Escape closes it.
 * - Material's search result box is a tab stop even when empty: take it out of the order.
 * - Glossary abbreviations: the first one of each term in a section takes focus and shows
 *   its explanation (Material's tooltip), so the explanation is not mouse-only.
 * - Instant navigation's progress bar gets a name.
 * The header stays when instant navigation swaps the page: it is set up once; the drawer's
 * state and the abbreviations anew for every page view (TaflPage.each, tafl-page.js).
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var DRAWER_QUERY = "(max-width: 76.234375em)"; /* Material: drawer below 76.25em */

  function toggleButton(label, name) {
    var input = document.getElementById(label.getAttribute("for"));
    if (!input) return null;
    label.setAttribute("role", "button");
    label.setAttribute("tabindex", "0");
    label.setAttribute("aria-label", name);
    label.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        label.click();
      }
    });
    return input;
  }

  var updateDrawer = function () {};

  /* Once per visit: the header and the drawer's toggle stay when instant navigation swaps
   * the page; the drawer itself (in the page's container) is new with every page. */
  function setUpDrawer() {
    var input = document.getElementById("__drawer");
    var button = document.querySelector('.md-header label.md-header__button[for="__drawer"]');
    if (!input) return;
    if (button) toggleButton(button, t("nav.open"));
    var narrow = window.matchMedia(DRAWER_QUERY);

    function update(moveFocus) {
      var drawer = document.querySelector(".md-sidebar--primary");
      if (!drawer) return;
      var hidden = narrow.matches && !input.checked;
      if (hidden) drawer.setAttribute("inert", "");
      else drawer.removeAttribute("inert");
      if (button) {
        button.setAttribute("aria-expanded", String(input.checked));
        button.setAttribute("aria-label", input.checked ? t("nav.close") : t("nav.open"));
      }
      if (moveFocus && narrow.matches && input.checked) {
        var first = drawer.querySelector("a[href], label[tabindex]");
        if (first) first.focus();
      }
    }

    input.addEventListener("change", function () { update(true); });
    if (narrow.addEventListener) narrow.addEventListener("change", function () { update(false); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && input.checked && narrow.matches) {
        input.checked = false;
        input.dispatchEvent(new Event("change"));
        if (button) button.focus();
      }
    });
    updateDrawer = update;
  }

  function setUpSearch() {
    var label = document.querySelector('.md-header label.md-header__button[for="__search"]');
    if (label) toggleButton(label, t("nav.search"));
    var input = document.getElementById("__search");
    var field = document.querySelector("input.md-search__input");
    if (input && field) {
      input.addEventListener("change", function () {
        if (input.checked) {
          // focus the field once the search has opened, unless it has closed again meanwhile
          window.setTimeout(function () { if (input.checked) field.focus(); }, 50);
        }
      });
    }
    document.querySelectorAll(".md-search__scrollwrap[tabindex]").forEach(function (box) {
      box.removeAttribute("tabindex");
    });
  }

  function setUpAbbreviations() {
    var content = document.querySelector(".md-content .md-typeset");
    if (!content) return;
    var seen = new Set();
    var nodes = content.querySelectorAll("h2, abbr");
    nodes.forEach(function (node) {
      if (node.tagName === "H2") {
        seen.clear();
        return;
      }
      var term = (node.textContent || "").trim().toLowerCase();
      if (seen.has(term) || node.closest("a, dt")) return;
      seen.add(term);
      node.setAttribute("tabindex", "0");
    });
  }

  /* Instant navigation's progress bar (navigation.instant.progress) has no name. */
  function nameProgress() {
    var bar = document.querySelector('.md-progress[role="progressbar"]');
    if (bar) bar.setAttribute("aria-label", t("nav.page-loading"));
  }

  var headerReady = false;

  window.TaflPage.each(function () {
    if (!headerReady) {
      headerReady = true;
      setUpDrawer();
      setUpSearch();
      nameProgress();
    }
    updateDrawer(false);
    // Material closes the drawer 125 ms after a link (instant navigation) without a change
    // event: the new page's drawer is made inert again once that has happened
    setTimeout(function () {
      updateDrawer(false);
    }, 200);
    setUpAbbreviations();
  });
})();
