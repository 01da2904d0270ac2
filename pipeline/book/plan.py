"""The page plan of a book: which page holds what, before anything is drawn.

The plan depends only on the sections (counts and puzzles per page), never on page geometry,
so the final page count, and with it the gutter, is known before the first mark is placed.
The book is a sequence of parts (front matter, how-to pages, puzzles, solutions, notes), each a
small function that appends its pages; a new part (a hints section between the puzzles and the
solutions) is one more function in `PARTS`.
Each puzzle's page and its solution's page come from one table (`Plan.puzzle_page`,
`Plan.solution_page`): the two pointers printed in the book cannot disagree. With hints on, a
Hints section sits between the puzzles and the solutions and `Plan.hint_page` is the third
pointer of the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

FRONT_PAGES = ("title", "copyright")
CONTENTS_LINES_PER_PAGE = 24  # contents entries one contents page holds


@dataclass(frozen=True)
class SectionShape:
    family: str
    count: int
    puzzles_per_page: int
    solutions_per_page: int
    hints_per_page: int = 0   # 0: this book prints no hints


@dataclass(frozen=True)
class Page:
    number: int
    kind: str        # manifest kind: front, contents, howto, puzzle, hints, solution, blank
    role: str        # title, copyright, contents, howto, example, lessons, puzzles, hints,
                     # solutions, notes
    puzzles: tuple[int, ...] = ()   # book puzzle numbers (1-based) on this page
    section: int | None = None      # index into the layout's sections
    family: str | None = None       # the family a how-to page explains
    first_of_run: bool = False      # first page of the solutions or hints, or of a section


@dataclass(frozen=True)
class Plan:
    pages: tuple[Page, ...]
    puzzle_page: dict = field(default_factory=dict)     # puzzle number -> page number
    solution_page: dict = field(default_factory=dict)   # puzzle number -> page number
    section_first_number: tuple[int, ...] = ()           # first puzzle number of each section
    hint_page: dict = field(default_factory=dict)        # puzzle number -> page number

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def pages_of(self, role: str) -> list[Page]:
        return [page for page in self.pages if page.role == role]


def contents_entries(sections: list[SectionShape]) -> int:
    """Lines on the contents pages: one per how-to page, one per section, one for solutions,
    and one for hints when the book prints them."""
    return len(families_in_order(sections)) + len(sections) + 1 + has_hints(sections)


def has_hints(sections: list[SectionShape]) -> bool:
    return any(section.hints_per_page for section in sections)


def families_in_order(sections: list[SectionShape]) -> list[str]:
    return list(dict.fromkeys(section.family for section in sections))


HOWTO_ROLES = ("howto", "example", "lessons")   # per family: rules, a worked example, steps


class _Pages:
    """The pages planned so far, and the tables the parts complete."""

    def __init__(self, sections: list[SectionShape]):
        self.sections = sections
        self.pages: list[Page] = []
        self.puzzle_page: dict[int, int] = {}
        self.solution_page: dict[int, int] = {}
        self.hint_page: dict[int, int] = {}
        self.firsts: list[int] = []

    def add(self, kind: str, role: str, **details) -> Page:
        page = Page(len(self.pages) + 1, kind, role, **details)
        self.pages.append(page)
        return page


def _front(book: _Pages) -> None:
    for role in FRONT_PAGES:
        book.add("front", role)
    for _ in range(ceil(contents_entries(book.sections) / CONTENTS_LINES_PER_PAGE)):
        book.add("contents", "contents")


def _howto(book: _Pages) -> None:
    for family in families_in_order(book.sections):
        for role in HOWTO_ROLES:
            book.add("howto", role, family=family)


def _puzzles(book: _Pages) -> None:
    number = 1
    for index, section in enumerate(book.sections):
        book.firsts.append(number)
        numbers = list(range(number, number + section.count))
        number += section.count
        for start in range(0, len(numbers), section.puzzles_per_page):
            chunk = tuple(numbers[start:start + section.puzzles_per_page])
            page = book.add("puzzle", "puzzles", puzzles=chunk, section=index,
                            family=section.family, first_of_run=start == 0)
            for n in chunk:
                book.puzzle_page[n] = page.number


def _section_run(book: _Pages, kind: str, role: str, per_page, table: dict) -> None:
    """Pages of `kind` and `role` for every section's puzzles in book order, `per_page(section)` to a
    page, each puzzle's page entered in `table`; the run's first page is marked."""
    first = True
    for index, section in enumerate(book.sections):
        numbers = list(range(book.firsts[index], book.firsts[index] + section.count))
        for start in range(0, len(numbers), per_page(section)):
            chunk = tuple(numbers[start:start + per_page(section)])
            page = book.add(kind, role, puzzles=chunk, section=index, family=section.family,
                            first_of_run=first)
            first = False
            for n in chunk:
                table[n] = page.number


def _solutions(book: _Pages) -> None:
    _section_run(book, "solution", "solutions", lambda section: section.solutions_per_page,
                 book.solution_page)


def _hints(book: _Pages) -> None:
    """The Hints section, in puzzle order, when the book prints hints. When the last puzzle
    page is an even page, the first hints page would face it and could show a hint to a puzzle
    in plain sight: a Notes page goes between."""
    if not has_hints(book.sections):
        return
    if book.pages[-1].number % 2 == 0:
        book.add("blank", "notes")
    _section_run(book, "hints", "hints", lambda section: section.hints_per_page,
                 book.hint_page)


PARTS = (_front, _howto, _puzzles, _hints, _solutions)


def plan_book(sections: list[SectionShape], *, even: bool = True) -> Plan:
    book = _Pages(sections)
    for part in PARTS:
        part(book)
    if even and len(book.pages) % 2:
        book.add("blank", "notes")
    return Plan(tuple(book.pages), book.puzzle_page, book.solution_page, tuple(book.firsts),
                book.hint_page)


def longest_blank_run(plan: Plan) -> int:
    longest = run = 0
    for page in plan.pages:
        run = run + 1 if page.kind == "blank" else 0
        longest = max(longest, run)
    return longest
