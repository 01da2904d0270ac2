"""The word search board as a value: the eight directions, themes and messages read from their
text files, reading and validating records, symmetries and the dedupe form.

A board is a rows x cols grid of capital letters, a list of words printed beside it (each
hidden in the grid exactly once, along one of the level's directions), a theme and a
language; a hidden-message board also carries the message its unused letters spell.

Themes are plain text files a publisher can read and edit, one per theme, in
`themes/<language>/<slug>.txt` beside this module:

    title: Birds              the theme as printed (required, the first line)
    wordnet: bird.n.01        optional: the WordNet synset every word is a kind of (tests)
                              (several synsets, and "within" a wider one: tests/
                              test_wordsearch_themes.py, `category`)
    robin                     then one word or phrase a line, as printed in the list
    blue tit                  (spaces, hyphens and apostrophes are dropped in the grid)

Blank lines and lines starting with `#` are ignored. Hidden messages are in
`messages/<language>.txt`, one saying or fact a line. Every problem in a file is one
`InputError` naming the file, the line and the field.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pipeline.errors import InputError
from pipeline.engines.lexicon import LANGUAGES, alphabet, grid_spelling
from pipeline.records import require

# Compass points, rows growing downwards: "S" reads down the page.
STEPS = {"E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
         "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1)}
DIRECTIONS = tuple(STEPS)
DIRECTION_WORDS = {"E": "left to right", "S": "downwards", "SE": "down to the right",
                   "NE": "up to the right", "W": "right to left", "N": "upwards",
                   "NW": "up to the left", "SW": "down to the left"}
SHORTEST_WORD = 3   # letters in the grid
# The scans (the generator's kernels, the checker's offensive-word tables) read a grid's letters
# one byte each and number them from A: A-Z are their ASCII codes, and Ñ, the one grid letter
# beyond them (Spanish), takes the code after Z ("["), so it numbers 26 from A, after Z's 25.
LETTERS = 27                      # A-Z and Ñ
_ONE_BYTE = str.maketrans({"Ñ": "["})
_FROM_BYTE = {ord("["): "Ñ"}
THEME_FOLDER = "themes"
MESSAGE_FOLDER = "messages"


def scan_bytes(text: str) -> bytes:
    """A grid's letters (and the scans' separators) one byte each, as the scans read them."""
    return text.translate(_ONE_BYTE).encode("ascii")


def from_byte(code: int) -> str:
    """The grid letter of a scan's byte."""
    return _FROM_BYTE.get(code) or chr(code)


@dataclass(frozen=True)
class Theme:
    slug: str
    title: str
    language: str
    words: tuple[str, ...]        # as printed
    spellings: tuple[str, ...]    # as the grid writes them, in the same order
    wordnet: str | None = None    # a WordNet synset every word is a kind of, when one says so


@dataclass(frozen=True)
class Placement:
    word: str          # as printed
    row: int           # the first letter's cell
    col: int
    direction: str     # a compass point of STEPS

    def cells(self, length: int) -> tuple[tuple[int, int], ...]:
        dr, dc = STEPS[self.direction]
        return tuple((self.row + i * dr, self.col + i * dc) for i in range(length))

    def to_record(self) -> dict:
        return {"word": self.word, "row": self.row, "col": self.col,
                "direction": self.direction}


# --- themes and messages ---------------------------------------------------------------------
def read_theme(text: str, slug: str, language: str, filename: str) -> Theme:
    """A theme from its file's text; one-line errors for a missing title, an empty theme, a
    word with a character the language's grid alphabet lacks, a word too short, and a word
    that appears twice (as the grid writes it)."""
    title = wordnet = None
    words: list[str] = []
    spellings: list[str] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if title is None:
            if not line.startswith("title:") or not line[6:].strip():
                raise InputError("the first line must be 'title: <the theme as printed>'",
                                 file=filename, line=number, field="title")
            title = line[6:].strip()
            continue
        if line.startswith("wordnet:") and not words:
            wordnet = line[8:].strip()
            continue
        try:
            spelling = grid_spelling(line, language)
        except InputError as error:
            raise InputError(error.message, file=filename, line=number, field="word") from None
        if len(spelling) < SHORTEST_WORD:
            raise InputError(f"{line!r} has fewer than {SHORTEST_WORD} letters", file=filename,
                             line=number, field="word")
        if spelling in first_line:
            raise InputError(f"{line!r} appears twice (first on line {first_line[spelling]})",
                             file=filename, line=number, field="word")
        first_line[spelling] = number
        words.append(line.upper())
        spellings.append(spelling)
    if title is None or not words:
        raise InputError("the theme has no words", file=filename, field="word")
    return Theme(slug, title, language, tuple(words), tuple(spellings), wordnet)


def load_theme(path: Path | str, language: str = "en") -> Theme:
    """A theme file (a layout's own, or one of ours); one line naming it when it is missing."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such theme file", file=str(path), field="themes") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the theme file ({error})", file=str(path),
                         field="themes") from None
    return read_theme(text, path.stem, language, str(path))


@functools.lru_cache(maxsize=None)
def themes(language: str = "en") -> tuple[Theme, ...]:
    """Every theme shipped for `language`, in file-name order (boards depend on the order)."""
    if language not in LANGUAGES:
        raise InputError(f"unknown language {language!r}", field="language")
    folder = resources.files("pipeline.wordsearch").joinpath(THEME_FOLDER).joinpath(language)
    found = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".txt")),
                   key=lambda entry: entry.name)
    return tuple(read_theme(entry.read_text(encoding="utf-8"), entry.name[:-4], language,
                            f"{THEME_FOLDER}/{language}/{entry.name}") for entry in found)


@functools.lru_cache(maxsize=None)
def messages(language: str = "en") -> tuple[str, ...]:
    """The hidden messages shipped for `language`, one a line, as printed."""
    entry = resources.files("pipeline.wordsearch").joinpath(MESSAGE_FOLDER, f"{language}.txt")
    lines = [line.strip() for line in entry.read_text(encoding="utf-8").splitlines()]
    return tuple(line for line in lines if line and not line.startswith("#"))


def message_letters(message: str, language: str) -> str:
    """The letters of a message as the grid holds them (no spaces or punctuation)."""
    kept = "".join(ch for ch in message if ch.isalpha() or ch in " -'")
    return grid_spelling(kept, language)


# --- records -----------------------------------------------------------------------------------
def check_puzzle(puzzle: dict) -> None:
    """The puzzle record's fields and their shapes; InputError names the field."""
    rows = require(puzzle, "rows", int, "puzzle.")
    cols = require(puzzle, "cols", int, "puzzle.")
    if not 3 <= rows <= 40 or not 3 <= cols <= 40:
        raise InputError(f"a grid of {rows} x {cols} is not a word search (3 to 40)",
                         field="puzzle.rows")
    language = require(puzzle, "language", str, "puzzle.")
    if language not in LANGUAGES:
        raise InputError(f"unknown language {language!r}", field="puzzle.language")
    letters = require(puzzle, "letters", list, "puzzle.")
    if len(letters) != rows:
        raise InputError(f"{len(letters)} rows of letters, expected {rows}",
                         field="puzzle.letters")
    allowed = set(alphabet(language))
    for index, line in enumerate(letters):
        if not isinstance(line, str) or len(line) != cols:
            raise InputError(f"row {index} is not a string of {cols} letters",
                             field=f"puzzle.letters[{index}]")
        wrong = sorted(set(line) - allowed)
        if wrong:
            raise InputError(f"row {index} holds {wrong[0]!r}, not a capital letter of the "
                             f"{language} alphabet", field=f"puzzle.letters[{index}]")
    words = require(puzzle, "words", list, "puzzle.")
    if not words:
        raise InputError("no words", field="puzzle.words")
    seen = set()
    for index, word in enumerate(words):
        if not isinstance(word, str):
            raise InputError("not a string", field=f"puzzle.words[{index}]")
        try:
            spelling = grid_spelling(word, language)
        except InputError as error:
            raise InputError(error.message, field=f"puzzle.words[{index}]") from None
        if len(spelling) < SHORTEST_WORD:
            raise InputError(f"{word!r} has fewer than {SHORTEST_WORD} letters",
                             field=f"puzzle.words[{index}]")
        if spelling in seen:
            raise InputError(f"{word!r} is listed twice", field=f"puzzle.words[{index}]")
        seen.add(spelling)
    directions = require(puzzle, "directions", list, "puzzle.")
    if not directions or any(d not in STEPS for d in directions):
        raise InputError(f"directions must be compass points of {', '.join(DIRECTIONS)}",
                         field="puzzle.directions")
    if "theme" in puzzle:
        require(puzzle, "theme", str, "puzzle.")
    if "message" in puzzle:
        require(puzzle, "message", str, "puzzle.")
        try:
            message_letters(puzzle["message"], language)
        except InputError as error:
            raise InputError(error.message, field="puzzle.message") from None


def read_placements(puzzle: dict, solution: dict) -> list[Placement]:
    """The solution's placements, each inside the grid and naming a listed word."""
    placements = require(solution, "placements", list, "solution.")
    listed = set(puzzle["words"])
    out = []
    for index, entry in enumerate(placements):
        where = f"solution.placements[{index}]"
        if not isinstance(entry, dict):
            raise InputError("not an object", field=where)
        word = require(entry, "word", str, where + ".")
        row = require(entry, "row", int, where + ".")
        col = require(entry, "col", int, where + ".")
        direction = require(entry, "direction", str, where + ".")
        if word not in listed:
            raise InputError(f"{word!r} is not a listed word", field=where + ".word")
        if direction not in STEPS:
            raise InputError(f"{direction!r} is not a compass point", field=where + ".direction")
        length = len(grid_spelling(word, puzzle["language"]))
        dr, dc = STEPS[direction]
        last_row, last_col = row + dr * (length - 1), col + dc * (length - 1)
        # a straight run lies inside the grid when both its ends do
        if not (0 <= row < puzzle["rows"] and 0 <= col < puzzle["cols"]
                and 0 <= last_row < puzzle["rows"] and 0 <= last_col < puzzle["cols"]):
            raise InputError(f"{word!r} runs off the grid", field=where)
        out.append(Placement(word, row, col, direction))
    return out


def check_solution(puzzle: dict, solution: dict) -> None:
    placements = read_placements(puzzle, solution)
    words = [p.word for p in placements]
    if sorted(words) != sorted(puzzle["words"]):
        raise InputError("the placements do not name every listed word exactly once",
                         field="solution.placements")


# --- symmetries --------------------------------------------------------------------------------
def _transforms(letters: list[str]) -> list[list[str]]:
    """The grid under the symmetries of its rectangle (all eight for a square): a word search
    turned or mirrored is the same puzzle to solve."""
    rows = [list(line) for line in letters]
    shapes = []
    for grid in (rows, [line[::-1] for line in rows]):
        for _ in range(4):
            shapes.append(["".join(line) for line in grid])
            grid = [list(col) for col in zip(*grid[::-1])]   # a quarter turn
    same_shape = [s for s in shapes if len(s) == len(letters) and len(s[0]) == len(letters[0])]
    return same_shape


def dedupe_form(puzzle: dict) -> str:
    """The smallest of the grid's symmetric forms, with its sorted word list."""
    form = min("/".join(shape) for shape in _transforms(list(puzzle["letters"])))
    return form + "|" + ",".join(sorted(puzzle["words"]))


def word_set_form(puzzle: dict) -> str:
    """What two boards share when they repeat a theme's word set."""
    return f"{puzzle.get('theme', '')}|{','.join(sorted(puzzle['words']))}"


class WordSets:
    """The near-duplicate index of a level: a board is too similar to an earlier one when it
    lists exactly the same words of the same theme (`Family.near_duplicates`). Its sketches
    are kept in the catalog (a line of text each, quicker to load than the puzzles)."""

    STORED_FORM = "wordsets/1:"

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.index: set[str] = set()

    def sketch(self, puzzle: dict) -> str:
        return word_set_form(puzzle)

    def near(self, sketch: str) -> bool:
        return sketch in self.index

    def add(self, sketch: str) -> None:
        self.seen.append(sketch)
        self.index.add(sketch)

    def mark(self) -> int:
        return len(self.seen)

    def near_since(self, sketch: str, mark: int) -> bool:
        return sketch in self.seen[mark:]

    def load(self, puzzles) -> None:
        for puzzle in puzzles:
            self.add(word_set_form(puzzle))

    def stored(self, sketch: str) -> str:
        return self.STORED_FORM + sketch

    def load_stored(self, texts) -> None:
        for text in texts:
            self.add(text[len(self.STORED_FORM):])
