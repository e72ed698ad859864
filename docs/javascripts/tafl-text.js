/*
 * TaflText: the German texts of the site's scripts, by English key. The table is
 * tafl_docs/data/page_text.toml, written by the build into javascripts/tafl-runtime.js
 * (window.TAFL_TEXT, listed before this file); no script holds a German sentence itself.
 *
 *   TaflText.t("board.end-turn")                      → "Zug beenden"
 *   TaflText.t("board.load-failed", { why: reason })  → the text with {why} filled in
 *   TaflText.dom("export.reopen", { link: anchor })   → a fragment, a node in its place
 *
 * An unknown key or a placeholder without its value is a mistake in a script: it is
 * reported on the console and shows the key (or the placeholder), never a blank.
 */
(function () {
  "use strict";

  var PLACEHOLDER = /\{([a-z][A-Za-z0-9]*)\}/g;

  function table() {
    return window.TAFL_TEXT || {};
  }

  function template(key) {
    var text = table()[key];
    if (typeof text === "string") return text;
    console.error("TaflText: unknown key " + key + " (tafl_docs/data/page_text.toml)");
    return key;
  }

  function value(key, values, name) {
    if (values && Object.prototype.hasOwnProperty.call(values, name)) return values[name];
    console.error("TaflText: no value for {" + name + "} in " + key);
    return "{" + name + "}";
  }

  /* The text of `key`, each {name} replaced by values[name]. */
  function t(key, values) {
    return template(key).replace(PLACEHOLDER, function (_m, name) {
      return String(value(key, values, name));
    });
  }

  /* The text of `key` as a DocumentFragment; a value that is a Node stands in its place. */
  function dom(key, values) {
    var fragment = document.createDocumentFragment();
    var text = template(key);
    var at = 0;
    text.replace(PLACEHOLDER, function (match, name, offset) {
      fragment.appendChild(document.createTextNode(text.slice(at, offset)));
      var got = value(key, values, name);
      fragment.appendChild(got instanceof Node ? got : document.createTextNode(String(got)));
      at = offset + match.length;
      return match;
    });
    fragment.appendChild(document.createTextNode(text.slice(at)));
    return fragment;
  }

  window.TaflText = { t: t, dom: dom, table: table };
})();
