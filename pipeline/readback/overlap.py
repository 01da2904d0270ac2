"""Marks printed over marks they do not belong with: text on text, and text across a line.

A pure check over one page as read back from the PDF (`reader.PageContent`): it takes the
glyphs (their outline boxes and the show operation that drew them) and the stroked paths, and
returns what overlaps, in words. Two cases are faults:

- text on text: glyph outline boxes of two different show operations overlap by more than
  `tolerance` in both directions (glyphs of one operation are one line of text, kerned as the
  font intends, and may touch);
- text across a line: a stroked segment (a tile edge, a grid line, a rule, a bridge) passes
  through a glyph's outline box shrunk by `tolerance`, unless an opaque fill painted after the
  stroke and before the glyph holds the glyph's box (a disc over the ends of the lines that
  meet it, with its number on top, is drawn that way on purpose). "Holds" is tested on the
  box's corners, which is exact for the convex fills text sits on (discs, tiles, bands).

Filled shapes under text (a gray band behind a heading) are backgrounds, not borders.
A fill holds a point by its own fill rule, nonzero or even-odd, as the PDF paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pipeline.geometry import Box
from pipeline.readback.reader.geometry import flatten, inside
from pipeline.readback.reader.marks import GLYPH, PATH, overlapping_pairs

TOLERANCE_PT = 0.3
BUCKET_PT = 32.0
# A margin far above rounding (page coordinates are a few hundred points) and far below
# anything printed: a search widened by it can only find more, never fewer.
_HAIR = 1e-3
# Curves become four chords: a quarter circle's chords stray at most 2 % of its radius from
# the arc (0.15 pt on a 16 pt island), well inside the tolerance.
CHORDS = 4


@dataclass(frozen=True)
class Overlap:
    kind: str        # "text on text" or "text across a line"
    message: str


class _Index:
    """A spatial hash: which items' boxes may meet a box."""

    def __init__(self):
        self.cells: dict = {}

    def add(self, key, box: Box) -> None:
        cells = self.cells
        for i in range(int(box.x0 // BUCKET_PT), int(box.x1 // BUCKET_PT) + 1):
            for j in range(int(box.y0 // BUCKET_PT), int(box.y1 // BUCKET_PT) + 1):
                bucket = cells.get((i, j))
                if bucket is None:
                    cells[(i, j)] = [key]
                else:
                    bucket.append(key)

    def near(self, box: Box) -> set:
        cells = self.cells
        found: set = set()
        for i in range(int(box.x0 // BUCKET_PT), int(box.x1 // BUCKET_PT) + 1):
            for j in range(int(box.y0 // BUCKET_PT), int(box.y1 // BUCKET_PT) + 1):
                bucket = cells.get((i, j))
                if bucket:
                    found.update(bucket)
        return found


def _segments(subpaths) -> tuple[np.ndarray, np.ndarray]:
    """Stroked paths' flattened subpaths (`Subpaths`) as segments, rows (x0, y0, x1, y1) of
    their ends, and each one's path: consecutive points, and the closing segment of a closed
    subpath of more than two points."""
    return subpaths.edges(subpaths.closed & (subpaths.sizes > 2))


def as_circle(path) -> tuple[float, float, float] | None:
    """(cx, cy, r) when the path is one closed subpath of four curves whose outline is a
    square (the usual four-Bezier circle; it strays from a true circle by 0.03 % of r)."""
    segs = path.segments
    if len(segs) not in (5, 6):   # the only lengths of the two spellings below
        return None
    ops = "".join(seg[0] for seg in segs)
    if ops not in ("MCCCCZ", "MCCCC"):
        return None
    box = path.outline
    w, h = box.x1 - box.x0, box.y1 - box.y0
    if w <= 0 or abs(w - h) > 1e-3 * w:
        return None
    cx, cy, r = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, w / 2
    for seg in segs[1:5]:
        if abs(((seg[5] - cx) ** 2 + (seg[6] - cy) ** 2) ** 0.5 - r) > 1e-3 * r:
            return None
    return cx, cy, r


def _circle_crosses_box(circle, half: float, box: Box) -> bool:
    """Whether a stroked circle's ring (radius r, half width `half`) meets the box."""
    cx, cy, r = circle
    near_x = min(max(cx, box.x0), box.x1)
    near_y = min(max(cy, box.y0), box.y1)
    nearest = ((near_x - cx) ** 2 + (near_y - cy) ** 2) ** 0.5
    far_x = max(abs(box.x0 - cx), abs(box.x1 - cx))
    far_y = max(abs(box.y0 - cy), abs(box.y1 - cy))
    farthest = (far_x ** 2 + far_y ** 2) ** 0.5
    return nearest < r + half and farthest > r - half


def _circle_holds(circle, box: Box) -> bool:
    cx, cy, r = circle
    return all((x - cx) ** 2 + (y - cy) ** 2 <= r * r for x, y in
               ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)))


def _hides(polylines, even_odd: bool, box: Box) -> bool:
    """Whether a fill's flattened outline holds all four corners of `box` by its fill rule
    (for the convex shapes text is set on, a disc or a tile, the whole box)."""
    return all(inside((x, y), polylines, even_odd) for x, y in
               ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)))


def _text_of(glyphs, run: int) -> str:
    return "".join(g.text for g in glyphs if g.run == run)


def _run_boxes(boxes: np.ndarray, runs: np.ndarray):
    """The glyphs grouped by run: (members, starts, bounds), `members` the glyphs' places run
    after run (in their order within a run), run r's being members[starts[r]:starts[r + 1]],
    and `bounds` each run's box (rows x0, y0, x1, y1: the least and greatest of its glyphs')."""
    # A page paints its runs one after another: then they are grouped already.
    ordered = len(runs) < 2 or bool(np.all(runs[1:] >= runs[:-1]))
    members = np.arange(len(runs)) if ordered else np.argsort(runs, kind="stable")
    grouped = runs[members]
    starts = np.flatnonzero(np.diff(grouped, prepend=grouped[0] - 1))
    ranked = boxes[members]
    bounds = np.column_stack((np.minimum.reduceat(ranked[:, 0], starts),
                              np.minimum.reduceat(ranked[:, 1], starts),
                              np.maximum.reduceat(ranked[:, 2], starts),
                              np.maximum.reduceat(ranked[:, 3], starts)))
    return members, np.append(starts, len(members)), bounds


def _meet(a: np.ndarray, b: np.ndarray, tolerance: float) -> np.ndarray:
    """Which rows of boxes `a` and `b` overlap by more than `tolerance` both ways."""
    return ((np.minimum(a[:, 2], b[:, 2]) - np.maximum(a[:, 0], b[:, 0]) > tolerance)
            & (np.minimum(a[:, 3], b[:, 3]) - np.maximum(a[:, 1], b[:, 1]) > tolerance))


def _meeting_pairs(boxes: np.ndarray, runs: np.ndarray, tolerance: float):
    """(n, m), n < m, in order: glyphs of different runs whose boxes overlap by more than
    `tolerance` both ways, and the second of which, in the order of their bottoms, starts
    below the first one's top less `tolerance` (`_paged_meeting_pairs` of one page)."""
    n, m = _paged_meeting_pairs(boxes, runs, np.zeros(len(boxes), dtype=np.int64), tolerance)
    yield from zip(n.tolist(), m.tolist())


def _paged_meeting_pairs(boxes: np.ndarray, runs: np.ndarray, pages: np.ndarray,
                         tolerance: float) -> tuple[np.ndarray, np.ndarray]:
    """`_meeting_pairs` of the glyphs of many pages at once (glyph n on page `pages[n]`, the
    pages' glyphs one page after another), as arrays (n, m) by n then m: pairs of one page
    only. Two glyphs can only meet so when the boxes of their runs do (a run's box holds its
    glyphs', and rounding keeps that order), and the lines of a page of text meet no other
    line: so only the glyphs of two runs that meet are compared, not every glyph with the
    rest of its line."""
    none = np.zeros(0, dtype=np.int64)
    if len(boxes) < 2:
        return none, none
    runs = np.asarray(runs, dtype=np.int64)
    runs = pages * (int(runs.max()) - int(runs.min()) + 1) + (runs - runs.min())   # one page's
    members, starts, bounds = _run_boxes(boxes, runs)
    run_page = pages[members[starts[:-1]]]
    r, t = _paged_pairs(bounds, run_page, bounds, run_page)
    keep = (r < t) & _meet(bounds[r], bounds[t], tolerance)
    r, t = r[keep], t[keep]
    if not len(r):
        return none, none
    # Every glyph of run r against every glyph of run t.
    size_r, size_t = starts[r + 1] - starts[r], starts[t + 1] - starts[t]
    pair, step = _steps(size_r * size_t)
    n = members[starts[r][pair] + step // size_t[pair]]
    m = members[starts[t][pair] + step % size_t[pair]]
    # Of each pair, the first by its bottom (ties by place, as a stable sort of the page's
    # glyphs ranks them).
    bottom_n, bottom_m = boxes[n, 1], boxes[m, 1]
    n_first = (bottom_n < bottom_m) | ((bottom_n == bottom_m) & (n < m))
    first = np.where(n_first, n, m)
    second = np.where(n_first, m, n)
    meet = (_meet(boxes[first], boxes[second], tolerance)
            & (boxes[second, 1] < boxes[first, 3] - tolerance))
    n, m = np.minimum(n[meet], m[meet]), np.maximum(n[meet], m[meet])
    order = np.lexsort((m, n))
    return n[order], m[order]


# The searches over a book's pages at once keep each page, and each band of the page this
# many points wide, apart: each band's heights are lifted by `PAGE_APART_PT` from the last
# one's (a hair wider for the rounding of the lift), so that boxes of two pages, or of two
# bands, share no height. A box is in every band it reaches (a line of text in a few, a
# letter in one): boxes side by side in a row of a board, which share all their height,
# are then compared only with their neighbours.
BAND_PT = 36.0
PAGE_APART_PT = 1e4
_BANDS = 64   # bands a page: from 8 bands left of the page's origin; any farther are the last


def _bands(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each box (rows x0, y0, x1, y1) once for each band it reaches: (box, band), and the
    first band of each box."""
    low = np.minimum(rows[:, 0], rows[:, 2]) // BAND_PT
    high = np.maximum(rows[:, 0], rows[:, 2]) // BAND_PT
    low = np.clip(low, -8, _BANDS - 9).astype(np.int64) + 8
    high = np.clip(high, -8, _BANDS - 9).astype(np.int64) + 8
    box, step = _steps(high - low + 1)
    return box, low[box] + step, low


def _paged_pairs(a: np.ndarray, page_a: np.ndarray, b: np.ndarray, page_b: np.ndarray,
                 banded: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(i, j), once each: every pair of boxes a[i], b[j] (rows x0, y0, x1, y1) of
    one page (`page_a[i] == page_b[j]`) that share some width and height (b[j].y0 < a[i].y1,
    a[i].y0 < b[j].y1, and as much across; a reversed box is taken as the box it spans),
    and maybe a few more: callers test their own condition on what this finds. Boxes are
    compared band by band (`BAND_PT`) through `overlapping_pairs` of their heights; not
    `banded`, page by page (cheaper where few boxes share a height: many boxes with a few)."""
    none = np.zeros(0, dtype=np.int64)
    if not len(a) or not len(b):
        return none, none
    if not banded:
        lift_a, lift_b = page_a * (_BANDS * PAGE_APART_PT), page_b * (_BANDS * PAGE_APART_PT)
        i, j = overlapping_pairs(a[:, 1] + lift_a - _HAIR, a[:, 3] + lift_a + _HAIR,
                                 b[:, 1] + lift_b - _HAIR, b[:, 3] + lift_b + _HAIR)
        same = page_a[i] == page_b[j]
        return i[same], j[same]
    box_a, band_a, first_a = _bands(a)
    box_b, band_b, first_b = _bands(b)
    lift_a = (page_a[box_a] * _BANDS + band_a) * PAGE_APART_PT
    lift_b = (page_b[box_b] * _BANDS + band_b) * PAGE_APART_PT
    i, j = overlapping_pairs(a[box_a, 1] + lift_a - _HAIR, a[box_a, 3] + lift_a + _HAIR,
                             b[box_b, 1] + lift_b - _HAIR, b[box_b, 3] + lift_b + _HAIR)
    # A pair is found in each band both boxes reach: it is kept in the first of them.
    keep = ((band_a[i] == band_b[j]) & (band_a[i] == np.maximum(first_a[box_a[i]],
                                                                 first_b[box_b[j]])))
    i, j = box_a[i[keep]], box_b[j[keep]]
    same = page_a[i] == page_b[j]
    return i[same], j[same]


def _steps(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(i, s) for each i and each s in range(counts[i]), in that order."""
    i = np.repeat(np.arange(len(counts)), counts)
    return i, np.arange(len(i)) - np.repeat(np.cumsum(counts) - counts, counts)


def _near_rings(inner: np.ndarray, rings: np.ndarray, eps: float):
    """(glyph, stroke) for each circle (`rings` rows: cx, cy, r, half the line width, the
    stroke) whose ring a glyph's open shrunk box (`inner` rows) is not clearly inside or
    outside of, widened by `eps`. Only the glyphs whose heights reach within the ring's outer
    radius of its centre, a hair more, are measured: a box farther off is nearer to no point
    of the ring than that."""
    if not len(rings) or not len(inner):
        return
    cx, cy, r, c_half, c_stroke = rings.T
    reach = r + c_half + eps + _HAIR
    g, k = overlapping_pairs(inner[:, 1], inner[:, 3], cy - reach, cy + reach)
    x0, y0, x1, y1 = inner[g].T
    cx, cy, r, c_half = cx[k], cy[k], r[k], c_half[k]
    nearest = np.hypot(np.clip(cx, x0, x1) - cx, np.clip(cy, y0, y1) - cy)
    farthest = np.hypot(np.maximum(np.abs(x0 - cx), np.abs(x1 - cx)),
                        np.maximum(np.abs(y0 - cy), np.abs(y1 - cy)))
    near = ((x0 < x1) & (y0 < y1) & (nearest < r + c_half + eps)
            & (farthest > r - c_half - eps))
    yield from zip(g[near].tolist(), c_stroke[k[near]].astype(np.int64).tolist())


def segments_cross_boxes(ends: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """`segment_meets_box(a, b, box, open_box=True)` for each row of segment ends `ends` (x0,
    y0, x1, y1) and of `boxes` (x0, y0, x1, y1): the same answers, every row at once. The
    plain test clips the segment to each of the four sides in turn and gives up as soon as
    nothing is left; what is left only shrinks, so giving up at the end instead answers the
    same, and the arithmetic is the plain test's, term for term."""
    ax, ay, bx, by = ends.T
    dx, dy = bx - ax, by - ay
    through = np.ones(len(ends), dtype=bool)
    t0, t1 = np.zeros(len(ends)), np.ones(len(ends))
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-dx, ax - boxes[:, 0]), (dx, boxes[:, 2] - ax), (-dy, ay - boxes[:, 1]),
                     (dy, boxes[:, 3] - ay)):
            through &= (p != 0) | (q > 0)   # parallel to this side: inside it, not on it
            r = q / p
            t0 = np.where(p < 0, np.maximum(t0, r), t0)
            t1 = np.where(p > 0, np.minimum(t1, r), t1)
    return through & (t0 < t1)


def _crossing_segments(inner: np.ndarray, pieces: np.ndarray, stroke_ink: np.ndarray,
                       segments: np.ndarray, glyph_page: np.ndarray | None = None,
                       stroke_page: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(glyph, stroke), by glyph then stroke, once each: the strokes of which a segment
    passes through the glyph's box shrunk by the tolerance (rows `inner`; a box too small to
    shrink is left out), widened by half the stroke's line. `pieces` rows are the straight
    segments of the strokes (x0, y0, x1, y1 of the segment's bounds, half the line width, the
    stroke), `segments` their ends, `stroke_ink` each stroke's ink box. A segment is compared
    with the glyphs it shares some height with (`overlapping_pairs`), kept when its bounds,
    widened by half its line and a hair more, meet the box, and tested exactly then
    (`segments_cross_boxes`), with the stroke's ink box first meeting the glyph's box. Given
    the page of each glyph and each stroke, the glyphs and strokes of many pages are searched
    at once, glyphs with the strokes of their own page."""
    none = np.zeros(0, dtype=np.int64)
    if glyph_page is None:
        glyph_page = np.zeros(len(inner), dtype=np.int64)
        stroke_page = np.zeros(len(stroke_ink), dtype=np.int64)
    live = np.flatnonzero((inner[:, 0] < inner[:, 2]) & (inner[:, 1] < inner[:, 3]))
    if not len(pieces) or not len(live):
        return none, none
    eps = 1e-6
    sx0, sy0, sx1, sy1, s_half, s_stroke = pieces.T
    stroke_of = s_stroke.astype(np.int64)
    # The segment's bounds widened by half its line, a hair more.
    low_x, low_y = sx0 - s_half - eps, sy0 - s_half - eps
    high_x, high_y = sx1 + s_half + eps, sy1 + s_half + eps
    g, k = _paged_pairs(inner[live], glyph_page[live],
                        np.column_stack((low_x, low_y, high_x, high_y)), stroke_page[stroke_of])
    g = live[g]
    box = inner[g]
    near = ((low_x[k] < box[:, 2]) & (box[:, 0] < high_x[k]) & (low_y[k] < box[:, 3])
            & (box[:, 1] < high_y[k]))
    g, k, box = g[near], k[near], box[near]
    stroke = stroke_of[k]
    ink = stroke_ink[stroke]
    half = s_half[k]
    target = box + half[:, None] * (-1, -1, 1, 1)   # the box grown by half the line
    cross = ((box[:, 0] < ink[:, 2]) & (ink[:, 0] < box[:, 2]) & (box[:, 1] < ink[:, 3])
             & (ink[:, 1] < box[:, 3])   # the stroke's ink meets the box (`Box.overlaps`)
             & (sx1[k] >= target[:, 0]) & (sx0[k] <= target[:, 2])
             & (sy1[k] >= target[:, 1]) & (sy0[k] <= target[:, 3]))
    at = np.flatnonzero(cross)
    at = at[segments_cross_boxes(segments[k[at]], target[at])]
    strokes = len(stroke_ink)
    pairs = np.unique(g[at] * strokes + stroke[at])   # sorted by glyph, then stroke
    return pairs // strokes, pairs % strokes


def _crossed_boxes(inner: np.ndarray, ink: np.ndarray, inner_page: np.ndarray | None = None,
                   ink_page: np.ndarray | None = None) -> np.ndarray:
    """Which of the boxes `ink` (rows) overlap one of the boxes `inner` (rows) at all
    (`Box.overlaps`): a stroke whose ink box meets no glyph's can cross none. Given the page
    of each box, only boxes of one page are compared."""
    if inner_page is None:
        inner_page = np.zeros(len(inner), dtype=np.int64)
        ink_page = np.zeros(len(ink), dtype=np.int64)
    out = np.zeros(len(ink), dtype=bool)
    g, s = _paged_pairs(inner, inner_page, ink, ink_page, banded=False)
    meet = ((ink[s, 0] < inner[g, 2]) & (inner[g, 0] < ink[s, 2]) & (ink[s, 1] < inner[g, 3])
            & (inner[g, 1] < ink[s, 3]))
    out[s[meet]] = True
    return out


def find_overlaps(page, tolerance: float = TOLERANCE_PT) -> list[Overlap]:
    """Every place on `page` where text meets other text or a stroked line it does not belong
    to (see the module's notes); each pair of runs or of run and path is reported once."""
    return find_overlaps_of_pages([page], tolerance)[0]


@dataclass
class _Gathered:
    """What the overlap check reads of one page: its ink marks, which are glyphs (their paint
    order, the glyphs, their ink boxes as rows and runs), and its stroked and filled paths
    with their paint order."""

    marks: list
    glyph_at: np.ndarray
    glyphs: list
    boxes: np.ndarray
    runs: np.ndarray
    strokes: list    # (paint order, path)
    fills: list      # (paint order, path)
    stroke_ink: np.ndarray

    @classmethod
    def of(cls, page) -> "_Gathered":
        marks, kinds, ink = page.ink_marks, page.ink_kinds(), page.ink_rows()
        glyph_at = np.flatnonzero(kinds == GLYPH)   # paint order of each glyph
        strokes, fills = [], []
        for order in np.flatnonzero(kinds == PATH).tolist():
            mark = marks[order]
            if mark.stroke is not None:
                strokes.append((order, mark))
            if mark.fill is not None:
                fills.append((order, mark))
        return cls(marks, glyph_at, page.ink_glyphs(), ink[glyph_at], page.ink_glyph_runs(),
                   strokes, fills, ink[np.array([order for order, _s in strokes],
                                                dtype=np.int64)])


def _by_page(counts: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """For items counted page by page (`counts[p]` on page p, one page after another): each
    item's page, and where each page's items start."""
    counts = np.array(counts, dtype=np.int64)
    return np.repeat(np.arange(len(counts)), counts), np.cumsum(counts) - counts


def _split(items: np.ndarray, page: np.ndarray, start: np.ndarray, pages: int) -> list:
    """Items (sorted by page) as one list a page, their numbers counted from the page's
    first (`_by_page`)."""
    bounds = np.searchsorted(page, np.arange(pages + 1))
    return [(items[a:b] - start[n]).tolist()
            for n, (a, b) in enumerate(zip(bounds[:-1].tolist(), bounds[1:].tolist()))]


def find_overlaps_of_pages(pages, tolerance: float = TOLERANCE_PT) -> list[list[Overlap]]:
    """`find_overlaps` of each page, the pages searched together: the array searches
    (glyphs meeting glyphs, strokes reaching glyphs, segments crossing them) run once over
    all the pages' glyphs and strokes, each compared only with those of its own page, not
    page by page; what is found is then judged page by page, as for one page."""
    gathered = [_Gathered.of(page) for page in pages]
    glyph_page, glyph_start = _by_page([len(g.glyphs) for g in gathered])
    stroke_page, stroke_start = _by_page([len(g.strokes) for g in gathered])
    boxes = np.concatenate([g.boxes for g in gathered]) if gathered else np.zeros((0, 4))
    inner = boxes + (tolerance, tolerance, -tolerance, -tolerance)
    stroke_ink = (np.concatenate([g.stroke_ink for g in gathered]) if gathered
                  else np.zeros((0, 4)))

    n, m = _paged_meeting_pairs(boxes, np.concatenate([g.runs for g in gathered] or [
        np.zeros(0, dtype=np.int64)]), glyph_page, tolerance)
    meeting = zip(_split(n, glyph_page[n], glyph_start, len(pages)),
                  _split(m, glyph_page[n], glyph_start, len(pages)))
    found = [_text_on_text(g, zip(first, second)) for g, (first, second)
             in zip(gathered, meeting)]

    # Only a stroke whose ink box overlaps a glyph's shrunk box can cross it, so only those
    # are taken apart into segments.
    reaching = np.flatnonzero(_crossed_boxes(inner, stroke_ink, glyph_page, stroke_page))
    reaching = _split(reaching, stroke_page[reaching], stroke_start, len(pages))
    lines = [_Lines.of(page, g, near) for page, g, near
             in zip(pages, gathered, reaching)]
    segments = np.concatenate([line.segments for line in lines] or [np.zeros((0, 4))])
    pieces = np.concatenate([line.pieces + (0, 0, 0, 0, 0, start) for line, start
                             in zip(lines, stroke_start.tolist())] or [np.zeros((0, 6))])
    g, n = _crossing_segments(inner, pieces, stroke_ink, segments, glyph_page, stroke_page)
    crossing = zip(_split(g, glyph_page[g], glyph_start, len(pages)),
                   _split(n, glyph_page[g], stroke_start, len(pages)))
    for gathered_page, line, found_here, (glyphs, strokes) in zip(gathered, lines, found,
                                                                  crossing):
        if gathered_page.strokes and gathered_page.glyphs:
            found_here += _across_lines(gathered_page, line, set(zip(glyphs, strokes)), tolerance)
    return found


def _text_on_text(page: _Gathered, pairs) -> list[Overlap]:
    """The text-on-text findings of a page from its meeting pairs, in order: each pair of
    runs once."""
    found, seen_runs = [], set()
    all_glyphs = page.glyphs
    for n, m in pairs:
        glyph, other = all_glyphs[n], all_glyphs[m]
        if other.run == glyph.run or (glyph.run, other.run) in seen_runs:
            continue
        seen_runs.add((glyph.run, other.run))
        found.append(Overlap("text on text", (
            f"{_text_of(all_glyphs, glyph.run)!r} overlaps "
            f"{_text_of(all_glyphs, other.run)!r} at ({glyph.ink.x0:.1f}, "
            f"{glyph.ink.y0:.1f})")))
    return found


@dataclass
class _Lines:
    """A page's strokes that reach a glyph, taken apart: the circles among them as rings
    (rows cx, cy, r, half the line width, the stroke), the others as segments (rows of their
    ends) and pieces (rows x0, y0, x1, y1 of a segment's bounds, half the line width, the
    stroke); and each path's circle, once (`as_circle`)."""

    rings: np.ndarray
    segments: np.ndarray
    pieces: np.ndarray
    circles: dict

    def circle(self, path):
        if id(path) not in self.circles:
            self.circles[id(path)] = as_circle(path)
        return self.circles[id(path)]

    @classmethod
    def of(cls, page, gathered: _Gathered, reaching: list[int]) -> "_Lines":
        made = cls(np.zeros((0, 5)), np.zeros((0, 4)), np.zeros((0, 6)), {})
        if not gathered.strokes or not gathered.glyphs:
            return made
        strokes = gathered.strokes
        lined, rings = [], []   # the strokes other than circles, by their place in `strokes`
        for n in reaching:
            path = strokes[n][1]
            # A circle has five or six segments (`as_circle`); most strokes are lines.
            circle = made.circle(path) if len(path.segments) in (5, 6) else None
            if circle is None:
                lined.append(n)
            else:
                rings.append((*circle, max(path.line_width, path.mean_line_width) / 2, n))
        subpaths = page.subpaths([strokes[n][1] for n in lined], CHORDS)
        segments, owner = _segments(subpaths)
        lined = np.array(lined, dtype=np.int64)
        halves = np.array([max(p.line_width, p.mean_line_width) / 2 for p in
                           (strokes[n][1] for n in lined.tolist())])
        made.rings = np.array(rings, dtype=float).reshape(-1, 5)
        made.segments = segments
        made.pieces = np.column_stack((
            np.minimum(segments[:, 0], segments[:, 2]),
            np.minimum(segments[:, 1], segments[:, 3]),
            np.maximum(segments[:, 0], segments[:, 2]),
            np.maximum(segments[:, 1], segments[:, 3]), halves[owner], lined[owner]))
        return made


def _across_lines(page: _Gathered, lines: _Lines, crossing: set,
                  tolerance: float) -> list[Overlap]:
    """The text-across-a-line findings of a page, from the (glyph, stroke) pairs whose
    segments cross (`_crossing_segments`) and its rings' crossings, found here: each pair of
    run and stroke once, a line hidden under a fill the glyph sits on left out."""
    strokes, fills, all_glyphs = page.strokes, page.fills, page.glyphs
    inner = page.boxes + (tolerance, tolerance, -tolerance, -tolerance)
    crossing = set(crossing)
    eps = 1e-6
    for g, n in _near_rings(inner, lines.rings, eps):   # circles (a few a board) one by one
        path = strokes[n][1]
        box = Box(*inner[g].tolist())
        if path.ink.overlaps(box) and _circle_crosses_box(
                lines.circle(path), max(path.line_width, path.mean_line_width) / 2, box):
            crossing.add((g, n))
    flat: dict = {}      # id(path) -> a fill's flattened subpaths

    def _flat(path):
        if id(path) not in flat:
            flat[id(path)] = flatten(path.segments, CHORDS)
        return flat[id(path)]

    fill_index = None   # made when a crossing first asks which fills hold a glyph

    def near_fills(box: Box) -> set:
        nonlocal fill_index
        if fill_index is None:
            fill_index = _Index()
            for n, (_order, path) in enumerate(fills):
                fill_index.add(n, path.outline)
        return fill_index.near(box)

    def _holds(k, box: Box) -> bool:
        path = fills[k][1]
        circle = lines.circle(path)
        if circle is not None:
            return _circle_holds(circle, box)
        return _hides(_flat(path), path.even_odd, box)

    found, seen_pairs = [], set()
    holders: dict = {}   # glyph -> paint orders of the fills that hold its box, found once
    for g, n in sorted(crossing):
        g_order, glyph = int(page.glyph_at[g]), all_glyphs[g]
        if (glyph.run, n) in seen_pairs:
            continue
        s_order = strokes[n][0]
        if s_order < g_order:
            if g not in holders:
                holders[g] = [fills[k][0] for k in near_fills(glyph.ink)
                              if fills[k][0] < g_order
                              and fills[k][1].outline.contains(glyph.ink)
                              and _holds(k, glyph.ink)]
            if any(s_order < order for order in holders[g]):
                continue   # the line is hidden under a fill the text sits on
        seen_pairs.add((glyph.run, n))
        found.append(Overlap("text across a line", (
            f"{_text_of(all_glyphs, glyph.run)!r} at ({glyph.ink.x0:.1f}, "
            f"{glyph.ink.y0:.1f}) is crossed by a line")))
    return found
