"""The board on paper, read back: the puzzle draws no band and its word list under the grid,
the solution bands every word; the answers guard fails on a puzzle page that rings a word,
the overlap check on a page whose word list is set over the letters; the type sizes the
books print (letters at 18 pt and list at 16 pt in large print, 11 pt and 10 pt otherwise)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pipeline.book.fonts import font_set
from pipeline.book.interior import section_pitches
from pipeline.book.layout import load_layout
from pipeline.book.pdfink import InkRules, PdfInk, new_canvas
from pipeline.book.printers import get_profile
from pipeline.geometry import Box
from pipeline.ink import GridBox, RecordingInk, panel_box
from pipeline.readback.answers import Grid, answer_leaks, missing_outline
from pipeline.readback.overlap import find_overlaps
from pipeline.readback.reader import open_pdf
from pipeline.wordsearch import FAMILY, draw

ROOT = Path(__file__).resolve().parent.parent
MADE = FAMILY.generate("wordsearch:hard:1", "hard")
CELL = 22.0
GRID = GridBox(40.0, 260.0, CELL, MADE.puzzle["rows"], MADE.puzzle["cols"])


def test_the_puzzle_draws_no_band_and_the_solution_bands_every_word():
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, MADE.puzzle, GRID)
    FAMILY.draw_panel(ink, MADE.puzzle, panel_box(GRID, FAMILY.panel_rows("hard")))
    verbs = [call.verb for call in ink.calls]
    assert "band" not in verbs and "circle" not in verbs
    texts = [call.args[2] for call in ink.calls if call.verb == "text"]
    assert sorted(MADE.puzzle["words"]) == [t for t in texts if t in MADE.puzzle["words"]]
    assert MADE.puzzle["theme"] in texts
    solved = RecordingInk()
    FAMILY.draw_solution(solved, MADE.puzzle, MADE.solution, GRID)
    assert sum(call.verb == "band" for call in solved.calls) == len(MADE.puzzle["words"])


def page(draw_extra=None, panel_shift=0.0):
    """A PDF page with the puzzle and its panel drawn by the family through PdfInk."""
    fonts = font_set(ROOT / "fonts" / "AtkinsonHyperlegible-Regular.ttf",
                     ROOT / "fonts" / "AtkinsonHyperlegible-Bold.ttf")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width=500, height=700, fonts=fonts, title="t", author="a")
    ink = PdfInk(canvas, fonts, InkRules(7.0, 0.5, 0.1), Box(0, 0, 500, 700))
    FAMILY.draw_puzzle(ink, MADE.puzzle, GRID)
    box = panel_box(GRID, FAMILY.panel_rows("hard"))
    FAMILY.draw_panel(ink, MADE.puzzle, Box(box.x0, box.y0 + panel_shift, box.x1,
                                            box.y1 + panel_shift))
    if draw_extra:
        draw_extra(ink)
    canvas.showPage()
    canvas.save()
    return open_pdf(buffer.getvalue()).page(1)


GRID_ENTRY = {"x": GRID.x, "y": GRID.y, "cell": CELL, "rows": GRID.rows, "cols": GRID.cols}


def test_the_answers_guard_passes_the_puzzle_page_and_fails_a_planted_band():
    signs = FAMILY.answer_signs(MADE.puzzle, MADE.solution)
    assert len(signs.runs) == len(MADE.puzzle["words"])
    clean = page()
    assert missing_outline(clean, Grid.from_manifest(GRID_ENTRY), signs) is None
    assert answer_leaks(clean, signs, GRID_ENTRY) == []
    (r1, c1), (r2, c2) = signs.runs[0]

    def ringed(ink):
        (x1, y1), (x2, y2) = GRID.cell_centre(r1, c1), GRID.cell_centre(r2, c2)
        ink.band(x1, y1, x2, y2, radius=CELL * draw.BAND_RADIUS, stroke=draw.BAND_PT)
    leaks = answer_leaks(page(ringed), signs, GRID_ENTRY)
    assert len(leaks) == 1 and "is ringed" in leaks[0], leaks


def test_the_overlap_check_passes_the_page_and_catches_the_list_set_over_the_letters():
    assert [o for o in find_overlaps(page()) if "text" in o.kind] == []
    over = find_overlaps(page(panel_shift=CELL * 3))
    assert any(o.kind == "text on text" for o in over), {o.kind for o in over}


@pytest.mark.parametrize("slug, letters, listed", [
    ("word-search-large-print", 18.0, 16.0),
    ("word-search-classic", 11.0, 10.0),
    ("word-search-hidden-messages", 11.0, 10.0),
])
def test_the_books_print_their_type_at_the_sizes_promised(slug, letters, listed):
    layout = load_layout(ROOT / "layouts" / f"{slug}.toml")
    profile = get_profile(layout.printer)
    for section in layout.sections:
        cell, solution_cell = section_pitches(layout, profile, 200, section)
        assert cell * draw.LETTER_SHARE >= letters, (section.level, cell)
        assert cell * draw.LIST_SHARE >= listed, (section.level, cell)
        assert solution_cell * draw.SOLUTION_SHARE >= draw.SMALLEST_TYPE
