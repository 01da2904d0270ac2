"""The hint of a Sudoku board: the first step of its easiest-first solve that uses the board's
hardest technique (the one that sets its level), told in the board's own names.

The solver's step already speaks in printed names (cells "D4", houses "row 3", "column A",
"box 5"); the hint adds where it stands in the solve and keeps to what that one step
establishes: the digits it places and the candidates it crosses out, nothing a later step finds.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, square_name
from pipeline.i18n import N_, NN_, Messages, and_list, language
from pipeline.engines.reveals import check_digit_reveals, digit_hint_names
from pipeline.sudoku import solve

_ = Messages(__name__)

# What a hint reveals is the digit families' shared format (pipeline/engines/reveals.py): digits
# placed [[r, c, d], ...] and candidates crossed out of a cell [[r, c, d], ...].
LEAD = "After every easier step"


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    step = solve.key_step(puzzle, grade=grade)
    if step is None:
        raise ValueError("the easiest-first solve does not finish this board")
    reveals = {"digits": step["places"], "eliminated": step["eliminates"]}
    figure = {"cells": step["cells"], "houses": step["houses"]}
    if language() == "en":   # the solver's own sentence, in the board's names
        text = f"{LEAD}, {step['technique']}: {step['text']}."
        return Hint(step["technique"], text, reveals, figure)
    return Hint(_(step["technique"]), worded(step), reveals, figure)


# --- the hint in another language ------------------------------------------------------------
# Built from the step's parts (technique, houses, cells, digits) by the language's own
# sentences in the catalog, never by translating the English sentence.
HOUSE_WORDS = {"row": N_("row {name}"), "column": N_("column {name}"), "box": N_("box {name}"),
               "cage": N_("cage {name}")}


# Candidates crossed out of cells, counted by their digits: French and Spanish say "le
# candidat 4", "les candidats 4 et 7".
CANDIDATES = NN_("the candidate {digits} from {cells}", "the candidates {digits} from {cells}")


def house_words(name: str) -> str:
    """"row 3" (as the solver names a house) in the book's language: "Zeile 3"."""
    kind, _space, label = name.partition(" ")
    return _(HOUSE_WORDS[kind], name=label)


def worded(step: dict) -> str:
    """The key step in the language of the book: where it happens, the technique's rule (the
    lesson's sentence), then what it places and what it crosses out."""
    from pipeline.sudoku.draw import TECHNIQUE_LESSONS

    technique, rule = _(step["technique"]), _(TECHNIQUE_LESSONS[step["technique"]])
    if step["houses"]:
        text = _("After every easier step, {technique} in {houses}: {rule}",
                 technique=technique, houses=and_list(map(house_words, step["houses"])),
                 rule=rule)
    else:
        text = _("After every easier step, {technique}: {rule}", technique=technique,
                 rule=rule)
    if step["places"]:
        placed = and_list(_("the {digit} in {cell}", digit=d, cell=square_name(r, c))
                          for r, c, d in step["places"])
        text += " " + _("This step places {placements}.", placements=placed)
    if step["eliminates"]:
        crossed = and_list(
            _.n(CANDIDATES, len(digits), digits=and_list(map(str, digits)),
                cells=and_list(square_name(r, c) for r, c in cells))
            for digits, cells in crossings(step["eliminates"]))
        text += " " + (_("It crosses out {eliminations}.", eliminations=crossed)
                       if step["places"] else
                       _("This step crosses out {eliminations}.", eliminations=crossed))
    return text


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a digit placed that is not the
    solution's, a candidate crossed out that is the solution's digit, a cell off the board or
    a given's cell, a digit out of range."""
    grid, givens = solution["grid"], puzzle["givens"]
    return check_digit_reveals(reveals, 9, 9, lambda r, c: grid[r][c],
                               lambda r, c: "a given's cell" if givens[r][c] else None)


def hint_names(reveals: dict) -> HintNames:
    """Every cell a hint places a digit in or crosses a candidate out of is named."""
    return digit_hint_names(reveals)


def crossings(eliminates) -> list[tuple[tuple[int, ...], list]]:
    """The candidates a step crosses out, as (digits, cells): each cell's digits, cells with
    the same digits together, in reading order ("die 8 und 9 aus A1; die 9 aus A2")."""
    by_cell: dict[tuple[int, int], list[int]] = {}
    for r, c, d in sorted(eliminates):
        by_cell.setdefault((r, c), []).append(d)
    groups: dict[tuple[int, ...], list] = {}
    for cell, digits in by_cell.items():
        groups.setdefault(tuple(digits), []).append(cell)
    return list(groups.items())
