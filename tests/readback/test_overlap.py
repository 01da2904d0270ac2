"""The overlap check: text on text and text across a line are found, marks that only touch
or sit on a background are not."""

from __future__ import annotations

from readback_pdfs import make_pdf

from pipeline.readback.overlap import find_overlaps
from pipeline.readback.reader import open_pdf
from pipeline.readback.reader.geometry import inside, segment_meets_box
from pipeline.geometry import Box


def page_of(draw):
    return open_pdf(make_pdf(draw)).page(1)


def kinds(draw) -> list[str]:
    return [found.kind for found in find_overlaps(page_of(draw))]


def test_two_lines_of_text_set_one_over_the_other_are_found():
    def draw(c):
        c.drawString(20, 100, "Capital ends in City")
        c.drawString(30, 104, "Mongolia")
    assert kinds(draw) == ["text on text"]


def test_lines_set_apart_pass():
    def draw(c):
        c.drawString(20, 100, "Capital ends in City")
        c.drawString(20, 86, "Mongolia")
    assert kinds(draw) == []


def test_a_tile_edge_through_a_word_is_found_and_a_word_inside_its_tile_passes():
    def across(c):
        c.rect(40, 80, 40, 40, stroke=1, fill=0)
        c.drawString(25, 96, "Kazakhstan")   # wider than its tile: runs over both edges
    def inside(c):
        c.rect(20, 80, 80, 40, stroke=1, fill=0)
        c.drawString(28, 96, "Kazakhstan")
    assert kinds(across) == ["text across a line"]
    assert kinds(inside) == []


def test_a_line_hidden_under_the_disc_the_digit_sits_on_passes():
    def disc(c, covered):
        c.line(20, 100, 180, 100)        # a bridge into the island
        if covered:
            c.setFillGray(1)
            c.circle(100, 100, 12, stroke=1, fill=1)
            c.setFillGray(0)
        c.drawString(97, 96, "4")
    assert kinds(lambda c: disc(c, True)) == []
    assert kinds(lambda c: disc(c, False)) == ["text across a line"]


def test_segment_against_box():
    box = Box(0, 0, 10, 10)
    assert segment_meets_box((-5, 5), (15, 5), box, open_box=True)
    assert not segment_meets_box((-5, 12), (15, 12), box, open_box=True)
    assert not segment_meets_box((0, -5), (0, 15), Box(0.1, 0, 10, 10), open_box=True)
    # along an edge or through a corner: it meets the closed box, not the open one
    assert segment_meets_box((-5, 10), (15, 10), box)
    assert not segment_meets_box((-5, 10), (15, 10), box, open_box=True)
    assert segment_meets_box((-5, 15), (5, 5), Box(0, 0, 10, 10)) is True
    assert segment_meets_box((10, 0), (20, -10), box)
    assert not segment_meets_box((10, 0), (20, -10), box, open_box=True)


# Two squares drawn the same way round, one inside the other: the nonzero rule fills the
# inner one too, the even-odd rule leaves it a hole (PDF 8.5.3.3).
RING = [([(60, 60), (140, 60), (140, 140), (60, 140)], True),
        ([(80, 80), (120, 80), (120, 120), (80, 120)], True)]


def test_point_in_fill_follows_the_fill_rule():
    assert inside((100, 100), RING, even_odd=False)
    assert not inside((100, 100), RING, even_odd=True)
    for even_odd in (False, True):
        assert inside((70, 100), RING, even_odd)        # in the band: both rules fill it
        assert not inside((150, 100), RING, even_odd)   # outside both
    assert not inside((100, 100), [([(0, 0), (200, 200)], True)], even_odd=False)  # no area


def test_a_line_hidden_under_a_fill_counts_only_where_the_fill_rule_paints():
    def ring(c, even_odd):
        c.line(20, 100, 180, 100)
        c.setFillGray(1)
        path = c.beginPath()
        for x, y, w in ((60, 60, 80), (80, 80, 40)):
            path.rect(x, y, w, w)
        c.drawPath(path, stroke=0, fill=1, fillMode=0 if even_odd else 1)
        c.setFillGray(0)
        c.drawString(97, 96, "4")
    for even_odd in (False, True):   # the PDF says which rule (f or f*) and the reader keeps it
        fills = [m for m in page_of(lambda c: ring(c, even_odd)).paths if m.fill is not None]
        assert [m.even_odd for m in fills] == [even_odd]
    assert kinds(lambda c: ring(c, False)) == []              # the hole is filled: line hidden
    assert kinds(lambda c: ring(c, True)) == ["text across a line"]


def test_a_number_too_big_for_its_island_circle_is_found():
    def island(c, size):
        c.setFillGray(1)
        c.circle(100, 100, 8, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont("TestVera", size)
        c.drawCentredString(100, 100 - size * 0.35, "8")
    assert kinds(lambda c: island(c, 9)) == []
    assert kinds(lambda c: island(c, 20)) == ["text across a line"]


# --- the candidate searches against every pair --------------------------------------------------

import numpy as np  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from pipeline.readback.overlap import _meeting_pairs  # noqa: E402

_coordinate = st.integers(0, 40).map(lambda v: v / 2)   # ties and touching edges are common


@st.composite
def glyph_boxes(draw):
    count = draw(st.integers(0, 25))
    boxes, runs = [], []
    for _ in range(count):
        x, y = draw(_coordinate), draw(_coordinate)
        boxes.append((x, y, x + draw(st.integers(0, 12)) / 2, y + draw(st.integers(0, 12)) / 2))
        runs.append(draw(st.integers(0, 4)))
    return np.array(boxes, dtype=float).reshape(-1, 4), np.array(runs)


@settings(max_examples=300, deadline=None)
@given(glyph_boxes(), st.sampled_from([0.0, 0.3, 1.0]))
def test_meeting_pairs_are_every_pair_that_meets(case, tolerance):
    boxes, runs = case
    every = [(n, m) for n in range(len(boxes)) for m in range(n + 1, len(boxes))
             if runs[n] != runs[m]
             and min(boxes[n][2], boxes[m][2]) - max(boxes[n][0], boxes[m][0]) > tolerance
             and min(boxes[n][3], boxes[m][3]) - max(boxes[n][1], boxes[m][1]) > tolerance]
    assert list(_meeting_pairs(boxes, runs, tolerance)) == every


_segment_rows = st.lists(st.tuples(_coordinate, _coordinate, _coordinate, _coordinate,
                                    st.sampled_from([0.0, 0.375, 1.2])), max_size=12)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(_coordinate, _coordinate, _coordinate, _coordinate), max_size=20),
       st.lists(st.tuples(_coordinate, _coordinate, _coordinate, _coordinate), max_size=20))
def test_segments_cross_boxes_answers_as_segment_meets_box(ends, boxes):
    """The array form of the open-box test gives the plain test's answer for every row
    (segments along a side, through a corner, of no length, boxes of no width)."""
    from pipeline.readback.overlap import segments_cross_boxes
    rows = min(len(ends), len(boxes))
    ends, boxes = ends[:rows], boxes[:rows]
    expected = [segment_meets_box((x0, y0), (x1, y1), Box(*box), open_box=True)
                for (x0, y0, x1, y1), box in zip(ends, boxes)]
    got = segments_cross_boxes(np.array(ends, dtype=float).reshape(-1, 4),
                               np.array(boxes, dtype=float).reshape(-1, 4)).tolist()
    assert got == expected


@settings(max_examples=300, deadline=None)
@given(glyph_boxes(), _segment_rows, st.integers(1, 3))
def test_crossing_segments_are_the_pairs_the_plain_test_finds(case, segments, per_stroke):
    """(glyph, stroke) pairs found on arrays are those of the plain loop: for each glyph whose
    box can shrink by the tolerance and each segment of a stroke whose ink meets that box, the
    bounds test, then `segment_meets_box` against the box grown by half the line."""
    from pipeline.readback.overlap import _crossing_segments
    boxes, _runs = case
    tolerance = 0.3
    stroke_of = [k // per_stroke for k in range(len(segments))]
    halves = {}
    for k, (*_ends, half) in enumerate(segments):   # one line width a stroke
        halves.setdefault(stroke_of[k], half)
    ink = {}
    for k, (x0, y0, x1, y1, _half) in enumerate(segments):
        half = halves[stroke_of[k]]
        box = Box(min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half)
        ink[stroke_of[k]] = box if stroke_of[k] not in ink else ink[stroke_of[k]].union(box)
    expected = set()
    for g, (gx0, gy0, gx1, gy1) in enumerate(boxes):
        inner = Box(gx0, gy0, gx1, gy1).inset(tolerance, tolerance, tolerance, tolerance)
        if inner.x0 >= inner.x1 or inner.y0 >= inner.y1:
            continue
        for k, (x0, y0, x1, y1, _half) in enumerate(segments):
            half, stroke = halves[stroke_of[k]], stroke_of[k]
            target = inner.inset(-half, -half, -half, -half)
            if not ink[stroke].overlaps(inner):
                continue
            if max(x0, x1) < target.x0 or min(x0, x1) > target.x1 or \
                    max(y0, y1) < target.y0 or min(y0, y1) > target.y1:
                continue
            if segment_meets_box((x0, y0), (x1, y1), target, open_box=True):
                expected.add((g, stroke))
    pieces = np.array([(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1),
                        halves[stroke_of[k]], stroke_of[k])
                       for k, (x0, y0, x1, y1, _half) in enumerate(segments)],
                      dtype=float).reshape(-1, 6)
    ends = np.array([s[:4] for s in segments], dtype=float).reshape(-1, 4)
    stroke_ink = np.array([ink[n].as_tuple() for n in range(len(ink))],
                          dtype=float).reshape(-1, 4)
    inner = boxes + (tolerance, tolerance, -tolerance, -tolerance)
    g, n = _crossing_segments(inner, pieces, stroke_ink, ends)
    assert list(zip(g.tolist(), n.tolist())) == sorted(expected)