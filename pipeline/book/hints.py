"""The Hints section: each puzzle's key step, laid out between the puzzles and the solutions.

The hint of a board comes from its family's grader (`Family.hint`): the first step of the
hardest technique its easiest-first solve needs. A stuck solver has done every easier step, so
a hint speaks of the board "after the easier steps"; its small figure shows the board's frame
and only what the step reasons on (the open squares of its lines, or its islands), so the
reader can find the place without being shown any answer the step does not establish.

The pages are drawn by the interior writer (`InteriorWriter._draw_hints`). Pages come from
the one page plan (`Plan.hint_page`), so "Hint on page H" on a puzzle page and
"Puzzle N · page P" on the hints page cannot disagree.
"""

from __future__ import annotations

from pipeline.book.plan import Plan
from pipeline.family import Hint, get_family
from pipeline.i18n import Messages, speaking

_ = Messages(__name__)

SLOT_GAP = 9.0          # pt between hints
FIGURE_SHARE = 0.36     # of the slot width, what a figure takes
FIGURE_MOST = 0.6       # ... and the most a wide figure may take
FIGURE_MIN_CELL = 14.0  # pt: a figure's square, wide enough for a 7 pt island number
TEXT_GAP = 10.0         # pt between figure and text


def book_hints(puzzles, language: str = "en") -> dict[int, Hint]:
    """Every printed puzzle's hint, by book number (BookPuzzle values), worded in `language`."""
    out = {}
    with speaking(language):
        for item in puzzles:
            record = item.record
            out[item.number] = get_family(record.family).hint(record.puzzle, record.solution,
                                                              record.grade)
    return out


def pointer(plan: Plan, number: int) -> str:
    """The words a puzzle page prints before "Solution on page S"."""
    page = plan.hint_page.get(number)
    return _("Hint on page {page} · ", page=page) if page else ""


def puzzle_entry(plan: Plan, hints: dict, number: int) -> dict:
    """The manifest's `hint` of a puzzle entry (nothing when the book prints no hints)."""
    if number not in plan.hint_page:
        return {}
    return {"hint": {"page": plan.hint_page[number], **hints[number].to_manifest()}}


def intro(family: str) -> str:
    return (_("Each hint is the step where its puzzle turns hard, taken after every easier "
              "step has been made. It gives that one step and nothing more. ")
            + get_family(family).printed_figure_note())
