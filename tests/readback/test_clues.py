"""Corner clues (Killer cage sums) read back from a small built book (the printer's fewest
pages): each printed exactly once in
its cell and touching no line; a page with a sum printed twice, or a line run into a sum,
fails the check."""

from __future__ import annotations

import pytest

from books_helpers import build, layout_text, read_back, write_layout
from pipeline.catalog import Catalog
from pipeline.readback.checks.puzzles import check_answers, check_clues
from pipeline.sudoku import SudokuFamily, draw


def _killer_book(root, tag: str):
    path = write_layout(root, f"killer-{tag}", layout_text(f"Killer {tag}", sections=[
        {"family": "sudoku", "level": "killer-easy", "count": 16, "puzzles_per_page": 1,
         "solutions_per_page": 4}]))
    _entries, manifest = build(root, [path])
    with Catalog(root / "catalog.sqlite") as catalog:
        records = {r.id: r.to_dict() for r in catalog.records("sudoku", "killer-easy")}
    book = next(b for b in manifest["books"] if b["slug"] == f"killer-{tag}")
    return read_back(root, book, records)


@pytest.fixture(scope="module")
def killer(tmp_path_factory):
    return _killer_book(tmp_path_factory.mktemp("killer"), "clean")


def test_a_real_killer_book_prints_every_sum_once_clear_of_every_line(killer):
    check = check_clues(killer)
    assert check.passed, check.findings[:3]
    assert check.measured["clues_checked"] > 16 * 20    # 16 boards of a few dozen cages each
    assert check_answers(killer).passed


def test_the_clues_check_fails_on_a_planted_cage_page(tmp_path, monkeypatch):
    """A sum printed twice in its cell, and a cage line drawn through every sum."""
    real_draw = draw.draw_puzzle

    def twice_and_crossed(ink, puzzle, box):
        real_draw(ink, puzzle, box)
        if "cages" not in puzzle:
            return
        cage = puzzle["cages"][0]
        r, c = min(map(tuple, cage["cells"]))
        x, y = box.cell_origin(r, c)
        ink.text(x + box.cell * 0.5, y + box.cell * 0.1, str(cage["sum"]), size=7.0)
        for other in puzzle["cages"][1:]:
            r, c = min(map(tuple, other["cells"]))
            x, y = box.cell_origin(r, c)
            top = y + box.cell * 0.85
            ink.line(x, top, x + box.cell, top, width=0.75)

    monkeypatch.setattr(SudokuFamily, "draw_puzzle", staticmethod(twice_and_crossed))
    check = check_clues(_killer_book(tmp_path, "planted"))
    messages = [f.message for f in check.findings]
    assert not check.passed
    assert any("printed 2 times there" in m for m in messages)
    assert any("touches a line" in m for m in messages)


def test_an_answer_digit_beside_a_sum_is_still_an_answer(tmp_path, monkeypatch):
    """The sums are puzzle print, but a solution digit in the same cell is caught."""
    real_draw = draw.draw_puzzle

    def with_an_answer(ink, puzzle, box):
        real_draw(ink, puzzle, box)
        if "cages" in puzzle:
            r, c = min(map(tuple, puzzle["cages"][0]["cells"]))
            draw.draw_digits(ink, box, [(r, c, 5)], bold=False)

    monkeypatch.setattr(SudokuFamily, "draw_puzzle", staticmethod(with_an_answer))
    check = check_answers(_killer_book(tmp_path, "answer"))
    assert not check.passed
    assert all("holds glyph '5'" in f.message for f in check.findings)
