"""The independent checker on generated boards of every level, and on boards planted to break
each clause of the contract: a word placed twice, a backwards repeat, an offensive filler, a
three-letter one in filler, a wrong message, a word inside another, a solution that lies.
The search (solve.py) is held to the checker too: it finds each word exactly where the
checker does."""

from __future__ import annotations

import copy

import pytest

from pipeline.lexicon import grid_spelling
from pipeline.wordsearch import FAMILY, solve, verify
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
    """`length` free cells in a line reading `direction`."""
    free = set(free_cells(puzzle, solution))
    dr, dc = STEPS[direction]
    for r, c in sorted(free):
        run = [(r + i * dr, c + i * dc) for i in range(length)]
        if all(cell in free for cell in run):
            return run
    pytest.skip("no free run on this board")


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
    puzzle, solution = planted()
    word = long_word(puzzle)
    spelling = grid_spelling(word, "en")
    write(puzzle, free_run(puzzle, solution, len(spelling), "S"), spelling)
    proof = verify.verify(puzzle, solution)
    assert not proof["unique"]
    assert f"{word} appears 2 times" in proof["problems"]


def test_a_backwards_repeat_is_caught():
    puzzle, solution = planted()
    word = long_word(puzzle)
    spelling = grid_spelling(word, "en")
    write(puzzle, free_run(puzzle, solution, len(spelling), "E"), spelling[::-1])
    assert f"{word} appears 2 times" in verify.verify(puzzle, solution)["problems"]


def test_an_offensive_filler_is_caught_in_any_direction():
    for direction in ("E", "SW"):
        puzzle, solution = planted("expert")
        write(puzzle, free_run(puzzle, solution, 4, direction), "DAMN")
        problems = verify.verify(puzzle, solution)["problems"]
        assert any("offensive word DAMN" in p for p in problems), problems


def test_a_three_letter_offensive_word_in_filler_is_caught():
    puzzle, solution = planted("expert")
    write(puzzle, free_run(puzzle, solution, 3, "N"), "TIT")
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
