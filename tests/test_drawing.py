"""The pictures of a build drawn by one ``dot`` (kb.handbook.views.drawing): each page gets
exactly the SVG ``dot`` draws for its picture alone, and a batch that cannot be split
or fails leaves every picture to be drawn alone (so a broken one's warning names its page)."""

from __future__ import annotations

import subprocess
from types import SimpleNamespace

from kb.handbook.views import drawing, pictures

CODES = ["\n".join([*pictures._HEAD, *statements, "}"]) for statements in (
    ['"tda.misdeal" [label="TDA 35\\nMisdeal"];', '"rrop.misdeal" [label="RRoP 3"];',
     '"tda.misdeal" -> "rrop.misdeal" [class="floorbook-edge", color="#c0392b"];'],
    ['"a" [label="one"];', '"b" [label="two, longer"];', '"a" -> "b";', '"b" -> "c";'],
    ['"alone" [label="a single box", URL="../editions/tda-2024.html#tda-misdeal"];'],
)]


def alone(code: str) -> str:
    return subprocess.run(["dot", "-Tsvg"], input=code.encode(), capture_output=True,
                          check=True).stdout.decode()


def test_each_picture_of_a_batch_is_what_dot_draws_for_it_alone():
    batch = drawing._draw_all(["dot", "-Tsvg"], CODES)
    assert list(batch) == CODES
    for code in CODES:
        assert batch[code] == alone(code)
    # the later graphs of one input were numbered as pages, and are renamed back
    assert all('<g id="graph0" class="graph"' in svg for svg in batch.values())


def test_a_batch_with_a_broken_picture_or_a_single_one_draws_nothing():
    assert drawing._draw_all(["dot", "-Tsvg"], [CODES[0], "digraph { a -> }"]) == {}
    assert drawing._draw_all(["dot", "-Tsvg"], CODES[:1]) == {}
    assert drawing._draw_all(["no-such-dot-program", "-Tsvg"], CODES) == {}


class _Env:
    """A build environment stand-in (the batches are kept per environment)."""


def test_waiting_pictures_are_drawn_together_and_handed_over_once():
    app = SimpleNamespace(env=_Env(), config=SimpleNamespace(graphviz_dot="dot",
                                                             graphviz_dot_args=[]))
    for number, code in enumerate(CODES):
        drawing.wait(app.env, f"topics/page-{number}", {"code": code})
    asked = []

    def code_of(docname: str, picture: dict) -> str:
        asked.append(docname)
        return picture["code"]

    drawing.draw_waiting(app, code_of)
    assert asked == ["topics/page-0", "topics/page-1", "topics/page-2"]
    drawing.draw_waiting(app, code_of)              # nothing waits any more
    assert len(asked) == 3
    assert drawing.drawn(app, CODES[1]) == alone(CODES[1])
    assert drawing.drawn(app, CODES[1]) is None     # handed over: drawn alone if asked again
    assert drawing.drawn(app, "digraph { never }") is None
