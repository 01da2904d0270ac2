"""What a check hands back: its name, what it measured, and each failure with its place."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter

from pipeline.geometry import Box
from pipeline.readback.reader import Glyph, PageContent, PathMark

TOLERANCE_PT = 0.01  # page sizes: PDFs store points to a few decimals
SHOWN_PER_CHECK = 40  # findings kept in the report per check (the count is always complete)


@dataclass(frozen=True)
class Finding:
    document: str  # interior, cover or book
    page: int | None
    message: str

    def to_dict(self) -> dict:
        return {"document": self.document, "page": self.page, "message": self.message}


@dataclass
class Check:
    """One check's result, filled in by the check function that made it."""

    name: str
    title: str
    measured: dict = field(default_factory=dict)
    findings: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.findings

    def fail(self, document: str, page: int | None, message: str) -> None:
        self.findings.append(Finding(document, page, message))

    def to_dict(self) -> dict:
        return {"name": self.name, "title": self.title, "passed": self.passed,
                "measured": self.measured, "failures": len(self.findings),
                "findings": [f.to_dict() for f in self.findings[:SHOWN_PER_CHECK]]}


def painted(mark) -> list:
    """The colours a mark paints: a path's fill and stroke, a glyph's fill or stroke by its
    render mode (Tr 0 and 2 fill, 1 strokes; 4 to 7 clip as well), nothing for an image."""
    if isinstance(mark, PathMark):
        return [c for c in (mark.fill, mark.stroke) if c is not None]
    if isinstance(mark, Glyph):
        return [mark.fill if _fills(mark.render_mode) else mark.stroke]
    return []


def _fills(render_mode: int) -> bool:
    return render_mode % 4 in (0, 2)


def glyph_colours(glyphs: list) -> list[tuple]:
    """(colour, how many of `glyphs` paint it) for each colour the glyphs paint (`painted`),
    each colour object once, in the order they first paint it; None when some glyphs fill and
    others stroke (then ask `painted` of each). A page's glyphs share a few colour objects
    (one a colour operator), so a check of colours asks each once, not each glyph."""
    modes = {_fills(mode) for mode in set(map(attrgetter("render_mode"), glyphs))}
    if len(modes) > 1:
        return None
    colours = list(map(attrgetter("fill" if modes == {True} else "stroke"), glyphs))
    keys = list(map(id, colours))
    objects = dict(zip(keys, colours))
    return [(objects[key], count) for key, count in Counter(keys).items()]


def page_glyph_colours(page: PageContent) -> list[tuple] | None:
    """`glyph_colours` of the page's glyphs, worked out once a page (the colour and
    black-type checks both ask)."""
    return page.view("glyph colours", lambda: glyph_colours(page.glyphs))


def path_colours(paths: list) -> list[tuple]:
    """(fill, stroke, how many of `paths` paint them) for each pair of colour objects the
    paths paint (None where a path has no fill or no stroke), each pair once, in the order
    they first paint it. A page's paths share a few colour objects (one a colour operator),
    so a check of colours asks each pair once, not each path."""
    fills, strokes = list(map(_FILL, paths)), list(map(_STROKE, paths))
    keys = list(zip(map(id, fills), map(id, strokes)))
    objects = dict(zip(keys, zip(fills, strokes)))
    return [(*objects[key], count) for key, count in Counter(keys).items()]


_FILL, _STROKE = attrgetter("fill"), attrgetter("stroke")


def describe(mark) -> str:
    """A mark in words, for a finding: what it is and where."""
    if isinstance(mark, Glyph):
        return f"glyph {mark.text!r} ({mark.font.base_font}, {mark.rendered_size:.2f} pt)"
    if isinstance(mark, PathMark):
        parts = []
        if mark.fill is not None:
            parts.append(f"filled {mark.fill.space} {list(mark.fill.values)}")
        if mark.stroke is not None:
            parts.append(f"stroked {mark.line_width:.2f} pt")
        return "path " + ", ".join(parts) + f" at {mark.ink.as_list(1)}"
    return f"image at {mark.ink.as_list(1)}"


def same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE_PT


def same_box(a: Box | None, b) -> bool:
    return a is not None and all(same(x, y) for x, y in zip(
        (a.x0, a.y0, a.x1, a.y1), (b.x0, b.y0, b.x1, b.y1)))


def clearance(live: Box, ink: Box) -> tuple[float, str]:
    """The smallest distance from `ink` to the area's edges (negative: crossing), and the side."""
    sides = {"left": ink.x0 - live.x0, "bottom": ink.y0 - live.y0, "right": live.x1 - ink.x1,
             "top": live.y1 - ink.y1}
    side = min(sides, key=sides.get)
    return sides[side], side


def documents(b) -> tuple[tuple[str, tuple[PageContent, ...]], ...]:
    """(name, pages) for the interior and the cover of a loaded book."""
    return (("interior", b.pages), ("cover", (b.cover_page,)))
