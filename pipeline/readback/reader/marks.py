"""What reaches paper, read back: paths, glyphs and images, each a frozen value in page points
(origin at the bottom-left of the MediaBox) with its colour and the clips it was painted
under, and a page's content, which collects them in painting order as the interpreter runs
the page and answers which marks paint in a box."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import chain, compress, groupby, repeat
from operator import attrgetter, is_, itemgetter, ne
from typing import NamedTuple

import numpy as np

from pipeline.geometry import Box
from pipeline.readback.reader.fonts import PdfFont
from pipeline.readback.reader.geometry import (Matrix, edges, flatten, inside, quick_constructor,
                                               segment_meets_box)
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

    def paints_in_each(self, boxes: list[Box]) -> list[bool]:
        """`paints_in` of each box, the same answers, the boxes taken together (`_paint_in`)."""
        return _paint_in([self], np.zeros(len(boxes), dtype=np.int64), boxes, _box_rows(boxes),
                         np.arange(len(boxes)), Subpaths.of_paths([self])).tolist()

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


@dataclass(frozen=True, eq=False)
class Subpaths:
    """The subpaths of some paths as `flatten` gives them, in arrays: every subpath's points,
    one after another, as rows (x, y) of `points`; subpath n has `sizes[n]` of them, was
    closed when `closed[n]`, and belongs to path `owner[n]` (its place in the list of paths
    the subpaths were made from)."""

    points: np.ndarray
    sizes: np.ndarray
    closed: np.ndarray
    owner: np.ndarray

    @classmethod
    def of_paths(cls, paths, steps: int = 8) -> "Subpaths":
        """The subpaths of `paths` (PathMarks), each curve as `steps` chords: those of the
        paths of straight segments first, read from all their segments at once, then those of
        any path with a curve, flattened one by one."""
        straight, curved = cls.of_straight_paths(paths)
        return cls.joined([straight] + [cls.of_polylines(flatten(paths[n].segments, steps), n)
                                        for n in curved])

    @classmethod
    def of_straight_paths(cls, paths) -> tuple["Subpaths", list[int]]:
        """The subpaths of those of `paths` that have no curve, read from all their segments
        at once, and the places of the others."""
        every = list(chain.from_iterable(map(_SEGMENTS, paths)))
        ops = "".join(map(_OP, every))
        if "C" not in ops:
            return cls._of_straight(every, ops, list(map(len, map(_SEGMENTS, paths))),
                                    np.arange(len(paths))), []
        curved = [n for n, path in enumerate(paths) if any(seg[0] == "C" for seg in path.segments)]
        straight = sorted(set(range(len(paths))) - set(curved))
        every = [seg for n in straight for seg in paths[n].segments]
        return cls._of_straight(every, "".join([seg[0] for seg in every]),
                                [len(paths[n].segments) for n in straight],
                                np.array(straight, dtype=np.int64)), curved

    @classmethod
    def joined(cls, parts: list["Subpaths"]) -> "Subpaths":
        return cls(*(np.concatenate([getattr(part, name) for part in parts]) for name in
                     ("points", "sizes", "closed", "owner")))

    def of_owners(self, place: np.ndarray) -> "Subpaths":
        """The subpaths of the paths `place` gives a place (>= 0) to, owned by that place."""
        chosen = place[self.owner] >= 0
        return Subpaths(self.points[np.repeat(chosen, self.sizes)], self.sizes[chosen],
                        self.closed[chosen], place[self.owner[chosen]])

    @classmethod
    def of_polylines(cls, polylines, owner: int = 0) -> "Subpaths":
        """From `flatten`'s list of (points, closed) of one path."""
        return cls(np.array([p for points, _closed in polylines for p in points],
                            dtype=float).reshape(-1, 2),
                   np.array([len(points) for points, _closed in polylines], dtype=np.int64),
                   np.array([closed for _points, closed in polylines], dtype=bool),
                   np.full(len(polylines), owner, dtype=np.int64))

    @classmethod
    def _of_straight(cls, every: list, ops: str, lengths: list, owners: np.ndarray) -> "Subpaths":
        """The subpaths of paths without curves whose segments, one path after another, are
        `every` (their operators `ops`, `lengths[n]` of them for path `owners[n]`), read the
        way `flatten` reads one path: a move starts a subpath, a line adds a point, a close
        marks the subpath closed; a subpath left with one point by the next move is dropped,
        a path's last one is kept when it has any point."""
        code = np.frombuffer(ops.encode("ascii"), dtype=np.uint8)
        lengths = np.array(lengths, dtype=np.int64)
        path_start = np.zeros(len(code), dtype=bool)
        path_start[(np.cumsum(lengths) - lengths)[lengths > 0]] = True
        # Each path begins a subpath (the points before its first move, if any), and so
        # does each move.
        subpath = np.cumsum(path_start | (code == ord("M"))) - 1
        count = int(subpath[-1]) + 1 if len(code) else 0
        is_point = code != ord("Z")
        point_subpath = subpath[is_point]
        sizes = np.bincount(point_subpath, minlength=count)
        closed = np.bincount(subpath[~is_point], minlength=count) > 0
        kept = sizes > 1
        path_end = subpath[(np.cumsum(lengths) - 1)[lengths > 0]]
        kept[path_end] = sizes[path_end] > 0
        placed = list(compress(every, map(ne, map(_OP, every), repeat("Z")))) if "Z" in ops \
            else every   # the closes ("Z",) hold no point
        if placed:
            _ops, xs, ys = zip(*placed)
            points = np.column_stack((np.array(xs, dtype=float), np.array(ys, dtype=float)))
        else:
            points = np.zeros((0, 2))
        first_segment = np.flatnonzero(np.diff(subpath, prepend=-1))
        owner = np.repeat(owners, lengths)[first_segment]
        return cls(points[kept[point_subpath]], sizes[kept], closed[kept], owner[kept])

    def edges(self, close: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The segments between consecutive points of each subpath, then from the last point
        back to the first of each subpath `close` picks (of a one-point subpath: the point
        itself): rows (x0, y0, x1, y1) of their ends, and each one's path (`owner`)."""
        starts = np.cumsum(self.sizes) - self.sizes
        ends = starts + self.sizes - 1
        step = np.ones(len(self.points), dtype=bool)
        step[ends] = False
        steps = np.flatnonzero(step)
        first, last = starts[close], ends[close]
        return (np.concatenate((
                    np.concatenate((self.points[steps], self.points[steps + 1]), axis=1),
                    np.concatenate((self.points[last], self.points[first]), axis=1))),
                np.concatenate((np.repeat(self.owner, self.sizes)[steps], self.owner[close])))


def _bounds(ends: np.ndarray) -> np.ndarray:
    """The bounds (x0, y0, x1, y1) of edges given as rows of their ends (x0, y0, x1, y1)."""
    return np.column_stack((np.minimum(ends[:, 0], ends[:, 2]), np.minimum(ends[:, 1], ends[:, 3]),
                            np.maximum(ends[:, 0], ends[:, 2]), np.maximum(ends[:, 1], ends[:, 3])))


def _box_rows(boxes: list) -> np.ndarray:
    """Boxes as rows (x0, y0, x1, y1)."""
    return np.fromiter(chain.from_iterable(map(_CORNERS, boxes)), dtype=float,
                       count=4 * len(boxes)).reshape(-1, 4)


_CORNERS = attrgetter("x0", "y0", "x1", "y1")
_RUN, _TEXT = attrgetter("run"), attrgetter("text")
_SEGMENTS, _OP = attrgetter("segments"), itemgetter(0)


def _read_only(rows: np.ndarray) -> np.ndarray:
    rows.setflags(write=False)
    return rows


def _ranges(starts: np.ndarray, stops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(i, j) for each i and each j in range(starts[i], stops[i]), in that order."""
    counts = np.maximum(stops - starts, 0)
    i = np.repeat(np.arange(len(starts)), counts)
    j = np.arange(len(i)) - np.repeat(np.cumsum(counts) - counts - starts, counts)
    return i, j


def overlapping_pairs(low_a: np.ndarray, high_a: np.ndarray, low_b: np.ndarray,
                      high_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(i, j): every pair of intervals a[i], b[j] with low_b[j] < high_a[i] and low_a[i] <
    high_b[j], once each, without comparing every pair (where an interval is empty or
    reversed, a few other pairs too: callers test their own condition on what this finds).
    Two such intervals overlap either where b starts inside a (low_a <= low_b < high_a) or
    where a starts inside b (low_b < low_a < high_b): sorted by their starts, the intervals
    starting inside one are a run of the other's. Each side is looked up in the order of
    its starts (a search for sorted keys is quicker), so pairs come in no particular order."""
    by_a, by_b = np.argsort(low_a, kind="stable"), np.argsort(low_b, kind="stable")
    starts_a, starts_b = low_a[by_a], low_b[by_b]
    i, rank_b = _ranges(np.searchsorted(starts_b, starts_a, side="left"),
                        np.searchsorted(starts_b, high_a[by_a], side="left"))
    j, rank_a = _ranges(np.searchsorted(starts_a, starts_b, side="right"),
                        np.searchsorted(starts_a, high_b[by_b], side="left"))
    return np.concatenate((by_a[i], by_a[rank_a])), np.concatenate((by_b[rank_b], by_b[j]))


def _edges_meet(ends: np.ndarray, owner: np.ndarray, grow: np.ndarray, rows: np.ndarray,
                pair_of: np.ndarray, box_of) -> np.ndarray:
    """For each pair t (`pair_of[path, box] == t`; -1 where there is none): whether an edge of
    its path (the edges: rows `ends` of their ends, `owner` their paths) meets its box
    `box_of(t)`, the box of row `rows[box]` grown by `grow[path]`. An edge is tested exactly
    (`segment_meets_box`) only when its bounds, grown by as much and 2 * `_NEAR` (growing the
    edge rounds otherwise than growing the box: the second `_NEAR` covers that), reach the
    box, which an edge meeting it always does; and only the edges and boxes that share some
    height are compared at all (`overlapping_pairs`)."""
    out = np.zeros(int(pair_of.max(initial=-1)) + 1, dtype=bool)
    if not len(ends) or not len(out):
        return out
    reach = (grow[owner] + 2 * _NEAR)[:, None] * (-1, -1, 1, 1)
    edge = _bounds(ends) + reach
    e, j = overlapping_pairs(edge[:, 1], edge[:, 3], rows[:, 1], rows[:, 3])
    t = pair_of[owner[e], j]
    box, bounds = rows[j], edge[e]
    near = ((t >= 0) & (bounds[:, 2] >= box[:, 0]) & (bounds[:, 0] <= box[:, 2])
            & (bounds[:, 3] >= box[:, 1]) & (bounds[:, 1] <= box[:, 3]))
    e, t = e[near], t[near]
    order = np.lexsort((e, t))
    e, t = e[order], t[order]
    runs = np.flatnonzero(np.diff(t, prepend=-1)).tolist()
    for a, b in zip(runs, [*runs[1:], len(t)]):
        exact = box_of(int(t[a]))
        out[t[a]] = any(segment_meets_box((x0, y0), (x1, y1), exact) for x0, y0, x1, y1
                        in ends[e[a:b]].tolist())
    return out


def _paint_in(paths: list, which: np.ndarray, boxes: list[Box], rows: np.ndarray,
              box_at: np.ndarray, sub: "Subpaths") -> np.ndarray:
    """`paths[which[t]].paints_in(boxes[box_at[t]])` for each pair t (no pair twice), the same
    answers, all pairs at once (`rows`: the boxes as rows; `sub`: the paths' subpaths,
    `Subpaths.of_paths(paths)`): an edge is tested exactly only against the boxes it comes
    near (`_edges_meet`)."""
    ink = _box_rows([path.ink for path in paths])[which]
    wanted = rows[box_at]
    out = ((wanted[:, 0] < ink[:, 2]) & (ink[:, 0] < wanted[:, 2]) & (wanted[:, 1] < ink[:, 3])
           & (ink[:, 1] < wanted[:, 3]))   # ink.overlaps(box), which `paints_in` asks first
    todo = np.flatnonzero(out)             # the pairs not yet known either way
    if not len(todo):
        return out
    stroked = np.array([path.stroke is not None for path in paths])
    filled = np.array([path.fill is not None for path in paths])
    halves = [max(path.line_width, path.mean_line_width) / 2 for path in paths]

    def asking(pairs: np.ndarray) -> np.ndarray:   # pair_of for `_edges_meet`
        table = np.full((len(paths), len(boxes)), -1, dtype=np.int64)
        table[which[pairs], box_at[pairs]] = pairs
        return table

    def grown(t: int) -> Box:
        half = halves[which[t]]
        return boxes[box_at[t]].inset(-half, -half, -half, -half)

    asked = todo[stroked[which[todo]]]
    if len(asked):   # the stroke's edges (`edges`), against the box grown by half the line
        met = _edges_meet(*sub.edges((sub.closed & (sub.sizes > 2)) | (sub.sizes == 1)),
                          np.array(halves), rows, asking(asked), grown)
        todo = todo[~np.isin(todo, np.flatnonzero(met))]
    out[todo] = False
    asked = todo[filled[which[todo]]]
    if len(asked):   # the edges a fill closes, then the fill rule at the box's centre
        met = _edges_meet(*sub.edges((sub.sizes > 2) | (sub.sizes == 1)),
                          np.zeros(len(paths)), rows, asking(asked),
                          lambda t: boxes[box_at[t]])
        met = np.isin(asked, np.flatnonzero(met))
        out[asked[met]] = True
        for t in asked[~met].tolist():
            path, box = paths[which[t]], boxes[box_at[t]]
            out[t] = inside(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2), path.polylines(),
                            path.even_odd)
    return out


class Glyph(NamedTuple):
    """One shown glyph: its font, code and unicode text, size and where its ink lands.

    A tuple with named fields rather than a dataclass: a book shows a million glyphs, and a
    tuple is one object, made (each row of columns straight into a tuple, `glyphs_of_columns`)
    and freed without a dict of its own (measured: 0.8 against 1.8 µs a glyph made)."""

    font: "PdfFont"
    code: int
    gid: int | None  # glyph index in the embedded font; None when it has no program
    text: str
    size: float  # the Tf size
    rendered_size: float  # em height on the page after the text matrix and the CTM
    matrix: Matrix  # text space (1 unit = 1 em) to page
    ink: Box | None  # the outline's bounds on the page; None for a blank glyph
    fill: Colour
    stroke: Colour
    render_mode: int
    alpha: float
    run: int  # which show operation (Tj, TJ, ', ") drew it: glyphs of one run read as one line
    clip: tuple = ()

    kind = "glyph"

    @property
    def origin(self) -> tuple[float, float]:
        """Where the glyph's pen stood on the page: the matrix's translation, read from it
        rather than kept as a field, so a glyph holds no pair of its own."""
        return self.matrix[4], self.matrix[5]

    @property
    def missing(self) -> bool:
        """The code has no glyph in the font: it would print as .notdef or nothing."""
        return self.font.embedded and (self.gid is None or self.gid == 0)

    @property
    def visible(self) -> bool:
        return self.render_mode not in (3, 7)


_glyph_of_row = partial(tuple.__new__, Glyph)


def glyphs_of_columns(*columns) -> list[Glyph]:
    """Glyphs from their fields as columns, in field order (each an iterable with a value
    for every glyph): each glyph made in one step, with no call per glyph in Python."""
    if len(columns) != len(Glyph._fields):
        raise TypeError(f"{len(Glyph._fields)} columns, one a field, not {len(columns)}")
    return list(map(_glyph_of_row, zip(*columns)))
# PathMark(segments, fill, stroke, even_odd, line_width, mean_line_width, cap, join, dash, alpha,
# outline, ink, clip), the same value: a board page paints a few hundred.
new_path_mark = quick_constructor(PathMark)


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

# The kinds of mark as `PageContent.ink_kinds` gives them, one small integer each.
GLYPH, PATH, IMAGE = 0, 1, 2
_KIND_CODES = {Glyph: GLYPH, PathMark: PATH, ImageMark: IMAGE}


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

    def _kept(self, name: str, make):
        cached = self._views.get(name)
        if cached is None or cached[0] is not self.marks or cached[1] != len(self.marks):
            cached = self._views[name] = (self.marks, len(self.marks), make())
        return cached[2]

    def view(self, name: str, make):
        """What `make()` gives, made once a page and shared (kept while `marks` stays the
        same): a check's own view of a page that another check, or the same check's next
        board, asks for again. The caller must not change it."""
        return self._kept(name, make)

    def _view(self, name: str, make) -> list:
        return list(self._kept(name, make))  # a copy: a caller may change its list

    @property
    def paths(self) -> list[PathMark]:
        return self._view("paths", lambda: self._of_type(PathMark))

    @property
    def glyphs(self) -> list[Glyph]:
        return self._view("glyphs", self._glyphs)

    def _glyphs(self) -> list[Glyph]:
        return self._of_type(Glyph)

    def _of_type(self, kind: type) -> list:
        """The marks of one kind, in order (a mark is of exactly one of the three classes,
        none of which is subclassed: its type says its kind), the types read once a page."""
        types = self._kept("types", lambda: list(map(type, self.marks)))
        return list(compress(self.marks, map(is_, types, repeat(kind))))

    @property
    def images(self) -> list[ImageMark]:
        return self._view("images", lambda: self._of_type(ImageMark))

    @property
    def text(self) -> str:
        """The page's text, one line per show operation (kept: several checks read it)."""
        return self._kept("text", lambda: "\n".join(
            "".join(map(_TEXT, run)) for _run, run in
            groupby(self._kept("glyphs", self._glyphs), key=_RUN)))

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
        wanted = _box_rows(boxes)
        ink = self.ink_rows()
        # (mark, box) pairs, by mark then box, whose ink box overlaps the box (Box.overlaps)
        mark_at, box_at = np.nonzero(
            (wanted[None, :, 0] < ink[:, None, 2]) & (ink[:, None, 0] < wanted[None, :, 2])
            & (wanted[None, :, 1] < ink[:, None, 3]) & (ink[:, None, 1] < wanted[None, :, 3]))
        paints = np.ones(len(mark_at), dtype=bool)
        asked = np.flatnonzero(self.ink_kinds()[mark_at] == PATH)
        if len(asked):   # a path paints where its geometry does, not its bounds
            kept, which = np.unique(mark_at[asked], return_inverse=True)
            paths = [marks[i] for i in kept.tolist()]
            paints[asked] = _paint_in(paths, which, boxes, wanted, box_at[asked],
                                      self.subpaths(paths))
        for i, j in zip(mark_at[paints].tolist(), box_at[paints].tolist()):
            out[j].append(marks[i])
        return out

    @property
    def ink_marks(self) -> list:
        """Marks that put ink on paper (invisible text and empty paths left out)."""
        return self._view("ink", self._ink_marks)

    def subpaths(self, paths: list[PathMark], steps: int = 8) -> Subpaths:
        """The subpaths `Subpaths.of_paths(paths, steps)` gives, maybe in another order. A
        straight path's are read from its segments once a page, whichever check asks first
        (the overlap, clue and answer checks ask about the same grid and cage lines), with
        the other straight paths new to that request; a curved one's are flattened at the
        steps asked for, each time (`paths` are distinct)."""
        # Batches read so far: (subpaths, how many paths asked), and by id where each path's
        # subpaths are: (the path, its batch, its owner there), the batch None for a curved
        # path (the path kept, so that its id names no other).
        batches, where = self._kept("subpaths read", lambda: ([], {}))
        new = [path for path in paths if where.get(id(path), (None,))[0] is not path]
        if new:
            straight, curved = Subpaths.of_straight_paths(new)
            for n, path in enumerate(new):
                where[id(path)] = (path, len(batches), n)
            for n in curved:
                where[id(new[n])] = (new[n], None, None)
            batches.append((straight, len(new)))
        places = [np.full(size, -1, dtype=np.int64) for _subpaths, size in batches]
        curved = []
        for n, path in enumerate(paths):
            _path, batch, owner = where[id(path)]
            if batch is None:
                curved.append(n)
            else:
                places[batch][owner] = n
        parts = [subpaths.of_owners(place) for (subpaths, _size), place in zip(batches, places)]
        if curved:
            flattened = Subpaths.of_paths([paths[n] for n in curved], steps)
            parts.append(flattened.of_owners(np.array(curved, dtype=np.int64)))
        return Subpaths.joined(parts) if parts else Subpaths.of_paths([])

    def ink_glyphs(self) -> list[Glyph]:
        """The glyphs among `ink_marks` (visible, with ink), in painting order."""
        return self._view("ink glyphs", self._ink_glyphs)

    def _ink_glyphs(self) -> list[Glyph]:
        return [m for m in self._kept("ink", self._ink_marks) if isinstance(m, Glyph)]

    def ink_kinds(self) -> np.ndarray:
        """The kind of each of `ink_marks`, in their order, as a code (`GLYPH`, `PATH`,
        `IMAGE`): one array a page (read-only, shared), so that a check picks the glyphs or
        the paths among the marks without asking each mark again."""
        def make():
            ink = self._kept("ink", self._ink_marks)
            return _read_only(np.fromiter(map(_KIND_CODES.__getitem__, map(type, ink)),
                                          dtype=np.int8, count=len(ink)))
        return self._kept("ink kinds", make)

    def ink_glyph_runs(self) -> np.ndarray:
        """The show operation (`Glyph.run`) of each of `ink_glyphs`, in their order (read-only,
        shared)."""
        def make():
            glyphs = self._kept("ink glyphs", self._ink_glyphs)
            return _read_only(np.fromiter(map(_RUN, glyphs), dtype=np.int64, count=len(glyphs)))
        return self._kept("ink glyph runs", make)

    def ink_rows(self) -> np.ndarray:
        """The ink boxes of `ink_marks`, one row (x0, y0, x1, y1) each, in their order: made
        once a page for the checks that compare every mark with boxes (read-only, shared)."""
        return self._kept("ink rows", lambda: _read_only(_box_rows(
            [m.ink for m in self._kept("ink", self._ink_marks)])))

    def _ink_marks(self) -> list:
        return [m for m in self.marks if m.ink is not None and (not isinstance(m, Glyph)
                                                                 or m.visible)]
