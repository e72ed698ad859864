/*
 * Page views with Material's instant navigation (navigation.instant in mkdocs.yml).
 *
 * A link inside the site swaps the page's content without loading a new page, so the
 * page's JavaScript stays: the board's engine and its search worker, once started, serve
 * every later page of the visit. Every page script therefore sets itself up per page view,
 * never only on DOMContentLoaded: TaflPage.each(init) calls init for the page shown now and
 * for every page instant navigation shows later (Material's document$); a function init
 * returns is called when that page is left (to drop listeners and stop what belongs to it).
 *
 * Material decides which links it may follow that way from the site's sitemap.xml, whose
 * addresses MkDocs writes only with a site_url; this site has none (it is served from
 * anywhere, offline too). Here the sitemap the page reads is completed with the pages of
 * the navigation, at the address the site is actually served from; a page outside the
 * navigation is opened as before. Without Material (or without instant navigation) every
 * page load is one page view.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var root = new URL(script ? "../" : "./", script ? script.src : document.baseURI).href;
  var SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

  /* The pages of the navigation (every page of the nav is linked in it on every page). */
  function navPages() {
    var seen = {};
    seen[root] = true;
    document.querySelectorAll(".md-nav--primary a.md-nav__link[href]").forEach(function (a) {
      var url = new URL(a.href);
      url.hash = url.search = "";
      if (url.href.indexOf(root) === 0) seen[url.href] = true;
    });
    return Object.keys(seen);
  }

  /* Material parses the sitemap with DOMParser once, right after the page has loaded. */
  var parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (text, type) {
    var doc = parse.call(this, text, type);
    var top = type === "text/xml" && doc.documentElement;
    if (top && top.localName === "urlset" && !doc.getElementsByTagName("loc").length) {
      navPages().forEach(function (page) {
        var url = doc.createElementNS(SITEMAP_NS, "url");
        var loc = doc.createElementNS(SITEMAP_NS, "loc");
        loc.textContent = page;
        url.appendChild(loc);
        top.appendChild(url);
      });
    }
    return doc;
  };

  var inits = [];
  var leaving = []; // what the page shown now asked to run when it is left
  var shown = false;

  function setUp(init) {
    try {
      var undo = init();
      if (typeof undo === "function") leaving.push(undo);
    } catch (err) {
      setTimeout(function () {
        throw err; // reported, without stopping the other scripts' set-up
      });
    }
  }

  function pageShown() {
    leaving.splice(0).forEach(function (undo) {
      setUp(undo);
    });
    shown = true;
    inits.forEach(setUp);
    window.TaflPage.views += 1;
  }

  window.TaflPage = {
    root: root,
    /* Page views set up so far in this visit (a link is taken once this has grown: instant
       navigation changes the address before the new content is there). */
    views: 0,
    /* Call init for every page view (now, when the page is shown already). */
    each: function (init) {
      inits.push(init);
      if (shown) setUp(init);
    },
  };

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(pageShown);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pageShown);
  else pageShown();
})();
