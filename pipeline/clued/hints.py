"""The hint of a clued crossword: the first answer the easiest-first solve settles by its
crossing letters, and its cells.

The family gives no hints in books (`gives_hints` is False: a crossword's help is its
solution page), so these are what a hint would be, kept in their home for the day a layout
asks for them.
"""

from __future__ import annotations

from pipeline.clued.solve import BY_CROSSINGS, solve
from pipeline.clued.verify import candidates
from pipeline.family import Hint, HintNames, square_list, unknown_reveals

KNOWN = ("cells",)


def hint(puzzle: dict, solution: dict, grade: dict) -> Hint:
    steps = solve(puzzle, solution).steps
    step = next((s for s in steps if s.technique == BY_CROSSINGS), steps[0])
    cells = candidates(puzzle)[step.clue][0]
    return Hint(step.technique, f"{square_list(cells)}: {step.answer}.",
                {"cells": [[r, c, ch] for (r, c), ch in zip(cells, step.answer)]})


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    problems = unknown_reveals(reveals, KNOWN)
    for r, c, letter in reveals.get("cells", []):
        if solution["grid"][r][c] != letter:
            problems.append(f"cell {r}, {c} holds {solution['grid'][r][c]}, not {letter}")
    return problems


def hint_names(reveals: dict) -> HintNames:
    return HintNames(squares=frozenset((r, c) for r, c, _l in reveals.get("cells", [])))
