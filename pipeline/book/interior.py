"""The interior PDF: front matter, puzzle pages, solution pages, drawn from a page plan.

Puzzle and solution pages are drawn on the canvas directly (their coordinates go into the
manifest); families draw their boards through `PdfInk` and never see reportlab. Every page is
confined to its live area: the trim less the printer's minimum margins for the final page count
(gutter mirrored), less the layout's allowance; `PdfInk` refuses any mark that would come
within 1 pt of the printer's minimum.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from math import floor

from pipeline.book.fonts import Face, FontSet
from pipeline.book.layout import Layout
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk, new_canvas, set_page_boxes
from pipeline.book.plan import CONTENTS_LINES_PER_PAGE, Page, Plan
from pipeline.book.printers import BUFFER_PT, PT_PER_IN, PrinterProfile
from pipeline.geometry import Box
from pipeline.family import get_family
from pipeline.ink import GridBox
from pipeline.records import PuzzleRecord

GRID_PAD = 4.0        # pt kept around a grid frame: thick borders and caps reach past it
SLOT_GAP = 10.0       # pt between grid slots


@dataclass(frozen=True)
class TypeSizes:
    """Text sizes in points; large print scales them (all stay at or above the 7 pt minimum)."""

    title: float
    heading: float
    body: float
    caption: float
    small: float
    folio: float

    @classmethod
    def for_layout(cls, large_print: bool) -> "TypeSizes":
        if large_print:
            return cls(title=34, heading=22, body=14, caption=15, small=11, folio=12)
        return cls(title=26, heading=16, body=10.5, caption=10.5, small=8.5, folio=9)


@dataclass(frozen=True)
class BookPuzzle:
    number: int              # the puzzle's number in this book
    record: PuzzleRecord


@dataclass(frozen=True)
class FrontMatter:
    copyright_lines: tuple[str, ...]
    contents: tuple[tuple[str, int], ...]   # (entry, page number)


@dataclass(frozen=True)
class Interior:
    data: bytes
    pages: list   # manifest page entries


def family_title(name: str) -> str:
    return get_family(name).title


def level_title(level: str) -> str:
    return level.replace("_", " ")


class InteriorWriter:
    def __init__(self, layout: Layout, profile: PrinterProfile, fonts: FontSet, plan: Plan,
                 puzzles: list[BookPuzzle], examples: dict[str, PuzzleRecord],
                 front: FrontMatter):
        self.layout = layout
        self.profile = profile
        self.fonts = fonts
        self.plan = plan
        self.puzzles = puzzles
        self.examples = examples
        self.front = front
        self.sizes = TypeSizes.for_layout(layout.large_print)
        self.rules = InkRules(profile.min_font_pt, profile.min_line_pt, profile.min_gray_fill)

    # --- geometry ---------------------------------------------------------------------------
    def content_box(self, number: int) -> Box:
        return self.profile.live_area_pt(self.layout.trim, self.layout.bleed, number,
                                         self.plan.page_count, self.layout.margin_allowance_in)

    def guard_box(self, number: int) -> Box:
        return self.profile.live_area_pt(self.layout.trim, self.layout.bleed, number,
                                         self.plan.page_count, BUFFER_PT / PT_PER_IN)

    def live_box(self, number: int) -> Box:
        return self.profile.live_area_pt(self.layout.trim, self.layout.bleed, number,
                                         self.plan.page_count)

    # --- the whole book -----------------------------------------------------------------------
    def write(self, progress=None) -> Interior:
        buffer = io.BytesIO()
        first = self.profile.page_frame(self.layout.trim, self.layout.bleed, 1)
        canvas = new_canvas(buffer, width=first.width, height=first.height, fonts=self.fonts,
                            title=self.layout.title, author=self.layout.author)
        entries = []
        for page in self.plan.pages:
            frame = self.profile.page_frame(self.layout.trim, self.layout.bleed, page.number)
            set_page_boxes(canvas, width=frame.width, height=frame.height, trim=frame.trim,
                           bleed=frame.bleed)
            ink = PdfInk(canvas, self.fonts, self.rules, self.guard_box(page.number))
            grids = getattr(self, f"_draw_{page.role}")(ink, page, self.content_box(page.number))
            if page.role != "title":
                self._folio(ink, page)
            canvas.showPage()
            entries.append({"number": page.number, "kind": page.kind,
                            "live_area_pt": self.live_box(page.number).to_manifest(),
                            "puzzles": grids})
            if progress is not None:
                progress.update(1)
        canvas.save()
        return Interior(buffer.getvalue(), entries)

    # --- text helpers -------------------------------------------------------------------------
    def _wrap(self, text: str, face: Face, size: float, width: float) -> list[str]:
        lines = face.wrap(text, size, width)
        for line in lines:
            if face.advance(line, size) > width:
                raise LayoutError(f"the word {line!r} is wider than the text column")
        return lines

    def _paragraph(self, ink: PdfInk, text: str, x: float, top: float, width: float, *,
                   size: float, bold: bool = False, anchor: str = "start",
                   leading: float = 1.35) -> float:
        """Set wrapped text from `top` down; returns the y below the last line."""
        face = self.fonts.face(bold)
        y = top
        for line in self._wrap(text, face, size, width):
            y -= size * leading
            ink.text(x if anchor == "start" else x + width / 2, y + size * (leading - 1) / 2,
                     line, size=size, bold=bold, anchor=anchor)
        return y

    def _folio(self, ink: PdfInk, page: Page) -> None:
        box = self.content_box(page.number)
        ink.text((box.x0 + box.x1) / 2, box.y0 + self.sizes.folio * 0.3, str(page.number),
                 size=self.sizes.folio, anchor="middle")

    def _body_box(self, box: Box) -> Box:
        """The content box less the folio band at its foot."""
        return Box(box.x0, box.y0 + self.sizes.folio * 2.2, box.x1, box.y1)

    def _heading(self, ink: PdfInk, box: Box, text: str, size: float | None = None) -> float:
        size = size or self.sizes.heading
        return self._paragraph(ink, text, box.x0, box.y1, box.width, size=size, bold=True,
                               anchor="middle", leading=1.5)

    # --- front matter ---------------------------------------------------------------------------
    def _draw_title(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        y = self._paragraph(ink, self.layout.title, box.x0, box.y1 - box.height * 0.22,
                            box.width, size=s.title, bold=True, anchor="middle", leading=1.3)
        if self.layout.subtitle:
            y = self._paragraph(ink, self.layout.subtitle, box.x0, y - s.body, box.width,
                                size=s.heading * 0.85, anchor="middle")
        self._paragraph(ink, self.layout.author, box.x0, box.y0 + box.height * 0.18, box.width,
                        size=s.heading, anchor="middle")
        return []

    def _draw_copyright(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        body = self._body_box(box)
        size = s.small
        # Set from the bottom up, as copyright pages are.
        lines = []
        for line in self.front.copyright_lines:
            lines.extend(self._wrap(line, self.fonts.regular, size, body.width) if line else [""])
        y = body.y0 + size * 1.4 * len(lines)
        if y > body.y1:
            raise LayoutError("the copyright page text does not fit")
        for line in lines:
            y -= size * 1.4
            if line:
                ink.text(body.x0, y + size * 0.3, line, size=size)
        return []

    def _draw_contents(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        body = self._body_box(box)
        index = self.plan.pages_of("contents").index(page)
        entries = self.front.contents[index * CONTENTS_LINES_PER_PAGE:
                                      (index + 1) * CONTENTS_LINES_PER_PAGE]
        y = self._heading(ink, body, "Contents") - s.body
        leading = s.body * 1.9
        if y - leading * len(entries) < body.y0:
            raise LayoutError("the contents do not fit on their page")
        for entry, number in entries:
            y -= leading
            label = self._fit(entry, self.fonts.regular, s.body, body.width - s.body * 4)
            ink.text(body.x0, y, label, size=s.body)
            ink.text(body.x1, y, str(number), size=s.body, anchor="end")
        return []

    def _fit(self, text: str, face: Face, size: float, width: float) -> str:
        if face.advance(text, size) <= width:
            return text
        while text and face.advance(text + "…", size) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def _draw_howto(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        family = get_family(page.family)
        body = self._body_box(box)
        y = self._heading(ink, body, f"How to play {family_title(page.family)}")
        record = self.examples[page.family]
        # A family whose rules depend on the board (stars a line) words them for the example.
        rules_for = getattr(family, "rules_for", None)
        rules = rules_for(record.puzzle) if rules_for else family.rules_text()
        for paragraph in rules:
            y = self._paragraph(ink, paragraph, body.x0, y - s.body * 0.4, body.width,
                                size=s.body)
        y = self._paragraph(ink, "A worked example: the puzzle, and its one solution.",
                            body.x0, y - s.body, body.width, size=s.body, bold=True)
        label = s.small * 2.2
        area = Box(body.x0, body.y0, body.x1, y - s.body * 0.5)
        rows, cols = family.grid_shape(record.puzzle)
        half = (area.width - SLOT_GAP) / 2
        if area.height - label < 2 * GRID_PAD + 4 * rows:
            raise LayoutError(f"no room for the worked example on the {page.family} how-to page")
        boxes = []
        for index, (shows, caption) in enumerate((("puzzle", "Puzzle"), ("solution", "Solution"))):
            slot = Box(area.x0 + index * (half + SLOT_GAP), area.y0,
                       area.x0 + index * (half + SLOT_GAP) + half, area.y1)
            grid = self._grid_box(Box(slot.x0, slot.y0, slot.x1, slot.y1 - label), rows, cols,
                                  top=True)
            ink.text((slot.x0 + slot.x1) / 2, grid.y + grid.height + GRID_PAD + s.small * 0.6,
                     caption, size=s.small, bold=True, anchor="middle")
            if shows == "puzzle":
                family.draw_puzzle(ink, record.puzzle, grid)
            else:
                family.draw_solution(ink, record.puzzle, record.solution, grid)
            boxes.append(_grid_entry(record, grid, shows))
        return boxes

    def _draw_notes(self, ink: PdfInk, page: Page, box: Box) -> list:
        body = self._body_box(box)
        self._heading(ink, body, "Notes")
        return []

    # --- puzzles and solutions ------------------------------------------------------------------------
    def _grid_box(self, slot: Box, rows: int, cols: int, *, top: bool = False) -> GridBox:
        """The largest grid of rows x cols that fits `slot` with its padding, centred
        (or hung from the top when `top`), in coordinates rounded to 0.01 pt so the manifest
        holds exactly what is drawn."""
        cell = min((slot.width - 2 * GRID_PAD) / cols, (slot.height - 2 * GRID_PAD) / rows)
        cell = floor(cell * 100) / 100
        if cell <= 0:
            raise LayoutError("no room for a grid")
        width, height = cell * cols, cell * rows
        x = round(slot.x0 + (slot.width - width) / 2, 2)
        if top:
            y = round(slot.y1 - GRID_PAD - height, 2)
        else:
            y = round(slot.y0 + (slot.height - height) / 2, 2)
        return GridBox(x, y, cell, rows, cols)

    def _slots(self, area: Box, count: int, per_page: int) -> list[Box]:
        cols = {1: 1, 2: 1, 4: 2, 6: 2, 9: 3, 12: 3}[per_page]
        rows = -(-per_page // cols)
        width = (area.width - SLOT_GAP * (cols - 1)) / cols
        height = (area.height - SLOT_GAP * (rows - 1)) / rows
        slots = []
        for index in range(count):
            r, c = divmod(index, cols)
            x0 = area.x0 + c * (width + SLOT_GAP)
            y1 = area.y1 - r * (height + SLOT_GAP)
            slots.append(Box(x0, y1 - height, x0 + width, y1))
        return slots

    def _section_heading(self, ink: PdfInk, page: Page, body: Box, text: str) -> Box:
        y = self._heading(ink, body, text, size=self.sizes.caption * 1.15)
        return Box(body.x0, body.y0, body.x1, y - self.sizes.caption * 0.3)

    def _draw_puzzles(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        section = self.layout.sections[page.section]
        family = get_family(section.family)
        body = self._body_box(box)
        area = self._section_heading(ink, page, body, f"{family_title(section.family)} · "
                                                      f"{level_title(section.level)}")
        entries = []
        for number, slot in zip(page.puzzles, self._slots(area, len(page.puzzles),
                                                             section.puzzles_per_page)):
            record = self.puzzles[number - 1].record
            top_band = s.caption * 1.8
            bottom_band = s.small * 2.0
            rows, cols = family.grid_shape(record.puzzle)
            grid = self._grid_box(Box(slot.x0, slot.y0 + bottom_band, slot.x1,
                                      slot.y1 - top_band), rows, cols)
            middle = (slot.x0 + slot.x1) / 2
            ink.text(middle, grid.y + grid.height + GRID_PAD + s.caption * 0.5,
                     f"Puzzle {number}", size=s.caption, bold=True, anchor="middle")
            family.draw_puzzle(ink, record.puzzle, grid)
            ink.text(middle, grid.y - GRID_PAD - s.small * 1.1,
                     f"Solution on page {self.plan.solution_page[number]}", size=s.small,
                     anchor="middle")
            entry = _grid_entry(record, grid, "puzzle")
            entry.update(number=number, solution_page=self.plan.solution_page[number])
            entries.append(entry)
        return entries

    def _draw_solutions(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        section = self.layout.sections[page.section]
        family = get_family(section.family)
        body = self._body_box(box)
        heading = "Solutions" if page.first_of_run else \
            f"Solutions · {family_title(section.family)} · {level_title(section.level)}"
        area = self._section_heading(ink, page, body, heading)
        entries = []
        for number, slot in zip(page.puzzles, self._slots(area, len(page.puzzles),
                                                             section.solutions_per_page)):
            record = self.puzzles[number - 1].record
            band = s.small * 1.8
            rows, cols = family.grid_shape(record.puzzle)
            grid = self._grid_box(Box(slot.x0, slot.y0, slot.x1, slot.y1 - band), rows, cols)
            ink.text((slot.x0 + slot.x1) / 2, grid.y + grid.height + GRID_PAD + s.small * 0.45,
                     f"Puzzle {number} · page {self.plan.puzzle_page[number]}", size=s.small,
                     bold=True, anchor="middle")
            family.draw_solution(ink, record.puzzle, record.solution, grid)
            entry = _grid_entry(record, grid, "solution")
            entry.update(number=number, puzzle_page=self.plan.puzzle_page[number])
            entries.append(entry)
        return entries


def _grid_entry(record: PuzzleRecord, grid: GridBox, shows: str) -> dict:
    return {"id": record.id, "shows": shows,
            "grid": {"x": grid.x, "y": grid.y, "cell": grid.cell, "rows": grid.rows,
                     "cols": grid.cols}}

