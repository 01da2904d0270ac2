"""Rebuilds the crossword engine's word lists (`data/common.txt`, `data/dictionary.txt`).

Run once, and again only to change what the lists hold:

    .venv/bin/python -m pipeline.engines.crossword.wordlists_build

The lists are data in the repository, so a board never depends on what a machine has
installed; this script says exactly where they came from and lets anyone rebuild them:

- spellings from Debian's `wamerican-large` and `wamerican-huge` word lists
  (/usr/share/dict/american-english-large, -huge). Those lists spell proper nouns with a
  capital and mark possessives with an apostrophe; a word is taken only in the form of
  lowercase letters a-z, so a name, a place, an abbreviation written in capitals or with dots
  and a possessive never gets in;
- frequencies from wordfreq through pipeline/engines/lexicon.py (Zipf scale: 3.0 is once per million words of running text);
- abbreviations dropped from the fill list as well: words without a vowel (tbs, nth), Roman
  numerals (xii), and the few spelled in lowercase that ABBREVIATIONS lists;
- offensive words dropped from both lists: whatever `lexicon.is_offensive` counts offensive in
  English (the project's one definition: the maintained lists, the press's own, and the plain
  inflections of their words).

`common.txt` ("WORD ZIPF", Zipf to one decimal, alphabetical): the fill list, words of 3 to 15
letters in the standard `wamerican` list (its larger siblings add many rare and clipped
forms: sci, dup, ger) with Zipf >= 2.5 (a layout or a level raises the floor: answers of a
letter-code puzzle need 3.0). `dictionary.txt`: the large dictionary a letter-code puzzle's uniqueness is
proven under (abbreviations left in: a solver who writes one in must not find a second answer):
every word of `common.txt`, every lowercase word of `wamerican-large`, and every
lowercase word of `wamerican-huge` that wordfreq knows at all (a frequency above zero).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from pipeline.engines import lexicon

STANDARD = Path("/usr/share/dict/american-english")
LARGE = Path("/usr/share/dict/american-english-large")
HUGE = Path("/usr/share/dict/american-english-huge")
DATA = Path(__file__).resolve().parent / "data"
SHORTEST, LONGEST = 3, 15
COMMON_FLOOR = 2.5
PLAIN = re.compile(r"[a-z]+")
VOWEL = re.compile(r"[aeiouy]")
ROMAN = re.compile(r"x{0,3}(ix|iv|v?i{0,3})")
# Abbreviations and clipped spellings the standard list spells in lowercase (found by reading
# its 3- and 4-letter words of Zipf >= 3.0 that have no inflected form in the list): not words
# a solver would accept in a grid.
ABBREVIATIONS = frozenset(
    "adv avg cal cis esp etc gov hoc hwy mpg mph pct rpm sox tbs tel tho tsp assn blvd chem "
    "comm dept govt situ tbsp thru yrs mos".split())


def lowercase_words(path: Path) -> set[str]:
    """The words a list spells in lowercase letters only (proper nouns are capitalised)."""
    words = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        word = line.strip()
        if PLAIN.fullmatch(word) and SHORTEST <= len(word) <= LONGEST:
            words.add(word)
    return words


def without_offensive(words: set[str]) -> set[str]:
    """`words` (lowercase) less those the project counts offensive in English."""
    offensive = set(lexicon.offensive_in((w.upper() for w in words), "en"))
    return {w for w in words if w.upper() not in offensive}


def build() -> tuple[list[str], list[str]]:
    if not all(path.is_file() for path in (STANDARD, LARGE, HUGE)):
        sys.exit("a Debian word list is missing: apt-get install wamerican wamerican-large "
                 "wamerican-huge")
    standard = {w for w in without_offensive(lowercase_words(STANDARD)) - ABBREVIATIONS
                if VOWEL.search(w) and not ROMAN.fullmatch(w)}
    large = without_offensive(lowercase_words(LARGE))
    huge = without_offensive(lowercase_words(HUGE))
    zipf = {w: lexicon.zipf(w, "en") for w in standard | large | huge}
    common = sorted(w for w in standard if zipf[w] >= COMMON_FLOOR)
    dictionary = sorted(set(common) | large | {w for w in huge if zipf[w] > 0})
    common_lines = [f"{w.upper()} {zipf[w]:.1f}" for w in common]
    return common_lines, [w.upper() for w in dictionary]


def main() -> None:
    common, dictionary = build()
    DATA.mkdir(exist_ok=True)
    (DATA / "common.txt").write_text("\n".join(common) + "\n")
    (DATA / "dictionary.txt").write_text("\n".join(dictionary) + "\n")
    print(f"common.txt {len(common)} words, dictionary.txt {len(dictionary)} words")


if __name__ == "__main__":
    main()
