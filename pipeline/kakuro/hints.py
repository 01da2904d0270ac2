"""The hint of a Kakuro board: the first step of its easiest-first solve that uses the board's
hardest technique (the one that sets its level), told in the board's own names.

It reveals exactly what that one step establishes, in the digit families' reveals format
(pipeline/engines/reveals.py): digits placed and candidates crossed out, [[row, col, digit], ...];
nothing a later step finds.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, square_name
from pipeline.i18n import NN_, Messages, and_list, language
from pipeline.kakuro.board import Board
from pipeline.kakuro.grade import LEVELS, accepts, level_of
from pipeline.kakuro.solve import RANK, Layout, step_record
from pipeline.engines.reveals import check_digit_reveals, digit_hint_names

_ = Messages(__name__)
LEAD = "After every easier step"


def key_step(puzzle: dict, grade: dict | None = None) -> dict | None:
    """The first step of the solve at the board's level that uses its hardest technique."""
    lay = Layout.of(Board.from_puzzle(puzzle))
    level = (grade or {}).get("level")
    done = accepts(lay, level) if level in LEVELS else None
    if done is None:
        _level, done = level_of(lay)
    if not done.steps:
        return None
    hardest = max(done.steps, key=lambda s: RANK[s.technique]).technique
    return step_record(lay, next(s for s in done.steps if s.technique == hardest))


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None) -> Hint:
    step = key_step(puzzle, grade)
    if step is None:
        raise ValueError("the easiest-first solve does not finish this board")
    reveals = {"digits": step["places"], "eliminated": step["eliminates"]}
    figure = {"cells": step["cells"]}
    if language() == "en":   # the solver's own sentence, in the board's names
        text = f"{LEAD}, {step['technique']}: {step['text']}."
        return Hint(step["technique"], text, reveals, figure)
    return Hint(_(step["technique"]), worded(step), reveals, figure)


# --- the hint in another language ------------------------------------------------------------
# Built from the step's parts (technique, cells, digits) by the language's own sentences in
# the catalog, never by translating the solver's English sentence: the technique, its rule
# (the lesson's sentence), then what the step places and crosses out.
# One digit or several crossed out of a cell: the article agrees ("le 7 de D2", "les 1 et 2
# de D2"), though English says both alike.
CROSSED = NN_("the {digits} from {cell}", "the {digits} from {cell}")


def worded(step: dict) -> str:
    from pipeline.kakuro.draw import TECHNIQUE_LESSONS

    text = _("After every easier step, {technique}: {rule}", technique=_(step["technique"]),
             rule=_(TECHNIQUE_LESSONS[step["technique"]]))
    if step["places"]:
        placed = and_list(_("the {digit} in {cell}", digit=d, cell=square_name(r, c))
                          for r, c, d in step["places"])
        text += " " + _("This step places {placements}.", placements=placed)
    if step["eliminates"]:
        by_cell: dict[tuple[int, int], list[int]] = {}
        for r, c, d in step["eliminates"]:
            by_cell.setdefault((r, c), []).append(d)
        crossed = and_list(_.n(CROSSED, len(ds), digits=and_list(map(str, sorted(ds))),
                               cell=square_name(r, c)) for (r, c), ds in sorted(by_cell.items()))
        text += " " + (_("It crosses out {eliminations}.", eliminations=crossed)
                       if step["places"] else
                       _("This step crosses out {eliminations}.", eliminations=crossed))
    return text


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a digit placed that is not the
    solution's, a candidate crossed out that is the solution's digit, a block or a cell off
    the board, a digit out of range."""
    digits, cells = solution["digits"], puzzle["cells"]
    return check_digit_reveals(reveals, puzzle["rows"], puzzle["cols"],
                               lambda r, c: digits[r][c],
                               lambda r, c: "a block" if cells[r][c] != 0 else None)


def hint_names(reveals: dict) -> HintNames:
    """Every cell a hint places a digit in or crosses a candidate out of is named."""
    return digit_hint_names(reveals)
