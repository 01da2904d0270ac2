"""The rules every clue of the table is held to, whether the thesaurus build chose it or the
press wrote it: each rule a small function giving the reason an entry breaks it, or None.

    answer_problem(answer, language, difficulty, clue)   the answer alone: a word of the
                                            language, familiar enough for the difficulty, not
                                            offensive, not an abbreviation unless the clue
                                            says so
    clue_problem(answer, clue, language)    the pair: the clue fits a clue cell, is not
                                            offensive, shares no stem or compound part with
                                            the answer and does not contain it
    entry_problem(...)                      both, the first broken rule

Each reason starts with the rule's name (RULES), so the build counts its rejections per rule.
"""

from __future__ import annotations

import functools
import os
import re

from pipeline.engines import lexicon
from pipeline.errors import InputError

# Difficulty 1 to 3: how familiar the answer must be and how long it may be (the levels of
# a puzzle with clues: 1 the easiest). Zipf is wordfreq's scale: 3.0 is once per million words.
DIFFICULTIES = (1, 2, 3)
ZIPF_FLOOR = {1: 4.0, 2: 3.5, 3: 3.0}
LONGEST = {1: 8, 2: 10, 3: 12}
SHORTEST = 2
# Relations a clue can have to its answer, and the lowest difficulty each may be used at:
# a synonym from the easiest puzzle on, a broader term ("Baum" for EICHE) from 2, a
# definition from 3.
RELATIONS = {"synonym": 1, "broader": 2, "definition": 3}

# A clue cell of the smallest print size (a 13-column grid on an 8.5 inch trim at 7 pt) takes
# two lines of about ten characters for each of its two clues; hyphenation splits a long
# word. A clue of up to 20 characters in up to three words fits it.
MAX_CLUE_CHARS = 20
MAX_CLUE_WORDS = 3

# How a clue says its answer is an abbreviation, in each language's convention.
ABBREVIATION_MARKS = {"en": "abbr.", "de": "Abk.", "fr": "abr.", "es": "abr."}

# Snowball stemmers (PyStemmer) by language.
_STEMMER_NAMES = {"en": "english", "de": "german", "fr": "french", "es": "spanish"}

# Endings many unrelated words share: a common piece made of one of these alone is no
# compound part ("Freundschaft" and "Kameradschaft" are not one word inside the other).
SUFFIXES = {
    "en": ("ation", "ition", "ness", "ment", "ings", "less", "ically", "ative", "ities"),
    "de": ("schaft", "ungen", "keit", "heit", "igkeit", "lichkeit", "ieren", "ation", "ismus",
           "erung", "ierung", "lich", "isch", "chen"),
    "fr": ("ation", "ement", "ition", "issement", "ateur", "atrice", "ement", "iste", "ique",
           "ence", "ance", "ible", "able", "ment", "eur", "euse", "tion", "itude"),
    "es": ("acion", "amiento", "imiento", "mente", "ador", "adora", "iento", "ante", "ente",
           "ismo", "ista", "idad", "cion", "miento", "ancia", "encia"),
}
SHARED_PART = 5      # letters in common (outside SUFFIXES) that make two words one compound
ALIKE = 0.75         # difflib's similarity of two spellings that read as one word (MAMI, MAMA)
SHARED_PREFIX = 4    # the same first letters: one word's first part (WOHNhaus, WOHNgebäude)

RULES = ("form", "unfamiliar", "too long", "abbreviation", "offensive", "clue length",
         "shares a stem", "contains", "shares a part")

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def _rule(name: str, detail: str) -> str:
    return f"{name}: {detail}"


@functools.lru_cache(maxsize=4)
def _stemmer(language: str):
    import Stemmer

    return Stemmer.Stemmer(_STEMMER_NAMES[language])


@functools.lru_cache(maxsize=200_000)
def stems(text: str, language: str) -> frozenset[str]:
    """The Snowball stems of the words of `text` (lowercased; parts of a hyphenated word
    too)."""
    words = [w for w in re.split(r"[\s\-'’]+", text.lower()) if w]
    return frozenset(_stemmer(language).stemWords(words))


def words_of(text: str) -> list[str]:
    """The words of a clue (letters, with inner hyphens and apostrophes)."""
    return _WORD.findall(text)


def _grid(text: str, language: str) -> str | None:
    try:
        return lexicon.grid_spelling(text, language)
    except InputError:
        return None


def _longest_common(a: str, b: str) -> str:
    """The longest piece `a` and `b` have in common (difflib does the search)."""
    from difflib import SequenceMatcher

    match = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return a[match.a:match.a + match.size]


def _folded(word: str) -> str:
    """A word lowercased with its marks dropped (KRÄFTIG and KRAFTVOLL begin alike)."""
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFD", word.lower())
                   if not unicodedata.combining(ch))


# A number in Roman numerals (XII, XL): written with I, V, X, L and C (M and D would take
# words: MIX, DIM), two letters or more.
_ROMAN = re.compile(r"(?=[ivxlc]{2,}$)c{0,3}(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def _is_abbreviation(answer: str) -> bool:
    letters = [ch for ch in answer if ch.isalpha()]
    return ("." in answer or (len(letters) > 1 and all(ch.isupper() for ch in letters))
            or any(ch.isupper() for ch in letters[1:])     # AStA, GmbH
            or bool(_ROMAN.fullmatch(answer.lower()))
            or not re.search(r"[aeiouyäöüéèêàâáíóúîïôûœ]", answer.lower()))


def answer_problem(answer: str, language: str, difficulty: int, clue: str = "") -> str | None:
    """Why `answer` cannot be an answer at `difficulty`, or None."""
    if not re.fullmatch(r"[^\W\d_]+(?:[-'][^\W\d_]+)*\.?", answer):
        return _rule("form", f"{answer!r} is not one word of letters")
    grid = _grid(answer, language)
    if grid is None:
        return _rule("form", f"{answer!r} has a letter the {language} grid alphabet lacks")
    if _is_abbreviation(answer) and ABBREVIATION_MARKS[language] not in clue:
        return _rule("abbreviation", f"{answer!r} is an abbreviation and the clue does not "
                     f"say so ({ABBREVIATION_MARKS[language]!r})")
    if not SHORTEST <= len(grid) <= LONGEST[difficulty]:
        return _rule("too long", f"{grid} has {len(grid)} letters; difficulty {difficulty} "
                     f"takes {SHORTEST} to {LONGEST[difficulty]}")
    frequency = lexicon.zipf(answer.replace("-", " ") if "-" in answer else answer, language)
    if frequency < ZIPF_FLOOR[difficulty]:
        return _rule("unfamiliar", f"{answer!r} has Zipf {frequency:.1f}; difficulty "
                     f"{difficulty} needs {ZIPF_FLOOR[difficulty]}")
    if lexicon.is_offensive(grid, language):
        return _rule("offensive", f"{answer!r} is on the offensive list")
    return None


def clue_problem(answer: str, clue: str, language: str) -> str | None:
    """Why `clue` cannot clue `answer`, or None."""
    words = words_of(clue)
    if not words or len(clue) > MAX_CLUE_CHARS or len(words) > MAX_CLUE_WORDS:
        return _rule("clue length", f"{clue!r} is longer than {MAX_CLUE_CHARS} characters "
                     f"or {MAX_CLUE_WORDS} words")
    if len(words) == 1 and (len(words[0]) < 3 or _is_abbreviation(words[0])):
        return _rule("clue length", f"{clue!r} is a letter, a symbol or an abbreviation, "
                     "no clue")
    for word in words:
        grid = _grid(word, language)
        if grid is None:
            return _rule("form", f"{word!r} has a letter the {language} grid alphabet lacks")
        if lexicon.is_offensive(grid, language):
            return _rule("offensive", f"{word!r} is on the offensive list")
    shared = stems(answer, language) & stems(clue, language)
    if shared:
        return _rule("shares a stem", f"{clue!r} and {answer!r} share the stem "
                     f"{sorted(shared)[0]!r}")
    answer_grid = _grid(answer.rstrip("."), language) or answer.upper()
    clue_grid = "".join(_grid(word, language) for word in words)
    if answer_grid in clue_grid or clue_grid in answer_grid or any(
            len(w) >= 3 and (w in answer_grid or answer_grid in w)
            for w in (_grid(word, language) for word in words)):
        return _rule("contains", f"{clue!r} and {answer!r}: one contains the other")
    from difflib import SequenceMatcher

    for word in words:
        word_grid = _grid(word, language)
        if SequenceMatcher(None, answer_grid, word_grid).ratio() >= ALIKE:
            return _rule("shares a part", f"{clue!r} and {answer!r} are spelled alike")
        prefix = os.path.commonprefix([_folded(answer), _folded(word)])
        if len(prefix) >= SHARED_PREFIX:
            return _rule("shares a part", f"{clue!r} and {answer!r} both begin {prefix}")
        piece = _longest_common(answer_grid, word_grid)
        if len(piece) >= SHARED_PART and not any(
                piece.lower().endswith(_grid(s, language).lower()) and
                len(piece) - len(s) < 3 for s in SUFFIXES[language]):
            return _rule("shares a part", f"{clue!r} and {answer!r} share {piece}")
    return None


def entry_problem(answer: str, clue: str, relation: str, difficulty: int,
                  language: str) -> str | None:
    """The first rule the entry breaks, or None."""
    if relation not in RELATIONS:
        return _rule("form", f"relation {relation!r} is none of {', '.join(RELATIONS)}")
    if difficulty not in DIFFICULTIES:
        return _rule("form", f"difficulty {difficulty!r} is none of 1, 2, 3")
    if difficulty < RELATIONS[relation]:
        return _rule("form", f"a {relation} clue is used from difficulty "
                     f"{RELATIONS[relation]} on, not {difficulty}")
    return answer_problem(answer, language, difficulty, clue) or clue_problem(
        answer, clue, language)
