"""The array forms the checks share give what the plain forms give: `Subpaths` the segments of
`flatten`, `overlapping_pairs` every overlapping pair, `marks_in_each` and `paints_in_each`
the answers of `marks_in` and `paints_in`, `PageContent.subpaths` those of `of_paths`."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings, strategies as st
from readback_pdfs import make_pdf, raw

from pipeline.geometry import Box
from pipeline.readback.reader import open_pdf
from pipeline.readback.reader.geometry import edges, flatten
from pipeline.readback.reader.marks import Subpaths, overlapping_pairs

_coordinate = st.integers(0, 20).map(lambda v: v / 2)   # shared points and ties are common
_segment = st.one_of(
    st.tuples(st.sampled_from("ML"), _coordinate, _coordinate),
    st.tuples(st.just("C"), *[_coordinate] * 6),
    st.just(("Z",)))
_paths = st.lists(st.lists(_segment, max_size=8).map(
    lambda segs: SimpleNamespace(segments=tuple(segs))), max_size=5)

def _closed_around(ends: list) -> list:
    return list(zip(ends, ends[1:]))


# Each way a check closes a subpath: rows of flatten's points, and the matching `close` pick.
_RULES = {
    "stroked (edges)": (lambda points, closed: list(edges(points, closed)),
                        lambda s: (s.closed & (s.sizes > 2)) | (s.sizes == 1)),
    "filled (edges, closed)": (lambda points, closed: list(edges(points, True)),
                               lambda s: (s.sizes > 2) | (s.sizes == 1)),
    "overlap": (lambda points, closed: list(zip(points, points[1:])) + (
        [(points[-1], points[0])] if closed and len(points) > 2 else []),
        lambda s: s.closed & (s.sizes > 2)),
    "clues": (lambda points, closed: _closed_around(points + points[:1] if closed else points),
              lambda s: s.closed),
}


def _rows(subpaths, close) -> list:
    ends, owner = subpaths.edges(close(subpaths))
    return sorted(tuple(row) + (n,) for row, n in zip(ends.tolist(), owner.tolist()))


@settings(max_examples=400, deadline=None)
@given(_paths, st.sampled_from([4, 8]))
def test_subpaths_give_the_segments_of_flatten(paths, steps):
    subpaths = Subpaths.of_paths(paths, steps)
    for rule, close in _RULES.values():
        expected = sorted((a[0], a[1], b[0], b[1], n) for n, path in enumerate(paths)
                          for points, closed in flatten(path.segments, steps)
                          for a, b in rule(points, closed))
        assert _rows(subpaths, close) == expected


_interval = st.tuples(_coordinate, _coordinate)


@settings(max_examples=300, deadline=None)
@given(st.lists(_interval, max_size=15), st.lists(_interval, max_size=15))
def test_overlapping_pairs_holds_every_overlapping_pair_once(a, b):
    low_a, high_a = np.array([lo for lo, _ in a]), np.array([hi for _, hi in a])
    low_b, high_b = np.array([lo for lo, _ in b]), np.array([hi for _, hi in b])
    i, j = overlapping_pairs(low_a, high_a, low_b, high_b)
    found = list(zip(i.tolist(), j.tolist()))
    assert len(found) == len(set(found))
    every = {(n, m) for n in range(len(a)) for m in range(len(b))
             if low_b[m] < high_a[n] and low_a[n] < high_b[m]}
    assert every <= set(found)
    proper = {(n, m) for n, m in found if low_a[n] < high_a[n] and low_b[m] < high_b[m]}
    assert proper <= every   # extra pairs only where an interval is empty or reversed


def _page():
    def draw(c):
        c.setLineWidth(2)
        c.grid([20, 60, 100, 140], [20, 60, 100, 140])              # a grid: lines on edges
        c.circle(80, 80, 15, stroke=1, fill=0)
        c.setFillGray(0.5)
        path = c.beginPath()
        for x, y, w in ((150, 20, 40), (160, 30, 20)):               # a ring: even-odd hole
            path.rect(x, y, w, w)
        c.drawPath(path, stroke=0, fill=1, fillMode=0)
        c.setFillGray(0)
        c.setDash(2, 2)
        c.line(20, 170, 180, 175)
        c.setDash()
        raw(c, "30 150 m 30 150 l S")                                # a stroked dot
        raw(c, "120 150 m 130 160 l 140 150 l h f")                  # a filled triangle
        c.drawString(40, 40, "Aa 1")
    return open_pdf(make_pdf(draw)).page(1)


def _boxes():
    rng = np.random.default_rng(3)
    out = [Box(x, y, x + w, y + h) for x, y, w, h in zip(
        rng.uniform(0, 200, 400), rng.uniform(0, 200, 400), rng.choice([0.5, 4, 12, 40], 400),
        rng.choice([0.5, 4, 12, 40], 400))]
    return out + [Box(30, 30, 50, 50), Box(155, 35, 165, 45), Box(170, 40, 175, 45)]


def test_marks_in_each_and_paints_in_each_answer_as_one_box_at_a_time():
    page, boxes = _page(), _boxes()
    assert [[id(m) for m in marks] for marks in page.marks_in_each(boxes)] == \
        [[id(m) for m in page.marks_in(box)] for box in boxes]
    assert any(page.marks_in_each(boxes))
    for path in page.paths:
        assert path.paints_in_each(boxes) == [path.paints_in(box) for box in boxes]


def test_page_subpaths_are_those_of_the_paths_asked_for():
    page = _page()
    paths = page.paths
    for asked in (paths[::2], paths, paths[::-1], paths[1:3]):
        for steps in (4, 8):
            for _rule, close in _RULES.values():
                assert _rows(page.subpaths(asked, steps), close) == \
                    _rows(Subpaths.of_paths(asked, steps), close)
