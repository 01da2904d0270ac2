"""The independent checker on generated boards of every level, and on boards planted to break
each clause of the contract: a word placed twice, a backwards repeat, an offensive filler, a
three-letter one in filler, a wrong message, a word inside another, a solution that lies.
The search (solve.py) is held to the checker too: it finds each word exactly where the
checker does."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from pipeline.engines.lexicon import grid_spelling
from pipeline.wordsearch import FAMILY, generate, solve, verify
from pipeline.wordsearch.board import STEPS, read_placements

BOARDS = {level: [FAMILY.generate(f"wordsearch:{level}:{n}", level) for n in (1, 2, 3)]
          for level in FAMILY.levels}


def free_cells(puzzle, solution):
    used = set()
    for p in read_placements(puzzle, solution):
        used.update(p.cells(len(grid_spelling(p.word, "en"))))
    return [(r, c) for r in range(puzzle["rows"]) for c in range(puzzle["cols"])
            if (r, c) not in used]


def write(puzzle, cells, text):
    rows = [list(line) for line in puzzle["letters"]]
    for (r, c), ch in zip(cells, text):
        rows[r][c] = ch
    puzzle["letters"] = ["".join(line) for line in rows]


def free_run(puzzle, solution, length, direction="E"):
    """`length` free cells in a line reading `direction`, or None."""
    free = set(free_cells(puzzle, solution))
    dr, dc = STEPS[direction]
    for r, c in sorted(free):
        run = [(r + i * dr, c + i * dc) for i in range(length)]
        if all(cell in free for cell in run):
            return run
    return None


def planted_run(level, length, direction, word=None):
    """A copy of the first board of `level` with `length` free cells reading `direction` (or
    room for the board's longest word when `length` is None), and those cells. A board with
    no such room is passed over, never the test: some board of the first twenty has room."""
    for n in range(1, 21):
        made = BOARDS[level][n - 1] if n <= len(BOARDS[level]) else \
            FAMILY.generate(f"wordsearch:{level}:{n}", level)
        puzzle, solution = copy.deepcopy(made.puzzle), copy.deepcopy(made.solution)
        need = length or len(grid_spelling(long_word(puzzle), "en"))
        run = free_run(puzzle, solution, need, direction)
        if run is not None:
            return puzzle, solution, run
    raise AssertionError(f"no {level} board of the first twenty has {length} free cells "
                         f"reading {direction}")


@pytest.mark.parametrize("level", FAMILY.levels)
def test_every_generated_board_is_proven(level):
    for made in BOARDS[level]:
        proof = verify.verify(made.puzzle, made.solution)
        assert proof["unique"], proof["problems"]
        assert FAMILY.count_solutions(made.puzzle, 5) == 1
        FAMILY.check_record({"puzzle": made.puzzle, "solution": made.solution})


@pytest.mark.parametrize("level", FAMILY.levels)
def test_the_search_finds_each_word_where_the_checker_does(level):
    for made in BOARDS[level]:
        found = solve.solution_of(made.puzzle)
        assert found is not None
        assert verify.verify(made.puzzle, found)["unique"]


def planted(level="hard"):
    made = BOARDS[level][0]
    return copy.deepcopy(made.puzzle), copy.deepcopy(made.solution)


def long_word(puzzle):
    return max(puzzle["words"], key=lambda w: (len(grid_spelling(w, "en")), w))


def test_a_word_placed_twice_is_caught():
    puzzle, solution, run = planted_run("hard", None, "S")
    word = long_word(puzzle)
    spelling = grid_spelling(word, "en")
    write(puzzle, run, spelling)
    proof = verify.verify(puzzle, solution)
    assert not proof["unique"]
    assert f"{word} appears 2 times" in proof["problems"]


def test_a_backwards_repeat_is_caught():
    puzzle, solution, run = planted_run("hard", None, "E")
    word = long_word(puzzle)
    spelling = grid_spelling(word, "en")
    write(puzzle, run, spelling[::-1])
    assert f"{word} appears 2 times" in verify.verify(puzzle, solution)["problems"]


def test_an_offensive_filler_is_caught_in_any_direction():
    for direction in ("E", "SW"):
        puzzle, solution, run = planted_run("expert", 4, direction)
        write(puzzle, run, "DAMN")
        problems = verify.verify(puzzle, solution)["problems"]
        assert any("offensive word DAMN" in p for p in problems), problems


def test_a_three_letter_offensive_word_in_filler_is_caught():
    puzzle, solution, run = planted_run("expert", 3, "N")
    write(puzzle, run, "TIT")
    problems = verify.verify(puzzle, solution)["problems"]
    assert any("offensive word TIT" in p for p in problems), problems


def test_a_wrong_message_is_caught():
    puzzle, solution = planted("hidden-message-hard")
    assert verify.verify(puzzle, solution)["unique"]
    puzzle["message"] = puzzle["message"].replace("a", "e", 1)
    problems = verify.verify(puzzle, solution)["problems"]
    assert any("not the message" in p for p in problems)
    puzzle, solution = planted("hidden-message-hard")
    r, c = free_cells(puzzle, solution)[0]
    write(puzzle, [(r, c)], "Q" if puzzle["letters"][r][c] != "Q" else "Z")
    assert any("not the message" in p for p in verify.verify(puzzle, solution)["problems"])


def test_a_word_inside_another_is_caught():
    puzzle, solution = planted("easy")
    word = long_word(puzzle)
    part = grid_spelling(word, "en")[:3]
    placement = next(p for p in read_placements(puzzle, solution) if p.word == word)
    puzzle["words"] = sorted(puzzle["words"] + [part])
    solution["placements"].append({"word": part, "row": placement.row, "col": placement.col,
                                   "direction": placement.direction})
    problems = verify.verify(puzzle, solution)["problems"]
    assert f"{part} is part of {grid_spelling(word, 'en')}" in problems


def test_a_solution_that_misplaces_a_word_is_caught():
    puzzle, solution = planted()
    entry = solution["placements"][0]
    entry["row"], entry["col"] = (entry["row"] + 1) % puzzle["rows"], entry["col"]
    try:
        problems = verify.verify(puzzle, solution)["problems"]
    except Exception as error:          # a placement run off the grid is refused outright
        assert "runs off the grid" in str(error)
        return
    assert any("does not read where the solution puts it" in p for p in problems)


def test_a_direction_the_puzzle_does_not_allow_is_caught():
    puzzle, solution = planted("easy")
    puzzle["directions"] = ["E"]
    problems = verify.verify(puzzle, solution)["problems"]
    assert any("a direction the puzzle does not allow" in p for p in problems) or \
        all(p["direction"] == "E" for p in solution["placements"])


# Three words side by side whose first letters read TIT down the first column: a three-letter
# list word across several words' letters, which the contract keeps out (unlike POT inside
# POTATO, a word's own letters).
SIDE_BY_SIDE = ["TABQZ", "INKJV", "TOEQW", "ZJVQZ", "JVWZQ"]
SIDE_BY_SIDE_WORDS = (("TAB", 0), ("INK", 1), ("TOE", 2))


def side_by_side(letters=SIDE_BY_SIDE):
    puzzle = {"rows": 5, "cols": 5, "letters": list(letters),
              "words": [w for w, _row in SIDE_BY_SIDE_WORDS], "directions": ["E", "S"],
              "theme": "Planted", "language": "en"}
    solution = {"placements": [{"word": w, "row": row, "col": 0, "direction": "E"}
                               for w, row in SIDE_BY_SIDE_WORDS]}
    return puzzle, solution


def test_a_three_letter_offensive_word_across_words_is_caught():
    puzzle, solution = side_by_side()
    proof = verify.verify(puzzle, solution)
    assert proof["problems"] == ["the offensive word TIT reads from cell (0, 0)",   # down
                                 "the offensive word TIT reads from cell (2, 0)"], proof  # up
    # the same letters but the first column's middle changed: no fault, so the one above is
    # the run across the words and nothing else on the board
    puzzle, solution = side_by_side(["TABQZ", "ANKJV", "TOEQW", "ZJVQZ", "JVWZQ"])
    solution["placements"][1]["word"] = puzzle["words"][1] = "ANK"
    assert verify.verify(puzzle, solution)["unique"]


def test_a_three_letter_offensive_word_inside_a_listed_word_is_allowed():
    puzzle, solution = side_by_side()
    puzzle["letters"][4] = "POTZQ"            # POTZQ: POT would be filler ...
    assert any("offensive word POT" in p for p in verify.verify(puzzle, solution)["problems"])
    puzzle["words"].append("POT")             # ... but as a listed word it is the word itself
    puzzle["letters"][0] = "TABZQ"
    solution["placements"].append({"word": "POT", "row": 4, "col": 0, "direction": "E"})
    problems = verify.verify(puzzle, solution)["problems"]
    assert not any("POT" in p for p in problems), problems


def test_a_three_letter_one_across_a_message_is_a_warning_not_a_fault():
    for made in BOARDS["hidden-message-hard"]:
        proof = verify.verify(made.puzzle, made.solution)
        assert proof["unique"]
        assert all("across the message's letters" in w for w in proof["warnings"])
    assert any(verify.verify(m.puzzle, m.solution)["warnings"]
               for m in BOARDS["hidden-message-hard"] + BOARDS["hidden-message-expert"])


def test_the_generator_passes_over_a_start_that_reads_one_across_words():
    """The placing kernel: TOE under TAB and INK would read TIT down; it is refused and the
    grid left as it was; further right it goes; POTATO's own POT is no obstacle."""
    short = generate.offensive_tables("en")[2]
    grid = np.zeros(25, dtype=np.int64)
    filled = np.zeros(25, dtype=np.int64)
    count = np.zeros(1, dtype=np.int64)
    for word, row in SIDE_BY_SIDE_WORDS[:2]:
        assert generate._written(grid, 5, 5, codes(word), row, 0, 0, 1, filled, count, short)
    before = grid.copy()
    assert not generate._written(grid, 5, 5, codes("TOE"), 2, 0, 0, 1, filled, count, short)
    assert (grid == before).all() and count[0] == 6
    assert generate._written(grid, 5, 5, codes("TOE"), 2, 1, 0, 1, filled, count, short)
    grid = np.zeros(36, dtype=np.int64)
    filled = np.zeros(36, dtype=np.int64)
    count = np.zeros(1, dtype=np.int64)
    assert generate._written(grid, 6, 6, codes("POTATO"), 0, 0, 0, 1, filled, count, short)


def codes(word):
    return np.frombuffer(word.encode("ascii"), dtype=np.uint8).astype(np.int64)
