"""The panel slot (`Family.panel_rows`, `Family.draw_panel`): a family that prints something
under its board (a word list, a code key) gets a board sized as if it had that many more rows,
the grid at the top of the block and the rest handed to `draw_panel`; solution pages and the
manifest's grid are as without a panel, and the pitch checks use the same arithmetic."""

from __future__ import annotations

import pytest

import books_fake
from books_helpers import build, layout_text, toy, write_layout  # noqa: F401
from pipeline.book.interior import section_pitches
from pipeline.book.layout import load_layout
from pipeline.book.printers import get_profile
from pipeline.geometry import Box
from pipeline.ink import GridBox, RecordingInk, panel_box

PANEL = 4.0
SECTIONS = [{"family": "toy", "level": "small", "count": 24, "puzzles_per_page": 2,
             "solutions_per_page": 4}]




def _book(root, slug):
    path = write_layout(root, slug, layout_text(sections=SECTIONS))
    _entries, manifest = build(root, [path])
    book = next(b for b in manifest["books"] if b["slug"] == slug)
    return path, book


def _grids(book, shows):
    return [p["grid"] for page in book["pages"] for p in page["puzzles"]
            if p["shows"] == shows and "number" in p]


def test_the_panel_box_is_under_the_grid_as_wide_as_it():
    grid = GridBox(100.0, 300.0, 20.0, 5, 6)
    box = panel_box(grid, 3.0)
    assert box == Box(100.0, 240.0, 220.0, 296.0)


def test_a_panel_shrinks_the_puzzle_pitch_not_the_solutions_and_is_drawn_under_the_grid(
        tmp_path, toy, monkeypatch):
    _path, plain = _book(tmp_path / "plain", "toy-plain")
    boxes = []
    monkeypatch.setattr(books_fake.Toy, "panel_rows",
                        lambda self, level: PANEL if level == "small" else 0.0)
    monkeypatch.setattr(books_fake.Toy, "draw_panel",
                        lambda self, ink, puzzle, box: boxes.append(box))
    path, panelled_book = _book(tmp_path / "panel", "toy-panel")
    before, after = _grids(plain, "puzzle"), _grids(panelled_book, "puzzle")
    # the worked example's puzzle has its panel too (it comes first), then the 24 puzzles
    assert len(boxes) == 25 and len(after) == 24
    boxes = boxes[1:]
    for old, new in zip(before, after):
        assert (new["rows"], new["cols"]) == (old["rows"], old["cols"]) == (5, 5)
        assert new["cell"] < old["cell"]
        # the block of rows + PANEL rows is what fills the slot where the grid did
        assert new["cell"] * (5 + PANEL) == pytest.approx(old["cell"] * 5, abs=0.05)
    for grid, box in zip(after, boxes):
        assert box.x0 == pytest.approx(grid["x"])
        assert box.x1 == pytest.approx(grid["x"] + grid["cell"] * grid["cols"])
        assert box.y1 < grid["y"]
        assert box.height == pytest.approx(PANEL * grid["cell"] - 4.0)
    assert _grids(plain, "solution") == _grids(panelled_book, "solution")
    layout = load_layout(path)
    profile = get_profile(layout.printer)
    count = panelled_book["page_count"]
    puzzle_cell, _ = section_pitches(layout, profile, count, layout.sections[0])
    assert puzzle_cell == pytest.approx(after[0]["cell"])


def test_a_family_without_a_panel_draws_none(toy):
    ink = RecordingInk()
    assert books_fake.FAMILY.panel_rows("small") == 0.0
    books_fake.FAMILY.draw_panel(ink, {}, Box(0, 0, 10, 10))
    assert ink.calls == []
