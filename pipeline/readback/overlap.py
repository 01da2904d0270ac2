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
from pipeline.readback.reader.geometry import flatten, inside, segment_meets_box
from pipeline.readback.reader.marks import overlapping_pairs

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


def _meeting_pairs(boxes: np.ndarray, runs: np.ndarray, tolerance: float):
    """(n, m), n < m, in order: glyphs of different runs whose boxes overlap by more than
    `tolerance` both ways. Sorted by their bottoms, a glyph can only meet the glyphs after it
    that start below its top, so only those pairs (mostly the glyphs of its own line) are
    compared."""
    if len(boxes) < 2:
        return
    order = np.argsort(boxes[:, 1], kind="stable")
    ranked = boxes[order]
    ends = np.searchsorted(ranked[:, 1], ranked[:, 3] - tolerance, side="left")
    counts = np.maximum(ends - np.arange(len(ranked)) - 1, 0)
    first = np.repeat(np.arange(len(ranked)), counts)
    # For each first glyph, the ranks after it up to its end.
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    second = first + 1 + (np.arange(len(first)) - starts)
    a, b = ranked[first], ranked[second]
    meet = ((np.minimum(a[:, 2], b[:, 2]) - np.maximum(a[:, 0], b[:, 0]) > tolerance)
            & (np.minimum(a[:, 3], b[:, 3]) - np.maximum(a[:, 1], b[:, 1]) > tolerance))
    n, m = order[first[meet]], order[second[meet]]
    keep = runs[n] != runs[m]
    n, m = np.minimum(n[keep], m[keep]), np.maximum(n[keep], m[keep])
    for k in np.lexsort((m, n)):
        yield int(n[k]), int(m[k])


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


def _near_strokes(glyph_boxes: np.ndarray, pieces: np.ndarray, rings: np.ndarray,
                  tolerance: float):
    """(glyph, [(stroke, [piece, ...]), ...]) in order: the strokes that may cross the glyph's
    box shrunk by `tolerance` (glyphs too small to shrink are left out), each with the rows of
    `pieces` that may (none for a circle). `pieces` rows are the straight
    segments of the strokes (x0, y0, x1, y1 of the segment's bounds, half the line width,
    the stroke); `rings` rows the circles (cx, cy, r, half the line width, the stroke). A
    segment is kept when its bounds, widened by half its line, meet the box; a circle when
    the box is not clearly inside or outside its ring. Both tests are a hair wider than the
    exact ones (`segment_meets_box` with `open_box`, `_circle_crosses_box`), which then decide
    on the kept segments alone (a board with dashed cages has a thousand dashes, of which a
    digit comes near two or three). Segments are compared only with the glyphs they share
    some height with (`overlapping_pairs`), not with every glyph of the page."""
    if not len(glyph_boxes) or not (len(pieces) or len(rings)):
        return
    eps = 1e-6
    inner = glyph_boxes + (tolerance, tolerance, -tolerance, -tolerance)
    live = np.flatnonzero((inner[:, 0] < inner[:, 2]) & (inner[:, 1] < inner[:, 3]))
    found: dict[int, dict] = {}
    if len(pieces) and len(live):
        sx0, sy0, sx1, sy1, s_half, s_stroke = pieces.T
        # The segment's bounds widened by half its line, a hair more.
        low_x, low_y = sx0 - s_half - eps, sy0 - s_half - eps
        high_x, high_y = sx1 + s_half + eps, sy1 + s_half + eps
        g, k = overlapping_pairs(inner[live, 1], inner[live, 3], low_y, high_y)
        g = live[g]
        x0, y0, x1, y1 = inner[g].T
        near = ((low_x[k] < x1) & (x0 < high_x[k]) & (low_y[k] < y1) & (y0 < high_y[k]))
        g, k = g[near], k[near]
        order = np.lexsort((k, g))
        for g, k in zip(g[order].tolist(), k[order].tolist()):   # k ascends per g
            found.setdefault(g, {}).setdefault(int(s_stroke[k]), []).append(k)
    for g, stroke in _near_rings(inner, rings, eps):
        found.setdefault(g, {}).setdefault(stroke, [])
    for g in sorted(found):
        yield g, sorted(found[g].items())


def _crossed_boxes(inner: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Which of the boxes `ink` (rows) overlap one of the boxes `inner` (rows) at all
    (`Box.overlaps`): a stroke whose ink box meets no glyph's can cross none."""
    out = np.zeros(len(ink), dtype=bool)
    g, s = overlapping_pairs(inner[:, 1], inner[:, 3], ink[:, 1], ink[:, 3])
    meet = ((ink[s, 0] < inner[g, 2]) & (inner[g, 0] < ink[s, 2]) & (ink[s, 1] < inner[g, 3])
            & (inner[g, 1] < ink[s, 3]))
    out[s[meet]] = True
    return out


def find_overlaps(page, tolerance: float = TOLERANCE_PT) -> list[Overlap]:
    """Every place on `page` where text meets other text or a stroked line it does not belong
    to (see the module's notes); each pair of runs or of run and path is reported once."""
    glyphs = []      # (paint order, glyph)
    strokes = []     # (paint order, path)
    fills = []       # (paint order, path)
    for order, mark in enumerate(page.ink_marks):
        if mark.kind == "glyph":
            glyphs.append((order, mark))
        elif mark.kind == "path":
            if mark.stroke is not None:
                strokes.append((order, mark))
            if mark.fill is not None:
                fills.append((order, mark))
    all_glyphs = [g for _order, g in glyphs]
    found: list[Overlap] = []

    ink = page.ink_rows()
    boxes = ink[np.array([order for order, _g in glyphs], dtype=np.int64)]
    seen_runs = set()
    for n, m in _meeting_pairs(boxes, np.array([g.run for g in all_glyphs]), tolerance):
        glyph, other = all_glyphs[n], all_glyphs[m]
        if other.run == glyph.run or (glyph.run, other.run) in seen_runs:
            continue
        seen_runs.add((glyph.run, other.run))
        found.append(Overlap("text on text", (
            f"{_text_of(all_glyphs, glyph.run)!r} overlaps "
            f"{_text_of(all_glyphs, other.run)!r} at ({glyph.ink.x0:.1f}, "
            f"{glyph.ink.y0:.1f})")))
    if not strokes or not glyphs:
        return found   # no line to cross any text

    circles: dict = {}

    def _circle(path):
        if id(path) not in circles:
            circles[id(path)] = as_circle(path)
        return circles[id(path)]

    flat: dict = {}      # id(path) -> a fill's flattened subpaths

    def _flat(path):
        if id(path) not in flat:
            flat[id(path)] = flatten(path.segments, CHORDS)
        return flat[id(path)]

    # Only a stroke whose ink box overlaps a glyph's shrunk box can cross it (the test the
    # loop below asks first), so only those are taken apart into segments.
    inner = boxes + (tolerance, tolerance, -tolerance, -tolerance)
    reaching = np.flatnonzero(_crossed_boxes(
        inner, ink[np.array([order for order, _s in strokes], dtype=np.int64)])).tolist()
    lined, rings = [], []   # the strokes other than circles, by their place in `strokes`
    for n in reaching:
        path = strokes[n][1]
        circle = _circle(path)
        if circle is None:
            lined.append(n)
        else:
            rings.append((*circle, max(path.line_width, path.mean_line_width) / 2, n))
    subpaths = page.subpaths([strokes[n][1] for n in lined], CHORDS)
    segments, owner = _segments(subpaths)
    lined = np.array(lined, dtype=np.int64)
    halves = np.array([max(p.line_width, p.mean_line_width) / 2 for p in
                       (strokes[n][1] for n in lined.tolist())])
    pieces = np.column_stack((
        np.minimum(segments[:, 0], segments[:, 2]), np.minimum(segments[:, 1], segments[:, 3]),
        np.maximum(segments[:, 0], segments[:, 2]), np.maximum(segments[:, 1], segments[:, 3]),
        halves[owner], lined[owner]))
    near_strokes = _near_strokes(boxes, pieces, np.array(rings, dtype=float).reshape(-1, 5),
                                 tolerance)
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
        circle = _circle(path)
        if circle is not None:
            return _circle_holds(circle, box)
        return _hides(_flat(path), path.even_odd, box)

    seen_pairs = set()
    for g, candidates in near_strokes:
        g_order, glyph = glyphs[g]
        holders = None   # paint orders of the fills that hold this glyph's box, found once
        inner = glyph.ink.inset(tolerance, tolerance, tolerance, tolerance)
        for n, near in candidates:
            s_order, path = strokes[n]
            if (glyph.run, n) in seen_pairs or not path.ink.overlaps(inner):
                continue
            half = max(path.line_width, path.mean_line_width) / 2
            target = inner.inset(-half, -half, -half, -half)
            circle = _circle(path)
            crossing = None
            if circle is not None:
                if _circle_crosses_box(circle, half, inner):
                    crossing = ((circle[0] - circle[2], circle[1]), (circle[0] + circle[2],
                                                                      circle[1]))
            for x0, y0, x1, y1 in segments[near].tolist():   # none for a circle
                p, q = (x0, y0), (x1, y1)
                if max(p[0], q[0]) < target.x0 or min(p[0], q[0]) > target.x1 or \
                        max(p[1], q[1]) < target.y0 or min(p[1], q[1]) > target.y1:
                    continue
                if segment_meets_box(p, q, target, open_box=True):
                    crossing = (p, q)
                    break
            if crossing is None:
                continue
            if s_order < g_order:
                if holders is None:
                    holders = [fills[k][0] for k in near_fills(glyph.ink)
                               if fills[k][0] < g_order
                               and fills[k][1].outline.contains(glyph.ink)
                               and _holds(k, glyph.ink)]
                if any(s_order < order for order in holders):
                    continue   # the line is hidden under a fill the text sits on
            seen_pairs.add((glyph.run, n))
            found.append(Overlap("text across a line", (
                f"{_text_of(all_glyphs, glyph.run)!r} at ({glyph.ink.x0:.1f}, "
                f"{glyph.ink.y0:.1f}) is crossed by a line")))
    return found
