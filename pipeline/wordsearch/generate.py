"""Making a word search from its key: a theme and its words, placed, the rest filled, every
candidate held to the whole contract before the independent checker proves it.

One attempt: choose a theme with enough words for the level, then words of it no one of which
is part of another (forwards or backwards), longest first; place each at a random start and
direction of the level (on levels that want shared letters, first through a letter already
in the grid); on an expert board plant decoys (a listed word's first letters elsewhere);
fill the rest with letters drawn from the board's own words, or, on a hidden-message board,
stop placing when the free cells number exactly the letters of one of the messages and write
it into them in reading order. Then the search (solve.py) finds every listed word, and the
offensive list is looked for in every line both ways: a filler cell that makes a second
appearance or an offensive word is drawn again, a few rounds; an attempt that cannot be
mended is dropped. Every random choice comes from the key's stream.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.keyed import KeyedStream
from pipeline.lexicon import is_offensive, offensive_words
from pipeline.worddata import data_files
from pipeline.wordsearch import verify
from pipeline.wordsearch.board import (STEPS, Placement, Theme, load_theme, message_letters,
                                       messages, themes)
from pipeline.wordsearch.grade import (DECOY_LETTERS, EXPERT_DECOYS, LEVEL_BY_NAME, Level,
                                       grade_record, level_of, measure)
from pipeline.wordsearch.solve import joined_text, line_order, occurrences

ATTEMPTS = 200          # attempts a key may spend before it is given up
PLACE_TRIES = 60        # random starts tried for one word
CROSS_TRIES = 24        # starts through a letter already in the grid, first, where shared
REPAIR_ROUNDS = 8       # rounds of redrawing filler cells
MESSAGE_WORD = 5        # hidden-message boards list only words this long or longer
MESSAGE_SPARE = 8       # ... the longest of a sample this much larger than the board needs
MESSAGE_PARTS = {"hidden-message-hard": 2, "hidden-message-expert": 3}   # sayings a message is made of
MESSAGE_TRIES = 12      # messages of the right length tried in one grid
SPARE_DECOYS = 4        # planted beyond EXPERT_DECOYS: a repair may cost one
LANGUAGE = "en"         # the hidden messages' language (the message levels are English)


@dataclass(frozen=True)
class Board:
    letters: list
    placements: list      # Placement, in the order placed
    spellings: list
    message: str | None
    theme: str            # the theme's title, as printed


# --- the word lists ------------------------------------------------------------------------------
def usable(theme: Theme, level: Level) -> list[tuple[str, str]]:
    """(printed, spelling) of the theme's words that fit the level's grid."""
    longest = min(level.rows, level.cols)
    shortest = MESSAGE_WORD if level.message else 3
    return [(w, s) for w, s in zip(theme.words, theme.spellings)
            if shortest <= len(s) <= longest]


def fewest_usable(level: Level) -> int:
    """The usable words a theme needs for a level: its fewest words and two to spare (a word
    that will not fit, a word inside another)."""
    return level.fewest_words + 2


def usable_themes(level: Level, given) -> tuple[tuple[Theme, tuple], ...]:
    """The themes of `given` with enough words for a level, each with its usable words."""
    out = []
    for theme in given:
        words = usable(theme, level)
        if len(words) >= fewest_usable(level):
            out.append((theme, tuple(words)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def level_themes(level_name: str) -> tuple[tuple[Theme, tuple], ...]:
    """The shipped themes with enough words for a level, each with its usable words."""
    level = LEVEL_BY_NAME[level_name]
    return usable_themes(level, themes(level.language))


def own_themes(path: Path, level_name: str) -> tuple[tuple[Theme, tuple], ...]:
    """A layout's own theme file (or folder of them) for a level, as `level_themes` gives
    the shipped ones. One-line errors, naming the file and the line, for an empty theme, a
    word with a character the level's alphabet lacks, a word twice, an offensive word, and a
    theme with too few words the level's grid can hold."""
    level = LEVEL_BY_NAME[level_name]
    files = data_files(path)
    read = tuple(load_theme(file, level.language) for file in files)
    for file, theme in zip(files, read):
        for word, spelling in zip(theme.words, theme.spellings):
            if is_offensive(spelling, level.language):
                raise InputError(f"{word!r} is on the offensive-word list", file=str(file),
                                 line=_line_of(file, word), field="word")
        fitting = len(usable(theme, level))
        if fitting < fewest_usable(level):
            shortest = MESSAGE_WORD if level.message else 3
            raise InputError(f"only {fitting} of its words have {shortest} to "
                             f"{min(level.rows, level.cols)} letters; boards of level "
                             f"{level.name} need a theme of at least {fewest_usable(level)}",
                             file=str(file), field="word")
    return usable_themes(level, read)


def _line_of(file: Path, word: str) -> int | None:
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip().upper() == word:
            return number
    return None


def choose_words(stream: KeyedStream, pool: list, count: int) -> list[tuple[str, str]]:
    """Up to `count` words of the pool in a keyed order, none part of another either way."""
    order = list(pool)
    stream.shuffle(order)
    chosen: list[tuple[str, str]] = []
    for word, spelling in order:
        backwards = spelling[::-1]
        if any(spelling in s or backwards in s or s in spelling or s in backwards
               for _w, s in chosen):
            continue
        chosen.append((word, spelling))
        if len(chosen) == count:
            break
    return chosen


@functools.lru_cache(maxsize=None)
def message_pairs() -> dict[int, tuple[tuple[int, int], ...]]:
    """Pairs of different messages (by index) by their letters together."""
    lengths = [len(message_letters(m, LANGUAGE)) for m in messages(LANGUAGE)]
    table: dict[int, list] = {}
    for i, a in enumerate(lengths):
        for j, b in enumerate(lengths):
            if i != j:
                table.setdefault(a + b, []).append((i, j))
    return {n: tuple(pairs) for n, pairs in table.items()}


def message_for(stream: KeyedStream, free: int, parts: int) -> str | None:
    """A message of exactly `free` letters made of `parts` (2 or 3) different sayings or
    facts, keyed; None when no such combination exists. A board's words cover all but a
    hundred or more cells (docs/wordsearch.md), more than one short saying fills."""
    said = messages(LANGUAGE)
    pairs = message_pairs()
    if parts == 2:
        found = pairs.get(free)
        if not found:
            return None
        i, j = found[stream.below(len(found))]
        return f"{said[i]} {said[j]}"
    lengths = [len(message_letters(m, LANGUAGE)) for m in said]
    first = stream.below(len(said))
    for step in range(len(said)):
        k = (first + step) % len(said)
        found = [(i, j) for i, j in pairs.get(free - lengths[k], ()) if k not in (i, j)]
        if found:
            i, j = found[stream.below(len(found))]
            return f"{said[k]} {said[i]} {said[j]}"
    return None


# --- drawing from the stream ---------------------------------------------------------------------
def digits(stream: KeyedStream, *sizes: int) -> list[int]:
    """Several small uniform choices from one draw of the stream: the draw's mixed-radix
    digits in `sizes` (their product stays under 2**16, so the largest bias of a digit is
    under 2**-16; a board's one or two thousand choices would otherwise each cost a draw)."""
    x = stream.next_u32()
    out = []
    for size in sizes:
        x, digit = divmod(x, size)
        out.append(digit)
    return out


def letters_from(stream: KeyedStream, pool: str, count: int) -> list[str]:
    """`count` letters drawn from `pool` (with repeats), two from each draw of the stream."""
    n = len(pool)
    out = []
    while len(out) < count:
        x = stream.next_u32()
        out.append(pool[((x & 0xFFFF) * n) >> 16])
        out.append(pool[((x >> 16) * n) >> 16])
    return out[:count]


# --- placing --------------------------------------------------------------------------------------
def _fits(grid, rows, cols, spelling, r, c, dr, dc, shared: bool) -> int:
    """How many letters the word shares at (r, c) reading (dr, dc); -1 when it cannot go."""
    end_r, end_c = r + dr * (len(spelling) - 1), c + dc * (len(spelling) - 1)
    if not (0 <= r < rows and 0 <= c < cols and 0 <= end_r < rows and 0 <= end_c < cols):
        return -1
    overlap = 0
    step = dr * cols + dc
    cell = r * cols + c
    for letter in spelling:
        held = grid[cell]
        if held is not None:
            if held != letter or not shared:
                return -1
            overlap += 1
        cell += step
    return overlap if overlap < len(spelling) else -1


def _start_ranges(length: int, size: int, step: int) -> tuple[int, int]:
    if step > 0:
        return 0, size - length
    if step < 0:
        return length - 1, size - 1
    return 0, size - 1


def place_word(stream, grid, rows, cols, spelling, level: Level, cross: bool, filled: list):
    """A (row, col, direction) for the word, writing it into `grid`; None when none is found.
    With `cross`, starts through a letter already in the grid (`filled`: the cells written
    so far, in order) are tried first."""
    shared = level.shared != "none"
    directions = level.directions
    if cross and shared and filled:
        for _ in range(CROSS_TRIES):
            pick, d, choice = digits(stream, len(filled), len(directions), len(spelling))
            cell = filled[pick]
            letter = grid[cell]
            if letter not in spelling:
                continue
            index = [i for i, ch in enumerate(spelling) if ch == letter]
            at = index[choice % len(index)]
            direction = directions[d]
            dr, dc = STEPS[direction]
            r, c = cell // cols - dr * at, cell % cols - dc * at
            if _fits(grid, rows, cols, spelling, r, c, dr, dc, True) > 0:
                _write(grid, cols, spelling, r, c, dr, dc, filled)
                return r, c, direction
    for _ in range(PLACE_TRIES):
        d, r, c = digits(stream, len(directions), rows, cols)
        direction = directions[d]
        dr, dc = STEPS[direction]
        r_lo, r_hi = _start_ranges(len(spelling), rows, dr)
        c_lo, c_hi = _start_ranges(len(spelling), cols, dc)
        if r_hi < r_lo or c_hi < c_lo:
            continue
        r = r_lo + r % (r_hi - r_lo + 1)
        c = c_lo + c % (c_hi - c_lo + 1)
        if _fits(grid, rows, cols, spelling, r, c, dr, dc, shared) >= 0:
            _write(grid, cols, spelling, r, c, dr, dc, filled)
            return r, c, direction
    return None


def _write(grid, cols, spelling, r, c, dr, dc, filled=None) -> None:
    cell, step = r * cols + c, dr * cols + dc
    for letter in spelling:
        if filled is not None and grid[cell] is None:
            filled.append(cell)
        grid[cell] = letter
        cell += step


def plant_decoys(stream, grid, rows, cols, spellings, wanted: int) -> None:
    """Write `wanted` partial spellings (a word's first DECOY_LETTERS to all-but-one letters)
    into free cells, in any of the eight directions."""
    long_words = [s for s in spellings if len(s) > DECOY_LETTERS]
    directions = tuple(STEPS)
    planted = 0
    for _ in range(wanted * 12):
        if planted == wanted or not long_words:
            return
        pick, extra, d = digits(stream, len(long_words), 8, len(directions))
        word = long_words[pick]
        head = word[:DECOY_LETTERS + extra % (len(word) - DECOY_LETTERS)]
        direction = directions[d]
        dr, dc = STEPS[direction]
        r, c = digits(stream, rows, cols)
        if _fits(grid, rows, cols, head, r, c, dr, dc, False) == 0:
            _write(grid, cols, head, r, c, dr, dc)
            planted += 1


# --- the contract, on a candidate ------------------------------------------------------------------
_CODE = np.zeros(256, dtype=np.int32)    # A..Z -> 1..26, anything else (the separator) 0
_CODE[65:91] = np.arange(1, 27)


def _gram_codes(text: str, n: int) -> np.ndarray:
    """The code of every run of `n` characters of `text`, base 27."""
    a = _CODE[np.frombuffer(text.encode("ascii"), dtype=np.uint8)]
    codes = a[:len(a) - n + 1].copy()
    for k in range(1, n):
        codes = codes * 27 + a[k:len(a) - n + 1 + k]
    return codes


def _code(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 27 + ord(ch) - 64
    return value


@functools.lru_cache(maxsize=None)
def offensive_tables(language: str) -> tuple[np.ndarray, dict, np.ndarray]:
    """What the search looks for in the forward lines of a `language` grid, as lookup tables
    by letter code: the
    first four letters of every long offensive word read either way (with each head's
    words), and every three-letter one read either way."""
    heads = np.zeros(27 ** 4, dtype=bool)
    short = np.zeros(27 ** 3, dtype=bool)
    by_head: dict[str, list[str]] = {}
    for word in sorted(offensive_words(language)):
        for form in (word, word[::-1]):
            if len(word) == 3:
                short[_code(form)] = True
            elif len(word) >= 4:
                heads[_code(form[:4])] = True
                by_head.setdefault(form[:4], []).append(form)
    return heads, {h: tuple(ws) for h, ws in by_head.items()}, short


def _cells_of(hit: tuple[int, int, str], length: int, cols: int) -> list[int]:
    r, c, direction = hit
    dr, dc = STEPS[direction]
    return [(r + i * dr) * cols + c + i * dc for i in range(length)]


def faults(cells, rows, cols, placements, spellings, own_runs, fixed,
           language: str = LANGUAGE) -> list[set[int]]:
    """The runs of cells that break the contract: a second appearance of a listed word, an
    offensive word, a three-letter one reaching a filler cell (one not in `fixed`, the cells
    whose letters were not chosen freely; None: every cell, as on a hidden-message board). Empty when none; each run is a set of cells."""
    text = joined_text(cells, rows, cols)
    where = line_order(rows, cols)[1]
    found: list[set[int]] = []
    for placement, spelling, own in zip(placements, spellings, own_runs):
        for hit in sorted(occurrences(text, where, spelling, cols)):
            run = set(_cells_of(hit, len(spelling), cols))
            if run != own:
                found.append(run)
    heads, by_head, short = offensive_tables(language)
    for start in np.flatnonzero(heads[_gram_codes(text, 4)]).tolist():
        for form in by_head[text[start:start + 4]]:
            if text.startswith(form, start):
                found.append({where[start + i][0] for i in range(len(form))})
    for start in np.flatnonzero(short[_gram_codes(text, 3)]).tolist():
        run = {where[start + i][0] for i in range(3)}
        if fixed is not None and not run <= fixed:
            found.append(run)
    return found


# --- one attempt -------------------------------------------------------------------------------------
def attempt(stream: KeyedStream, level: Level, words: int | None = None,
            options: tuple | None = None) -> Board | None:
    """One try at a board of `level` (with exactly `words` words when given: the benchmark's
    fixed count) from the themes of `options` (`usable_themes`; None: the shipped ones);
    None when it cannot be completed or mended."""
    rows, cols = level.rows, level.cols
    options = level_themes(level.name) if options is None else options
    theme, pool = options[stream.below(len(options))]
    if words is not None:
        count = words
    elif level.message:
        count = level.most_words
    else:
        count = level.fewest_words + stream.below(level.most_words - level.fewest_words + 1)
    if level.message:
        # the longest of a keyed sample of the theme: the words must cover all but a short
        # message's worth of the grid
        sample = list(pool)
        stream.shuffle(sample)
        sample = sorted(sample[:count + MESSAGE_SPARE], key=lambda ws: -len(ws[1]))
        chosen = choose_words(stream, sample[:count + 2], count)
    else:
        chosen = choose_words(stream, list(pool), count)
    chosen.sort(key=lambda ws: -len(ws[1]))
    grid: list = [None] * (rows * cols)
    placements: list[Placement] = []
    spellings: list[str] = []
    message = None
    cross_every = 2 if level.shared == "quarter" else 4
    filled: list[int] = []
    for index, (word, spelling) in enumerate(chosen):
        at = place_word(stream, grid, rows, cols, spelling, level,
                        cross=index > 0 and stream.below(cross_every) == 0, filled=filled)
        if at is None:
            continue
        placements.append(Placement(word, *at))
        spellings.append(spelling)
        if level.message and len(placements) >= level.fewest_words:
            message = message_for(stream, grid.count(None), MESSAGE_PARTS[level.name])
            if message is not None:
                break
    if len(placements) < level.fewest_words or (level.message and message is None):
        return None
    own_runs = [set(_cells_of((p.row, p.col, p.direction), len(s), cols))
                for p, s in zip(placements, spellings)]
    word_cells = set().union(*own_runs)
    if level.message:
        free = grid.count(None)
        for _ in range(MESSAGE_TRIES):
            letters = iter(message_letters(message, LANGUAGE))
            cells = [held if held is not None else next(letters) for held in grid]
            if not faults(cells, rows, cols, placements, spellings, own_runs, None, level.language):
                break
            message = message_for(stream, free, MESSAGE_PARTS[level.name])
        else:
            return None
    else:
        if level.decoys:
            plant_decoys(stream, grid, rows, cols, spellings, EXPERT_DECOYS + SPARE_DECOYS)
        pool_letters = "".join(spellings)
        fill = iter(letters_from(stream, pool_letters, grid.count(None)))
        cells = [held if held is not None else next(fill) for held in grid]
        for _round in range(REPAIR_ROUNDS):
            found = faults(cells, rows, cols, placements, spellings, own_runs, word_cells,
                           level.language)
            if not found:
                break
            for run in found:
                filler = sorted(run - word_cells)
                if not filler:
                    return None
                pick, letter = digits(stream, len(filler), len(pool_letters))
                cells[filler[pick]] = pool_letters[letter]
        else:
            return None
    letters = ["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)]
    return Board(letters, placements, spellings, message, theme.title)


def board_records(board: Board, level: Level) -> tuple[dict, dict]:
    puzzle = {"rows": level.rows, "cols": level.cols, "letters": board.letters,
              "words": sorted(p.word for p in board.placements),
              "directions": list(level.directions), "theme": board.theme,
              "language": level.language}
    if board.message is not None:
        puzzle["message"] = board.message
    order = sorted(board.placements, key=lambda p: p.word)
    return puzzle, {"placements": [p.to_record() for p in order]}


def generate(key: str, level_name: str, words: int | None = None,
             options: tuple | None = None) -> Generated:
    """A proven board of exactly `level_name` from the key's stream (`words`: a fixed word
    count, for the benchmark; `options`: a layout's own themes, as `own_themes` reads them)."""
    level = LEVEL_BY_NAME[level_name]
    stream = KeyedStream(key)
    for tries in range(1, ATTEMPTS + 1):
        board = attempt(stream, level, words, options)
        if board is not None and words is not None and len(board.placements) != words:
            continue
        if board is None:
            continue
        puzzle, solution = board_records(board, level)
        proof = verify.verify(puzzle, solution)
        if not proof["unique"]:
            raise CheckersDisagree(f"{key}: the checker rejects the board: "
                                   f"{'; '.join(proof['problems'][:3])}")
        measures = measure(puzzle, board.placements)
        if level_of(measures, level.language) != level.name:
            continue
        return Generated(puzzle, solution, grade_record(level.name, measures), proof, tries)
    raise GenerationFailed(f"{key}: no {level_name} board in {ATTEMPTS} attempts")

