"""The one interface every puzzle family implements, and the registry that lists them.

Like the `game` struct of Simon Tatham's collection: the catalog, the command line, the book
layer and the read-back only ever talk to a family through the slots `Family` declares, never
to its internals, and never by name: what differs between families is said by the family.
"""

from __future__ import annotations

import abc
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Iterable, Protocol, Sequence

from pipeline.errors import InputError
from pipeline.geometry import Box
from pipeline.i18n import and_list, messages
from pipeline.records import require
from pipeline.ink import GridBox, Ink


@dataclass(frozen=True)
class Generated:
    """What a generator hands back for one key: the board, its grade and its proofs."""

    puzzle: dict
    solution: dict
    grade: dict
    proof: dict
    attempts: int  # candidates tried for this board (the benchmark reports it)


Cell = tuple[int, int]  # (row, col), row 0 at the top, as the manifest's grid places a board


@dataclass(frozen=True)
class AnswerSigns:
    """What the read-back must know to judge a printed puzzle page: how to see that the board
    is drawn where the manifest says, and where its answer would show if it were drawn too.
    All in the board's own cells; the read-back places them with the manifest's grid.

    `outline` is what shows the board is there: "frame" (one stroked rectangle round the whole
    grid), "circles" (a round outline centred in each of `outline_cells`) or "tiles" (a stroked
    box filling most of each of `outline_cells`)."""

    outline: str
    outline_cells: tuple[Cell, ...] = ()
    cells: tuple[Cell, ...] = ()  # cells whose middle must stay empty (answers not given)
    links: tuple[tuple[Cell, Cell], ...] = ()  # the open run between two cells stays empty
    words: tuple[str, ...] = ()  # phrases never printed on the page
    printed: tuple[str, ...] = ()  # text the puzzle prints itself (not searched for `words`)
    # Clues printed in a cell's corner (a cage's sum): each must be printed exactly once in
    # its cell and touch no line.
    clues: tuple[tuple[Cell, str], ...] = ()
    # Runs of printed letters (first cell, last cell) that make an answer when ringed: no
    # band, ring or stroke may enclose one on the puzzle page (the words a letter grid hides).
    runs: tuple[tuple[Cell, Cell], ...] = ()


@dataclass(frozen=True)
class Hint:
    """The key step of a board: where its easiest-first solve first needs its hardest technique.

    `text` names squares by the labels printed around a board (columns A, B, ... from the left,
    rows 1, 2, ... from the top). `reveals` is exactly what the step establishes, in the export
    record's coordinates (docs/books.md, "Hints"); nothing a later step finds. `figure` lists
    the squares (or islands) the step reasons on, for a small diagram; None when words suffice.
    """

    technique: str
    text: str
    reveals: dict
    figure: dict | None = None

    def to_manifest(self) -> dict:
        return {"technique": self.technique, "text": self.text, "reveals": self.reveals}


@dataclass(frozen=True)
class HintNames:
    """What a hint's printed words must name: `squares` by their printed names (square_name)
    and `words` verbatim (a group's theme, say)."""

    squares: frozenset[Cell] = frozenset()
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rating:
    """What the grader says of a board: its level (or BEYOND) and a difficulty that orders
    boards within and across levels (higher is harder)."""

    level: str
    difficulty: float


def unknown_reveals(reveals: dict, known: Sequence[str]) -> list[str]:
    """A problem for each key of a hint's `reveals` the family does not write: the read-back
    could not check it against the solution, so a hint carrying one is not sound."""
    return [f"reveals.{key} is not something this family's hints reveal (known: "
            f"{', '.join(known)})" for key in reveals if key not in known]


def square_name(row: int, col: int) -> str:
    """A square as printed around boards: column letter, then row number ("D4" is (3, 3))."""
    return f"{column_letter(col)}{row + 1}"


def column_letter(col: int) -> str:
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def square_list(squares) -> str:
    """"B3", "B3 and C4", "B3, C4 and D5": squares in reading order, joined in the language
    of the book being made ("B3, C4 und D5")."""
    return and_list(square_name(r, c) for r, c in sorted(squares))


class Family(abc.ABC):
    """The declaration every family makes: what the catalog, the command line, the book layer
    and the read-back may ask of it, and nothing else. Each family folder's `__init__.py`
    subclasses it once and ends with `FAMILY = <Name>Family()`.

    Required slots are abstract (a family that lacks one cannot be made) or class
    attributes the conformance test demands (`REQUIRED_ATTRIBUTES`). A family's
    `__init__.py` names where each comes from, in plain assignments and methods
    (`verify = staticmethod(checker.verify)`, `levels = grade.LEVELS`), so grep and an
    editor's go-to-definition find every slot's code. Optional slots have their default
    here, written out; an optional ability (hints, lessons) is a declared flag, and a family
    that sets it writes that ability's methods out (`ABILITIES`). Callers never probe a
    family with hasattr/getattr: whatever they may ask is declared below.
    """

    # --- identity --------------------------------------------------------------------------
    # "<name>": keys, records and the registry use it. A registered family's is its folder's,
    # the name the registry files the subclass's package under (`__init_subclass__`).
    name: ClassVar[str]
    title: ClassVar[str]            # how pages and covers name the family
    # "<name>/<n>", bumped whenever a key's output changes: "<name>/1" until a family sets
    # another.
    version: ClassVar[str]
    # Usually grade.py's LEVELS and LEVEL_TITLES, where a family declares its levels once.
    levels: ClassVar[tuple[str, ...]]       # slugs, easiest first
    level_titles: ClassVar[dict[str, str]]  # each level as print names it
    # Whether a level is the solving techniques its boards need (the grader's tiers), so a
    # back cover may say so. False where something else sets the level, such as the grid's
    # size and directions, a measurement on the board, a clue table's ranks or the letters
    # given. A claim is printed only when the family declares it.
    levels_by_techniques: ClassVar[bool] = False

    # --- print facts the book layer needs (usually draw.py's constants) ---------------------
    min_cell_mm: ClassVar[float]  # the smallest square a solver can write in
    square_labels: ClassVar[bool] = False  # columns A, B, ... and rows 1, 2, ... around boards
    cover_style: ClassVar[Any] = None  # a pipeline.book.cover_style.CoverStyle:
    #                            the family's cover defaults; None takes the book layer's neutral one
    hint_figure_note: ClassVar[str] = ""  # the hints page's sentence on a figure
    rules: ClassVar[tuple[str, ...]] = ()  # the how-to-play paragraphs
    #                            `rules_text` prints; none where rules_text is written out
    # The level each of the generation driver's benchmarks runs at (`pipeline bench --section
    # scaling` fills a growing catalog, `executors` times the pools); a benchmark leaves out
    # a family that names no level for it.
    driver_bench_levels: ClassVar[dict[str, str]] = {}

    # Lines the copyright page prints for material the family's boards are made from (a
    # licence's attribution), in English, translated through `words()`; none by default.
    credits: ClassVar[tuple[str, ...]] = ()
    # File name endings of a plain puzzle format the family reads (`read_puzzle_file`), so
    # `pipeline grade` takes such a file without being told the family; none by default.
    puzzle_file_suffixes: ClassVar[tuple[str, ...]] = ()

    # --- declared abilities -----------------------------------------------------------------
    gives_hints: ClassVar[bool] = False  # hint, check_hint, hint_names, draw_hint
    teaches: ClassVar[bool] = False      # lessons, draw_lesson (the how-to's step by step)

    def __init_subclass__(cls, **kwargs):
        """A family declared in a registered package is named as the registry names it, and
        versioned "<name>/1" while neither it nor a class it extends sets a version."""
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "name"):
            for name, package in _FAMILY_MODULES.items():
                if package == cls.__module__:
                    cls.name = name
        if hasattr(cls, "name") and not hasattr(cls, "version"):
            cls.version = f"{cls.name}/1"

    # --- making and proving boards ---------------------------------------------------------
    @abc.abstractmethod
    def generate(self, key: str, level: str) -> Generated:
        """A proven, graded board of `level` from the keyed stream of `key` alone.

        Raises GenerationFailed when the attempt budget runs out, and its subclass
        CheckersDisagree when the independent checker and the solver disagree on a board.
        Usually generate.py's `generate(key, level, version)`, handed `self.version`."""

    # --- word data a layout names (optional) ------------------------------------------------
    def read_words(self, path: Path, level: str) -> Any:
        """The word data at `path` (a layout section's `words`: a file, or a folder of files,
        pipeline/engines/worddata.py) read and checked for boards of `level`: the value
        `generate_from_words` takes. InputError naming the file, the line and the field for
        every problem (a missing file, no words, a bad or repeated word, too few for the
        level). Default: the family takes no word data (its boards are made from its own
        rules alone), so a layout that names some is refused."""
        raise InputError(f"the {self.name} family makes its boards from no word data; "
                         "a section of it takes no `words`", field="words")

    def generate_from_words(self, key: str, level: str, words: Any) -> Generated:
        """`generate`, with `words` (what `read_words` gave) in place of the family's own
        data; the same key and words give the same board. Default: never asked, since
        `read_words` refuses every layout's data."""
        raise NotImplementedError(f"{self.name} takes no word data")

    @abc.abstractmethod
    def check_record(self, record: dict) -> None:
        """Validate a record's puzzle (and solution when present); InputError names the field.
        Usually `check_record_with` board.py's `check_puzzle` and `check_solution`."""

    @abc.abstractmethod
    def count_solutions(self, puzzle: dict, limit: int) -> int:
        """Solutions of `puzzle`, counted up to `limit` (givens respected)."""

    @abc.abstractmethod
    def verify(self, puzzle: dict, solution: dict) -> dict:
        """The independent checker: proof details with "unique": True only when `solution` is
        the one and only solution. Usually verify.py's `verify`."""

    @abc.abstractmethod
    def dedupe_form(self, puzzle: dict) -> str:
        """A text equal for two boards exactly when one is a symmetry of the other."""

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """Whether `puzzle` is too close to one of the `earlier` boards of the same level.
        Default: boards are never near duplicates (exact repeats are caught by dedupe_form)."""
        return False

    def near_duplicates(self, level: str) -> "NearDuplicates | None":
        """The rule of `too_similar` over an index that stays fast as the catalog grows; None
        when the level has no near-duplicate rule. Default: `too_similar` board by board, or
        None for a family that keeps the default `too_similar` (no board is ever near)."""
        if not _written_out(self, "too_similar"):
            return None
        return PlainNearDuplicates(self, level)

    # --- grading ---------------------------------------------------------------------------
    @abc.abstractmethod
    def explain(self, puzzle: dict) -> list[str]:
        """The grader's easiest-first solve of `puzzle`, one line per step. Usually solve.py's
        `explain`."""

    @abc.abstractmethod
    def rate(self, puzzle: dict) -> "Rating":
        """The level the grader gives a valid, unique puzzle (BEYOND when the top level's
        techniques do not finish it) and its numeric difficulty (higher is harder)."""

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels (easiest first) whose range the printed difficulty of `level` spans.
        Default: all of them."""
        return tuple(self.levels)

    def min_cell_mm_for(self, level: str) -> float:
        """The smallest cell a board of `level` may print at. Default: `min_cell_mm`."""
        return self.min_cell_mm

    def level_language(self, level: str) -> str | None:
        """The language the words of `level`'s boards are in (a theme's words, a fill's
        answers, a group's labels), or None for boards with no words of a language (a
        grid of digits): a book in another language is refused (its pages would mix the two).
        Default: None."""
        return None

    def level_title(self, level: str) -> str:
        """How pages and covers print a level (`level_titles`, in the book's language): never
        its slug."""
        return self.words()(self.level_titles[level])

    # --- words in the book's language ------------------------------------------------------
    def words(self):
        """The family's catalog (`pipeline.i18n.Messages` of its folder, whose
        locale/<lang>/LC_MESSAGES/messages.po holds every string the family prints)."""
        return messages(type(self).__module__)

    def printed_title(self) -> str:
        """`title` in the book's language."""
        return self.words()(self.title)

    def kind_title(self, level: str) -> str:
        """What the puzzles of `level` are called where a back cover counts a book's puzzles,
        in the book's language: a level whose boards go by a name of their own says so.
        Default: `printed_title()`."""
        return self.printed_title()

    def printed_credits(self) -> list[str]:
        """`credits` in the book's language."""
        return [self.words()(line) for line in self.credits]

    def read_puzzle_file(self, path: Path) -> list[dict]:
        """The records (id, family, puzzle) of a file in the family's own plain format (one
        of `puzzle_file_suffixes`); InputError naming the file, the line and the field for
        every problem. Default: the family reads no such format."""
        raise InputError(f"the {self.name} family reads no puzzle file format",
                         file=str(path))

    def content_facts(self) -> list[str]:
        """What the upload sheet's content declarations state about how the family's printed
        words were made beyond its boards (a clue table's sources and how its clues were
        chosen), in English, for the publisher; none by default."""
        return []

    def printed_figure_note(self) -> str:
        """`hint_figure_note` in the book's language."""
        return self.words()(self.hint_figure_note) if self.hint_figure_note else ""

    # --- the board on the page -------------------------------------------------------------
    @abc.abstractmethod
    def level_shape(self, level: str) -> tuple[int, int]:
        """(rows, cols) of every board of `level`, before any is made (pitch checks)."""

    @abc.abstractmethod
    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        """(rows, cols) of the board's grid as laid out on a page."""

    @abc.abstractmethod
    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        """The puzzle as printed: never any part of the solution beyond printed givens.
        Usually draw.py's `draw_puzzle`."""

    @abc.abstractmethod
    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        """The board with its one solution. Usually draw.py's `draw_solution`."""

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        """Why a board of `level` cannot be printed at these pitches (pt), e.g. a word that
        does not fit at the smallest type size; `measure.text_width(text, size=, bold=)`
        measures type. Default: every board prints (None)."""
        return None

    def panel_rows(self, level: str) -> float:
        """Room under the board on a puzzle page, in cell pitches of that page, that the family
        fills with `draw_panel` (a word list, a code key); 0 (the default): none.

        The book layer sizes a puzzle slot's board as if it had `rows + panel_rows(level)`
        rows, draws the grid at the top of that block and hands the rest below it
        (`pipeline.ink.panel_box`) to `draw_panel`. Solution pages, hints and covers have no
        panel; the manifest's grid stays the board's own rows x cols."""
        return 0.0

    def draw_panel(self, ink: Ink, puzzle: dict, box: Box) -> None:
        """Fill `box` (PDF points) under the board with what the puzzle prints beside its grid;
        only called when panel_rows(level) > 0. Default: nothing."""
        return None

    def solution_panel_rows(self, level: str) -> float:
        """Room under the board on a solution page, in cell pitches of that page, that the
        family fills with `draw_solution_panel` (a code key); 0 (the default): none. Sized
        and placed as `panel_rows` is on puzzle pages."""
        return 0.0

    def draw_solution_panel(self, ink: Ink, puzzle: dict, solution: dict, box: Box) -> None:
        """Fill `box` (PDF points) under a solution's board with what the answer prints beside
        its grid; only called when solution_panel_rows(level) > 0. Default: nothing."""
        return None

    def rules_text(self) -> list[str]:
        """The rules, one paragraph per item, for the how-to-play page. Default: `rules`
        through `words()` (required: a family with no `rules` writes this method out)."""
        return [self.words()(paragraph) for paragraph in self.rules]

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        """The rules as they apply to `puzzle` (the how-to's worked example) in a book that
        prints `levels`. Default: `rules_text()`."""
        return self.rules_text()

    def example_level(self, first_level: str) -> str:
        """The level whose board is the how-to's worked example in a book whose first section
        of this family prints `first_level`. Default: the easiest level."""
        return self.levels[0]

    # --- the read-back ---------------------------------------------------------------------
    @abc.abstractmethod
    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """How the drawn board shows on paper, and where its answer would."""

    # --- lessons (when `teaches`; a family that teaches writes both out) --------------------
    def lessons(self, boards: Sequence[tuple[dict, dict]], levels: Sequence[str]) -> list:
        """One lesson per technique the `levels` need, each on the first of `boards`
        ((puzzle, solution) pairs, smallest first) whose solve uses it."""
        raise self._not_able("lessons")

    def draw_lesson(self, ink: Ink, puzzle: dict, lesson, box: GridBox) -> None:
        """A lesson's diagram (usually draw.py's `draw_lesson`, handed the lesson's `step`)."""
        raise self._not_able("draw_lesson")

    # --- hints (when `gives_hints`; a family that gives them writes all four out) ----------
    def hint(self, puzzle: dict, solution: dict, grade: dict) -> Hint:
        """The board's key step: never more than that one step, never against `solution`."""
        raise self._not_able("hint")

    def check_hint(self, puzzle: dict, solution: dict, reveals: dict) -> list[str]:
        """What in `reveals` disagrees with `solution`, names no square of the board, or is a
        key the family does not write (empty when the hint is sound)."""
        raise self._not_able("check_hint")

    def hint_names(self, reveals: dict) -> HintNames:
        """What a hint's words must name for its `reveals`: the read-back checks the printed
        text names every one of these squares and words."""
        raise self._not_able("hint_names")

    def draw_hint(self, ink: Ink, puzzle: dict, hint: Hint, box: GridBox) -> None:
        """The hint's figure: the board's outline with only the squares the step reasons on."""
        raise self._not_able("draw_hint")

    def hint_tally(self, puzzle: dict, solution: dict, hint: Hint) -> dict[str, str | int]:
        """What the hints benchmark counts of a hint besides its technique, by name (how
        the family's hint chose its step). Default: nothing."""
        return {}

    def _not_able(self, slot: str) -> NotImplementedError:
        return NotImplementedError(f"{self.name} declares no {slot} (its ability is off)")

    # --- its benchmark ---------------------------------------------------------------------
    @abc.abstractmethod
    def bench(self, quick: bool) -> dict:
        """The family's section of `pipeline bench`: what it measures, by name. Usually
        bench.py's `run(quick)`."""


def check_record_with(record: dict, check_puzzle, check_solution) -> None:
    """The usual `check_record`: `check_puzzle(puzzle)` gives the board that
    `check_solution(board, solution)` checks a record's solution against (board.py's)."""
    board = check_puzzle(require(record, "puzzle", dict))
    if "solution" in record:
        check_solution(board, require(record, "solution", dict))


BEYOND = "beyond"  # what `rate` gives a board the top level's techniques do not finish

REQUIRED_ATTRIBUTES = ("name", "title", "version", "levels", "level_titles", "min_cell_mm")
ABILITIES = {"gives_hints": ("hint", "check_hint", "hint_names", "draw_hint"),
             "teaches": ("lessons", "draw_lesson")}
def _written_out(family: Family, method: str) -> bool:
    return getattr(type(family), method) is not getattr(Family, method)


def unimplemented_slots(family: Family) -> list[str]:
    """The declared slots `family` fails to provide: required attributes it lacks (a
    required method it lacks is abstract: the family cannot be made), and the methods of an
    ability it declares but does not write out (or writes out undeclared)."""
    missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(type(family), name)]
    if not (_written_out(family, "rules_text") or family.rules):
        missing.append("rules_text (or rules)")
    for flag, methods in ABILITIES.items():
        declared = bool(getattr(type(family), flag))
        for method in methods:
            if declared and not _written_out(family, method):
                missing.append(f"{method} ({flag} = True)")
            elif _written_out(family, method) and not declared:
                missing.append(f"{flag} (it implements {method})")
    return missing


class NearDuplicates(Protocol):
    """The earlier boards of one level, held so that a candidate is tested against all of them
    at once; `near` answers exactly as `Family.too_similar` over the same boards."""

    def sketch(self, puzzle: dict) -> Any:
        """What the test needs of a board: small, picklable, made where the board is made."""

    def near(self, sketch: Any) -> bool: ...

    def add(self, sketch: Any) -> None: ...

    def mark(self) -> Any:
        """Where the index stands now, for `near_since`."""

    def near_since(self, sketch: Any, mark: Any) -> bool:
        """`near` against only the boards added after `mark`."""

    def load(self, puzzles: Iterable[dict]) -> None:
        """The earlier boards of a catalog, in key order."""

    # For an index whose sketches are worth keeping in the catalog (loading them is much
    # quicker than parsing every puzzle): the tag every stored text starts with; None for an
    # index that stores nothing (then `stored` and `load_stored` are never called).
    STORED_FORM: str | None

    def stored(self, sketch: Any) -> str:
        """The sketch as the catalog keeps it (starts with STORED_FORM)."""

    def load_stored(self, texts: Iterable[str]) -> None:
        """The same boards as `load`, from their stored texts."""


def stored_sketch(index: "NearDuplicates | None", sketch: Any) -> str | None:
    """What the catalog keeps of a new board's sketch: None when the level has no index or
    its index stores nothing."""
    if index is None or index.STORED_FORM is None:
        return None
    return index.stored(sketch)


def load_index(index: NearDuplicates, catalog, family: str, level: str) -> None:
    """A level's earlier boards into `index`: from the sketches the catalog keeps when the
    index stores them, the rest (boards added by an older version, or in another form) from
    their puzzles, stored for the next load."""
    if index.STORED_FORM is None:
        index.load(catalog.puzzles(family, level))
        return
    stored, missing = catalog.sketches(family, level, index.STORED_FORM)
    made = [(puzzle_id, index.stored(index.sketch(puzzle))) for puzzle_id, puzzle in missing]
    index.load_stored(stored + [text for _id, text in made])
    if made:
        catalog.store_sketches(family, level, made)


@dataclass
class PlainNearDuplicates:
    """`too_similar` over a list of the earlier puzzles: for families that keep no index."""

    STORED_FORM: ClassVar[None] = None   # nothing worth keeping in the catalog
    family: "Family"
    level: str
    earlier: list = field(default_factory=list)

    def sketch(self, puzzle: dict) -> dict:
        return puzzle

    def near(self, sketch: dict) -> bool:
        return self.family.too_similar(self.level, sketch, self.earlier)

    def add(self, sketch: dict) -> None:
        self.earlier.append(sketch)

    def mark(self) -> int:
        return len(self.earlier)

    def near_since(self, sketch: dict, mark: int) -> bool:
        return self.family.too_similar(self.level, sketch, self.earlier[mark:])

    def load(self, puzzles: Iterable[dict]) -> None:
        self.earlier.extend(puzzles)


_FAMILY_MODULES = {
    "starbattle": "pipeline.starbattle",
    "bridges": "pipeline.bridges",
    "connections": "pipeline.connections",
    "sudoku": "pipeline.sudoku",
    "kakuro": "pipeline.kakuro",
    "wordsearch": "pipeline.wordsearch",
    "fillin": "pipeline.fillin",
    "codeword": "pipeline.codeword",
    "nonogram": "pipeline.nonogram",
    "clued": "pipeline.clued",
}


def family_names() -> tuple[str, ...]:
    return tuple(_FAMILY_MODULES)


def family_module(name: str) -> str:
    """The package that holds family `name` (its modules have the names docs/families.md lists)."""
    get_family(name)  # an unknown name is an InputError
    return _FAMILY_MODULES[name]


def get_family(name: str) -> Family:
    if name not in _FAMILY_MODULES:
        raise InputError(f"unknown family {name!r} (known: {', '.join(_FAMILY_MODULES)})",
                         field="family")
    family = importlib.import_module(_FAMILY_MODULES[name]).FAMILY
    if not isinstance(family, Family):
        raise TypeError(f"{_FAMILY_MODULES[name]}.FAMILY is not a pipeline.family.Family")
    return family


def check_level(family: Family, level: str) -> None:
    if level not in family.levels:
        raise InputError(f"unknown {family.name} level {level!r} (known: {', '.join(family.levels)})",
                         field="level")
