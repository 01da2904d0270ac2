"""The hint of a nonogram: its key step, where the easiest-first solve first needs its hardest
technique (a probe, else a crossing, else the first line step), and the cells it settles.

The family declares no hints in books (`gives_hints` is False: a picture's solve is long, and
one step of it helps little), so these are what a hint would be, kept in their home for the
day a layout asks for them.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, square_list, unknown_reveals
from pipeline.nonogram.board import board_of
from pipeline.nonogram.solve import solve

KNOWN = ("cells",)
ORDER = ("probe", "crossing", "line")


def hint(puzzle: dict, solution: dict, grade: dict) -> Hint:
    steps = solve(board_of(puzzle)).steps
    kind = next(k for k in ORDER if any(step[0] == k for step in steps))
    _, where, cells = next(step for step in steps if step[0] == kind)
    filled = [(r, c) for r, c, v in cells if v]
    empty = [(r, c) for r, c, v in cells if not v]
    text = f"{kind} at {where}: " + "; ".join(
        part for part in (f"{square_list(filled)} filled" if filled else "",
                          f"{square_list(empty)} empty" if empty else "") if part) + "."
    return Hint(kind, text, {"cells": [[r, c, v] for r, c, v in cells]})


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    problems = unknown_reveals(reveals, KNOWN)
    grid = solution["grid"]
    for r, c, v in reveals.get("cells", []):
        if (grid[r][c] == "#") != bool(v):
            problems.append(f"cell {r}, {c} is {'filled' if grid[r][c] == '#' else 'empty'}")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """The hint names every cell it settles."""
    return HintNames(squares=frozenset((r, c) for r, c, _v in reveals.get("cells", [])))
