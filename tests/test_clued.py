"""Clued crosswords (pipeline/clued): boards proven by the clue-candidate checker, the solve
and the checker agreeing, planted faults refused (a second fill, a bad numbering, a clue
printed twice), and a small real book read back: its puzzle pages carry no answer letter
(shown failing on a letter planted in a white cell) and its clue lists fit their panel."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import family_fingerprints as fingerprints

from pipeline.clued import FAMILY, board, draw, verify
from pipeline.clued.generate import Unclued, chosen_clues, clue_words
from pipeline.clued.grade import LEVELS
from pipeline.engines import clues
from pipeline.errors import InputError
from pipeline.geometry import Box


DATA = Path(__file__).parent / "data" / "clued_fingerprints.json"
NUMBERS = (1, 7)


def test_boards_match_their_fingerprints():
    """The same key and generator version give the same board (the clue table included: a
    change to it that changes a board must bump the family's version)."""
    fingerprints.check_against_file(FAMILY, NUMBERS, DATA)


@pytest.fixture(scope="module")
def made():
    return {level: FAMILY.generate(f"clued:{level}:1", level)
            for level in ("mini", "easy", "medium-de", "hard")}


def test_boards_are_proven_unique_and_rated_at_their_level(made):
    for level, board_made in made.items():
        FAMILY.check_record({"puzzle": board_made.puzzle, "solution": board_made.solution})
        assert board_made.proof["unique"] and board_made.proof["solutions_found"] == 1
        assert FAMILY.rate(board_made.puzzle).level == level
        assert FAMILY.count_solutions(board_made.puzzle, 5) == 1


def test_the_checker_takes_its_candidates_from_the_clue_texts_alone(made):
    """Every candidate the checker considers is an answer the table gives that clue text at
    that length, and the solution's answer is among them."""
    made_board = made["easy"]
    puzzle, grid = made_board.puzzle, made_board.solution["grid"]
    table = clues.table("en")
    listed = [c for d in ("across", "down") for c in puzzle["clues"][d]]
    for (cells, options), clue in zip(verify.candidates(puzzle), listed):
        assert options == table.answers_for(clue["text"], clue["length"])
        assert "".join(grid[r][c] for r, c in cells) in options


def _unchecked_cell(puzzle):
    grid = puzzle["grid"]
    white = lambda r, c: 0 <= r < len(grid) and 0 <= c < len(grid) and grid[r][c] != "#"
    for direction in ("across", "down"):
        for k, clue in enumerate(puzzle["clues"][direction]):
            for i, (r, c) in enumerate(verify.clue_cells(clue, direction)):
                other = [(r - 1, c), (r + 1, c)] if direction == "across" else [(r, c - 1), (r, c + 1)]
                if not any(white(*x) for x in other):
                    return direction, k, i


def test_a_planted_second_fill_is_caught(made, tmp_path, monkeypatch):
    """The table given one more answer for one clue, differing from the real one only in a
    letter no other word checks: two fills, and the checker says so."""
    made_board = made["easy"]
    puzzle, grid = made_board.puzzle, made_board.solution["grid"]
    direction, k, i = _unchecked_cell(puzzle)
    clue = puzzle["clues"][direction][k]
    answer = "".join(grid[r][c] for r, c in verify.clue_cells(clue, direction))
    twin = answer[:i] + ("Q" if answer[i] != "Q" else "Z") + answer[i + 1:]
    data = tmp_path / "en.tsv"
    data.write_text((clues.DATA / "en.tsv").read_text(encoding="utf-8")
                    + f"{twin.lower()}\t{clue['text']}\tsynonym\t1\tpress\n", encoding="utf-8")
    planted = clues.load("en", data=data)
    assert verify.verify(puzzle, made_board.solution)["unique"]
    monkeypatch.setattr(clues, "table", lambda language: planted)
    proof = verify.verify(puzzle, made_board.solution)
    assert proof["solutions_found"] == 2 and not proof["unique"]


def test_a_planted_bad_numbering_is_refused_in_one_line(made):
    puzzle = copy.deepcopy(made["easy"].puzzle)
    puzzle["clues"]["down"][0]["number"] += 1
    with pytest.raises(InputError) as caught:
        board.board_from_puzzle(puzzle)
    assert caught.value.field == "puzzle.clues.down[0]"
    puzzle = copy.deepcopy(made["easy"].puzzle)
    puzzle["clues"]["across"][1]["text"] = puzzle["clues"]["across"][0]["text"]
    with pytest.raises(InputError) as caught:
        board.board_from_puzzle(puzzle)
    assert "printed twice" in caught.value.message


def test_numbering_is_in_reading_order_one_number_a_starting_cell():
    grid = ["...#.", ".#...", ".....", "...#.", ".#..."]
    numbered = board.numbered_slots(grid)
    starts = sorted({(cells[0], n) for n, _d, cells in numbered})
    assert [n for _cell, n in starts] == list(range(1, len(starts) + 1))
    assert [cell for cell, _n in starts] == sorted(cell for cell, _n in starts)


def test_no_clue_names_an_answer_of_its_grid_and_none_is_printed_twice(made):
    for made_board in made.values():
        puzzle = made_board.puzzle
        parsed = board.board_from_puzzle(puzzle)
        answers = {board.answer_in(made_board.solution["grid"], e) for e in parsed.entries}
        for entry in parsed.entries:
            assert not clue_words(entry.text, puzzle["language"]) & answers, entry.text


class Measure:
    """Type measured as about half an em a character: enough to lay lists out in a test."""

    def text_width(self, text, *, size, bold=False):
        return 0.55 * size * len(text)


def test_an_answer_whose_only_clue_names_another_answer_is_refilled_not_printed():
    """ACTOR's one easy clue is "player": beside PLAYER in the same grid it has none left, and
    the answer's place in clue order is named so generate can bar it there and fill again."""
    table = clues.table("en")
    assert [entry.text for entry in table.clues_for("ACTOR", 1)] == ["player"]
    with pytest.raises(Unclued) as caught:
        chosen_clues(table, 1, ["ACTOR", "PLAYER"])
    assert caught.value.position == 0
    assert [e.text for e in chosen_clues(table, 1, ["ACTOR", "SIMILAR"])][0] == "player"


def test_a_pattern_whose_fill_leaves_an_answer_unclued_is_filled_again_without_it(monkeypatch):
    """With the refills turned off, some hard race patterns give no board; with them they
    do, and each fill after the first bars the answers left unclued from their slots."""
    from pipeline.clued import generate
    from pipeline.clued.bench import race_pattern

    calls = []
    fill = generate.filler.fill

    def spy(slots, index, stream, allowed=None, **options):
        calls.append(dict(allowed or {}))
        return fill(slots, index, stream, allowed=allowed, **options)

    def board(refills, n):
        monkeypatch.setattr(generate, "REFILLS", refills)
        calls.clear()
        return generate.board_on(*race_pattern(f"clued:race-hard:{n}", "hard"), "hard")

    mended = [n for n in range(12) if board(0, n) is None and board(3, n) is not None]
    assert mended
    monkeypatch.setattr(generate.filler, "fill", spy)
    made = board(3, mended[0])
    index = generate.answer_index("en", 3, 12)
    slots = generate.layout(made.puzzle["grid"]).slots
    assert calls[0] == {} and len(calls) >= 2 and calls[-1]
    for s, mask in calls[-1].items():   # the barred words are not in the board's slots
        words = index.of_length(slots[s].length).words
        written = "".join(made.solution["grid"][r][c] for r, c in slots[s].cells)
        barred = {w for k, w in enumerate(words) if not mask >> k & 1}
        assert barred and written not in barred


def test_clue_lists_that_do_not_fit_are_a_print_problem(made):
    puzzle = made["easy"].puzzle
    roomy = Box(0, 0, 400, 260)
    assert draw.panel_problem(Measure(), puzzle, roomy) is None
    cramped = Box(0, 0, 400, 90)
    assert draw.panel_problem(Measure(), puzzle, cramped) is not None


def test_a_word_wider_than_its_column_is_hyphenated_by_the_language():
    lines = draw.wrap(Measure(), "Gemeindeverwaltung", 10, 60, "de")
    assert len(lines) > 1 and all(line.endswith("-") for line in lines[:-1])
    assert "".join(line.rstrip("-") for line in lines) == "Gemeindeverwaltung"
    assert all(Measure().text_width(line, size=10) <= 60 for line in lines)


LAYOUT = """title = "Crossword Sampler"
author = "Test Press"
trim = "8.5x11"
paper = "white"

[[sections]]
family = "clued"
level = "easy"
count = 18
puzzles_per_page = 1
solutions_per_page = 2
"""


@pytest.fixture(scope="module")
def small_book(tmp_path_factory):
    from books_helpers import build, write_layout
    from pipeline.readback import loaded

    root = tmp_path_factory.mktemp("clued")
    _entries, manifest = build(root, [write_layout(root, "sampler", LAYOUT)])
    (book,) = manifest["books"]
    book = dict(book, interior=str(root / book["interior"]), cover=str(root / book["cover"]))
    return book, loaded.catalog_records(root / "catalog.sqlite", [book])


def test_a_small_book_passes_and_a_letter_planted_in_a_white_cell_is_caught(small_book,
                                                                             tmp_path):
    from pipeline.readback import checks, loaded
    from pipeline.readback.answers import Grid
    book, records = small_book
    verdicts = {c.name: c for c in checks.run_checks(loaded.load_book(book, records))}
    assert [n for n, c in verdicts.items() if not c.passed] == []
    assert verdicts["answers"].measured["puzzles_checked"] == 18
    sheet = json.loads(Path(book["upload"]).read_text())
    said = json.dumps([row for row in sheet["fields"] if row["key"] == "ai_text"])
    assert "open thesauri" in said and "none was written by a language model" in said
    number, puzzle, record = next(
        (entry["number"], shown, records[shown["id"]]) for entry in book["pages"]
        for shown in entry.get("puzzles", []) if entry["kind"] == "puzzle")
    row, col = next((r, c) for r, line in enumerate(record["solution"]["grid"])
                    for c, ch in enumerate(line) if ch != "#")
    grid = Grid.from_manifest(puzzle["grid"])
    x, y = grid.centre(row, col)
    letter = record["solution"]["grid"][row][col]
    bad = _planted(tmp_path, book, number, f"{x:.2f} {y:.2f} m {x + 6:.2f} {y + 9:.2f} l S")
    verdicts = {c.name: c for c in checks.run_checks(loaded.load_book(bad, records))}
    assert not verdicts["answers"].passed   # a stroke (a pencilled letter) in a white cell
    assert f"({row}, {col})" in verdicts["answers"].findings[0].message
    bad = _planted(tmp_path, book, number, _letter_operators(book, number, letter, x, y))
    verdicts = {c.name: c for c in checks.run_checks(loaded.load_book(bad, records))}
    assert not verdicts["answers"].passed
    assert f"({row}, {col})" in verdicts["answers"].findings[0].message


def _planted(tmp_path, book, page_number: int, operators: str) -> dict:
    """A copy of the book whose page `page_number` also runs `operators` at its end."""
    import shutil
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ContentStream

    writer = PdfWriter(clone_from=PdfReader(book["interior"]))
    page = writer.pages[page_number - 1]
    stream = ContentStream(None, writer)
    stream.set_data(page.get_contents().get_data() + b"\n" + operators.encode("latin-1"))
    page.replace_contents(stream)
    path = tmp_path / f"interior-{len(list(tmp_path.iterdir()))}.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    shutil.copy(book["cover"], tmp_path / "cover.pdf")
    return dict(book, interior=str(path), cover=str(tmp_path / "cover.pdf"), upload=None)


def _letter_operators(book, page_number: int, letter: str, x: float, y: float) -> str:
    """The letter shown in the page's own regular font, as the book draws its text."""
    from pypdf import PdfReader

    page = PdfReader(book["interior"]).pages[page_number - 1]
    fonts = page["/Resources"]["/Font"]
    name = next(iter(fonts))
    return f"BT {name} 14 Tf {x - 4:.2f} {y - 5:.2f} Td ({letter}) Tj ET"


def test_every_level_is_listed_with_a_title():
    assert set(FAMILY.level_titles) == set(LEVELS)


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(fingerprints.current(FAMILY, NUMBERS), indent=2, sort_keys=True)
                    + "\n")
