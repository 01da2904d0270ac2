"""The hint of a Codeword board: its solve's first step that finds a letter (after a
what-if, the first letter the what-if opens), revealing that one code number.

Reveals, in record coordinates: {"letters": [[number, "L"], ...]}, a code number found.
"""

from __future__ import annotations

from pipeline.codeword.board import board_from_puzzle
from pipeline.codeword.solve import WHAT_IF, solve_board
from pipeline.family import Hint, HintNames, unknown_reveals
from pipeline.i18n import N_, Messages

_ = Messages(__name__)
REVEALS = ("letters",)
# The hint's sentences, from the catalog (English: the templates themselves). What a hint
# finds, FOUND, stands verbatim in each, so the read-back finds it in any language.
FOUND = N_("{number} is {letter}")
SUPPOSED = N_("Suppose {number} were {letter}: a word soon has no fit, so it is not; after "
              "that, {found}.")
LAST_NUMBER = N_("Every other number is ruled out for {letter}: {found}.")
PATTERN_TEXT = {
    "across": N_("The word across from row {row}, column {column}: only one letter fits its "
                 "pattern where {number} is, so {found}."),
    "down": N_("The word down from row {row}, column {column}: only one letter fits its "
               "pattern where {number} is, so {found}."),
}


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    board = board_from_puzzle(puzzle)
    result = solve_board(board)
    if not result.solved:
        raise ValueError("the easiest-first solve does not finish this board")
    first_what_if = next((k for k, s in enumerate(result.steps) if not s.placed), None)
    start = 0 if first_what_if is None else first_what_if + 1
    step = next(s for s in result.steps[start:] if s.placed)
    found = _(FOUND, number=step.number, letter=step.letter)
    if first_what_if is not None:
        ruled = result.steps[first_what_if]
        text = _(SUPPOSED, number=ruled.number, letter=ruled.letter, found=found)
        technique = WHAT_IF
    elif step.slot is None:
        text = _(LAST_NUMBER, letter=step.letter, found=found)
        technique = step.technique
    else:
        r, c = board.slot_cells[step.slot][0]
        direction = "across" if board.slot_cells[step.slot][1][0] == r else "down"
        text = _(PATTERN_TEXT[direction], row=r + 1, column=c + 1, number=step.number,
                 found=found)
        technique = step.technique
    figure = {"cells": [] if step.slot is None else
              [list(cell) for cell in board.slot_cells[step.slot]]}
    return Hint(_(technique), text, {"letters": [[step.number, step.letter]]}, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    problems = unknown_reveals(reveals, REVEALS)
    items = reveals.get("letters")
    if not isinstance(items, list) or not items:
        return problems + ["reveals.letters is missing or empty"]
    key = solution["key"]
    for item in items:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                and str(item[0]) in key and isinstance(item[1], str)):
            problems.append(f"reveals.letters: {item!r} is not [number, letter]")
            continue
        if key[str(item[0])] != item[1]:
            problems.append(f"{item[0]} revealed as {item[1]}, but the key has "
                            f"{key[str(item[0])]}")
        elif str(item[0]) in puzzle["given"]:
            problems.append(f"reveals.letters: {item[0]} is given already")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """A hint says what it finds: "<number> is <letter>", in the book's language."""
    return HintNames(words=tuple(_(FOUND, number=item[0], letter=item[1])
                                 for item in reveals.get("letters", [])
                                 if isinstance(item, list) and len(item) == 2))
