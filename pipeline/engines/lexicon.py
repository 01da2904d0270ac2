"""Word data shared by the word families: how common a word is, which words are offensive, and
how a language's words are written in a letter grid.

The whole API:

    LANGUAGES                      languages a grid can be written in: ("en", "de", "fr", "es")
    alphabet(language) -> str      the letters a grid of that language prints, in order
    grid_spelling(word, language)  the word as a grid writes it (capitals of the alphabet, no
                                   spaces, hyphens or apostrophes); InputError naming the
                                   character the alphabet lacks
    zipf(word, language) -> float  the word's frequency on the Zipf scale (wordfreq: log10 of
                                   uses per billion words; 3.0 is about once per million, 0.0
                                   a word wordfreq does not know)
    offensive_words(language)      the offensive words a grid of that language must not show,
        -> frozenset               as grid spellings of two letters or more: every maintained
                                   list the project installs for English (better-profanity's,
                                   glin-profanity's) and the press's own English list, for
                                   every language; for German, French and Spanish also
                                   glin-profanity's list of that language and the press's own
    is_offensive(spelling,         whether a word is on that list or a listed word's plain
                 language) -> bool inflection (-S, -ES, -ING, -ED, -ER, -ERS): the project's one
                                   definition of offensive, which every grid, word list, theme
                                   and answer is held to
    offensive_in(words, language)  the words of `words` that are offensive, sorted: what a
        -> list                    word list is cleaned of and what its test looks for

How each language's puzzle books write words in a grid (the tables below):

- English: A-Z; spaces, hyphens and apostrophes dropped ("ICE CREAM" is ICECREAM).
- German: A-Z; umlauts as their two-letter forms (Ä AE, Ö OE, Ü UE) and ß as SS, as German
  crossword and puzzle books print them in capitals.
- French: A-Z; accents and the cedilla dropped (É E, À A, Ç C, Ï I, ...), the ligatures written
  out (Œ OE, Æ AE), as French grids (mots mêlés, mots fléchés) print capitals.
- Spanish: A-Z and Ñ, which is a letter of its own in Spanish grids (sopas de letras keep it);
  accents and the diaeresis dropped (Á A, É E, Í I, Ó O, Ú U, Ü U).

`zipf` answers for any language wordfreq ships. The offensive lists are read as data: the
maintained ones from the packages that keep them, never copied here, and the press's own from
`pipeline/engines/offensive/<language>.txt`, which hold the slurs those lists miss (MONG, for
one), each reviewed and noted. English words are read in German, French and Spanish grids too,
so the English lists apply to every language.
"""

from __future__ import annotations

import functools
import unicodedata
from importlib import resources

from pipeline.errors import InputError

LANGUAGES = ("en", "de", "fr", "es")

_LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHABETS = {"en": _LATIN, "de": _LATIN, "fr": _LATIN, "es": _LATIN[:14] + "Ñ" + _LATIN[14:]}
# Letters a language writes with more than the plain capital, before any accent is dropped.
_SPELLED_OUT = {
    "en": {},
    "de": {"Ä": "AE", "Ö": "OE", "Ü": "UE", "ẞ": "SS", "ß": "SS"},
    "fr": {"Œ": "OE", "Æ": "AE", "œ": "OE", "æ": "AE"},
    "es": {},
}
_KEPT = {"es": {"Ñ"}}             # letters kept whole: never stripped of their mark
_DROPPED = " -'’"                 # what a grid never prints between a word's letters


def _check_language(language: str) -> None:
    if language not in LANGUAGES:
        raise InputError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})",
                         field="language")


def alphabet(language: str) -> str:
    """The letters a grid of `language` prints, in alphabetical order."""
    _check_language(language)
    return _ALPHABETS[language]


@functools.lru_cache(maxsize=65536)
def grid_spelling(word: str, language: str) -> str:
    """`word` as a grid of `language` writes it; InputError naming a character the language's
    grid alphabet has no way to write."""
    _check_language(language)
    kept = _KEPT.get(language, set())
    letters = []
    for char in word.upper():
        if char in _DROPPED:
            continue
        if char in _SPELLED_OUT[language]:
            letters.append(_SPELLED_OUT[language][char])
            continue
        if char not in kept:
            # the base letter of an accented one (É is E plus an acute accent)
            char = unicodedata.normalize("NFD", char)[0] if language != "en" else char
        if char not in _ALPHABETS[language]:
            raise InputError(f"{word!r}: the {language} grid alphabet has no {char!r}",
                             field="word")
        letters.append(char)
    return "".join(letters)


def zipf(word: str, language: str) -> float:
    """The word's Zipf frequency in `language` (wordfreq's 'best' list)."""
    _check_language(language)
    from wordfreq import zipf_frequency
    return zipf_frequency(word, language)


# glin-profanity's dictionary of each language (a JSON file of its data).
_GLIN_DICTIONARIES = {"en": "english", "de": "german", "fr": "french", "es": "spanish"}
PRESS_LISTS = "offensive"     # the press's own lists: a package folder beside this module


@functools.lru_cache(maxsize=None)
def offensive_words(language: str = "en") -> frozenset[str]:
    """The offensive words a grid of `language` must not show, as grid spellings: the English
    lists for every language, with the language's own lists added."""
    _check_language(language)
    words = set(_better_profanity()) | _glin_offensive("en") | _press_offensive("en")
    if language != "en":
        words |= _glin_offensive(language) | _press_offensive(language)
    return frozenset(words)


def _listed_spellings(entries, language: str) -> frozenset[str]:
    """The grid spellings of a list's entries. An entry written with a digit or a sign
    standing for a letter ("a55", "$hit") is a spelling no letter grid shows: left out."""
    words = set()
    for entry in entries:
        try:
            spelling = grid_spelling(entry.strip(), language)
        except InputError:
            continue
        if len(spelling) >= 2:
            words.add(spelling)
    return frozenset(words)


@functools.lru_cache(maxsize=None)
def _glin_offensive(language: str) -> frozenset[str]:
    """glin-profanity's word list for `language` as that language's grid writes it."""
    import json

    name = f"data/dictionaries/{_GLIN_DICTIONARIES[language]}.json"
    entries = json.loads(resources.files("glin_profanity").joinpath(name).read_text(
        encoding="utf-8"))["words"]
    return _listed_spellings(entries, language)


@functools.lru_cache(maxsize=1)
def _better_profanity() -> frozenset[str]:
    """better-profanity's word list (English) as grid spellings."""
    text = resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text(
        encoding="utf-8")
    return _listed_spellings(text.splitlines(), "en")


def read_press_list(path, language: str) -> frozenset[str]:
    """A press list: one word a line as the language writes it, `#` starting a note, blank
    lines skipped. One line naming the file, the line and the field for a word the
    language's grid cannot write or a word given twice."""
    spellings: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        try:
            spelling = grid_spelling(word, language)
        except InputError as error:
            raise InputError(error.message, file=str(path), line=number, field="word") from None
        if len(spelling) < 2:
            raise InputError(f"{word!r} is shorter than two letters", file=str(path),
                             line=number, field="word")
        if spelling in spellings:
            raise InputError(f"{word!r} is listed twice (first on line {spellings[spelling]})",
                             file=str(path), line=number, field="word")
        spellings[spelling] = number
    return frozenset(spellings)


@functools.lru_cache(maxsize=None)
def _press_offensive(language: str) -> frozenset[str]:
    return read_press_list(resources.files(__package__).joinpath(PRESS_LISTS, f"{language}.txt"),
                           language)


# The plain English inflections of a listed word a grid or a word list must not show either:
# the list holds SEX and PEE, not SEXES and PEEING.
INFLECTIONS = ("S", "ES", "ING", "ED", "ER", "ERS")
SHORT_STEM = 3        # a listed word this short inflects only into forms rarer than itself
WORD_OF_ITS_OWN = 3.0  # Zipf: a stem + E this common is the word a form inflects (FATE: FATED)


def is_offensive(spelling: str, language: str = "en") -> bool:
    """Whether `spelling` (a word as a grid writes it) is on `language`'s offensive list, or
    a listed word with one of INFLECTIONS added: PEEING and SEXES are inflections of PEE
    and SEX. Not counted: a form that inflects another word (FATED, HIVES and WADING are of
    FATE, HIVE and WADE, common English words: the listed word with an E), and, for a listed
    word of three letters, a form at least as common as the word itself (wordfreq, English),
    which is a word of its own (SOBER, LENS)."""
    listed = offensive_words(language)
    if spelling in listed:
        return True
    for ending in INFLECTIONS:
        stem = spelling[:-len(ending)]
        if not spelling.endswith(ending) or len(stem) < SHORT_STEM or stem not in listed:
            continue
        if ending[0] in "EI" and zipf((stem + "E").lower(), "en") >= WORD_OF_ITS_OWN:
            continue
        if len(stem) > SHORT_STEM or zipf(spelling.lower(), "en") < zipf(stem.lower(), "en"):
            return True
    return False


def offensive_in(words, language: str = "en") -> list[str]:
    """The words of `words` (grid spellings) that are offensive in `language`, sorted."""
    return sorted(word for word in words if is_offensive(word, language))
