"""The overlap check: text on text and text across a line are found, marks that only touch
or sit on a background are not."""

from __future__ import annotations

from readback_pdfs import make_pdf

from pipeline.readback.overlap import find_overlaps, segment_crosses_box
from pipeline.readback.reader import open_pdf
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
    assert segment_crosses_box((-5, 5), (15, 5), box)
    assert not segment_crosses_box((-5, 12), (15, 12), box)
    assert not segment_crosses_box((0, -5), (0, 15), Box(0.1, 0, 10, 10))


def test_a_number_too_big_for_its_island_circle_is_found():
    def island(c, size):
        c.setFillGray(1)
        c.circle(100, 100, 8, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont("TestVera", size)
        c.drawCentredString(100, 100 - size * 0.35, "8")
    assert kinds(lambda c: island(c, 9)) == []
    assert kinds(lambda c: island(c, 20)) == ["text across a line"]
