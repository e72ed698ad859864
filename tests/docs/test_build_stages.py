"""The build's stage timings (one log line) and its drawing workers (PNGs, rule sheets)."""

from __future__ import annotations

import re
from concurrent.futures import Future
from pathlib import Path

import pytest

from tafl_docs import cache, timing


def test_the_line_gives_each_stage_without_the_stages_inside_it() -> None:
    clock = timing.Clock(begun=0.0, cpu=0.0)
    clock.add("Seiten", 10.0)
    clock.add("Regelblätter", 1.5)
    clock.add("Beispiele", 4.0)
    clock.add("Beweise", 0.5, "405 aus dem Vorrat, 0 neu")
    clock.add("PNG", 2.25, "0 gezeichnet, 1116 aus dem Cache")
    line = clock.line()
    assert line.startswith("tafl: Bau ")
    stages = dict(re.findall(r"· (\w+) (\d+,\d) s", line))
    assert stages.pop("übrige")  # the rest of the time since the build began
    assert stages == {
        "Regelblätter": "1,5",
        "Seiten": "4,5",  # 10 − 1,5 − 4
        "Beispiele": "3,5",  # 4 − 0,5
        "Beweise": "0,5",
        "PNG": "2,2",
    }
    assert "Beweise 0,5 s (405 aus dem Vorrat, 0 neu)" in line
    assert "Laufzeit" not in line  # a stage this build did not run is left out


def test_a_stage_and_a_span_add_up() -> None:
    timing.start()
    with timing.stage("Laufzeit"):
        pass
    timing.close_span("Seiten")
    timing.close_span("Seiten")  # closing twice adds nothing
    line = timing.line()
    assert "Laufzeit 0,0 s" in line and "Seiten 0,0 s" in line


def test_work_no_worker_began_is_done_by_the_waiting_process() -> None:
    calls: list[int] = []
    task = cache.Task(Future(), lambda n: calls.append(n) or n * 2, (21,))
    assert task.result() == 42 and calls == [21]
    done: Future[int] = Future()
    done.set_result(7)
    assert cache.Task(done, lambda: pytest.fail("drawn twice"), ()).result() == 7


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{0}">'
    '<rect width="3" height="3"/></svg>'
)


def test_many_missing_pngs_are_drawn_by_workers_and_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAFL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_cores", lambda: 2)
    cache.stats.clear()
    jobs = {f"{n}.png": cache.PngJob(SVG.format(n + 4), 1.0) for n in range(cache.PARALLEL_FROM)}
    cache.request(jobs["0.png"])  # asked for early: begun while "the pages are built"
    try:
        first = cache.pngs(jobs)
    finally:
        cache.finish()
    assert sorted(first) == sorted(jobs)
    assert all(data.startswith(b"\x89PNG") for data in first.values())
    assert (cache.stats["png_drawn"], cache.stats["png_cached"]) == (len(jobs), 0)
    cache.stats.clear()
    assert cache.pngs(jobs) == first
    assert (cache.stats["png_drawn"], cache.stats["png_cached"]) == (0, len(jobs))


def test_diagrams_leave_the_search_plugin_and_come_back() -> None:
    from tafl_docs.search_svg import SvgStash

    stash = SvgStash()
    page = '<p>Vorher</p><svg viewBox="0 0 4 4"><title>Brett</title></svg><p>x</p><svg>\n</svg>'
    hidden = stash.hide(page)
    assert "<svg" not in hidden and "Brett" not in hidden
    assert hidden.startswith("<p>Vorher</p><!--tafl-svg:")
    other = stash.hide("<svg>b</svg>")  # another page of the same build
    finished = f"<html><body>{hidden}</body></html>"
    assert stash.restore(finished) == f"<html><body>{page}</body></html>"
    assert stash.restore(other) == "<svg>b</svg>"
    assert stash.restore(hidden) == hidden  # each SVG is given back once
