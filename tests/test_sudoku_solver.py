"""Soundness of the grader's techniques: run alone on many positions, no technique ever places
or eliminates anything against the answer; and a planted faulty rule is caught."""

import pytest

from pipeline.sudoku import FAMILY
from pipeline.sudoku import solve as solver
from pipeline.sudoku.board import Board
from pipeline.sudoku.grade import CLASSIC_LEVELS as LEVELS, grade
from pipeline.sudoku.solve import DIGITS, POPCOUNT, Grid, Step, Technique
from pipeline.sudoku.verify import count

# Classic hard boards (Inkala 2012, "Golden Nugget", "Easter Monster": all past the solver's
# bounds, so only the opening positions are tested on them) and a sparse 17-clue board.
CLASSIC_HARD = (
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000",
    "100000002090400050006000700050903000000070000000850040700000600030009080002000001",
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
)


def boards():
    out = [tuple(int(ch) for ch in text) for text in CLASSIC_HARD]
    for level in LEVELS:
        for n in range(1, 4):
            givens = FAMILY.generate(f"sudoku-test:sound:{level}:{n}", level).puzzle["givens"]
            out.append(tuple(d for row in givens for d in row))
    return out


def wrong(step: Step, answer) -> list[str]:
    bad = [f"places {d} at {c}" for c, d in step.places if answer[c] != d]
    bad += [f"eliminates {d} at {c}" for c, d in step.eliminates if answer[c] == d]
    return [f"{step.technique}: {text} ({step.text})" for text in bad]


def unsound(givens, answer, used=None) -> list[str]:
    """Every technique of solver.TECHNIQUES run alone on each position of the easiest-first
    solve (the start, then after every step): what it gets wrong. `used` counts, per
    technique, the positions where it found a step."""
    problems = []
    grid = Grid(givens)
    for step in (None,) + solver.solve(givens, measure=False).steps:
        if step is not None:
            problems += wrong(step, answer)
            grid.apply(step)
        if grid.solved:
            break
        for technique in solver.TECHNIQUES:
            found = technique.find(grid)
            if found is not None:
                problems += wrong(found, answer)
                if used is not None:
                    used[technique.name] = used.get(technique.name, 0) + 1
    return problems


@pytest.fixture(scope="module")
def cases():
    out = []
    for givens in boards():
        n, _nodes, _budget, answer = count(givens, 2)
        assert n == 1
        out.append((givens, answer))
    return out


def test_no_technique_contradicts_the_answer(cases):
    problems = []
    used: dict[str, int] = {}
    for givens, answer in cases:
        problems += unsound(givens, answer, used)
    assert problems == []
    # The test means something only if every technique finds steps on these boards.
    assert set(used) == set(solver.TECHNIQUE_NAMES), set(solver.TECHNIQUE_NAMES) - set(used)


def _planted(grid: Grid):
    """A faulty rule: the first cell with two candidates is taken to be the smaller one."""
    for cell in range(81):
        if POPCOUNT[grid.cand[cell]] == 2:
            small, large = DIGITS[grid.cand[cell]]
            return Step("Planted", ((cell, small),), (), (cell,), (), "planted")
    return None


def test_a_planted_faulty_rule_is_caught(cases, monkeypatch):
    monkeypatch.setattr(solver, "TECHNIQUES",
                        solver.TECHNIQUES + (Technique("Planted", _planted),))
    problems = []
    for givens, answer in cases[:8]:
        problems += unsound(givens, answer)
    assert problems and all(p.startswith("Planted") for p in problems)


def test_solved_boards_end_on_the_checkers_answer(cases):
    for givens, answer in cases:
        result = solver.solve(givens, measure=False)
        assert result.status in ("solved", "stuck")
        if result.solved:
            assert list(result.grid) == answer
        else:   # stuck: everything placed so far agrees with the answer
            assert all(d in (0, a) for d, a in zip(result.grid, answer))


def test_explain_has_a_line_per_step_and_a_result():
    puzzle = FAMILY.generate("sudoku-test:explain:1", "hard").puzzle
    lines = FAMILY.explain(puzzle)
    steps = solver.solve(Board.from_puzzle(puzzle).givens).steps
    assert len(lines) == len(steps) + 1 and lines[-1].startswith("result: solved")
    assert any(line.startswith("Hidden Single: in box") for line in lines)
    assert all("\n" not in line for line in lines)


def test_the_key_step_uses_the_hardest_technique_and_agrees_with_the_answer():
    generated = FAMILY.generate("sudoku-test:key:1", "expert")
    step = solver.key_step(generated.puzzle)
    techniques = generated.grade["techniques"]
    assert step["technique"] in techniques
    assert max(solver.RANK[name] for name in techniques) == solver.RANK[step["technique"]]
    grid = generated.solution["grid"]
    assert step["places"] or step["eliminates"]
    for r, c, d in step["places"]:
        assert grid[r][c] == d
    for r, c, d in step["eliminates"]:
        assert grid[r][c] != d and generated.puzzle["givens"][r][c] == 0
    assert step["cells"] and all(0 <= r < 9 and 0 <= c < 9 for r, c in step["cells"])


def test_the_key_step_from_the_grade_is_the_full_solves():
    """With the board's grade the solve stops at the first step of the grade's hardest
    technique; without one, or with one that does not say, it runs to the end. Both give
    the same step."""
    generated = FAMILY.generate("sudoku-test:key:1", "expert")
    full = solver.key_step(generated.puzzle)
    assert solver.key_step(generated.puzzle, grade=generated.grade) == full
    for unusable in (None, {}, {"techniques": {}}, dict(generated.grade, status="stuck"),
                     {"status": "solved", "techniques": {"Guessing": 1}}):
        assert solver.key_step(generated.puzzle, grade=unusable) == full


def test_the_key_step_stops_at_the_graded_technique():
    """The grade is believed: named Hidden Single alone, the step is the solve's first
    hidden single; named a technique the solve never reaches, the solve runs to the end."""
    generated = FAMILY.generate("sudoku-test:key:1", "expert")
    givens = Board.from_puzzle(generated.puzzle).givens
    first = next(s for s in solver.solve(givens, measure=False).steps
                 if s.technique == "Hidden Single")
    singles = {"status": "solved", "techniques": {"Hidden Single": 1}}
    assert solver.key_step(generated.puzzle, grade=singles) == first.record()
    never = {"status": "solved", "techniques": {"Unit Forcing Chain": 1}}
    assert solver.key_step(generated.puzzle, grade=never) == solver.key_step(generated.puzzle)


def _pointing_by_cells(g: Grid):
    """Locked candidates type 1 read cell by cell, digit by digit: the definition."""
    for box in range(18, 27):
        for d in range(1, 10):
            where = g.places(box, d)
            if len(where) < 2:
                continue
            for line in (where[0] // 9, 9 + where[0] % 9):
                if all(c in g.geo.groups[line] for c in where):
                    if [c for c in g.places(line, d) if c not in where]:
                        return box, line, d
    return None


def _claiming_by_cells(g: Grid):
    """Locked candidates type 2 read cell by cell, digit by digit: the definition."""
    for line in range(18):
        for d in range(1, 10):
            where = g.places(line, d)
            if len(where) < 2:
                continue
            box = 18 + (where[0] // 27) * 3 + (where[0] % 9) // 3
            if all(18 + (c // 27) * 3 + (c % 9) // 3 == box for c in where):
                if [c for c in g.places(box, d) if c not in where]:
                    return line, box, d
    return None


def test_locked_candidates_from_segment_masks_match_the_definition(cases):
    """Pointing and claiming find their digits from row and column segment masks; on every
    position of these solves they find what reading cell by cell finds, first."""
    positions = 0
    for givens, _answer in cases:
        grid = Grid(givens)
        for step in solver.solve(givens, measure=False).steps:
            found = solver.pointing(grid)
            expected = _pointing_by_cells(grid)
            assert (found is None) == (expected is None)
            if found is not None:
                assert found.houses + (found.eliminates[0][1],) == expected
            found = solver.claiming(grid)
            expected = _claiming_by_cells(grid)
            assert (found is None) == (expected is None)
            if found is not None:
                assert found.houses + (found.eliminates[0][1],) == expected
            positions += 1
            grid.apply(step)
    assert positions > 500


def test_grades_order_the_classic_hard_boards_above_generated_ones():
    hard = grade(tuple(int(ch) for ch in CLASSIC_HARD[0]))
    easy = grade(tuple(d for row in FAMILY.generate("sudoku-test:g:1", "easy").puzzle["givens"]
                       for d in row))
    assert hard["difficulty"] > easy["difficulty"] and easy["level"] == "easy"
    assert hard["level"] == "beyond"   # docs/sudoku.md: Inkala's board stops the solver
