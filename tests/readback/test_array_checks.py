"""The checks' array forms give what their plain forms give, on every page of a real book, on
those pages with their text moved onto the lines (so that much is found), and on drawn pages:
the overlap check (a plain loop over every pair, below, against `find_overlaps_of_pages`),
a page's text runs, the clue lines test and the board frame test."""

from __future__ import annotations


import numpy as np
import pytest
from readback_pdfs import make_pdf

from pipeline.geometry import Box
from pipeline.readback import answers
from pipeline.readback.answers import Grid, _frames, _is_frame
from pipeline.readback.checks.puzzles import stroked_segments, touching_lines
from pipeline.readback.overlap import (CHORDS, TOLERANCE_PT, Overlap, _circle_crosses_box,
                                       _circle_holds, _hides, _text_of, as_circle,
                                       find_overlaps, find_overlaps_of_pages)
from pipeline.readback.reader import PageContent, open_pdf
from pipeline.readback.reader.geometry import flatten, segment_meets_box


# --- the overlap check, pair by pair -------------------------------------------------------------

def plain_overlaps(page, tolerance: float = TOLERANCE_PT) -> list[Overlap]:
    """The overlap check as its notes say it, every pair asked: every two glyphs of different
    runs, the second by its bottom starting below the first's top less the tolerance, whose
    boxes overlap by more than the tolerance both ways; every glyph whose box can shrink by
    the tolerance against every segment of every stroke whose ink meets that box (curves in
    `CHORDS` chords, circles as rings), unless a fill painted between them holds the glyph."""
    glyphs, strokes, fills = [], [], []
    for order, mark in enumerate(page.ink_marks):
        if mark.kind == "glyph":
            glyphs.append((order, mark))
        elif mark.kind == "path":
            if mark.stroke is not None:
                strokes.append((order, mark))
            if mark.fill is not None:
                fills.append((order, mark))
    every = [g for _order, g in glyphs]
    found, seen_runs = [], set()
    for n, (_o, a) in enumerate(glyphs):
        for m in range(n + 1, len(glyphs)):
            b = glyphs[m][1]
            first, second = (a, b) if (a.ink.y0, n) <= (b.ink.y0, m) else (b, a)
            if a.run == b.run or not second.ink.y0 < first.ink.y1 - tolerance:
                continue
            if (min(a.ink.x1, b.ink.x1) - max(a.ink.x0, b.ink.x0) > tolerance
                    and min(a.ink.y1, b.ink.y1) - max(a.ink.y0, b.ink.y0) > tolerance
                    and (a.run, b.run) not in seen_runs):
                seen_runs.add((a.run, b.run))
                found.append(Overlap("text on text", (
                    f"{_text_of(every, a.run)!r} overlaps {_text_of(every, b.run)!r} at "
                    f"({a.ink.x0:.1f}, {a.ink.y0:.1f})")))
    seen = set()
    for g_order, glyph in glyphs:
        inner = glyph.ink.inset(tolerance, tolerance, tolerance, tolerance)
        if inner.x0 >= inner.x1 or inner.y0 >= inner.y1:
            continue
        for n, (s_order, path) in enumerate(strokes):
            if (glyph.run, n) in seen or not path.ink.overlaps(inner):
                continue
            half = max(path.line_width, path.mean_line_width) / 2
            circle = as_circle(path)
            if circle is not None:
                crossing = _circle_crosses_box(circle, half, inner)
            else:
                target = inner.inset(-half, -half, -half, -half)
                crossing = any(
                    not (max(p[0], q[0]) < target.x0 or min(p[0], q[0]) > target.x1
                         or max(p[1], q[1]) < target.y0 or min(p[1], q[1]) > target.y1)
                    and segment_meets_box(p, q, target, open_box=True)
                    for points, closed in flatten(path.segments, CHORDS)
                    for p, q in list(zip(points, points[1:]))
                    + ([(points[-1], points[0])] if closed and len(points) > 2 else []))
            if not crossing:
                continue
            if s_order < g_order and any(
                    s_order < f_order < g_order and fill.outline.contains(glyph.ink)
                    and (_circle_holds(as_circle(fill), glyph.ink) if as_circle(fill)
                         else _hides(flatten(fill.segments, CHORDS), fill.even_odd, glyph.ink))
                    for f_order, fill in fills):
                continue
            seen.add((glyph.run, n))
            found.append(Overlap("text across a line", (
                f"{_text_of(every, glyph.run)!r} at ({glyph.ink.x0:.1f}, {glyph.ink.y0:.1f}) "
                f"is crossed by a line")))
    return found


def _moved(page: PageContent, dx: float, dy: float, every: int = 1) -> PageContent:
    """The page with the ink box of every glyph moved by (dx, dy) (with `every`, only those of
    every `every`-th run): text set over lines, and over text."""
    marks = [m._replace(ink=Box(m.ink.x0 + dx, m.ink.y0 + dy, m.ink.x1 + dx, m.ink.y1 + dy))
             if m.kind == "glyph" and m.ink is not None and m.run % every == 0 else m
             for m in page.marks]
    return PageContent(page.number, page.media_box, page.trim_box, page.bleed_box,
                       page.crop_box, marks=marks)


def _doubled(page: PageContent, dx: float, dy: float) -> PageContent:
    """The page with each run of text printed again (a run of its own) moved by (dx, dy)."""
    copies = [m._replace(run=m.run + 10 ** 6, ink=Box(m.ink.x0 + dx, m.ink.y0 + dy,
                                                      m.ink.x1 + dx, m.ink.y1 + dy))
              for m in page.marks if m.kind == "glyph" and m.ink is not None]
    return PageContent(page.number, page.media_box, page.trim_box, page.bleed_box,
                       page.crop_box, marks=page.marks + copies)


def _drawn_pages() -> list[PageContent]:
    def board(c):
        c.setLineWidth(1)
        c.grid([20, 50, 80, 110, 140], [20, 50, 80, 110, 140])
        c.circle(65, 65, 12, stroke=1, fill=0)
        c.setFillGray(1)
        c.circle(125, 35, 10, stroke=1, fill=1)
        c.rect(22, 112, 26, 26, stroke=0, fill=1)
        c.setFillGray(0)
        for x, y, text in ((30, 30, "7"), (60, 60, "12"), (121, 31, "3"), (28, 120, "5"),
                           (45, 95, "Kazakhstan"), (100, 100, "ab"), (104, 103, "cd")):
            c.drawString(x, y, text)
    page = open_pdf(make_pdf(board)).page(1)
    return [page, _moved(page, 2.5, 1.5), _moved(page, -7, 4)]


@pytest.fixture(scope="module")
def pages(real_book) -> list[PageContent]:
    _root, book, _records = real_book
    interior = list(open_pdf(book["interior"]).pages())
    return (list(interior) + [_moved(p, dx, dy, every) for dx, dy, every in
                              ((3.1, -2.2, 1), (9.7, 6.3, 1), (4.3, 0.0, 3)) for p in interior]
            + [_doubled(p, 1.1, -0.9) for p in interior] + _drawn_pages())


def test_the_overlap_check_finds_what_the_plain_loop_finds(pages):
    kinds = [found.kind for page in pages for found in plain_overlaps(page)]
    assert kinds.count("text on text") > 50 and kinds.count("text across a line") > 300
    assert find_overlaps_of_pages(pages) == [plain_overlaps(p) for p in pages]
    assert [find_overlaps(p) for p in pages[-6:]] == [plain_overlaps(p) for p in pages[-6:]]


# --- text runs, clue lines, board frames ---------------------------------------------------------

def test_text_runs_are_those_read_glyph_by_glyph(pages):
    for page in pages:
        assert answers._text_runs(page) == answers.plain_text_runs(page)
    shuffled = _drawn_pages()[0]   # glyphs out of run order: the plain reading serves
    shuffled = PageContent(shuffled.number, shuffled.media_box, shuffled.trim_box,
                           shuffled.bleed_box, shuffled.crop_box, marks=shuffled.marks[::-1])
    assert answers._text_runs(shuffled) == answers.plain_text_runs(shuffled)


def _touches(segments: np.ndarray, box: Box) -> bool:
    """A stroked line reaches `box`: the plain test, every segment exactly."""
    return any(segment_meets_box((ax, ay), (bx, by), Box(box.x0 - h, box.y0 - h, box.x1 + h,
                                                          box.y1 + h))
               for ax, ay, bx, by, h in segments.tolist())


def test_lines_touching_boxes_are_those_the_plain_test_finds(pages):
    rng = np.random.default_rng(5)
    for page in pages[::3]:
        segments = stroked_segments(page)
        boxes = [Box(x, y, x + w, y + h) for x, y, w, h in zip(
            rng.uniform(0, 400, 60), rng.uniform(0, 600, 60), rng.choice([0.5, 3, 9], 60),
            rng.choice([0.5, 3, 9], 60))]
        boxes += [run[1] for run in answers.text_runs(page)]
        assert touching_lines(segments, boxes) == [_touches(segments, b) for b in boxes]


def test_frames_are_those_tested_path_by_path(pages):
    for page in pages:
        strokes, outlines = answers._stroke_view(page)
        for stroke in strokes[:3]:
            o = stroke.outline
            for grid in (Grid(o.x0, o.y0, (o.x1 - o.x0) / 3, 3, 3),
                         Grid(o.x0 + 0.4, o.y0 - 0.3, (o.x1 - o.x0) / 3, 3, 3),
                         Grid(o.x0 + 0.6, o.y0, (o.x1 - o.x0) / 3, 3, 3)):
                assert _frames(outlines, grid).tolist() == [_is_frame(m, grid)
                                                            for m in strokes]
    # Outlines exactly at the slack from the frame, within it and beyond it.
    from types import SimpleNamespace
    marks = [SimpleNamespace(outline=Box(100 + dx, 100 + dy, 190 + dx, 190 + dy))
             for dx in (-0.75, -0.5, -0.25, 0, 0.5, 0.625) for dy in (-0.5, 0, 0.5, 0.75)]
    outlines = np.array([m.outline.as_tuple() for m in marks])
    grid = Grid(100.0, 100.0, 30.0, 3, 3)
    assert _frames(outlines, grid).tolist() == [_is_frame(m, grid) for m in marks]
    assert 0 < sum(_frames(outlines, grid).tolist()) < len(marks)


# --- the colour check's paths, by pair of colours ------------------------------------------------

def test_the_colour_check_counts_paths_by_colour_as_it_reads_them_one_by_one(pages, monkeypatch):
    """Counted by pair of colour objects (`_count_path_colours`) or read mark by mark, the
    colour check measures and finds the same, in the same order, on every page of a real book
    and on pages with a fill too light and an RGB line among sound paths."""
    import json
    from types import SimpleNamespace

    from pipeline.book.printers import get_profile
    from pipeline.readback.checks import print_rules

    def faults(c):
        c.setFillGray(0.5)
        c.rect(20, 20, 40, 40, stroke=1, fill=1)
        c.drawString(30, 100, "sound")
        c.setFillGray(0.97)
        c.rect(80, 20, 40, 40, stroke=0, fill=1)
        c.setStrokeColorRGB(1, 0, 0)
        c.line(20, 80, 180, 80)
        c.setFillGray(0)
        c.drawString(30, 120, "more")
    drawn = open_pdf(make_pdf(faults)).page(1)
    book = SimpleNamespace(pages=tuple(pages[:30]) + (drawn,) + tuple(pages[:5]),
                           cover_page=pages[0], profile=get_profile("kdp"))
    grouped = json.dumps(print_rules.check_colour(book).to_dict())
    monkeypatch.setattr(print_rules, "_count_path_colours", lambda *_args: None)
    plain = json.dumps(print_rules.check_colour(book).to_dict())
    assert grouped == plain
    assert "lighter than" in plain and "DeviceRGB" in plain


def test_black_type_counted_by_colour_finds_what_reading_every_mark_finds(pages, monkeypatch):
    """The interior's black-type judgement, by colour object (the page's glyph colours, its
    path colours, thin lines counted on arrays of widths) or mark by mark, is the same on
    every page of a real book and on pages with grey, coloured and rich black marks."""
    from pipeline.book.printers import cover_rules
    from pipeline.readback import colour_checks
    from pipeline.readback.reader.values import Colour

    def marks(c):
        c.setLineWidth(0.5)
        c.line(20, 20, 180, 20)
        c.setLineWidth(3)
        c.line(20, 40, 180, 40)
        c.setFillGray(0.4)
        c.drawString(30, 100, "grey")
        c.setFillColorCMYK(0.5, 0, 0, 1)
        c.rect(20, 120, 10, 10, stroke=0, fill=1)
        c.setFillColorCMYK(0, 0, 0, 1)
        c.drawString(30, 150, "black")
        c.setStrokeColorRGB(1, 0, 0)
        c.setLineWidth(0.4)
        c.line(20, 60, 180, 60)
    drawn = [open_pdf(make_pdf(marks)).page(1)]
    every = list(pages[:30]) + drawn + _drawn_pages()

    def judged():
        return [colour_checks.black_type(p, "interior", cover_rules(), thin_lines=False,
                                         tints=True) for p in every]
    fast = judged()
    rich = Colour("DeviceCMYK", (0.5, 0, 0, 1))
    monkeypatch.setattr(colour_checks, "page_glyph_colours", lambda _page: None)
    monkeypatch.setattr(colour_checks, "path_colours", lambda _paths: [(rich, None, 1)])
    assert fast == judged()
    assert any(found for _measured, found in fast) and sum(m["thin_lines"] for m, _ in fast) > 0
