"""What reaches paper, read back: paths, glyphs and images, each a frozen value in page points
(origin at the bottom-left of the MediaBox) with its colour and the clips it was painted
under, and a page's content, which collects them in painting order as the interpreter runs
the page and answers which marks paint in a box."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property

import numpy as np

from pipeline.geometry import Box
from pipeline.readback.reader.fonts import PdfFont
from pipeline.readback.reader.geometry import Matrix, edges, flatten, inside, segment_meets_box
from pipeline.readback.reader.values import Colour


@dataclass(frozen=True)
class PathMark:
    """One painted path. `segments` are in page points: ("M", x, y), ("L", x, y),
    ("C", x1, y1, x2, y2, x3, y3) and ("Z",)."""

    segments: tuple[tuple, ...]
    fill: Colour | None
    stroke: Colour | None
    even_odd: bool
    line_width: float  # the stroke's width on the page, thinnest direction
    mean_line_width: float  # the same, averaged over directions (for drawing)
    cap: int
    join: int
    dash: tuple[tuple[float, ...], float]
    alpha: float  # fill and stroke opacity: the smaller of the two, 1.0 when opaque
    outline: Box  # bounds of the geometry
    ink: Box  # bounds of what is painted (the outline grown by half the stroke, clipped)
    clip: tuple = ()  # the clipping paths in force (Clip), outermost first

    kind = "path"

    def polylines(self) -> list[tuple[list[tuple[float, float]], bool]]:
        """Each subpath as points (curves flattened) and whether it is closed."""
        return self._polylines

    @cached_property
    def _polylines(self) -> list[tuple[list[tuple[float, float]], bool]]:
        # Flattened once: the checks ask one path about many boxes (a grid about each cell).
        return flatten(self.segments)

    @cached_property
    def _stroked_edges(self) -> tuple[tuple, np.ndarray]:
        """The stroked edges (`edges`) with their bounds as rows of (x0, y0, x1, y1), for
        telling at once which edges can meet a box."""
        return _bounded(tuple(e for points, closed in self._polylines
                              for e in edges(points, closed)))

    @cached_property
    def _filled_edges(self) -> tuple[tuple, np.ndarray]:
        """The same for the edges a fill closes (asked of a filled path only)."""
        return _bounded(tuple(e for points, _closed in self._polylines
                              for e in edges(points, True)))

    def paints_in_each(self, boxes: list[Box]) -> list[bool]:
        """`paints_in` of each box, the same answers: an edge is tested exactly
        (`segment_meets_box`) only when its bounds come within `_NEAR` of the box, which an
        edge meeting the box always does."""
        half = max(self.line_width, self.mean_line_width) / 2
        out = []
        for box in boxes:
            if not self.ink.overlaps(box):
                out.append(False)
                continue
            if self.stroke is not None and _meets(*self._stroked_edges,
                                                  box.inset(-half, -half, -half, -half)):
                out.append(True)
                continue
            if self.fill is not None:
                out.append(_meets(*self._filled_edges, box) or inside(
                    ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2), self._polylines,
                    self.even_odd))
                continue
            out.append(False)
        return out

    def paints_in(self, box: Box) -> bool:
        """Whether any paint of this path lands inside `box` (its geometry, not its bounds)."""
        if not self.ink.overlaps(box):
            return False
        polylines = self.polylines()
        if self.stroke is not None:
            half = max(self.line_width, self.mean_line_width) / 2
            grown = box.inset(-half, -half, -half, -half)
            for points, closed in polylines:
                for a, b in edges(points, closed):
                    if segment_meets_box(a, b, grown):
                        return True
        if self.fill is not None:
            for points, _closed in polylines:
                for a, b in edges(points, True):
                    if segment_meets_box(a, b, box):
                        return True
            centre = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
            return inside(centre, polylines, self.even_odd)
        return False

    def covers(self, box: Box) -> bool:
        """Whether this path's fill covers all of `box`."""
        if self.fill is None or not self.outline.contains(box):
            return False
        polylines = self.polylines()
        inner = box.inset(1e-6, 1e-6, 1e-6, 1e-6)
        for points, _closed in polylines:
            for a, b in edges(points, True):
                if segment_meets_box(a, b, inner.inset(1e-3, 1e-3, 1e-3, 1e-3)):
                    return False
        return inside(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2), polylines, self.even_odd)


# An edge whose bounds are farther than this from a box cannot meet it, whatever the rounding
# of the exact test (page coordinates are a few hundred points: rounding is near 1e-13 pt).
_NEAR = 1e-6


def _bounded(pairs: tuple) -> tuple[tuple, np.ndarray]:
    """The edges `pairs` ((x, y), (x, y)) and their bounds, one row (x0, y0, x1, y1) each."""
    ends = np.array(pairs, dtype=float).reshape(-1, 2, 2)
    return pairs, np.concatenate((ends.min(axis=1), ends.max(axis=1)), axis=1)


def _meets(pairs: tuple, bounds: np.ndarray, box: Box) -> bool:
    """Whether any of the edges `pairs` (bounds rows `bounds`) meets `box`."""
    if not pairs:
        return False
    near = np.flatnonzero((bounds[:, 2] >= box.x0 - _NEAR) & (bounds[:, 0] <= box.x1 + _NEAR)
                          & (bounds[:, 3] >= box.y0 - _NEAR) & (bounds[:, 1] <= box.y1 + _NEAR))
    return any(segment_meets_box(*pairs[k], box) for k in near.tolist())


@dataclass(frozen=True)
class Glyph:
    """One shown glyph: its font, code and unicode text, size and where its ink lands."""

    font: "PdfFont"
    code: int
    gid: int | None  # glyph index in the embedded font; None when it has no program
    text: str
    size: float  # the Tf size
    rendered_size: float  # em height on the page after the text matrix and the CTM
    matrix: Matrix  # text space (1 unit = 1 em) to page
    origin: tuple[float, float]
    ink: Box | None  # the outline's bounds on the page; None for a blank glyph
    fill: Colour
    stroke: Colour
    render_mode: int
    alpha: float
    run: int  # which show operation (Tj, TJ, ', ") drew it: glyphs of one run read as one line
    clip: tuple = ()

    kind = "glyph"

    @property
    def missing(self) -> bool:
        """The code has no glyph in the font: it would print as .notdef or nothing."""
        return self.font.embedded and (self.gid is None or self.gid == 0)

    @property
    def visible(self) -> bool:
        return self.render_mode not in (3, 7)


def quick_constructor(cls):
    """A constructor of the frozen dataclass `cls` that takes every field by position, in
    field order, and gives the same value as `cls(...)`, without the generated __init__'s one
    `object.__setattr__` per field (a glyph: 0.6 against 1.6 µs; a book has a million)."""
    names = tuple(f.name for f in fields(cls))
    new = object.__new__

    def make(*values):
        made = new(cls)
        made.__dict__.update(zip(names, values, strict=True))
        return made
    return make


new_glyph = quick_constructor(Glyph)


@dataclass(frozen=True)
class ImageMark:
    matrix: Matrix  # the unit square to page
    ink: Box
    colour_space: str
    soft_mask: bool
    clip: tuple = ()

    kind = "image"


@dataclass(frozen=True)
class Clip:
    """A clipping path (W or W*) in page coordinates: marks paint only inside it."""

    segments: tuple[tuple, ...]
    even_odd: bool
    bounds: Box


Mark = PathMark | Glyph | ImageMark


def paints_in(mark: Mark, box: Box) -> bool:
    """Whether `mark` puts ink inside `box`: a path by its geometry (a stroked frame around
    the box does not paint in it), a glyph or an image by its ink box."""
    if isinstance(mark, PathMark):
        return mark.paints_in(box)
    return mark.ink is not None and mark.ink.overlaps(box)



@dataclass
class PageContent:
    """Everything a page paints, in painting order, plus what the page declares."""

    number: int  # 1-based
    media_box: Box
    trim_box: Box | None
    bleed_box: Box | None
    crop_box: Box | None
    marks: list = field(default_factory=list)
    fonts: dict = field(default_factory=dict)  # every font resource reachable from the page
    colour_spaces: set = field(default_factory=set)  # every colour space named or used
    transparency: list = field(default_factory=list)  # what makes the page non-opaque
    annotations: int = 0
    unsupported: set = field(default_factory=set)  # operators read but not interpreted
    # The views below, kept while `marks` is the same list of the same length: every check
    # asks for them on every page, and the interpreter only ever appends.
    _views: dict = field(default_factory=dict, repr=False, compare=False)

    def _view(self, name: str, make) -> list:
        cached = self._views.get(name)
        if cached is None or cached[0] is not self.marks or cached[1] != len(self.marks):
            cached = self._views[name] = (self.marks, len(self.marks), make())
        return list(cached[2])  # a copy: a caller may change its list

    @property
    def paths(self) -> list[PathMark]:
        return self._view("paths", lambda: [m for m in self.marks if isinstance(m, PathMark)])

    @property
    def glyphs(self) -> list[Glyph]:
        return self._view("glyphs", lambda: [m for m in self.marks if isinstance(m, Glyph)])

    @property
    def images(self) -> list[ImageMark]:
        return [m for m in self.marks if isinstance(m, ImageMark)]

    @property
    def text(self) -> str:
        """The page's text, one line per show operation."""
        lines: list[str] = []
        last = None
        for g in self.glyphs:
            if g.run != last:
                lines.append("")
                last = g.run
            lines[-1] += g.text
        return "\n".join(lines)

    @property
    def trim(self) -> Box:
        return self.trim_box or self.crop_box or self.media_box

    def marks_in(self, box: Box) -> list:
        """The ink marks that paint somewhere inside `box`, in painting order."""
        return [m for m in self.ink_marks if paints_in(m, box)]

    def marks_in_each(self, boxes: list[Box]) -> list[list]:
        """`marks_in` of each box, the page's marks gathered once: only marks whose ink box
        overlaps a box are asked whether they paint in it (the test every mark asks first;
        a board's cells each meet a few of a page's hundreds of marks)."""
        marks = self.ink_marks
        out: list[list] = [[] for _ in boxes]
        if not marks or not boxes:
            return out
        ink = np.array([m.ink.as_tuple() for m in marks])
        wanted = np.array([b.as_tuple() for b in boxes])
        # meets[i, j]: mark i's ink box overlaps box j (Box.overlaps, strict)
        meets = ((wanted[None, :, 0] < ink[:, None, 2]) & (ink[:, None, 0] < wanted[None, :, 2])
                 & (wanted[None, :, 1] < ink[:, None, 3]) & (ink[:, None, 1] < wanted[None, :, 3]))
        for i in np.flatnonzero(meets.any(axis=1)).tolist():
            mark = marks[i]
            which = np.flatnonzero(meets[i]).tolist()
            if isinstance(mark, PathMark):
                paints = mark.paints_in_each([boxes[j] for j in which])
                which = [j for j, yes in zip(which, paints) if yes]
            for j in which:
                out[j].append(mark)
        return out

    @property
    def ink_marks(self) -> list:
        """Marks that put ink on paper (invisible text and empty paths left out)."""
        return self._view("ink", self._ink_marks)

    def _ink_marks(self) -> list:
        out = []
        for m in self.marks:
            if isinstance(m, Glyph):
                if m.visible and m.ink is not None:
                    out.append(m)
            elif m.ink is not None:
                out.append(m)
        return out
