"""Making a word search from its key: a theme and its words, placed, the rest filled, every
candidate held to the whole contract before the independent checker proves it.

One attempt: choose a theme with enough words for the level, then words of it no one of which
is part of another (forwards or backwards), longest first; place each at a random start and
direction of the level (on levels that want shared letters, first through a letter already
in the grid), passing over a start whose letters would read a three-letter offensive word
across other words' letters; on an expert board plant decoys (a listed word's first letters elsewhere);
fill the rest with letters drawn from the board's own words, or, on a hidden-message board,
stop placing when the free cells number exactly the letters of one of the messages and write
it into them in reading order. Then the search (solve.py) finds every listed word, and the
offensive list is looked for in every line both ways: a filler cell that makes a second
appearance or an offensive word is drawn again, a few rounds; an attempt that cannot be
mended is dropped, and so is a board whose difficulty falls outside its level's band
(grade.py). Every random choice comes from the key's stream; the inner loops (placing, the
filler's letters, the scans of a candidate) run as numba kernels that draw from the same
stream, in the same order, as the Python they replace.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.keyed import KeyedStream, stream_below, stream_next, stream_shuffle
from pipeline.engines.lexicon import is_offensive, offensive_words
from pipeline.engines.worddata import data_files
from pipeline.wordsearch import verify
from pipeline.wordsearch.board import (LETTERS, STEPS, Placement, Theme, from_byte, load_theme,
                                       message_letters, messages, scan_bytes, themes)
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
CODES = LETTERS + 1     # a letter's code: A..Z 1..26, Ñ 27 (board.scan_bytes); 0 for no letter


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
    order = shuffled(stream, pool)
    chosen: list[tuple[str, str]] = []
    spellings: list[str] = []
    listed = ""             # the chosen spellings, "#" between: one search finds a word in any
    for word, spelling in order:
        backwards = spelling[::-1]
        if (spelling in listed or backwards in listed
                or any(map(spelling.__contains__, spellings))
                or any(map(backwards.__contains__, spellings))):
            continue
        chosen.append((word, spelling))
        spellings.append(spelling)
        listed += "#" + spelling
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
    return [pool[i] for i in stream.run(_pool_indices, len(pool), count).tolist()]


@njit(cache=True)
def _pool_indices(state, n, count):
    """`letters_from`'s positions in a pool of `n`: the low and the high half of each draw
    scaled to the pool (compiled: a board draws a hundred or more filler letters)."""
    out = np.empty(count + 1, dtype=np.int64)
    k = 0
    while k < count:
        x = stream_next(state)
        out[k] = ((x & 0xFFFF) * n) >> 16
        out[k + 1] = ((x >> 16) * n) >> 16
        k += 2
    return out[:count]


def shuffled(stream: KeyedStream, items) -> list:
    """The items in a keyed order: `KeyedStream.shuffle`'s Fisher-Yates, run compiled on
    their indices (the same draws, the same order)."""
    order = np.arange(len(items), dtype=np.int64)
    stream.run(stream_shuffle, order)
    return [items[i] for i in order.tolist()]


# --- placing --------------------------------------------------------------------------------------
# Placing is the generator's inner loop (a board's words try some 250 starts between them), so
# it runs compiled: the grid is an array of letter codes (0: a free cell), `filled` the cells
# written so far in the order written (its count in `filled_count[0]`), and the key's stream
# is carried as the kernel's state (pipeline/keyed.py) and draws exactly what the same steps
# in Python would, so a key gives the same board either way.
@njit(cache=True)
def _fits_at(grid, rows, cols, word, r, c, dr, dc, shared):
    """How many letters the word shares at (r, c) reading (dr, dc); -1 when it cannot go."""
    n = word.shape[0]
    end_r, end_c = r + dr * (n - 1), c + dc * (n - 1)
    if not (0 <= r < rows and 0 <= c < cols and 0 <= end_r < rows and 0 <= end_c < cols):
        return -1
    overlap = 0
    step = dr * cols + dc
    cell = r * cols + c
    for k in range(n):
        held = grid[cell]
        if held != 0:
            if held != word[k] or not shared:
                return -1
            overlap += 1
        cell += step
    return overlap if overlap < n else -1


@njit(cache=True)
def _write_at(grid, cols, word, r, c, dr, dc, filled, filled_count):
    cell, step = r * cols + c, dr * cols + dc
    for k in range(word.shape[0]):
        if grid[cell] == 0:
            filled[filled_count[0]] = cell
            filled_count[0] += 1
        grid[cell] = word[k]
        cell += step


@njit(cache=True)
def _short_across(grid, rows, cols, short, filled, since, until, r, c, dr, dc, n):
    """Whether the letters just written (cells `filled[since:until]`) complete a run of
    three, in any line, that reads a three-letter offensive word (`short`: by letter code,
    base CODES, either way) and is not the new word's own letters (POT in POTATO is the word
    itself; POT read down three words that lie side by side is chance, and avoidable). A run
    of three written cells none of them new was there before, and was judged then."""
    for k in range(since, until):
        cell = filled[k]
        row, col = cell // cols, cell % cols
        for axis in range(4):
            ar = 0 if axis == 0 else (1 if axis < 3 else -1)
            ac = 0 if axis == 1 else 1
            for back in range(3):
                r0, c0 = row - ar * back, col - ac * back
                r2, c2 = r0 + 2 * ar, c0 + 2 * ac
                if not (0 <= r0 < rows and 0 <= c0 < cols and 0 <= r2 < rows
                        and 0 <= c2 < cols):
                    continue
                code = 0
                whole = True
                for j in range(3):
                    held = grid[(r0 + j * ar) * cols + c0 + j * ac]
                    if held == 0:
                        whole = False
                        break
                    code = code * CODES + held - 64
                if not whole or not short[code]:
                    continue
                if (ar == dr and ac == dc) or (ar == -dr and ac == -dc):
                    # along the new word's line: its own letters when all three are in it
                    own = True
                    for j in range(3):
                        wr, wc = r0 + j * ar, c0 + j * ac
                        i = (wr - r) * dr if dr != 0 else (wc - c) * dc
                        if not (0 <= i < n and wr == r + i * dr and wc == c + i * dc):
                            own = False
                    if own:
                        continue
                return True
    return False


@njit(cache=True)
def _start_range(length, size, step):
    if step > 0:
        return 0, size - length
    if step < 0:
        return length - 1, size - 1
    return 0, size - 1


@njit(cache=True)
def _place_word(state, grid, rows, cols, word, steps, shared, cross_every, first,
                filled, filled_count, cross_tries, place_tries, short):
    """A start for the word, written into `grid`: (row, col, direction index), the index -1
    when none is found. Unless it is the first word, one draw decides (one in `cross_every`)
    whether starts through a letter already in the grid are tried first, as a digit of one
    draw each (the cell of `filled`, the direction, which of the word's copies of the
    letter); then random starts, each a direction, a row and a column from one draw (a
    draw's mixed-radix digits: `digits` below)."""
    n = word.shape[0]
    directions = steps.shape[0]
    cross = (not first) and stream_below(state, cross_every) == 0
    if cross and shared and filled_count[0] > 0:
        for _ in range(cross_tries):
            x = stream_next(state)
            pick = x % filled_count[0]
            x //= filled_count[0]
            d = x % directions
            x //= directions
            choice = x % n
            cell = filled[pick]
            letter = grid[cell]
            copies = 0
            for k in range(n):
                if word[k] == letter:
                    copies += 1
            if copies == 0:
                continue
            wanted = choice % copies
            at = -1
            for k in range(n):
                if word[k] == letter:
                    if wanted == 0:
                        at = k
                        break
                    wanted -= 1
            dr, dc = steps[d, 0], steps[d, 1]
            r, c = cell // cols - dr * at, cell % cols - dc * at
            if (_fits_at(grid, rows, cols, word, r, c, dr, dc, True) > 0
                    and _written(grid, rows, cols, word, r, c, dr, dc, filled, filled_count,
                                 short)):
                return r, c, d
    for _ in range(place_tries):
        x = stream_next(state)
        d = x % directions
        x //= directions
        r = x % rows
        x //= rows
        c = x % cols
        dr, dc = steps[d, 0], steps[d, 1]
        r_lo, r_hi = _start_range(n, rows, dr)
        c_lo, c_hi = _start_range(n, cols, dc)
        if r_hi < r_lo or c_hi < c_lo:
            continue
        r = r_lo + r % (r_hi - r_lo + 1)
        c = c_lo + c % (c_hi - c_lo + 1)
        if (_fits_at(grid, rows, cols, word, r, c, dr, dc, shared) >= 0
                and _written(grid, rows, cols, word, r, c, dr, dc, filled, filled_count,
                             short)):
            return r, c, d
    return 0, 0, -1


@njit(cache=True)
def _written(grid, rows, cols, word, r, c, dr, dc, filled, filled_count, short):
    """Write the word at a start it fits; False, with the grid as it was, when its letters
    and the words' already there would read a three-letter offensive word across them
    (`_short_across`): the start is then passed over like one the word does not fit."""
    since = filled_count[0]
    _write_at(grid, cols, word, r, c, dr, dc, filled, filled_count)
    if not _short_across(grid, rows, cols, short, filled, since, filled_count[0], r, c, dr,
                         dc, word.shape[0]):
        return True
    for k in range(since, filled_count[0]):
        grid[filled[k]] = 0
    filled_count[0] = since
    return False


@functools.lru_cache(maxsize=None)
def _steps(directions: tuple[str, ...]) -> np.ndarray:
    return np.array([STEPS[d] for d in directions], dtype=np.int64)


def _word_codes(spelling: str) -> np.ndarray:
    return np.frombuffer(scan_bytes(spelling), dtype=np.uint8).astype(np.int64)


def _fits(grid, rows, cols, spelling, r, c, dr, dc, shared: bool) -> int:
    """How many letters the word shares at (r, c) reading (dr, dc); -1 when it cannot go
    (`grid` a list of letters, None for a free cell: the decoys' grid)."""
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


def _write(grid, cols, spelling, r, c, dr, dc) -> None:
    cell, step = r * cols + c, dr * cols + dc
    for letter in spelling:
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
def _code(text: str) -> int:
    value = 0
    for code in scan_bytes(text):
        value = value * CODES + code - 64
    return value


@functools.lru_cache(maxsize=None)
def offensive_tables(language: str) -> tuple[np.ndarray, dict, np.ndarray]:
    """What the search looks for in the forward lines of a `language` grid, as lookup tables
    by letter code: the
    first four letters of every long offensive word read either way (with each head's
    words), and every three-letter one read either way."""
    heads = np.zeros(CODES ** 4, dtype=bool)
    short = np.zeros(CODES ** 3, dtype=bool)
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


@njit(cache=True)
def _readings(text, flat, offsets):
    """How many times each spelling (`flat[offsets[w]:offsets[w + 1]]`, ASCII codes) reads in
    the joined lines (`text`, ASCII codes), forwards and backwards, a palindrome once each
    place; a reading that overlaps another (ANA twice in ANANA) counts. The text's positions
    are sorted by letter first, so a spelling is tried only where its first letter stands."""
    n = text.shape[0]
    begins = np.zeros(257, dtype=np.int64)
    for i in range(n):
        begins[text[i] + 1] += 1
    for ch in range(256):
        begins[ch + 1] += begins[ch]
    at = begins[:256].copy()
    positions = np.empty(n, dtype=np.int64)
    for i in range(n):
        positions[at[text[i]]] = i
        at[text[i]] += 1
    words = offsets.shape[0] - 1
    out = np.zeros(words, dtype=np.int64)
    for w in range(words):
        a, b = offsets[w], offsets[w + 1]
        length = b - a
        palindrome = True
        for j in range(length // 2):
            if flat[a + j] != flat[b - 1 - j]:
                palindrome = False
                break
        for backwards in range(1 if palindrome else 2):
            first = flat[b - 1] if backwards else flat[a]
            for k in range(begins[first], begins[first + 1]):
                p = positions[k]
                if p + length > n:
                    continue
                same = True
                for j in range(1, length):
                    want = flat[b - 1 - j] if backwards else flat[a + j]
                    if text[p + j] != want:
                        same = False
                        break
                if same:
                    out[w] += 1
    return out


def _spelling_codes(spellings: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The spellings as one array of ASCII codes and where each starts (and the last ends)."""
    flat = np.frombuffer(scan_bytes("".join(spellings)), dtype=np.uint8)
    offsets = np.zeros(len(spellings) + 1, dtype=np.int64)
    np.cumsum([len(s) for s in spellings], out=offsets[1:])
    return flat, offsets


def faults(cells, rows, cols, placements, spellings, own_runs, fixed,
           language: str = LANGUAGE) -> list[set[int]]:
    """The runs of cells that break the contract: a second appearance of a listed word, an
    offensive word, a three-letter one reaching a filler cell (one not in `fixed`, the cells
    whose letters were not chosen freely; None: every cell, as on a hidden-message board). Empty when none; each run is a set of cells."""
    text = joined_text(cells, rows, cols)
    codes = _text_codes(text)
    where = line_order(rows, cols)[1]
    found: list[set[int]] = []
    readings = _readings(codes, *_spelling_codes(spellings)).tolist()
    for placement, spelling, own, count in zip(placements, spellings, own_runs, readings):
        if count == 1:
            continue     # its one reading is its own placement, which the text holds
        for hit in sorted(occurrences(text, where, spelling, cols)):
            run = set(_cells_of(hit, len(spelling), cols))
            if run != own:
                found.append(run)
    heads, by_head, short = offensive_tables(language)
    long_hits, short_hits = _offensive_starts(codes, heads, short)
    for start in long_hits.tolist():
        for form in by_head[text[start:start + 4]]:
            if text.startswith(form, start):
                found.append({where[start + i][0] for i in range(len(form))})
    for start in short_hits.tolist():
        run = {where[start + i][0] for i in range(3)}
        if fixed is not None and not run <= fixed:
            found.append(run)
    return found


def _text_codes(text: str) -> np.ndarray:
    return np.frombuffer(scan_bytes(text), dtype=np.uint8)


@njit(cache=True)
def _offensive_starts(text, heads, short):
    """Where in the joined lines (ASCII codes) a run of four letters starts that begins a
    long offensive word (`heads`), and where a three-letter one reads (`short`), both by
    letter code in base CODES (A..Z 1..26, Ñ 27, anything else 0), in order."""
    n = text.shape[0]
    long_hits = np.empty(n, dtype=np.int64)
    short_hits = np.empty(n, dtype=np.int64)
    n_long = n_short = 0
    a = b = c = 0                 # the codes of the last three characters, oldest first
    for i in range(n):
        ch = text[i]
        d = ch - 64 if 65 <= ch <= 64 + LETTERS else 0
        code3 = (b * CODES + c) * CODES + d
        if i >= 2 and short[code3]:
            short_hits[n_short] = i - 2
            n_short += 1
        if i >= 3 and heads[a * CODES ** 3 + code3]:
            long_hits[n_long] = i - 3
            n_long += 1
        a, b, c = b, c, d
    return long_hits[:n_long], short_hits[:n_short]


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
        sample = shuffled(stream, pool)
        sample = sorted(sample[:count + MESSAGE_SPARE], key=lambda ws: -len(ws[1]))
        chosen = choose_words(stream, sample[:count + 2], count)
    else:
        chosen = choose_words(stream, list(pool), count)
    chosen.sort(key=lambda ws: -len(ws[1]))
    codes = np.zeros(rows * cols, dtype=np.int64)
    placements: list[Placement] = []
    spellings: list[str] = []
    message = None
    cross_every = 2 if level.shared == "quarter" else 4
    shared = level.shared != "none"
    steps = _steps(level.directions)
    filled = np.zeros(rows * cols, dtype=np.int64)
    filled_count = np.zeros(1, dtype=np.int64)
    state = stream.state()
    for index, (word, spelling) in enumerate(chosen):
        r, c, d = _place_word(state, codes, rows, cols, _word_codes(spelling), steps, shared,
                              cross_every, index == 0, filled, filled_count, CROSS_TRIES,
                              PLACE_TRIES, offensive_tables(level.language)[2])
        if d < 0:
            continue
        placements.append(Placement(word, r, c, level.directions[d]))
        spellings.append(spelling)
        if level.message and len(placements) >= level.fewest_words:
            stream.set_state(state)
            message = message_for(stream, rows * cols - int(filled_count[0]),
                                  MESSAGE_PARTS[level.name])
            state = stream.state()
            if message is not None:
                break
    stream.set_state(state)
    if len(placements) < level.fewest_words or (level.message and message is None):
        return None
    grid: list = [from_byte(code) if code else None for code in codes.tolist()]
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

