"""Keep the inline SVG diagrams out of the search plugin's way.

Material's search plugin parses the HTML of every page (in on_page_context) to index its
text. The inline SVG diagrams are more than half of that HTML (about 100,000 tags in all)
and cost most of the parsing, while their titles and descriptions would only put the
drawings' long accessible descriptions into the index (each drawing's caption stays
there). `SvgStash.hide` replaces each SVG of a converted page by a numbered comment
before the search plugin reads the page (plugin.on_page_content); `restore` puts them back
into the finished page (plugin.on_post_page), so the written HTML is unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_MARK = re.compile(r"<!--tafl-svg:(\d+)-->")


@dataclass
class SvgStash:
    """The SVGs taken out of the pages of one build, by number."""

    kept: dict[int, str] = field(default_factory=dict)
    count: int = 0

    def hide(self, html: str) -> str:
        """The page content with every inline SVG replaced by a numbered comment."""

        def keep(match: re.Match[str]) -> str:
            self.count += 1
            self.kept[self.count] = match.group(0)
            return f"<!--tafl-svg:{self.count}-->"

        return _SVG.sub(keep, html)

    def restore(self, output: str) -> str:
        """The finished page with its SVGs back in place (each one given back once)."""

        def give(match: re.Match[str]) -> str:
            found = self.kept.pop(int(match.group(1)), None)
            return match.group(0) if found is None else found

        return _MARK.sub(give, output)
