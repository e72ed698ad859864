"""The one place that names the project's repository, and the links derived from it.

`mkdocs.yml` names it as `extra.repository` (with `extra.repository_branch`); the
environment variable `TAFL_REPO_URL` overrides it at build time, and an empty value builds
a site without edit or report links. MkDocs' `repo_url` stays unset: with it, Material
would ask the repository host's API for stars and forks (a request to another host).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

ENV = "TAFL_REPO_URL"


@dataclass(frozen=True)
class Repository:
    """A repository on a GitHub-like host: its web address and the branch the site shows."""

    url: str
    branch: str = "main"

    def edit(self, path: str) -> str:
        """Web editor address of a file (path relative to the repository root)."""
        return f"{self.url}/edit/{self.branch}/{quote(_clean(path))}"

    def show(self, path: str) -> str:
        """Address of a file or folder in the repository's web view."""
        return f"{self.url}/tree/{self.branch}/{quote(_clean(path))}"

    def commit(self, sha: str) -> str:
        """Address of one commit in the repository's web view."""
        return f"{self.url}/commit/{sha}"

    def new_issue(self, title: str, body: str) -> str:
        """Address of the form for a new issue, prefilled with title and body."""
        return f"{self.url}/issues/new?" + urlencode({"title": title, "body": body})


def _clean(path: str) -> str:
    return posixpath.normpath(path).lstrip("/")


def from_settings(
    extra: Mapping[str, Any], environ: Mapping[str, str] | None = None
) -> Repository | None:
    """The configured repository, or None when none is named (then no links appear)."""
    env = os.environ if environ is None else environ
    raw = env[ENV] if ENV in env else extra.get("repository") or ""
    url = str(raw).strip().rstrip("/").removesuffix(".git")
    if not url:
        return None
    return Repository(url, str(extra.get("repository_branch") or "main"))


@dataclass(frozen=True)
class Site:
    """What one build knows about where it is published: the repository (None: no edit
    or report links) and the site's address (empty: links from the root)."""

    repo: Repository | None = None
    url: str = ""

    def page_address(self, page_url: str) -> str:
        """A page's address: absolute when the site's address is configured, else from the
        root."""
        return f"{self.url}/{page_url}" if self.url else f"/{page_url}"


def configure(extra: Mapping[str, Any], url: str | None = None) -> Site:
    """Read the setting for a build (and the site's address)."""
    return Site(from_settings(extra), (url or "").rstrip("/"))


def generated_note(repo: Repository | None, generator: str, page_src: str = "") -> list[str]:
    """Markdown note for a page generated at build time by `generator` (a repository path):
    where its text and data live. Empty without a configured repository."""
    generator = _clean(generator)
    data = "tafl_core/data/variants"
    if repo is None:
        return []
    guide = posixpath.relpath("mitwirken.md", posixpath.dirname(page_src) or ".")
    return [
        "",
        '!!! info tafl-contrib "Woher diese Seite kommt"',
        "",
        "    Diese Seite schreibt niemand von Hand: Sie entsteht bei jedem Bau der Website aus",
        f"    den Regelsätzen der Varianten ([`{data}/`]({repo.show(data)})) durch das Programm",
        f"    [`{generator}`]({repo.show(generator)}). Eine Korrektur gehört deshalb in die",
        f"    Regelsätze (Werte) oder in das Programm (Texte); [Mitwirken]({guide}) erklärt, wie.",
        "",
    ]
