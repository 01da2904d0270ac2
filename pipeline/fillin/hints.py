"""The hint of a Fill-In board: the first placement of its solve's hardest tier (after a
what-if, the placement the what-if opens), told in rows and columns, revealing that one word.

Reveals, in record coordinates: {"words": [[row, col, "A"|"D", "WORD"], ...]}, a word placed
from its first cell, across or down.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, unknown_reveals
from pipeline.fillin.board import board_from_puzzle
from pipeline.fillin.solve import WHAT_IF, key_step, solve_board
from pipeline.i18n import N_, Messages

_ = Messages(__name__)
REVEALS = ("words",)
# The hint: the language's own sentence for a word placed across or down, and why, from the
# catalog.
PLACED = {"A": N_("After every easier step, {technique}: {word} goes across from row {row}, "
                  "column {column}; {reason}."),
          "D": N_("After every easier step, {technique}: {word} goes down from row {row}, "
                  "column {column}; {reason}.")}
REASONS = {
    "Only Word of Its Length": N_("it is the only {length}-letter word left"),
    "One Crossing Letter": N_("one letter already in its slot leaves only this word"),
    "Two Crossing Letters": N_("only this word fits the letters already in its slot"),
    "Only Slot for the Word": N_("no other open slot can take it"),
    "What-If": N_("try the other words in this slot: each runs into a slot no word fits, so "
                  "{word} is the one"),
}


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    board = board_from_puzzle(puzzle)
    result = solve_board(board)
    step = key_step(board, result.steps)
    if step is None:
        raise ValueError("the easiest-first solve does not finish this board")
    slot = board.slots.slots[step.slot]
    top = max(s.tier for s in result.steps)
    technique = WHAT_IF if top == 3 else step.technique
    # English is the template itself: the same sentence as before the catalogs
    reason = _(REASONS[technique], length=slot.length, word=step.word)
    text = _(PLACED[slot.direction], technique=_(technique), word=step.word, row=slot.row + 1,
             column=slot.col + 1, reason=reason)
    reveals = {"words": [[slot.row, slot.col, slot.direction, step.word]]}
    decided = step.letters or ()
    letters = [[r, c, result.grid[r][c]] for r, c in decided]
    figure = {"cells": [list(cell) for cell in slot.cells], "letters": letters}
    return Hint(_(technique), text, reveals, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """What `reveals` says that the solution does not: a word that is not the solution's in
    that slot, a slot that does not start there, or a word not listed."""
    board = board_from_puzzle(puzzle)
    starts = {(s.row, s.col, s.direction): s for s in board.slots.slots}
    grid = solution["grid"]
    problems = unknown_reveals(reveals, REVEALS)
    items = reveals.get("words")
    if not isinstance(items, list) or not items:
        return problems + ["reveals.words is missing or empty"]
    for item in items:
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[3], str)
                and tuple(item[:3]) in starts):
            problems.append(f"reveals.words: {item!r} is not [row, column, A|D, WORD] of a "
                            "slot's first cell")
            continue
        slot = starts[tuple(item[:3])]
        there = "".join(grid[r][c] for r, c in slot.cells)
        if item[3] != there:
            problems.append(f"{item[3]} placed at {item[:3]}, but the solution has {there}")
        elif item[3] not in board.words:
            problems.append(f"{item[3]} is not in the word list")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """Every word a hint places is named in its text."""
    return HintNames(words=tuple(item[3] for item in reveals.get("words", [])
                                 if isinstance(item, list) and len(item) == 4))
