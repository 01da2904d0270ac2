"""Kakuro's sums read back from a small built book: every down and across sum printed once in
its block (twice where a block carries the same sum both ways), clear of the diagonal and the
cell lines; a planted page with a sum missing, a sum doubled, a line through the sums, or a
digit in a white cell fails the clue check or the answers guard."""

from __future__ import annotations

import shutil

import pytest

from books_helpers import build, layout_text, read_back, write_layout
from pipeline.catalog import Catalog
from pipeline.kakuro import KakuroFamily, draw
from pipeline.readback.checks.puzzles import check_answers, check_clues


def _kakuro_book(root, tag: str, catalog_from=None):
    if catalog_from is not None:   # the boards once, the drawing as often as a test plants it
        shutil.copy(catalog_from / "catalog.sqlite", root / "catalog.sqlite")
    path = write_layout(root, f"kakuro-{tag}", layout_text(f"Kakuro {tag}", sections=[
        {"family": "kakuro", "level": "easy", "count": 12, "puzzles_per_page": 1,
         "solutions_per_page": 2}]))
    _entries, manifest = build(root, [path])
    with Catalog(root / "catalog.sqlite") as catalog:
        records = {r.id: r.to_dict() for r in catalog.records("kakuro", "easy")}
    book = next(b for b in manifest["books"] if b["slug"] == f"kakuro-{tag}")
    return read_back(root, book, records)


@pytest.fixture(scope="module")
def clean_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("kakuro")
    return root, _kakuro_book(root, "clean")


def test_a_real_kakuro_book_prints_every_sum_once_clear_of_every_line(clean_root):
    _root, book = clean_root
    check = check_clues(book)
    assert check.passed, check.findings[:3]
    assert check.measured["clues_checked"] > 12 * 15   # 8x8 boards of about twenty sums
    assert check_answers(book).passed


def _first_block(puzzle, both=False):
    return next(((r, c) for r, row in enumerate(puzzle["cells"]) for c, e in enumerate(row)
                 if e != 0 and (all(e) if both else e[1])), None)


def test_the_clues_check_fails_on_a_planted_kakuro_page(tmp_path, monkeypatch, clean_root):
    """An across sum printed a second time in its block, every down sum struck through by a
    line, and one block's sums left out."""
    real_board = draw.draw_board

    def planted(ink, puzzle, box, focus=()):
        if _first_block(puzzle, both=True) is None or box.cell < draw.MIN_SUMS_CELL:
            real_board(ink, puzzle, box, focus)
            return
        r0, c0 = _first_block(puzzle, both=True)
        shown = {**puzzle, "cells": [[[0, 0] if (r, c) == (r0, c0) else e
                                      for c, e in enumerate(row)]
                                     for r, row in enumerate(puzzle["cells"])]}
        real_board(ink, shown, box, focus)
        r, c = _first_block(puzzle)
        if (r, c) != (r0, c0):
            (_dx, _dy), (ax, ay) = draw.sum_places(box, r, c)
            ink.text(ax, ay - 0.3 * box.cell, str(puzzle["cells"][r][c][1]), size=7.0,
                     anchor="middle")
        for rr, row in enumerate(puzzle["cells"]):
            for cc, e in enumerate(row):
                if e != 0 and e[0] and (rr, cc) != (r0, c0):
                    (dx, dy), _ = draw.sum_places(box, rr, cc)
                    ink.line(dx - 5, dy + 2, dx + 5, dy + 2, width=0.75)

    monkeypatch.setattr(draw, "draw_board", planted)
    check = check_clues(_kakuro_book(tmp_path, "planted", clean_root[0]))
    messages = [f.message for f in check.findings]
    assert not check.passed
    assert any("printed 0 times there" in m for m in messages)
    assert any("printed 2 times there" in m for m in messages)
    assert any("touches a line" in m for m in messages)


def test_the_answers_guard_fails_on_a_digit_in_a_white_cell(tmp_path, monkeypatch, clean_root):
    real_puzzle = draw.draw_puzzle

    def with_an_answer(ink, puzzle, box):
        real_puzzle(ink, puzzle, box)
        r, c = next((r, c) for r, row in enumerate(puzzle["cells"]) for c, e in enumerate(row)
                    if e == 0)
        x, y = box.cell_centre(r, c)
        ink.text(x, y - 4, "5", size=12.0, anchor="middle")

    monkeypatch.setattr(KakuroFamily, "draw_puzzle", staticmethod(with_an_answer))
    check = check_answers(_kakuro_book(tmp_path, "answer", clean_root[0]))
    assert not check.passed
    assert all("holds glyph '5'" in f.message for f in check.findings)
