"""The hint of a Sudoku board: the first step of its easiest-first solve that uses the board's
hardest technique (the one that sets its level), told in the board's own names.

The solver's step already speaks in printed names (cells "D4", houses "row 3", "column A",
"box 5"); the hint adds where it stands in the solve and keeps to what that one step
establishes: the digits it places and the candidates it crosses out, nothing a later step finds.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, unknown_reveals
from pipeline.sudoku import solve

# What a hint reveals, in record coordinates: digits placed [[r, c, d], ...] and candidates
# crossed out of a cell [[r, c, d], ...].
REVEALS = ("digits", "eliminated")
LEAD = "After every easier step"


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    step = solve.key_step(puzzle, grade=grade)
    if step is None:
        raise ValueError("the easiest-first solve does not finish this board")
    text = f"{LEAD}, {step['technique']}: {step['text']}."
    reveals = {"digits": step["places"], "eliminated": step["eliminates"]}
    figure = {"cells": step["cells"], "houses": step["houses"]}
    return Hint(step["technique"], text, reveals, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a digit placed that is not the
    solution's, a candidate crossed out that is the solution's digit, a cell off the board or
    a given's cell, a digit out of range."""
    grid = solution["grid"]
    givens = puzzle["givens"]
    problems = unknown_reveals(reveals, REVEALS)
    for key in REVEALS:
        items = reveals.get(key)
        if not isinstance(items, list):
            problems.append(f"reveals.{key} is missing")
            continue
        for item in items:
            if not (isinstance(item, list) and len(item) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
                    and 0 <= item[0] < 9 and 0 <= item[1] < 9 and 1 <= item[2] <= 9):
                problems.append(f"reveals.{key}: {item!r} is not [row, column, digit]")
                continue
            r, c, d = item
            if givens[r][c]:
                problems.append(f"reveals.{key}: {item!r} is a given's cell")
            elif key == "digits" and grid[r][c] != d:
                problems.append(f"{d} placed at {[r, c]}, but the solution has {grid[r][c]}")
            elif key == "eliminated" and grid[r][c] == d:
                problems.append(f"{d} crossed out of {[r, c]}, which holds {d} in the solution")
    if not reveals.get("digits") and not reveals.get("eliminated"):
        problems.append("the hint establishes nothing")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """Every cell a hint places a digit in or crosses a candidate out of is named."""
    return HintNames(squares=frozenset(
        (item[0], item[1]) for key in REVEALS for item in reveals.get(key, [])
        if isinstance(item, list) and len(item) == 3))
