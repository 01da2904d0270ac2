"""The hint of a Codeword board: its solve's first step that finds a letter (after a
what-if, the first letter the what-if opens), revealing that one code number.

Reveals, in record coordinates: {"letters": [[number, "L"], ...]}, a code number found.
"""

from __future__ import annotations

from pipeline.codeword.board import board_from_puzzle
from pipeline.codeword.solve import WHAT_IF, solve_board
from pipeline.family import Hint, HintNames, unknown_reveals

REVEALS = ("letters",)


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    board = board_from_puzzle(puzzle)
    result = solve_board(board)
    if not result.solved:
        raise ValueError("the easiest-first solve does not finish this board")
    first_what_if = next((k for k, s in enumerate(result.steps) if not s.placed), None)
    start = 0 if first_what_if is None else first_what_if + 1
    step = next(s for s in result.steps[start:] if s.placed)
    if first_what_if is not None:
        ruled = result.steps[first_what_if]
        text = (f"Suppose {ruled.number} were {ruled.letter}: a word soon has no fit, so it "
                f"is not; after that, {step.number} is {step.letter}.")
        technique = WHAT_IF
    elif step.slot is None:
        text = f"Every other number is ruled out for {step.letter}: {step.number} is {step.letter}."
        technique = step.technique
    else:
        r, c = board.slot_cells[step.slot][0]
        direction = "across" if board.slot_cells[step.slot][1][0] == r else "down"
        text = (f"The word {direction} from row {r + 1}, column {c + 1}: only one letter fits "
                f"its pattern where {step.number} is, so {step.number} is {step.letter}.")
        technique = step.technique
    figure = {"cells": [] if step.slot is None else
              [list(cell) for cell in board.slot_cells[step.slot]]}
    return Hint(technique, text, {"letters": [[step.number, step.letter]]}, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    problems = unknown_reveals(reveals, REVEALS)
    items = reveals.get("letters")
    if not isinstance(items, list) or not items:
        return problems + ["reveals.letters is missing or empty"]
    key = solution["key"]
    for item in items:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                and 1 <= item[0] <= 26 and isinstance(item[1], str)):
            problems.append(f"reveals.letters: {item!r} is not [number, letter]")
            continue
        if key[str(item[0])] != item[1]:
            problems.append(f"{item[0]} revealed as {item[1]}, but the key has "
                            f"{key[str(item[0])]}")
        elif str(item[0]) in puzzle["given"]:
            problems.append(f"reveals.letters: {item[0]} is given already")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """A hint says what it finds: "<number> is <letter>"."""
    return HintNames(words=tuple(f"{item[0]} is {item[1]}" for item in reveals.get("letters", [])
                                 if isinstance(item, list) and len(item) == 2))
