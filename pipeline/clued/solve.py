"""The grader's solve of a clued crossword, easiest first, as a solver works it: write in
every answer that is the only candidate of its clue (the table's answers of its text and
length) that fits the letters already written: "one candidate" when the clue alone allows
one, "crossings" when the letters written decided among several. A board the solve finishes
needs no guess, and is then one fill only: the generator's claim, which the independent
checker (verify.py) must confirm. A hint, knowing the solution, may settle the clue with
fewest candidates when no clue is down to one."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.clued.verify import clue_candidates, clue_cell_numbers, fits

ONE_CANDIDATE, BY_CROSSINGS = "one candidate", "crossings"
TECHNIQUES = (ONE_CANDIDATE, BY_CROSSINGS)
FROM_SOLUTION = -1   # a step's answer taken from the solution (a hint), not a candidate


@dataclass(frozen=True)
class Step:
    clue: int            # index into the puzzle's clues, across then down
    technique: str
    answer: str


@dataclass(frozen=True)
class Solve:
    steps: tuple[Step, ...]
    solved: bool
    letters: dict   # cell -> letter written


@njit(cache=True)
def _solve(places, letters, first, rows, cols, solution):
    """The solve of the module's docstring, compiled: (clue, technique, candidate or
    FROM_SOLUTION) a step, whether it finished, and the letters written (code points, one a
    cell). `solution` is the solution's code points, or empty when no hint may settle a clue."""
    n = places.shape[0]
    cells = clue_cell_numbers(places, cols)
    grid = np.zeros(rows * cols, np.int32)
    open_clue = np.ones(n, np.bool_)
    steps = np.zeros((n, 3), np.int64)
    fitting = np.zeros(n, np.int64)
    only = np.zeros(n, np.int64)
    for step in range(n):
        single = -1
        for k in range(n):
            if not open_clue[k]:
                continue
            count = 0
            for j in range(first[k], first[k + 1]):
                if fits(grid, cells, k, letters[j], places[k, 4]):
                    count += 1
                    only[k] = j
            fitting[k] = count
            if count == 1 and single < 0:
                single = k
        if single >= 0:
            k, j = single, only[single]
            technique = 0 if first[k + 1] - first[k] == 1 else 1
            for i in range(places[k, 4]):
                grid[cells[k, i]] = letters[j, i]
        else:
            if solution.shape[0] == 0:
                return steps[:step], False, grid
            k = -1
            for q in range(n):
                if open_clue[q]:
                    if fitting[q] == 0:
                        return steps[:step], False, grid
                    if k < 0 or fitting[q] < fitting[k]:
                        k = q
            j, technique = FROM_SOLUTION, 1
            for i in range(places[k, 4]):
                grid[cells[k, i]] = solution[cells[k, i]]
        open_clue[k] = False
        steps[step, 0], steps[step, 1], steps[step, 2] = k, technique, j
    return steps, True, grid


def solve(puzzle: dict, solution: dict | None = None) -> Solve:
    given = clue_candidates(puzzle)
    hints = (np.frombuffer("".join(solution["grid"]).encode("utf-32-le"), np.int32)
             if solution is not None else np.zeros(0, np.int32))
    found, solved, grid = _solve(given.places, given.letters, given.first, given.rows,
                                 given.cols, hints)
    steps = tuple(Step(k, TECHNIQUES[t], given.answers[k][j - given.first[k]]
                       if j != FROM_SOLUTION
                       else "".join(solution["grid"][r][c] for r, c in given.cells(k)))
                  for k, t, j in found.tolist())
    return Solve(steps, bool(solved), given.letters_written(grid))


# --- the trace of one solve --------------------------------------------------------------------

def explain(puzzle: dict) -> list[str]:
    listed = [(d, clue) for d in ("across", "down") for clue in puzzle["clues"][d]]
    result = solve(puzzle)
    lines = [f"{listed[s.clue][1]['number']} {listed[s.clue][0]} "
             f"({listed[s.clue][1]['text']}): {s.answer}, {s.technique}" for s in result.steps]
    if not result.solved:
        lines.append("no further step: no clue is down to one candidate")
    return lines
