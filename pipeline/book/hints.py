"""The Hints section: each puzzle's key step, laid out between the puzzles and the solutions.

The hint of a board comes from its family's grader (`Family.hint`): the first step of the
hardest technique its easiest-first solve needs. A stuck solver has done every easier step, so
a hint speaks of the board "after the easier steps"; its small figure shows the board's frame
and only what the step reasons on (the open squares of its lines, or its islands), so the
reader can find the place without being shown any answer the step does not establish.

Pages come from the one page plan (`Plan.hint_page`), so "Hint on page H" on a puzzle page and
"Puzzle N · page P" on the hints page cannot disagree.
"""

from __future__ import annotations

from pipeline.book.pdfink import LayoutError
from pipeline.book.plan import Plan
from pipeline.family import Hint, get_family
from pipeline.geometry import Box

SLOT_GAP = 9.0          # pt between hints
FIGURE_SHARE = 0.36     # of the slot width, most a figure may take
TEXT_GAP = 10.0         # pt between figure and text
SMALLEST_TEXT = 7.0     # pt: the print minimum; hint text shrinks no further
LABEL_PT = 7.0          # pt: the square labels around a figure (the print minimum)


def book_hints(puzzles) -> dict[int, Hint]:
    """Every printed puzzle's hint, by book number (BookPuzzle values)."""
    out = {}
    for item in puzzles:
        record = item.record
        out[item.number] = get_family(record.family).hint(record.puzzle, record.solution,
                                                          record.grade)
    return out


def pointer(plan: Plan, number: int) -> str:
    """The words a puzzle page prints before "Solution on page S"."""
    page = plan.hint_page.get(number)
    return f"Hint on page {page} · " if page else ""


def puzzle_entry(plan: Plan, hints: dict, number: int) -> dict:
    """The manifest's `hint` of a puzzle entry (nothing when the book prints no hints)."""
    if number not in plan.hint_page:
        return {}
    return {"hint": {"page": plan.hint_page[number], **hints[number].to_manifest()}}


def intro(family: str) -> str:
    figures = {
        "starbattle": "Shaded squares are the open squares of the lines the step looks at; "
                      "X marks a square it crosses out.",
        "bridges": "The figure shows only the islands the step looks at; the gray band is the "
                   "span it decides, and gray islands are the group it speaks of.",
    }
    return ("Each hint is the step where its puzzle turns hard, taken after every easier step "
            "has been made. It gives that one step and nothing more. " + figures.get(family, ""))


def draw_hints_page(writer, ink, page, box: Box) -> list:
    """One hints page; returns its manifest entries (one per hint, in puzzle order)."""
    from pipeline.book.interior import GRID_PAD, _grid_entry, family_title, level_title

    s = writer.sizes
    section = writer.layout.sections[page.section]
    family = get_family(section.family)
    body = writer._body_box(box)
    area = writer._section_heading(ink, page, body, f"Hints · {family_title(section.family)} · "
                                                    f"{level_title(section.level)}")
    if page.first_of_run:
        top = writer._paragraph(ink, intro(section.family), area.x0, area.y1, area.width,
                                size=s.small)
        area = Box(area.x0, area.y0, area.x1, top - s.small * 0.6)
    per_page = section.hints_per_page
    height = (area.height - SLOT_GAP * (per_page - 1)) / per_page
    entries = []
    for index, number in enumerate(page.puzzles):
        y1 = area.y1 - index * (height + SLOT_GAP)
        slot = Box(area.x0, y1 - height, area.x1, y1)
        record = writer.puzzles[number - 1].record
        hint = writer.hints[number]
        puzzle_page = writer.plan.puzzle_page[number]
        label = s.small * 1.6
        ink.text(slot.x0, slot.y1 - s.small, f"Puzzle {number} · page {puzzle_page}",
                 size=s.small, bold=True)
        ink.text(slot.x1, slot.y1 - s.small, hint.technique, size=s.small, anchor="end")
        inner = Box(slot.x0, slot.y0, slot.x1, slot.y1 - label)
        text_box = inner
        entry = {"id": record.id, "shows": "hint", "number": number,
                 "puzzle_page": puzzle_page, "technique": hint.technique, "text": hint.text}
        if hint.figure is not None:
            rows, cols = family.grid_shape(record.puzzle)
            side = min(inner.height, inner.width * FIGURE_SHARE)
            band = LABEL_PT * 1.6   # room for the column letters and row numbers
            grid = writer._grid_box(Box(inner.x0 + band, inner.y1 - side, inner.x0 + side,
                                        inner.y1 - band), rows, cols, top=True)
            family.draw_hint(ink, record.puzzle, hint, grid)
            _labels(ink, grid)
            entry["grid"] = _grid_entry(record, grid, "hint")["grid"]
            text_box = Box(grid.x + grid.width + GRID_PAD + TEXT_GAP, inner.y0, inner.x1,
                           inner.y1)
        _set_text(writer, ink, hint.text, text_box, s.small)
        entries.append(entry)
    return entries


def _labels(ink, grid) -> None:
    """Column letters above and row numbers left of a figure, as the hint's words name them."""
    from pipeline.book.interior import GRID_PAD
    from pipeline.family import column_letter

    for c in range(grid.cols):
        x, _ = grid.cell_centre(0, c)
        ink.text(x, grid.y + grid.height + GRID_PAD * 0.5, column_letter(c), size=LABEL_PT,
                 anchor="middle")
    for r in range(grid.rows):
        _, y = grid.cell_centre(r, 0)
        ink.text(grid.x - GRID_PAD * 0.5, y - LABEL_PT * 0.35, str(r + 1), size=LABEL_PT,
                 anchor="end")


def _set_text(writer, ink, text: str, box: Box, size: float) -> None:
    """The hint's words from the top of `box`, at `size` or smaller (never under 7 pt)."""
    face = writer.fonts.regular
    while True:
        lines = writer._wrap(text, face, size, box.width)
        if len(lines) * size * 1.3 <= box.height:
            break
        if size - 0.5 < SMALLEST_TEXT:
            raise LayoutError(f"a hint does not fit its slot: {text[:60]!r}...")
        size -= 0.5
    y = box.y1
    for line in lines:
        y -= size * 1.3
        ink.text(box.x0, y + size * 0.3, line, size=size)
