"""The MkDocs plugin `tafl` (tafl_docs.plugin): its state is its own and new for every build."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from tafl_docs.cache import PngJob
from tafl_docs.plugin import FENCE_NAME, TaflPlugin

ROOT = Path(__file__).resolve().parents[2]
PAGE = "mechaniken/ziehen.md"


def config() -> MkDocsConfig:
    return load_config(str(ROOT / "mkdocs.yml"))


def first_block(text: str) -> str:
    """The first ```tafl block of a page, fences included."""
    found = re.search(r"^```tafl\n.*?^```$", text, re.M | re.S)
    assert found is not None
    return found.group()


def render(cfg: MkDocsConfig, text: str) -> str:
    md = markdown.Markdown(extensions=cfg.markdown_extensions, extension_configs=cfg.mdx_configs)
    return md.convert(text)


def test_mkdocs_yml_loads_the_plugin_by_its_entry_point() -> None:
    assert isinstance(config().plugins["tafl"], TaflPlugin)


def test_the_fence_draws_into_the_state_of_the_build_under_way() -> None:
    cfg, plugin = config(), TaflPlugin()
    plugin.on_config(cfg)
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    plugin.fence.set_page(PAGE, text, "mechaniken/ziehen/")
    html = render(cfg, first_block(text))
    assert '<figure class="tafl-beispiel">' in html
    assert 'data-quelle="docs/mechaniken/ziehen.md:36"' in html
    assert plugin.fence.assets  # the PNG the page links, to be written after the build


def test_every_build_starts_with_fresh_state() -> None:
    cfg, plugin = config(), TaflPlugin()
    plugin.on_config(cfg)
    first = plugin.fence
    first.set_page(PAGE, "", "mechaniken/ziehen/")
    first.assets["alt.png"] = PngJob("<svg/>", 1.0)
    plugin.on_config(cfg)
    assert plugin.fence is not first
    assert plugin.fence.page is None and not plugin.fence.assets
    fences = cfg.mdx_configs["pymdownx.superfences"]["custom_fences"]
    bound = [f for f in fences if f["name"] == FENCE_NAME]
    assert len(bound) == 1
    assert bound[0]["format"].keywords["state"] is plugin.fence


def test_the_repository_setting_reaches_the_report_links(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    seen: dict[str, str] = {}
    for url in ("https://example.org/a/b", ""):
        monkeypatch.setenv("TAFL_REPO_URL", url)
        cfg, plugin = config(), TaflPlugin()
        plugin.on_config(cfg)
        plugin.fence.set_page(PAGE, text, "mechaniken/ziehen/")
        seen[url] = render(cfg, first_block(text))
    assert "https://example.org/a/b/issues/new?" in seen["https://example.org/a/b"]
    assert "Fehler melden" not in seen[""]
