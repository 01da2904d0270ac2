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

from pipeline.book import hints as hint_pages
from pipeline.book.fonts import Face, FontSet
from pipeline.book.layout import Layout
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk, new_canvas, set_page_boxes
from pipeline.book.plan import CONTENTS_LINES_PER_PAGE, Page, Plan
from pipeline.book.printers import BUFFER_PT, PT_PER_IN, PrinterProfile
from pipeline.family import column_letter, get_family
from pipeline.geometry import MM, Box, star_points
from pipeline.i18n import Messages, hyphenator, language
from pipeline.ink import GridBox, panel_box
from pipeline.records import PuzzleRecord

GRID_PAD = 4.0        # pt kept around a grid frame: thick borders and caps reach past it
SLOT_GAP = 10.0       # pt between grid slots
LABEL_GRAY = 0.45     # row and column labels: light, but well above the lightest printable tint
RULE_GRAY = 0.5
_ = Messages(__name__)   # the book layer's catalog: pipeline/book/locale
STAR_MARK = 0.42      # difficulty star radius, as a share of the caption size


@dataclass(frozen=True)
class TypeSizes:
    """Text sizes in points; large print scales them (all stay at or above the 7 pt minimum)."""

    title: float
    heading: float
    body: float
    caption: float
    small: float
    folio: float
    label: float

    @classmethod
    def for_layout(cls, large_print: bool) -> "TypeSizes":
        if large_print:
            return cls(title=34, heading=22, body=14, caption=15, small=11, folio=12, label=10)
        return cls(title=26, heading=16, body=10.5, caption=10.5, small=8.5, folio=9, label=7.5)

    @property
    def head_band(self) -> float:
        """Height of the running head at the top of a page (text and its rule)."""
        return self.small * 2.6

    @property
    def foot_band(self) -> float:
        return self.folio * 2.2

    @property
    def label_band(self) -> float:
        """Room beside a grid for its row numbers or column letters."""
        return self.label * 2.2

    @property
    def puzzle_top(self) -> float:
        """Above a puzzle: its number, difficulty and time line."""
        return self.caption * 2.4

    @property
    def puzzle_bottom(self) -> float:
        return self.small * 2.0

    @property
    def solution_top(self) -> float:
        return self.small * 1.9


# --- geometry shared by drawing and validation (pure: boxes in, sizes out) --------------------
def page_body(box: Box, sizes: TypeSizes) -> Box:
    """A content box less the running head above and the folio below."""
    return Box(box.x0, box.y0 + sizes.foot_band, box.x1, box.y1 - sizes.head_band)


def slot_boxes(area: Box, count: int, per_page: int) -> list[Box]:
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


def fit_cell(width: float, height: float, rows: int, cols: int) -> float:
    """The largest cell pitch (rounded down to 0.01 pt) of a rows x cols grid in a box."""
    cell = min((width - 2 * GRID_PAD) / cols, (height - 2 * GRID_PAD) / rows)
    return floor(cell * 100) / 100


def grid_frame(slot: Box, sizes: TypeSizes, labels: bool, solution: bool) -> Box:
    """The part of a slot the grid (with its padding) may take: the slot less its caption bands,
    less a label band on the left (row numbers) and on top (column letters) when the board
    carries labels; the grid is centred in what is left, so board and labels sit centred
    together."""
    side = sizes.label_band if labels and not solution else 0.0
    top = sizes.solution_top if solution else sizes.puzzle_top
    bottom = 0.0 if solution else sizes.puzzle_bottom
    return Box(slot.x0 + side, slot.y0 + bottom, slot.x1, slot.y1 - top - side)


def section_cell(body: Box, sizes: TypeSizes, per_page: int, rows: int, cols: int, *,
                 labels: bool, solution: bool = False, panel: float = 0.0) -> float:
    """The pitch every board of a section is drawn at on its pages. A board with a panel
    under it (`Family.panel_rows` on puzzle pages, `Family.solution_panel_rows` on solution
    pages, in pitches) is sized as if it had that many more rows."""
    slot = slot_boxes(body, 1, per_page)[0]
    frame = grid_frame(slot, sizes, labels, solution)
    return fit_cell(frame.width, frame.height, rows + panel, cols)


def difficulty_stars(level: str, levels: tuple[str, ...]) -> int:
    """1 to 5 stars from a level's place among the levels of its scale (easiest first;
    `Family.difficulty_scale`)."""
    if len(levels) == 1:
        return 1
    return 1 + round(4 * levels.index(level) / (len(levels) - 1))


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
    return get_family(name).printed_title()


def level_title(family: str, level: str) -> str:
    return get_family(family).level_title(level)


def section_title(family: str, level: str) -> str:
    return f"{family_title(family)} · {level_title(family, level)}"


class InteriorWriter:
    def __init__(self, layout: Layout, profile: PrinterProfile, fonts: FontSet, plan: Plan,
                 puzzles: list[BookPuzzle], examples: dict[str, PuzzleRecord],
                 front: FrontMatter, lesson_boards: dict[str, tuple[PuzzleRecord, ...]] | None = None,
                 hints: dict | None = None):
        self.hints = hints or {}   # book number -> Hint, when the book prints hints
        self.layout = layout
        self.profile = profile
        self.fonts = fonts
        self.plan = plan
        self.puzzles = puzzles
        self.examples = examples
        # Boards the how-to lessons are taken from: the worked example first, then harder ones.
        self.lesson_boards = lesson_boards or {f: (r,) for f, r in examples.items()}
        self.front = front
        self.sizes = TypeSizes.for_layout(layout.large_print)
        self.rules = InkRules(profile.min_font_pt, profile.min_line_pt, profile.min_gray_fill)
        self.puzzle_cells, self.solution_cells = self._section_cells()

    def _section_cells(self) -> tuple[list[float], list[float]]:
        """One pitch per section, for puzzles and for solutions: the largest at which every
        board of the section fits its slot (so all are drawn the same size)."""
        body = page_body(self.content_box(1), self.sizes)
        puzzle_cells, solution_cells = [], []
        first = 0
        for section in self.layout.sections:
            family = get_family(section.family)
            shapes = {family.grid_shape(p.record.puzzle)
                      for p in self.puzzles[first:first + section.count]}
            first += section.count
            labels = family.square_labels
            panel = family.panel_rows(section.level)
            puzzle_cells.append(min(section_cell(body, self.sizes, section.puzzles_per_page, r, c,
                                                 labels=labels, panel=panel)
                                    for r, c in shapes))
            answer_panel = family.solution_panel_rows(section.level)
            solution_cells.append(min(section_cell(body, self.sizes, section.solutions_per_page,
                                                   r, c, labels=labels, solution=True,
                                                   panel=answer_panel)
                                      for r, c in shapes))
        return puzzle_cells, solution_cells

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
            head = self._running_head(page)
            if head:
                self._head(ink, page, head)
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
        if language() != "en":
            lines = [part for line in lines for part in _hyphenated(line, face, size, width)]
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

    def _outer_right(self, page: Page) -> bool:
        """Odd pages are rectos: their outer edge is on the right."""
        return page.number % 2 == 1

    def _folio(self, ink: PdfInk, page: Page) -> None:
        box = self.content_box(page.number)
        y = box.y0 + self.sizes.folio * 0.3
        if self._outer_right(page):
            ink.text(box.x1, y, str(page.number), size=self.sizes.folio, anchor="end")
        else:
            ink.text(box.x0, y, str(page.number), size=self.sizes.folio)

    def _running_head(self, page: Page) -> str | None:
        if page.role in ("puzzles",):
            section = self.layout.sections[page.section]
            return section_title(section.family, section.level)
        if page.role == "solutions":
            section = self.layout.sections[page.section]
            return _("Solutions · {section}", section=section_title(section.family, section.level))
        if page.role == "hints":
            section = self.layout.sections[page.section]
            return _("Hints · {section}", section=section_title(section.family, section.level))
        if page.role in ("howto", "example", "lessons"):
            return _("How to play {family}", family=family_title(page.family))
        return None

    def _head(self, ink: PdfInk, page: Page, text: str) -> None:
        """The running head: the section's name at the outer corner, a light rule under it."""
        s = self.sizes
        box = self.content_box(page.number)
        text = self._fit(text, self.fonts.regular, s.small, box.width)
        y = box.y1 - s.small * 1.0
        if self._outer_right(page):
            ink.text(box.x1, y, text, size=s.small, anchor="end")
        else:
            ink.text(box.x0, y, text, size=s.small)
        rule = box.y1 - s.small * 1.75
        ink.line(box.x0, rule, box.x1, rule, width=0.75, gray=RULE_GRAY)

    def _body_box(self, box: Box) -> Box:
        """The content box less the running head and the folio band."""
        return page_body(box, self.sizes)

    def _heading(self, ink: PdfInk, box: Box, text: str, size: float | None = None) -> float:
        """A heading across the box: wrapped onto more lines when it is too wide, and set
        smaller (down to the body size) when a single word is wider than the box."""
        size = size or self.sizes.heading
        face = self.fonts.bold
        while size > self.sizes.body and any(face.advance(word, size) > box.width
                                             for word in text.split()):
            size -= 0.5
        return self._paragraph(ink, text, box.x0, box.y1, box.width, size=size, bold=True,
                               anchor="middle", leading=1.4)

    # --- front matter ---------------------------------------------------------------------------
    def _draw_title(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        y = self._paragraph(ink, self.layout.title, box.x0, box.y1 - box.height * 0.22,
                            box.width, size=s.title, bold=True, anchor="middle", leading=1.3)
        if self.layout.subtitle:
            y = self._paragraph(ink, self.layout.subtitle, box.x0, y - s.body, box.width,
                                size=s.heading * 0.85, anchor="middle")
        if self.layout.volume_text:
            y = self._paragraph(ink, self.layout.volume_text, box.x0, y - s.body, box.width,
                                size=s.heading, bold=True, anchor="middle")
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
        y = self._heading(ink, body, _("Contents")) - s.body
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

    def _stars(self, ink: PdfInk, x: float, baseline: float, count: int, size: float,
               total: int = 5) -> float:
        """`count` black stars of `total` (the rest outlined) from x; returns the end x."""
        radius = size * STAR_MARK
        cy = baseline + size * 0.33
        shapes = [star_points(x + radius + index * radius * 2.3, cy, radius)
                  for index in range(total)]
        if shapes[:count]:
            ink.polygons(shapes[:count], fill=0.0)
        if shapes[count:]:
            ink.polygons(shapes[count:], stroke=0.75)
        return x + total * radius * 2.3 - radius * 0.3

    def _stars_width(self, size: float, total: int = 5) -> float:
        radius = size * STAR_MARK
        return total * radius * 2.3 - radius * 0.3

    def _draw_howto(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        family = get_family(page.family)
        body = self._body_box(box)
        y = self._heading(ink, body, _("How to play {family}", family=family_title(page.family)))
        record = self.examples[page.family]
        # A family whose rules depend on the board (stars a line) words them for the example.
        levels = [sec.level for sec in self.layout.sections if sec.family == page.family]
        levels = [lv for lv in family.levels if lv in levels]
        rules = family.rules_for(record.puzzle, levels)
        for paragraph in rules:
            y = self._paragraph(ink, paragraph, body.x0, y - s.body * 0.4, body.width,
                                size=s.body)
        # The difficulty key: the stars printed beside every puzzle number.
        y = self._paragraph(ink, _("Beside each puzzle number, stars show its difficulty:"),
                            body.x0, y - s.body * 0.4, body.width, size=s.body)
        for level in levels:
            y -= s.body * 1.5
            stars = difficulty_stars(level, family.difficulty_scale(level))
            end = self._stars(ink, body.x0 + s.body, y, stars,
                              s.body)
            ink.text(end + s.body * 0.8, y, family.level_title(level), size=s.body)
        y = self._paragraph(ink, _("Write your solving time on the line beside it."),
                            body.x0, y - s.body * 0.3, body.width, size=s.body)
        if family.square_labels:
            self._paragraph(ink, _("Columns are lettered A, B, C ... from the left and rows "
                                   "numbered 1, 2, 3 ... from the top, so a square has a name: "
                                   "D4 is in column D, row 4."), body.x0, y - s.body * 0.3, body.width,
                            size=s.body)
        return []

    def _draw_example(self, ink: PdfInk, page: Page, box: Box) -> list:
        """A worked example: a real board as a puzzle, and below it its one solution."""
        s = self.sizes
        family = get_family(page.family)
        body = self._body_box(box)
        record = self.examples[page.family]
        y = self._heading(ink, body, _("A worked example"), size=s.heading * 0.85)
        area = Box(body.x0, body.y0, body.x1, y - s.small * 0.5)
        rows, cols = family.grid_shape(record.puzzle)
        label = s.small * 1.8
        half = (area.height - SLOT_GAP) / 2
        boxes = []
        for index, (shows, caption) in enumerate((("puzzle", _("The puzzle")),
                                                  ("solution", _("Its one solution")))):
            top = area.y1 - index * (half + SLOT_GAP)
            slot = Box(area.x0, top - half, area.x1, top - label)
            panel = family.panel_rows(record.level) if shows == "puzzle" else 0.0
            grid = self._grid_box(slot, rows, cols, top=True, panel=panel)
            ink.text((area.x0 + area.x1) / 2, top - s.small * 1.1, caption, size=s.small,
                     bold=True, anchor="middle")
            if shows == "puzzle":
                family.draw_puzzle(ink, record.puzzle, grid)
                if panel > 0:
                    family.draw_panel(ink, record.puzzle, panel_box(grid, panel))
            else:
                family.draw_solution(ink, record.puzzle, record.solution, grid)
            boxes.append(_grid_entry(record, grid, shows))
        return boxes

    def _draw_lessons(self, ink: PdfInk, page: Page, box: Box) -> list:
        """Step by step: one small diagram per technique the book's levels need, on real boards
        from the grader's easiest-first solve, each with the sentence that names it."""
        s = self.sizes
        family = get_family(page.family)
        body = self._body_box(box)
        y = self._heading(ink, body, _("Step by step"), size=s.heading * 0.85)
        levels = tuple(lv for lv in family.levels
                       if any(sec.family == page.family and sec.level == lv
                              for sec in self.layout.sections))
        boards = self.lesson_boards[page.family]
        lessons = family.lessons([(r.puzzle, r.solution) for r in boards], levels) \
            if family.teaches else []
        if not lessons:
            self._paragraph(ink, _("Every puzzle in this book follows from the rules alone."),
                            body.x0, y - s.body, body.width, size=s.body)
            return []
        per_row = 1 if all(lesson.shape and lesson.shape[0] == 1 for lesson in lessons) else 2
        rows_of = -(-len(lessons) // per_row)
        area = Box(body.x0, body.y0, body.x1, y - s.body * 0.3)
        cell_w = (area.width - SLOT_GAP * (per_row - 1)) / per_row
        cell_h = (area.height - SLOT_GAP * (rows_of - 1)) / rows_of
        size = s.small
        entries = []
        for index, lesson in enumerate(lessons):
            r, c = divmod(index, per_row)
            x0 = area.x0 + c * (cell_w + SLOT_GAP)
            top = area.y1 - r * (cell_h + SLOT_GAP)
            caption = _("{number}. {name}: {text}", number=index + 1, name=lesson.name,
                        text=lesson.text)
            lines = self._wrap(caption, self.fonts.regular, size, cell_w)
            text_h = len(lines) * size * 1.3
            record = boards[lesson.board]
            rows, cols = lesson.shape or family.grid_shape(record.puzzle)
            grid = self._grid_box(Box(x0, top - cell_h + text_h + s.small * 0.4, x0 + cell_w, top),
                                  rows, cols, top=True)
            if grid.cell < 4:
                raise LayoutError(f"no room for the {page.family} step-by-step diagrams")
            family.draw_lesson(ink, record.puzzle, lesson, grid)
            ty = grid.y - GRID_PAD - s.small * 0.3
            for line in lines:
                ty -= size * 1.3
                ink.text(x0, ty + size * 0.3, line, size=size)
            entries.append(_grid_entry(record, grid, "lesson"))
        return entries

    def _draw_notes(self, ink: PdfInk, page: Page, box: Box) -> list:
        body = self._body_box(box)
        self._heading(ink, body, _("Notes"))
        return []

    # --- puzzles and solutions ------------------------------------------------------------------------
    def _grid_box(self, slot: Box, rows: int, cols: int, *, top: bool = False,
                  cell: float | None = None, panel: float = 0.0) -> GridBox:
        """A grid of rows x cols in `slot` with its padding, centred (or hung from the top when
        `top`): at the pitch `cell` when given, else the largest that fits. With a `panel`
        (pitches under the board, `Family.panel_rows`) the grid and its panel are placed as
        one block of rows + panel rows, the grid at its top. Coordinates are rounded to
        0.01 pt so the manifest holds exactly what is drawn."""
        if cell is None:
            cell = fit_cell(slot.width, slot.height, rows + panel, cols)
        if cell <= 0:
            raise LayoutError("no room for a grid")
        width, height = cell * cols, cell * rows
        x = round(slot.x0 + (slot.width - width) / 2, 2)
        if top:
            y = round(slot.y1 - GRID_PAD - height, 2)
        else:
            block = height + panel * cell
            y = round(slot.y0 + (slot.height - block) / 2 + panel * cell, 2)
        return GridBox(x, y, cell, rows, cols)

    def _slots(self, area: Box, count: int, per_page: int) -> list[Box]:
        return slot_boxes(area, count, per_page)

    def _labels(self, ink: PdfInk, grid: GridBox, first_row: int = 0,
                first_col: int = 0) -> None:
        """Column letters above the grid and row numbers to its left, light and small, in the
        label band (so they never touch the frame or the running text). A grid showing part of
        a board (a hint's figure) starts at its first row and column's names."""
        s = self.sizes
        size = min(s.label, max(self.rules.min_font_pt, grid.cell * 0.55))
        top = grid.y + grid.height + GRID_PAD + size * 0.35
        names = [column_letter(col) for col in range(first_col, first_col + grid.cols)]
        items = [(grid.x + (col + 0.5) * grid.cell, top, name, "middle")
                 for col, name in enumerate(names)]
        right = grid.x - GRID_PAD - size * 0.4
        for row in range(grid.rows):
            _x, y = grid.cell_centre(row, 0)
            items.append((right, y - size * 0.35, str(first_row + row + 1), "end"))
        ink.texts(items, size=size, gray=LABEL_GRAY)

    def _puzzle_top(self, ink: PdfInk, slot: Box, grid: GridBox, labels: bool, number: int,
                    stars: int) -> None:
        """The line above a puzzle: its number and difficulty at the left, a place to write
        the solving time at the right, spanning the board and its labels (or the slot when
        the board is narrower than the line)."""
        s = self.sizes
        side = s.label_band if labels else 0.0
        left, right = grid.x - GRID_PAD - side, grid.x + grid.width + GRID_PAD
        name, time = _("Puzzle {number}", number=number), _("Time")
        need = (self.fonts.bold.advance(name, s.caption) + s.caption * 0.8
                + self._stars_width(s.caption * 0.9) + s.caption * 1.5
                + self.fonts.regular.advance(time, s.small) + s.caption * 5)
        if right - left < need:
            middle = (grid.x * 2 + grid.width) / 2
            left, right = max(slot.x0, middle - need / 2), min(slot.x1, middle + need / 2)
        base = slot.y1 - s.caption * 1.2
        ink.text(left, base, name, size=s.caption, bold=True)
        x = left + self.fonts.bold.advance(name, s.caption) + s.caption * 0.8
        self._stars(ink, x, base, stars, s.caption * 0.9)
        line_start = right - s.caption * 5
        ink.text(line_start - s.small * 0.4, base, time, size=s.small, anchor="end")
        ink.line(line_start, base - 1.5, right, base - 1.5, width=0.75, gray=RULE_GRAY)

    def _draw_puzzles(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        section = self.layout.sections[page.section]
        family = get_family(section.family)
        labels = family.square_labels
        stars = difficulty_stars(section.level, family.difficulty_scale(section.level))
        area = self._body_box(box)
        cell = self.puzzle_cells[page.section]
        panel = family.panel_rows(section.level)
        entries = []
        for number, slot in zip(page.puzzles, self._slots(area, len(page.puzzles),
                                                             section.puzzles_per_page)):
            record = self.puzzles[number - 1].record
            rows, cols = family.grid_shape(record.puzzle)
            grid = self._grid_box(grid_frame(slot, s, labels, False), rows, cols, cell=cell,
                                  panel=panel)
            self._puzzle_top(ink, slot, grid, labels, number, stars)
            family.draw_puzzle(ink, record.puzzle, grid)
            if panel > 0:
                family.draw_panel(ink, record.puzzle, panel_box(grid, panel))
            if labels:
                self._labels(ink, grid)
            ink.text((slot.x0 + slot.x1) / 2, slot.y0 + s.small * 0.5,
                     hint_pages.pointer(self.plan, number)
                     + _("Solution on page {page}", page=self.plan.solution_page[number]),
                     size=s.small,
                     anchor="middle")
            entry = _grid_entry(record, grid, "puzzle")
            entry.update(number=number, solution_page=self.plan.solution_page[number])
            entry.update(hint_pages.puzzle_entry(self.plan, self.hints, number))
            entries.append(entry)
        return entries

    def _draw_hints(self, ink: PdfInk, page: Page, box: Box) -> list:
        """One hints page (`pipeline/book/hints.py` says what a hint is): per puzzle its number
        and page, the technique, a small figure of only what the step reasons on, and the
        step in words. Returns the manifest entries, one per hint, in puzzle order."""
        s = self.sizes
        section = self.layout.sections[page.section]
        family = get_family(section.family)
        area = self._body_box(box)
        if page.first_of_run:
            top = self._paragraph(ink, hint_pages.intro(section.family), area.x0, area.y1,
                                  area.width, size=s.small)
            area = Box(area.x0, area.y0, area.x1, top - s.small * 0.6)
        per_page = section.hints_per_page
        slot_height = (area.height - hint_pages.SLOT_GAP * (per_page - 1)) / per_page
        entries = []
        for index, number in enumerate(page.puzzles):
            y1 = area.y1 - index * (slot_height + hint_pages.SLOT_GAP)
            slot = Box(area.x0, y1 - slot_height, area.x1, y1)
            record = self.puzzles[number - 1].record
            hint = self.hints[number]
            puzzle_page = self.plan.puzzle_page[number]
            ink.text(slot.x0, slot.y1 - s.small,
                     _("Puzzle {number} · page {page}", number=number, page=puzzle_page),
                     size=s.small, bold=True)
            ink.text(slot.x1, slot.y1 - s.small, hint.technique, size=s.small, anchor="end")
            inner = Box(slot.x0, slot.y0, slot.x1, slot.y1 - s.small * 1.6)
            text_box = inner
            entry = {"id": record.id, "shows": "hint", "number": number,
                     "puzzle_page": puzzle_page, "technique": hint.technique, "text": hint.text}
            if hint.figure is not None:
                rows, cols = family.grid_shape(record.puzzle)
                # A figure may show a window of its board: [first row, rows, first col, cols].
                first_row, rows, first_col, cols = hint.figure.get("window",
                                                                   (0, rows, 0, cols))
                band = s.label_band   # room for the column letters and row numbers
                # Its share of the slot, widened (up to FIGURE_MOST) for a wide figure so its
                # squares keep FIGURE_MIN_CELL: numbers in them stay at the print minimum.
                pad = 2 * GRID_PAD    # _grid_box keeps it round the grid
                width = min(inner.width * hint_pages.FIGURE_MOST,
                            max(inner.width * hint_pages.FIGURE_SHARE,
                                cols * hint_pages.FIGURE_MIN_CELL + band + pad))
                tall = min(inner.height,
                           max(width, rows * hint_pages.FIGURE_MIN_CELL + band + pad))
                grid = self._grid_box(Box(inner.x0 + band, inner.y1 - tall, inner.x0 + width,
                                          inner.y1 - band), rows, cols, top=True)
                family.draw_hint(ink, record.puzzle, hint, grid)
                self._labels(ink, grid, first_row, first_col)
                entry["grid"] = dict(_grid_entry(record, grid, "hint")["grid"],
                                     first_row=first_row, first_col=first_col)
                text_box = Box(grid.x + grid.width + GRID_PAD + hint_pages.TEXT_GAP, inner.y0,
                               inner.x1, inner.y1)
            self._hint_text(ink, hint.text, text_box, s.small)
            entries.append(entry)
        return entries

    def _hint_text(self, ink: PdfInk, text: str, box: Box, size: float) -> None:
        """A hint's words from the top of `box`, at `size` or smaller (never under the print
        minimum)."""
        face = self.fonts.regular
        while True:
            lines = self._wrap(text, face, size, box.width)
            if len(lines) * size * 1.3 <= box.height:
                break
            if size - 0.5 < self.rules.min_font_pt:
                raise LayoutError(f"a hint does not fit its slot: {text[:60]!r}...")
            size -= 0.5
        y = box.y1
        for line in lines:
            y -= size * 1.3
            ink.text(box.x0, y + size * 0.3, line, size=size)

    def _draw_solutions(self, ink: PdfInk, page: Page, box: Box) -> list:
        s = self.sizes
        section = self.layout.sections[page.section]
        family = get_family(section.family)
        area = self._body_box(box)
        cell = self.solution_cells[page.section]
        panel = family.solution_panel_rows(section.level)
        entries = []
        for number, slot in zip(page.puzzles, self._slots(area, len(page.puzzles),
                                                             section.solutions_per_page)):
            record = self.puzzles[number - 1].record
            rows, cols = family.grid_shape(record.puzzle)
            grid = self._grid_box(grid_frame(slot, s, False, True), rows, cols, cell=cell,
                                  panel=panel)
            ink.text((slot.x0 + slot.x1) / 2, grid.y + grid.height + GRID_PAD + s.small * 0.45,
                     _("Puzzle {number} · page {page}", number=number,
                       page=self.plan.puzzle_page[number]), size=s.small,
                     bold=True, anchor="middle")
            family.draw_solution(ink, record.puzzle, record.solution, grid)
            if panel > 0:
                family.draw_solution_panel(ink, record.puzzle, record.solution,
                                           panel_box(grid, panel))
            entry = _grid_entry(record, grid, "solution")
            entry.update(number=number, puzzle_page=self.plan.puzzle_page[number])
            entries.append(entry)
        return entries


def _hyphenated(line: str, face: Face, size: float, width: float) -> list[str]:
    """A line that is one word wider than the column, broken where the language's pyphen
    dictionary allows (German compounds in a narrow hint column); other lines as they are."""
    parts = []
    while face.advance(line, size) > width and " " not in line:
        heads = [head for head, _tail in hyphenator().iterate(line)
                 if face.advance(head + "-", size) <= width]
        if not heads:
            break
        head = max(heads, key=len)
        parts.append(head + "-")
        line = line[len(head):]
    return parts + [line]


def _grid_entry(record: PuzzleRecord, grid: GridBox, shows: str) -> dict:
    return {"id": record.id, "shows": shows,
            "grid": {"x": grid.x, "y": grid.y, "cell": grid.cell, "rows": grid.rows,
                     "cols": grid.cols}}



# --- validation: boards sized for pencils --------------------------------------------------------
def section_pitches(layout: Layout, profile: PrinterProfile, page_count: int, section,
                    per_page: int | None = None) -> tuple[float, float]:
    """Puzzle and solution pitch (pt) of a section's boards from its level's grid shape, at
    `per_page` puzzles a page (default: the section's own)."""
    family = get_family(section.family)
    rows, cols = family.level_shape(section.level)
    sizes = TypeSizes.for_layout(layout.large_print)
    body = page_body(profile.live_area_pt(layout.trim, layout.bleed, 1, page_count,
                                          layout.margin_allowance_in), sizes)
    labels = family.square_labels
    return (section_cell(body, sizes, per_page or section.puzzles_per_page, rows, cols,
                         labels=labels, panel=family.panel_rows(section.level)),
            section_cell(body, sizes, section.solutions_per_page, rows, cols, labels=labels,
                         solution=True, panel=family.solution_panel_rows(section.level)))


def pitch_problem(layout: Layout, profile: PrinterProfile, page_count: int,
                  per_page_options: tuple[int, ...]) -> tuple[int, str] | None:
    """The first section whose boards would be drawn under their family's smallest writable
    pitch, with one line naming the arrangement that would fit; None when all are fine."""
    for index, section in enumerate(layout.sections):
        family = get_family(section.family)
        minimum = family.min_cell_mm_for(section.level)
        cell = section_pitches(layout, profile, page_count, section)[0]
        if cell / MM >= minimum - 1e-9:
            continue
        rows, cols = family.level_shape(section.level)
        what = f"{section.family} {section.level} {cols}x{rows} at " \
               f"{section.puzzles_per_page} a page on {layout.trim} gives {cell / MM:.1f} mm"
        better = [n for n in sorted(per_page_options, reverse=True)
                  if n < section.puzzles_per_page and
                  section_pitches(layout, profile, page_count, section, n)[0] / MM >= minimum]
        if better:
            fits = section_pitches(layout, profile, page_count, section, better[0])[0] / MM
            hint = f"; {better[0]} a page gives {fits:.1f} mm"
        else:
            hint = "; no arrangement on this trim reaches it"
        return index, f"{what}{hint} (at least {minimum:g} mm to write in)"
    return None
