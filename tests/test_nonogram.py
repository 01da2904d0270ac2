"""Nonogram: records and the `.non` reader, the independent checker against the grader and
the generator, the grade of planted boards, the printed page, the pictures.

- the SAT checker counts as a brute force over every row placement does, on keyed small
  boards; the grader's solve never finishes a board other than the checker's one solution
  (a planted faulty line step is caught);
- the frozen boards of both books are proven, graded at their level, repaired in at most 5 %
  of their cells, recognisable, and no picture is printed twice, in a book or across them;
- a planted second solution is `invalid`, a planted board that needs more than one probed
  cell is `beyond`; Tatham's Pattern boards (Debian's sgt-puzzles) are read from `.non` files
  and graded; bad `.non` files are one line naming file, line and field;
- the puzzle page's clues are at least 8 pt with a heavier rule every fifth line, and the
  answers guard finds a filled picture cell planted on it.
"""

from __future__ import annotations

import io
import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline import cli
from pipeline.book.fonts import font_set
from pipeline.book.pdfink import InkRules, PdfInk, new_canvas
from pipeline.errors import InputError
from pipeline.family import BEYOND, get_family
from pipeline.geometry import Box
from pipeline.ink import GridBox, RecordingInk
from pipeline.keyed import KeyedStream
from pipeline.nonogram import NonogramFamily, draw, grade, solve
from pipeline.nonogram.board import (board_of, check_puzzle, clues_of, puzzle_of, read_non,
                                     solution_of)
from pipeline.nonogram.board import NAMES
from pipeline.nonogram.generate import (MAX_REPAIR_SHARE, draw as draw_icon, generate,
                                        is_solid_icon, recognisable)
from pipeline.nonogram.verify import count, verify
from pipeline.readback.answers import Grid, answer_leaks, missing_outline
from pipeline.readback.reader import open_pdf

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "nonogram"
FAMILY = get_family("nonogram")
BOOKS = ("picture-logic", "logikbilder")


def lock_records(slug: str) -> list[dict]:
    path = ROOT / "layouts" / f"{slug}.lock.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def keyed_grid(key: str, rows: int, cols: int, filled_in_100: int) -> list[list[int]]:
    stream = KeyedStream(key)
    return [[int(stream.below(100) < filled_in_100) for _ in range(cols)] for _ in range(rows)]


def brute_count(puzzle: dict, limit: int) -> int:
    """Solutions by trying every grid whose rows match their clues: a third way, for boards
    small enough."""
    rows, cols = puzzle["rows"], puzzle["cols"]
    options = []
    for clue in puzzle["row_clues"]:
        options.append([line for line in itertools.product((0, 1), repeat=cols)
                        if list(clues_of([line])[0][0]) == clue])
    found = 0
    for grid in itertools.product(*options):
        if [list(c) for c in clues_of(grid)[1]] == puzzle["col_clues"]:
            found += 1
            if found == limit:
                break
    return found


SMALL = [puzzle_of(keyed_grid(f"nonogram-test:{n}", 5, 6, 40 + n % 30), "test:small")
         for n in range(60)]


# --- the checker and the grader ------------------------------------------------------------------
def test_the_checker_counts_as_a_brute_force_does():
    counts = [count(p, 3) for p in SMALL]
    assert counts == [brute_count(p, 3) for p in SMALL]
    assert 1 in counts and any(c > 1 for c in counts)   # the sample holds both kinds


def _solve_problems(boards) -> list[str]:
    problems = []
    for puzzle in boards:
        done = solve.solve(board_of(puzzle))
        if done.solved:
            grid = solution_of(done.grid)
            if not verify(puzzle, grid)["unique"]:
                problems.append(f"solved {puzzle['row_clues']} to a grid that is not its one "
                                "solution")
        elif done.contradiction and count(puzzle, 1):
            problems.append(f"met a contradiction on {puzzle['row_clues']}, which has a "
                            "solution")
    return problems


def test_the_grader_never_finishes_a_board_but_to_its_one_solution():
    assert _solve_problems(SMALL) == []


def test_the_soundness_test_catches_a_planted_faulty_line_step(monkeypatch):
    real = solve.settle

    def faulty(line, clue):   # fills the first unknown cell of every line with a run
        out = real(line, clue)
        if out is not None and clue and -1 in out:
            out = list(out)
            out[out.index(-1)] = 1
        return out

    monkeypatch.setattr(solve, "settle", faulty)
    assert _solve_problems(SMALL) != []


def test_the_line_step_finds_what_every_placement_agrees_on():
    assert solve.settle([-1] * 10, (8,)) == [-1, -1] + [1] * 6 + [-1, -1]
    assert solve.settle([-1] * 5, (1, 1, 1)) == [1, 0, 1, 0, 1]
    assert solve.settle([0] * 5, (1,)) is None


# --- the frozen boards of both books -------------------------------------------------------------
@pytest.mark.parametrize("slug", BOOKS)
def test_every_frozen_board_is_proven_graded_at_its_level_and_recognisable(slug):
    records = lock_records(slug)
    assert {r["level"] for r in records} == set(grade.LEVELS)
    for record in records:
        FAMILY.check_record(record)
        puzzle, solution = record["puzzle"], record["solution"]
        assert verify(puzzle, solution)["unique"], record["id"]
        assert FAMILY.rate(puzzle).level == record["level"] == record["grade"]["level"]
        side = grade.SIDES[record["level"]]
        assert puzzle["rows"] == puzzle["cols"] == side
        assert record["grade"]["repairs"] <= MAX_REPAIR_SHARE * side * side
        icon = puzzle["picture"].rpartition(":")[2]
        assert icon in NAMES and is_solid_icon(icon)
        drawn = draw_icon(icon, side)
        cells = [[int(ch == "#") for ch in row] for row in solution["grid"]]
        assert recognisable(cells, drawn.coverage) is None, record["id"]
        changed = sum(a != b for row, want in zip(cells, drawn.cells) for a, b in zip(row, want))
        assert changed == record["grade"]["repairs"], record["id"]


def test_no_picture_is_sold_twice_in_a_book_or_across_the_books():
    """The ledger's rows of both books: every picture sold as a puzzle once, and the how-to's
    worked example (which both may show) never one of them."""
    rows = [json.loads(line) for line in
            (ROOT / "layouts" / "ledger.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r.get("book") in BOOKS and "puzzle" in r]
    sold = [r["puzzle"]["picture"] for r in rows if r["role"] == "puzzle"]
    assert len(sold) == 101 + 59 and len(sold) == len(set(sold))
    shown = {r["puzzle"]["picture"] for r in rows if r["role"] == "howto"}
    assert shown and not shown & set(sold)
    assert {FAMILY.dedupe_form(r["puzzle"]) for r in rows} == set(sold) | shown


def test_a_frozen_board_is_made_again_from_its_key():
    record = next(r for r in lock_records("picture-logic") if r["level"] == "easy")
    made = generate(record["key"], "easy", FAMILY.version)
    assert made.puzzle == record["puzzle"] and made.solution == record["solution"]


# --- planted boards and `pipeline grade` ---------------------------------------------------------
def _grade(path: Path, capsys) -> tuple[int, list[str], list[str]]:
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def non_text(puzzle: dict) -> str:
    lines = [f"width {puzzle['cols']}", f"height {puzzle['rows']}", "", "rows"]
    lines += [",".join(map(str, c)) or "0" for c in puzzle["row_clues"]]
    lines += ["", "columns"] + [",".join(map(str, c)) or "0" for c in puzzle["col_clues"]]
    return "\n".join(lines) + "\n"


def test_a_planted_second_solution_is_invalid(tmp_path, capsys):
    puzzle = puzzle_of(["#..", ".#.", "..#"], "test:diagonal")   # its mirror fits the clues
    assert not verify(puzzle, solution_of(["#..", ".#.", "..#"]))["unique"]
    path = tmp_path / "two.non"
    path.write_text(non_text(puzzle), encoding="utf-8")
    status, out, err = _grade(path, capsys)
    assert status == 1 and out == ["two\tinvalid\t-"]
    assert len(err) == 1 and "two.non" in err[0] and "more than one solution" in err[0]


def test_a_planted_board_that_needs_guessing_is_graded_beyond(tmp_path, capsys):
    path = FIXTURES / "beyond.non"
    puzzle = read_non(path.read_text(encoding="utf-8"), str(path))
    assert count(puzzle, 2) == 1
    assert FAMILY.rate(puzzle).level == BEYOND
    status, out, _err = _grade(path, capsys)
    assert status == 0 and out[0].split("\t")[:2] == ["beyond", BEYOND]


def _sgt_puzzle(game_id: str) -> dict:
    """A Pattern game id ("WxH:column clues/.../row clues", runs split by dots) as a puzzle."""
    size, clues = game_id.split(":")
    width, height = map(int, size.split("x"))
    lines = [[int(n) for n in part.split(".") if int(n)] for part in clues.split("/")]
    return {"rows": height, "cols": width, "row_clues": lines[width:],
            "col_clues": lines[:width], "picture": "sgt-pattern"}


@pytest.mark.skipif(not Path("/usr/games/sgt-pattern").exists(),
                    reason="sgt-puzzles is installed by .ci/system-packages.sh")
def test_tathams_boards_are_read_from_non_files_proven_and_graded(tmp_path, capsys):
    ids = subprocess.run(["/usr/games/sgt-pattern", "--generate", "6", "15x15#46"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert len(ids) == 6
    for n, game_id in enumerate(ids):
        puzzle = _sgt_puzzle(game_id)
        assert count(puzzle, 2) == 1
        path = tmp_path / f"sgt{n}.non"
        path.write_text(non_text(puzzle), encoding="utf-8")
        status, out, err = _grade(path, capsys)
        assert status == 0 and err == []
        name, level, difficulty = out[0].split("\t")
        assert name == f"sgt{n}" and level in grade.LEVELS + (BEYOND,)
        assert float(difficulty) > 0


BAD_NON = [
    ("width x\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", 1, "width"),
    ("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n", 7, "columns"),
    ("width 2\nheight 2\nrows\n1\n1,q\ncolumns\n1\n1\n", 5, "rows"),
    ("width 2\nheight 2\nrows\n3\n1\ncolumns\n1\n1\n", 4, "rows"),
    ("width 2\nheight 2\nrows\n1\n1\n", None, "columns"),
    ("width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n", None, "columns"),
]


@pytest.mark.parametrize("text, line, field", BAD_NON)
def test_a_bad_non_file_is_one_line_naming_file_line_and_field(tmp_path, capsys, text, line,
                                                               field):
    path = tmp_path / "bad.non"
    path.write_text(text, encoding="utf-8")
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    where = f"bad.non:{line}: {field}:" if line else f"bad.non: {field}:"
    assert where in err, err


def test_a_record_whose_solution_breaks_its_clues_names_the_line():
    puzzle = puzzle_of(["##", ".#"], "test:x")
    with pytest.raises(InputError) as caught:
        FAMILY.check_record({"puzzle": puzzle, "solution": {"grid": ["#.", ".#"]}})
    assert "row 1" in str(caught.value) and "solution.grid" in str(caught.value)
    with pytest.raises(InputError) as caught:
        check_puzzle({**puzzle, "col_clues": [[1], [1]]})
    assert "puzzle.col_clues" in str(caught.value)


# --- the page ------------------------------------------------------------------------------------
def _record(level: str) -> dict:
    return next(r for r in lock_records("picture-logic") if r["level"] == level)


def test_clues_are_at_least_8_pt_with_a_heavier_rule_every_fifth_line():
    record = _record("medium")
    puzzle = record["puzzle"]
    rows, cols = FAMILY.grid_shape(puzzle)
    box = GridBox(0, 0, 14.2, rows, cols)   # 5 mm cells
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, puzzle, box)
    texts = [call for call in ink.calls if call.verb == "text"]
    clues = puzzle["row_clues"] + puzzle["col_clues"]
    assert len(texts) == sum(len(clue) or 1 for clue in clues)
    assert min(dict(call.options)["size"] for call in texts) >= draw.MIN_CLUE_PT
    heavy = [call.args for call in ink.calls
             if call.verb == "line" and dict(call.options)["width"] == draw.RULE_LINE]
    slots = rows - puzzle["rows"]
    xs = sorted({round(x1, 3) for x1, y1, x2, y2 in heavy if x1 == x2})
    assert xs == [round((slots + k) * box.cell, 3) for k in range(0, puzzle["cols"], 5)]


def _page(puzzle: dict, grid: dict, extra=None):
    fonts = font_set(ROOT / "fonts" / "AtkinsonHyperlegible-Regular.ttf",
                     ROOT / "fonts" / "AtkinsonHyperlegible-Bold.ttf")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width=600, height=600, fonts=fonts, title="t", author="a")
    ink = PdfInk(canvas, fonts, InkRules(8.0, 0.75, 0.1), Box(0, 0, 600, 600))
    box = GridBox(grid["x"], grid["y"], grid["cell"], grid["rows"], grid["cols"])
    FAMILY.draw_puzzle(ink, puzzle, box)
    if extra:
        extra(ink, box)
    canvas.showPage()
    canvas.save()
    return open_pdf(buffer.getvalue()).page(1)


def test_the_answers_guard_finds_a_filled_cell_planted_on_a_puzzle_page():
    record = _record("easy")
    puzzle, solution = record["puzzle"], record["solution"]
    rows, cols = FAMILY.grid_shape(puzzle)
    grid = {"x": 40.0, "y": 40.0, "cell": 20.0, "rows": rows, "cols": cols}
    signs = FAMILY.answer_signs(puzzle, solution)
    clean = _page(puzzle, grid)
    assert missing_outline(clean, Grid.from_manifest(grid), signs) is None
    assert answer_leaks(clean, signs, grid) == []
    r, c = next((r, c) for r, row in enumerate(solution["grid"]) for c, ch in enumerate(row)
                if ch == "#")
    slots = rows - puzzle["rows"]

    def fill(ink, box):
        x, y = box.cell_origin(slots + r, slots + c)
        ink.rect(x, y, box.cell, box.cell, fill=0.0)

    leaks = answer_leaks(_page(puzzle, grid, fill), signs, grid)
    assert len(leaks) == 1 and f"({slots + r}, {slots + c})" in leaks[0]


# --- the pictures --------------------------------------------------------------------------------
def test_brand_icons_are_never_pictures():
    assert not is_solid_icon("github") and not is_solid_icon("apple")
    assert all(is_solid_icon(icon) for icon in NAMES)


def test_the_recognisability_measure_refuses_a_blot_and_a_speck():
    drawn = draw_icon("cat", 15)
    assert recognisable(drawn.cells, drawn.coverage) is None
    blot = [[1] * 15 for _ in range(15)]
    assert "filled share" in recognisable(blot, drawn.coverage)
    moved = [row[::-1] for row in drawn.cells]         # the cat mirrored: ink off its place
    assert "fidelity" in recognisable(moved, drawn.coverage)
