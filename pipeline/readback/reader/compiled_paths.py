"""Path construction compiled: the m, l, c, v, y, h and re operators of a scanned content
stream run by a numba kernel, each point taken through the CTM in force, so that the
interpreter meets only the operators that paint a path (and everything else).

Path construction is nearly half of a page's operations (on the default set 2.56 million of
5.54 million: l, m, c, h, re) and in Python each one is a handler call, a point transformed
and a tuple appended. The kernel follows what the CTM depends on (q, Q and cm: the stack is
the stream's own, as the interpreter's is) and what the path operators depend on (the
current point and the start of the subpath, across paints as in the interpreter), and writes
each path's segments; the interpreter still runs q, Q and cm for the rest of the graphics
state, and runs each painting operator on the segments the kernel gave it.

The arithmetic is the interpreter's, term for term and in the same order (numba, like Python,
rounds each operation of a double: no fused multiply-add without fastmath), so the points are
the same doubles. A stream the kernel does not take (a form XObject drawn from it, whose
content shares the path under construction; an operator of these with operands other than
the numbers it takes) is run by the interpreter's own handlers, which stay the reference:
`tests/readback/test_compiled_paths.py` compares every mark of real pages read both ways.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.geometry import Box
from pipeline.readback.reader.compiled_lexer import pack
from pipeline.readback.reader.geometry import new_box, outline_bounds

# Packed operator bytes (compiled_lexer: big-endian, one byte each).
_m, _l, _c, _v, _y, _h = ord("m"), ord("l"), ord("c"), ord("v"), ord("y"), ord("h")
_re = ord("r") * 256 + ord("e")
_cm = ord("c") * 256 + ord("m")
_q, _Q = ord("q"), ord("Q")
_Do = ord("D") * 256 + ord("o")
# Painting operators, each ending the path: their close (s, b, b*) is done here too.
_S, _s, _f, _F, _n = ord("S"), ord("s"), ord("f"), ord("F"), ord("n")
_fstar = ord("f") * 256 + ord("*")
_B, _b = ord("B"), ord("b")
_Bstar = ord("B") * 256 + ord("*")
_bstar = ord("b") * 256 + ord("*")

# What the interpreter does with each operation (`roles`).
RUN, SKIP, PAINT = 0, 1, 2
# Segment kinds, as the interpreter writes them.
KINDS = ("M", "L", "C", "Z")


@njit(cache=True)
def _build(key, first, count, plain, value, ctm0, current0, has_current, start0, has_start):
    """Segments of every path of a stream, or ok = False when the stream is not taken.

    Returns ok, roles (per operation: RUN, SKIP a path construction done here, PAINT with
    the path made of segments paint_from[k]:paint_to[k]), the segments (kind, up to six
    coordinates), the current point and subpath start left at the end, and where the path
    still under construction at the end begins."""
    ops = len(key)
    roles = np.zeros(ops, np.int8)
    paint_from = np.zeros(ops, np.int32)
    paint_to = np.zeros(ops, np.int32)
    cap = 5 * ops + 1  # an re writes five segments
    kinds = np.empty(cap, np.int8)
    xy = np.empty((cap, 6), np.float64)
    segments = 0
    path_from = 0
    stack = np.empty((ops + 1, 6), np.float64)
    depth = 0
    a, b, c, d, e, f = ctm0[0], ctm0[1], ctm0[2], ctm0[3], ctm0[4], ctm0[5]
    cx, cy = current0[0], current0[1]
    sx, sy = start0[0], start0[1]
    current, started = has_current, has_start
    for k in range(ops):
        op = key[k]
        at = first[k]
        n = count[k]
        if op == _l or op == _m:
            if n != 2 or not plain[k]:
                return (False, roles, paint_from, paint_to, kinds, xy, segments, cx, cy,
                        current, sx, sy, started, path_from)
            x, y = value[at], value[at + 1]
            px = a * x + c * y + e
            py = b * x + d * y + f
            kinds[segments] = 1 if op == _l else 0
            xy[segments, 0] = px
            xy[segments, 1] = py
            segments += 1
            cx, cy, current = px, py, True
            if op == _m:
                sx, sy, started = px, py, True
            roles[k] = SKIP
        elif op == _c or op == _v or op == _y:
            if n != (6 if op == _c else 4) or not plain[k]:
                return (False, roles, paint_from, paint_to, kinds, xy, segments, cx, cy,
                        current, sx, sy, started, path_from)
            if op == _c:
                x1, y1, x2, y2, x3, y3 = (value[at], value[at + 1], value[at + 2],
                                          value[at + 3], value[at + 4], value[at + 5])
            else:
                x1, y1, x3, y3 = value[at], value[at + 1], value[at + 2], value[at + 3]
                x2, y2 = x1, y1
            p2x = a * x2 + c * y2 + e
            p2y = b * x2 + d * y2 + f
            p3x = a * x3 + c * y3 + e
            p3y = b * x3 + d * y3 + f
            if op == _c:
                p1x = a * x1 + c * y1 + e
                p1y = b * x1 + d * y1 + f
            elif op == _v:   # the first control point is the current point (operands: 2, 3)
                if current:
                    p1x, p1y = cx, cy
                else:
                    p1x, p1y = p2x, p2y
            else:            # y: the second control point is the end point (operands: 1, 3)
                p1x, p1y = p2x, p2y
                p2x, p2y = p3x, p3y
            kinds[segments] = 2
            xy[segments, 0] = p1x
            xy[segments, 1] = p1y
            xy[segments, 2] = p2x
            xy[segments, 3] = p2y
            xy[segments, 4] = p3x
            xy[segments, 5] = p3y
            segments += 1
            cx, cy, current = p3x, p3y, True
            roles[k] = SKIP
        elif op == _re:
            if n != 4 or not plain[k]:
                return (False, roles, paint_from, paint_to, kinds, xy, segments, cx, cy,
                        current, sx, sy, started, path_from)
            x, y, w, h = value[at], value[at + 1], value[at + 2], value[at + 3]
            for corner in range(4):
                u = x + w if corner == 1 or corner == 2 else x
                t = y + h if corner >= 2 else y
                kinds[segments] = 0 if corner == 0 else 1
                xy[segments, 0] = a * u + c * t + e
                xy[segments, 1] = b * u + d * t + f
                segments += 1
            sx, sy = xy[segments - 4, 0], xy[segments - 4, 1]
            started = True
            kinds[segments] = 3
            segments += 1
            cx, cy, current = sx, sy, True
            roles[k] = SKIP
        elif op == _h:
            if segments > path_from:
                kinds[segments] = 3
                segments += 1
                cx, cy, current = sx, sy, started
            roles[k] = SKIP
        elif (op == _S or op == _s or op == _f or op == _F or op == _fstar or op == _B
              or op == _Bstar or op == _b or op == _bstar or op == _n):
            if (op == _s or op == _b or op == _bstar) and segments > path_from:
                kinds[segments] = 3
                segments += 1
                cx, cy, current = sx, sy, started
            roles[k] = PAINT
            paint_from[k] = path_from
            paint_to[k] = segments
            path_from = segments
        elif op == _cm:
            if n != 6 or not plain[k]:
                return (False, roles, paint_from, paint_to, kinds, xy, segments, cx, cy,
                        current, sx, sy, started, path_from)
            a1, b1, c1, d1, e1, f1 = (value[at], value[at + 1], value[at + 2], value[at + 3],
                                      value[at + 4], value[at + 5])
            a, b, c, d, e, f = (a1 * a + b1 * c, a1 * b + b1 * d,
                                c1 * a + d1 * c, c1 * b + d1 * d,
                                e1 * a + f1 * c + e, e1 * b + f1 * d + f)
        elif op == _q:
            stack[depth, 0], stack[depth, 1], stack[depth, 2] = a, b, c
            stack[depth, 3], stack[depth, 4], stack[depth, 5] = d, e, f
            depth += 1
        elif op == _Q:
            if depth > 0:
                depth -= 1
                a, b, c = stack[depth, 0], stack[depth, 1], stack[depth, 2]
                d, e, f = stack[depth, 3], stack[depth, 4], stack[depth, 5]
        elif op == _Do:
            return (False, roles, paint_from, paint_to, kinds, xy, segments, cx, cy,
                    current, sx, sy, started, path_from)
    return (True, roles, paint_from, paint_to, kinds, xy, segments, cx, cy, current, sx, sy,
            started, path_from)


@njit(cache=True)
def _outlines(kinds, xy, paint_from, paint_to, roles):
    """`geometry.outline_bounds` of each painted path where it is the bounds of the on-curve
    points (no curve's control point outside them, so no curve extremum to find): known[k]
    is 1 then, 0 for a path with no point (no outline), 2 where the interpreter finds it."""
    ops = len(roles)
    known = np.zeros(ops, np.int8)
    bounds = np.zeros((ops, 4), np.float64)
    for k in range(ops):
        if roles[k] != PAINT:
            continue
        x0, y0, x1, y1 = 0.0, 0.0, 0.0, 0.0
        points = 0
        for s in range(paint_from[k], paint_to[k]):
            kind = kinds[s]
            if kind == 3:
                continue
            x, y = (xy[s, 4], xy[s, 5]) if kind == 2 else (xy[s, 0], xy[s, 1])
            if points == 0:
                x0, y0, x1, y1 = x, y, x, y
            else:
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
            points += 1
        if points == 0:
            continue
        known[k] = 1
        for s in range(paint_from[k], paint_to[k]):
            if kinds[s] == 2 and not (x0 <= xy[s, 0] <= x1 and x0 <= xy[s, 2] <= x1
                                      and y0 <= xy[s, 1] <= y1 and y0 <= xy[s, 3] <= y1):
                known[k] = 2
                break
        bounds[k, 0], bounds[k, 1], bounds[k, 2], bounds[k, 3] = x0, y0, x1, y1
    return known, bounds


# The painting operators by packed key: (fill, stroke, even_odd), their closing already in
# the segments.
PAINTERS = {pack(op): how for op, how in {b"S": (False, True, False), b"s": (False, True, False),
            b"f": (True, False, False), b"F": (True, False, False), b"f*": (True, False, True),
            b"B": (True, True, False), b"B*": (True, True, True), b"b": (True, True, False),
            b"b*": (True, True, True), b"n": (False, False, False)}.items()}


_KIND_NAMES = np.array(KINDS, dtype=object)


def _shared_coordinates(points: np.ndarray) -> tuple[list[float], list[float]]:
    """The x and the y column of `points` as floats, one float object for each distinct value
    (by its bits: 0.0 and -0.0 stay apart): the lines of a grid share a few coordinates, so a
    book keeps thousands of floats where it would keep a million."""
    distinct, at = np.unique(points.view(np.int64).ravel(), return_inverse=True)
    floats = list(map(distinct.view(np.float64).tolist().__getitem__, at.tolist()))
    return floats[0::2], floats[1::2]


def _segment_tuples(kinds: np.ndarray, xy: np.ndarray) -> list[tuple]:
    """Every segment as the interpreter writes it: ("M", x, y), ("L", x, y), ("C", x1, y1,
    x2, y2, x3, y3), ("Z",). Made for the whole stream at once: the moves and lines (most of
    them) zipped from the coordinate columns, then the curves and closes put in their places."""
    out = list(zip(_KIND_NAMES[kinds].tolist(), *_shared_coordinates(xy[:, :2])))
    close = ("Z",)
    for s in np.flatnonzero(kinds == 3).tolist():
        out[s] = close
    curves = np.flatnonzero(kinds == 2)
    if len(curves):
        for s, row in zip(curves.tolist(), xy[curves].tolist()):
            out[s] = ("C", *row)
    return out


class Paths:
    """The kernel's answer for one stream: `roles`, and the segments of each painted path as
    the interpreter writes them (`segments(k)`)."""

    def __init__(self, built: tuple):
        (_ok, roles, paint_from, paint_to, kinds, xy, segments, cx, cy, current, sx, sy,
         started, path_from) = built
        self.role_array = roles
        self.roles = roles.tolist()
        known, self._bounds = _outlines(kinds, xy, paint_from, paint_to, roles)
        self.known = known.tolist()
        self.paint_from = paint_from.tolist()
        self.paint_to = paint_to.tolist()
        self.current = (cx, cy) if current else None
        self.subpath_start = (sx, sy) if started else None
        self._all = _segment_tuples(kinds[:segments], xy[:segments])
        self.pending = self._all[path_from:segments]

    def segments(self, k: int) -> list[tuple]:
        return self._all[self.paint_from[k]:self.paint_to[k]]

    def outline(self, k: int, segments) -> Box | None:
        """`geometry.outline_bounds(segments)` of the path painted by operation k."""
        known = self.known[k]
        if known == 1:
            return new_box(*self._bounds[k].tolist())
        return None if known == 0 else outline_bounds(segments)


def build_paths(scanned, ctm, current, subpath_start) -> Paths | None:
    """The paths of a scanned stream (`compiled_lexer.Scanned`) drawn from `ctm` with the
    current point and subpath start the interpreter has, or None when the kernel does not
    take the stream."""
    built = _build(scanned.keys, scanned.firsts_array, scanned.counts_array,
                   scanned.plain_array, scanned.values, np.array(ctm, dtype=np.float64),
                   np.array(current or (0.0, 0.0), dtype=np.float64), current is not None,
                   np.array(subpath_start or (0.0, 0.0), dtype=np.float64),
                   subpath_start is not None)
    return Paths(built) if built[0] else None


def warm_up() -> None:
    """Compile (or load from the disk cache) the three kernels in this process: worker
    processes forked after it inherit them instead of each compiling or loading its own."""
    from pipeline.readback.reader.compiled_lexer import scan
    from pipeline.readback.reader.compiled_text import TextFonts, run_shows

    identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    scanned = scan(b"q 1 0 0 1 0 0 cm 0 0 m 1 1 l 2 2 3 3 4 4 c S Q BT /F 9 Tf ET")
    build_paths(scanned, identity, None, None)
    run_shows(scanned, lambda name: -1, TextFonts(), identity,
              (0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0), -1, identity, identity)
