/* tafl – enlarge a diagram: a tap (or Enter on its button) shows the board full screen.
 *
 * Works offline on the inline SVG diagrams (a lightbox for <img> cannot show them). The
 * enlarged copy gets its own ids, so its title and description stay unique on the page.
 * A native <dialog>: Escape closes it, focus stays inside and returns to the button.
 */
(function () {
  "use strict";

  var t = window.TaflText.t;
  var dialog = null;
  var stage = null;
  var returnTo = null;
  var counter = 0;

  function copyWithNewIds(svg) {
    var prefix = "gross" + (++counter) + "-";
    var text = svg.outerHTML
      .replace(/\bid="([^"]+)"/g, 'id="' + prefix + '$1"')
      .replace(/url\(#/g, "url(#" + prefix)
      .replace(/href="#/g, 'href="#' + prefix)
      .replace(/aria-(labelledby|describedby)="([^"]+)"/g, function (_m, kind, ids) {
        return "aria-" + kind + '="' + ids.split(/\s+/).map(function (id) {
          return prefix + id;
        }).join(" ") + '"';
      });
    var holder = document.createElement("div");
    holder.innerHTML = text;
    return holder.firstElementChild;
  }

  function ensureDialog() {
    if (dialog) return dialog;
    dialog = document.createElement("dialog");
    dialog.className = "tafl-lightbox";
    dialog.setAttribute("aria-label", t("lightbox.dialog"));
    var close = document.createElement("button");
    close.type = "button";
    close.className = "tafl-lightbox__schliessen";
    close.textContent = t("lightbox.close");
    close.addEventListener("click", function () { dialog.close(); });
    var zoom = document.createElement("button");
    zoom.type = "button";
    zoom.className = "tafl-lightbox__zoom";
    zoom.textContent = t("lightbox.double");
    zoom.setAttribute("aria-pressed", "false");
    zoom.addEventListener("click", function () { setZoom(!dialog.classList.contains("tafl-gross")); });
    stage = document.createElement("div");
    stage.className = "tafl-lightbox__buehne";
    dialog.appendChild(zoom);
    dialog.appendChild(close);
    dialog.appendChild(stage);
    stage.addEventListener("click", function (event) {
      if (event.target !== stage && event.target.closest("svg")) {
        setZoom(!dialog.classList.contains("tafl-gross"));
      }
    });

    function setZoom(on) {
      dialog.classList.toggle("tafl-gross", on);
      zoom.setAttribute("aria-pressed", String(on));
      if (!on) stage.scrollTo(0, 0);
    }
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog || event.target === stage) dialog.close();
    });
    dialog.addEventListener("close", function () {
      stage.textContent = "";
      setZoom(false);
      if (returnTo) returnTo.focus();
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  function boardOf(figure) {
    return figure.querySelector(":scope > svg");
  }

  function open(figure, opener) {
    var svg = boardOf(figure);
    if (!svg) return;
    ensureDialog();
    stage.textContent = "";
    stage.appendChild(copyWithNewIds(svg));
    var caption = figure.querySelector(".tafl-unterschrift");
    if (caption) {
      var text = document.createElement("p");
      text.className = "tafl-lightbox__text";
      // the caption without its tools: " · PNG" (the build's link) and " · " + this button
      var own = t("lightbox.enlarge").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      var tools = new RegExp("\\s*·\\s*(PNG|" + own + ").*$");
      text.textContent = caption.textContent.replace(tools, "");
      stage.appendChild(text);
    }
    returnTo = opener;
    dialog.showModal();
  }

  function init() {
    document.querySelectorAll(".md-typeset .tafl-diagramm").forEach(function (figure) {
      var svg = boardOf(figure);
      if (!svg || figure.querySelector(".tafl-vergroessern")) return;
      var title = svg.querySelector("title");
      var own = figure.querySelector(".tafl-unterschrift");
      var what = own ? own.textContent.split(/\s·\s/)[0].trim() : "";
      if (!what && title) what = title.textContent.trim();
      var button = document.createElement("button");
      button.type = "button";
      button.className = "tafl-vergroessern";
      button.setAttribute(
        "aria-label",
        what ? t("lightbox.enlarge-named", { name: what }) : t("lightbox.enlarge-diagram")
      );
      button.innerHTML =
        '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
        '<path d="M4 4h6v2H6v4H4V4zm10 0h6v6h-2V6h-4V4zM4 14h2v4h4v2H4v-6zm14 0h2v6h-6v-2h4v-4z"/>' +
        "</svg>";
      button.appendChild(document.createElement("span")).textContent = t("lightbox.enlarge");
      button.addEventListener("click", function () { open(figure, button); });
      svg.addEventListener("click", function () { open(figure, button); });
      figure.classList.add("tafl-zoombar");
      /* the button sits in the caption line, never over the board */
      var caption = figure.querySelector(".tafl-unterschrift");
      var outer = figure.closest("figure");
      if (!caption && outer && outer.querySelectorAll(".tafl-diagramm").length === 1) {
        caption = outer.querySelector(":scope > figcaption");
      }
      if (caption) {
        caption.appendChild(document.createTextNode(" · "));
        caption.appendChild(button);
      } else {
        svg.insertAdjacentElement("afterend", button);
      }
    });
  }

  window.TaflPage.each(function () {
    init();
    return function () {
      if (dialog && dialog.open) dialog.close(); // the page it showed a diagram of is left
    };
  });
})();
