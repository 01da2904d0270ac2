"""Word lists: the data files in `data/`, read once, indexed for the filler and the solvers.

`common.txt` holds "WORD ZIPF" lines (the fill list with each word's frequency on the Zipf
scale), `dictionary.txt` one word a line (the large dictionary). A layout may name a fill list
of its own in either form (`read_own_list`, held to more than ours are: no word twice, none
offensive); a bad line is one `InputError` naming the file and the line.

An index keeps, for each word length, the words in a fixed order and one bit set (a Python
int, bit k for word k) per position and letter: the words of that length with that letter
there. A slot's candidates are then a bit set too, narrowed by AND.
"""

from __future__ import annotations

import functools
import re
import string
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline.errors import InputError
from pipeline.engines.lexicon import is_offensive

DATA = Path(__file__).resolve().parent / "data"
COMMON = DATA / "common.txt"
DICTIONARY = DATA / "dictionary.txt"
LANGUAGES = ("en", "de", "fr", "es")   # the languages the lists are built in (wordlists_build)
LETTERS = string.ascii_uppercase
SHORTEST, LONGEST = 3, 15
ANY_FLOOR = 9.0  # the frequency of a word listed without one: above any floor
WELL_FORMED = re.compile(r"(?:[A-Z]{3,15}(?: [0-9]+\.[0-9])?\n)+")


@dataclass(frozen=True, eq=False)
class LengthIndex:
    """The words of one length: `words[k]` is bit k; `at[i][letter]` the words with `letter`
    at position i; `everything` all of them. Hashed by identity, so tables derived from one
    index can be cached against it."""

    words: tuple[str, ...]
    at: tuple[dict[str, int], ...]
    everything: int


@dataclass(frozen=True, eq=False)
class PackedIndex:
    """The index as arrays for compiled code, every length padded to the longest list:
    `at[n, i, k]` the words of length n with letter k (of `LETTERS`) at position i, as
    `chunks[n]` 64-bit words of bits (the rest zero); `everything[n]` all words of length n;
    `codes[n, w, i]` the letter number at position i of word w of length n."""

    at: np.ndarray
    everything: np.ndarray
    chunks: np.ndarray
    codes: np.ndarray

    def words_of(self, mask: int) -> np.ndarray:
        """A bit set (a Python int, as `LengthIndex` keeps them) as one row of chunks."""
        width = self.everything.shape[1]
        return np.frombuffer(mask.to_bytes(8 * width, "little"), np.uint64).copy()


@dataclass(frozen=True)
class WordIndex:
    by_length: dict[int, LengthIndex]

    @functools.cached_property
    def packed(self) -> PackedIndex:
        """The same bit sets as arrays, made once an index (the filler's compiled search)."""
        longest = max(self.by_length, default=SHORTEST)
        most = max((len(index.words) for index in self.by_length.values()), default=1)
        width = (most + 63) // 64
        at = np.zeros((longest + 1, longest, len(LETTERS), width), np.uint64)
        everything = np.zeros((longest + 1, width), np.uint64)
        chunks = np.zeros(longest + 1, np.int64)
        codes = np.zeros((longest + 1, most, longest), np.uint8)
        for n, index in self.by_length.items():
            letters = np.frombuffer("".join(index.words).encode("ascii"),
                                    np.uint8).reshape(-1, n) - ord("A")
            codes[n, :len(index.words), :n] = letters
            chunks[n] = (len(index.words) + 63) // 64
            everything[n] = _chunked(np.ones(len(index.words), bool), width)
            for i in range(n):
                for k in range(len(LETTERS)):
                    at[n, i, k] = _chunked(letters[:, i] == k, width)
        return PackedIndex(at, everything, chunks, codes)

    def of_length(self, n: int) -> LengthIndex:
        return self.by_length.get(n) or LengthIndex((), tuple({} for _ in range(n)), 0)

    def __contains__(self, word: str) -> bool:
        index = self.by_length.get(len(word))
        if index is None:
            return False
        mask = index.everything
        for i, letter in enumerate(word):
            mask &= index.at[i].get(letter, 0)
            if not mask:
                return False
        return True

    @property
    def size(self) -> int:
        return sum(len(index.words) for index in self.by_length.values())


def common_list(language: str = "en") -> Path:
    """The fill list of `language`: `common.txt` for English, `common-<language>.txt` else."""
    return COMMON if language == "en" else DATA / f"common-{language}.txt"


def dictionary_list(language: str = "en") -> Path:
    """The large dictionary of `language`, as `common_list` names it."""
    return DICTIONARY if language == "en" else DATA / f"dictionary-{language}.txt"


# --- reading lists -----------------------------------------------------------------------------

def read_list(path: Path) -> dict[str, float]:
    """A word list file: one word a line, optionally followed by its Zipf frequency (absent:
    taken as common enough for any floor). Words are 3 to 15 letters A-Z, any case."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the word list: {error}", file=str(path)) from None
    if WELL_FORMED.fullmatch(text):  # the common case, read at C speed
        pairs = [line.split(" ") for line in text.splitlines()]
        return {pair[0]: float(pair[1]) if len(pair) == 2 else ANY_FLOOR for pair in pairs}
    words: dict[str, float] = {}
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        word = parts[0].upper()
        if not (SHORTEST <= len(word) <= LONGEST and set(word) <= set(LETTERS)):
            raise InputError(f"{parts[0]!r} is not a word of 3 to 15 letters A-Z",
                             file=str(path), line=number, field="word")
        if len(parts) > 2:
            raise InputError("expected a word and at most a Zipf frequency", file=str(path),
                             line=number, field="word")
        try:
            zipf = float(parts[1]) if len(parts) == 2 else ANY_FLOOR
        except ValueError:
            raise InputError(f"{parts[1]!r} is not a number", file=str(path), line=number,
                             field="zipf") from None
        words[word] = zipf
    if not words:
        raise InputError("no words", file=str(path), field="word")
    return words


def read_own_list(path: Path) -> dict[str, float]:
    """A layout's own word list: one word a line, optionally followed by its Zipf frequency,
    blank lines and lines starting with `#` ignored. One line naming the file, the line and
    the field for a word not of 3 to 15 letters A-Z, a word twice, an offensive word or an
    inflection of one (pipeline/engines/lexicon.py), a frequency that is not a number; a list with no
    word names the file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such word list", file=str(path), field="words") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the word list: {error}", file=str(path),
                         field="words") from None
    words: dict[str, float] = {}
    first_line: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue

        def fail(message: str, field: str = "word") -> InputError:
            return InputError(message, file=str(path), line=number, field=field)

        word = parts[0].upper()
        if not SHORTEST <= len(word) <= LONGEST:
            raise fail(f"{parts[0]!r} has {len(word)} letters, not {SHORTEST} to {LONGEST}")
        strange = sorted(set(word) - set(LETTERS))
        if strange:
            raise fail(f"{parts[0]!r} holds {', '.join(map(repr, strange))}: a grid writes "
                       "the letters A-Z only")
        if len(parts) > 2:
            raise fail("expected a word and at most a Zipf frequency")
        if word in first_line:
            raise fail(f"{parts[0]!r} appears twice (first on line {first_line[word]})")
        if is_offensive(word):
            raise fail(f"{parts[0]!r} is on the offensive-word list, or an inflection of a "
                       "word on it")
        try:
            zipf = float(parts[1]) if len(parts) == 2 else ANY_FLOOR
        except ValueError:
            raise fail(f"{parts[1]!r} is not a number", "zipf") from None
        first_line[word] = number
        words[word] = zipf
    if not words:
        raise InputError("the word list has no words", file=str(path), field="word")
    return words


def index_words(words) -> WordIndex:
    """The index of `words` (any iterable of capital-letter words), in sorted order. The bit
    sets are packed with numpy: building them bit by bit costs seconds on the dictionary."""
    grouped: dict[int, list[str]] = {}
    for word in sorted(set(words)):
        grouped.setdefault(len(word), []).append(word)
    by_length = {}
    for n, group in grouped.items():
        letters = np.frombuffer("".join(group).encode("ascii"), np.uint8).reshape(-1, n)
        at = []
        for i in range(n):
            column = letters[:, i]
            at.append({letter: _packed(column == ord(letter)) for letter in LETTERS})
        by_length[n] = LengthIndex(tuple(group), tuple(at), (1 << len(group)) - 1)
    return WordIndex(by_length)


def _chunked(flags: np.ndarray, width: int) -> np.ndarray:
    """Flags as `width` 64-bit words of bits, flag k bit k."""
    raw = np.packbits(flags, bitorder="little").tobytes()
    return np.frombuffer(raw.ljust(8 * width, b"\0"), np.uint64)


def _packed(flags: np.ndarray) -> int:
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


@functools.lru_cache(maxsize=8)
def fill_index(floor: float, path: str = str(COMMON)) -> WordIndex:
    """The fill list's words of Zipf `floor` and above, indexed."""
    return index_words(w for w, z in read_list(Path(path)).items() if z >= floor)


@functools.lru_cache(maxsize=2)
def dictionary_words(path: str = str(DICTIONARY)) -> frozenset[str]:
    return frozenset(read_list(Path(path)))


@functools.lru_cache(maxsize=2)
def dictionary_index(path: str = str(DICTIONARY)) -> WordIndex:
    return index_words(dictionary_words(path))
