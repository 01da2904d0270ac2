"""Geometry of the read-back, in page points: matrices, curves flattened to chords, the exact
bounds of a path, clipping to boxes, and the two questions the checks ask of a path's
geometry (does a segment meet a box; is a point in a fill, by the PDF's fill rule).

The overlap check (`pipeline/readback/overlap.py`) asks the same questions of the same paths,
so they have this one home.
"""

from __future__ import annotations

import math
from dataclasses import fields
from functools import lru_cache

from fontTools.misc.bezierTools import calcCubicBounds

from pipeline.geometry import Box

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def quick_constructor(cls):
    """A constructor of the frozen dataclass `cls` that takes every field by position, in
    field order, and gives the same value as `cls(...)`, without the generated __init__'s one
    `object.__setattr__` per field: written out, as dataclasses write their __init__, each
    field stored straight into the new object's dict, or through its slot's own setter when
    the class has slots (measured under load: a box 0.6 against 0.9 µs; a book has a million
    of them)."""
    names = tuple(f.name for f in fields(cls))
    scope = {"new": object.__new__, "cls": cls}
    if "__slots__" in vars(cls):
        scope.update({f"set_{name}": vars(cls)[name].__set__ for name in names})
        stores = "".join(f"    set_{name}(made, {name})\n" for name in names)
        source = f"def make({', '.join(names)}):\n    made = new(cls)\n{stores}    return made\n"
    else:
        stores = "".join(f"    stored[{name!r}] = {name}\n" for name in names)
        source = (f"def make({', '.join(names)}):\n    made = new(cls)\n"
                  f"    stored = made.__dict__\n{stores}    return made\n")
    exec(source, scope)  # noqa: S102 - the source is made here from the field names only
    return scope["make"]


# Box(x0, y0, x1, y1), the same value: the reader makes one for every mark.
new_box = quick_constructor(Box)


def multiply(first: Matrix, then: Matrix) -> Matrix:
    """The matrix that applies `first`, then `then` (PDF row-vector convention)."""
    a1, b1, c1, d1, e1, f1 = first
    a2, b2, c2, d2, e2, f2 = then
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2,
            c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def thinnest_scale(m: Matrix) -> float:
    """The smallest factor by which `m` scales a length (its smaller singular value)."""
    a, b, c, d = m[:4]
    s = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, (s - math.sqrt(max(0.0, s * s - 4 * det * det))) / 2))


def mean_scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def clipped(ink: Box | None, clip: tuple) -> Box | None:
    """`ink` cut to the bounds of every clip in force; None when nothing is left."""
    if ink is None or not clip:
        return ink
    x0, y0, x1, y1 = ink.x0, ink.y0, ink.x1, ink.y1
    for c in clip:
        x0, y0 = max(x0, c.bounds.x0), max(y0, c.bounds.y0)
        x1, y1 = min(x1, c.bounds.x1), min(y1, c.bounds.y1)
    if x0 >= x1 or y0 >= y1:
        return None
    return Box(x0, y0, x1, y1)


@lru_cache(maxsize=None)
def _bezier_weights(steps: int) -> tuple[tuple[float, float, float, float], ...]:
    """The cubic Bernstein weights at t = 1/steps, 2/steps, ..., 1."""
    return tuple((u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                 for t, u in ((i / steps, 1 - i / steps) for i in range(1, steps + 1)))


def flatten(segments, steps: int = 8) -> list[tuple[list[tuple[float, float]], bool]]:
    """Subpaths of a path's segments as points, each curve as `steps` chords; closed or not."""
    weights = _bezier_weights(steps)
    out: list[tuple[list[tuple[float, float]], bool]] = []
    points: list[tuple[float, float]] = []
    closed = False
    for seg in segments:
        op = seg[0]
        if op == "M":
            if len(points) > 1:
                out.append((points, closed))
            points, closed = [(seg[1], seg[2])], False
        elif op == "L":
            points.append((seg[1], seg[2]))
        elif op == "C":
            x0, y0 = points[-1] if points else (seg[1], seg[2])
            for a, b, c, d in weights:
                points.append((a * x0 + b * seg[1] + c * seg[3] + d * seg[5],
                               a * y0 + b * seg[2] + c * seg[4] + d * seg[6]))
        elif op == "Z":
            closed = True
    if points:
        out.append((points, closed))
    return out


def edges(points, closed: bool):
    """The segments of a subpath's points (the closing one when `closed`); a lone point is a
    segment of no length, so a stroked dot still has somewhere to paint."""
    for i in range(len(points) - 1):
        yield points[i], points[i + 1]
    if closed and len(points) > 2:
        yield points[-1], points[0]
    if len(points) == 1:
        yield points[0], points[0]


def segment_meets_box(a, b, box: Box, *, open_box: bool = False) -> bool:
    """Liang-Barsky: whether segment a-b meets the closed box (edges and corners count), or
    with `open_box` whether it passes through the box's interior (touching an edge does not)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.x0), (dx, box.x1 - a[0]), (-dy, a[1] - box.y0),
                 (dy, box.y1 - a[1])):
        if p == 0:
            if q < 0 or open_box and q == 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1 or open_box and t0 == t1:
                return False
    return True


def inside(point, polylines, even_odd: bool) -> bool:
    """Whether `point` is in the area a fill paints: each subpath closed for filling (PDF 8.5.3.1),
    then the even-odd rule (an odd number of crossings of a ray from the point) or the nonzero
    winding rule (crossings counted by direction do not cancel out). A subpath of fewer than
    three points encloses nothing."""
    x, y = point
    winding = 0
    crossings = 0
    for points, _closed in polylines:
        if len(points) < 3:
            continue
        for (x0, y0), (x1, y1) in edges(points, True):
            if (y0 <= y) != (y1 <= y):
                xi = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                if xi > x:
                    crossings += 1
                    winding += 1 if y1 > y0 else -1
    return crossings % 2 == 1 if even_odd else winding != 0


def outline_bounds(segments) -> Box | None:
    """Exact bounds of the geometry: on-curve points first, then the extrema of any curve
    whose control points reach outside them (a circle's never do: one pass suffices)."""
    xs: list[float] = []
    ys: list[float] = []
    for seg in segments:
        if seg[0] != "Z":
            xs.append(seg[-2])
            ys.append(seg[-1])
    if not xs:
        return None
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    last = None
    for seg in segments:
        if seg[0] == "C":
            cx1, cy1, cx2, cy2 = seg[1], seg[2], seg[3], seg[4]
            if not (x0 <= cx1 <= x1 and x0 <= cx2 <= x1 and y0 <= cy1 <= y1 and y0 <= cy2 <= y1):
                start = last if last is not None else (cx1, cy1)
                bx0, by0, bx1, by1 = calcCubicBounds(start, (cx1, cy1), (cx2, cy2),
                                                     (seg[5], seg[6]))
                x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        if seg[0] != "Z":
            last = (seg[-2], seg[-1])
    return Box(x0, y0, x1, y1)

