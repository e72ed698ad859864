"""The shared browser fixtures themselves: `engine_page` (tests/conftest.py), `visit` and
`show_as` (tests/site_support.py) show a page as a fresh context would."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.site_support import Watch, axe_violations, settle, show_as, visit

pytestmark = pytest.mark.browser

#: What the scheme decides: Material's palette on <body> and the colours it gives.
LOOK_JS = """() => {
  const b = document.body;
  const colour = s => { const e = document.querySelector(s);
                        return e ? getComputedStyle(e).color + ' / '
                                   + getComputedStyle(e).backgroundColor : null; };
  return {
    palette: ['scheme', 'primary', 'accent'].map(k => b.getAttribute('data-md-color-' + k)),
    body: colour('body'), header: colour('.md-header'), link: colour('.md-content a'),
    width: innerWidth, height: innerHeight,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
  };
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_show_as_looks_like_a_fresh_context(
    engine_page: Any, browser: Any, server: str, scheme: str
) -> None:
    """`show_as` on the shared page gives the palette, colours, size and colour preference
    of a fresh context made with that scheme and size; `visit` keeps the started engine."""
    page = engine_page
    show_as(page, scheme, 390, 844)
    visit(page, server, "/partien/")
    shared = page.evaluate(LOOK_JS)
    assert page.evaluate("() => window.__taflEngineTab === true"), "visit lud die Seite neu"
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    fresh_page = context.new_page()
    fresh_page.goto(server + "/partien/")
    settle(fresh_page)
    fresh = fresh_page.evaluate(LOOK_JS)
    context.close()
    assert shared == fresh


def test_axe_still_finds_weak_text_outside_diagrams(page: Any) -> None:
    """`axe_violations` leaves SVG text out of the contrast rule (AXE_CONFIGURE_JS), and only
    that: pale text in HTML is still a violation, beside a diagram or inside a button."""
    page.set_content(
        '<html lang="de"><head><title>Probe</title></head><body><main>'
        '<p id="blass" style="color:#bbbbbb;background:#ffffff">Blasser Text</p>'
        '<button id="knopf" style="color:#cccccc;background:#ffffff">Knopf</button>'
        '<svg width="100" height="40" aria-hidden="true"><rect width="100" height="40"'
        ' fill="#ffffff"/><text x="5" y="20" fill="#bbbbbb">a</text></svg>'
        "</main></body></html>"
    )
    found = axe_violations(page, "Probe")
    weak = [line for line in found if "color-contrast" in line]
    assert any("#blass" in line for line in weak), found
    assert any("#knopf" in line for line in weak), found


def test_watch_records_every_request_to_another_host(browser: Any, server: str) -> None:
    """`Watch` sees a picture, a script's fetch and a websocket that ask another host, and
    none of them is answered (CHROMIUM_ARGS send them to a proxy that is not there)."""
    watch = Watch(server)
    context = browser.new_context()
    watch.attach(context)
    page = context.new_page()
    watch.page(page)
    page.goto(server + "/glossar/")
    answered = page.evaluate(
        """async () => {
          const img = new Image();
          const loaded = new Promise(ok => { img.onload = () => ok(true);
                                             img.onerror = () => ok(false); });
          img.src = 'http://example.com/bild.png';
          const fetched = await fetch('https://example.org/daten.json')
            .then(() => true, () => false);
          const socket = new WebSocket('ws://example.net/kanal');
          const opened = await new Promise(ok => { socket.onopen = () => ok(true);
                                                   socket.onerror = () => ok(false); });
          return [await loaded, fetched, opened];
        }"""
    )
    context.close()
    assert answered == [False, False, False]
    hosts = sorted(urlsplit(url).netloc for url in watch.foreign)
    assert hosts == ["example.com", "example.net", "example.org"], watch.foreign
