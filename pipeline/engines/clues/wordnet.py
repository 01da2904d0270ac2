"""What the English build reads from WordNet's own data files (Debian wordnet-base), which
the LibreOffice thesaurus made from it leaves out: how often each sense of a word is used,
which words WordNet writes only as names, and the hypernyms of concrete things.

The files are read as wndb(5WN) describes them:

    index.<pos>   lemma pos synset_cnt p_cnt [ptr_symbol ...] sense_cnt tagsense_cnt
                  synset_offset ...        (the senses in order of use: the first
                                            tagsense_cnt of them were met in the tagged
                                            texts, the rest never)
    data.<pos>    offset lex_filenum ss_type w_cnt word lex_id ... p_cnt
                  [ptr_symbol offset pos source/target ...] ... | gloss
"""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path

FOLDER = Path("/usr/share/wordnet")
PARTS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}

# Lexicographer files of things a solver can see or hold (wndb(5WN), lexnames(5WN)): their
# broader terms are the ones crossword clues use ("tree" for OAK, "bird" for ROBIN, "tool"
# for HAMMER); the broader terms of the other files are abstract (ACTIVITY for HIDING, AREA
# for PATIO) and were refused when read.
CONCRETE = {5: "noun.animal", 6: "noun.artifact", 8: "noun.body", 13: "noun.food",
            20: "noun.plant"}
# A word of more senses than this (all parts of speech) is no concrete thing first of all.
MOST_SENSES = 4


@dataclass(frozen=True)
class Synset:
    key: tuple[str, int]                 # (part of speech, offset)
    lexfile: int                         # lex_filenum
    words: tuple[str, ...]               # as WordNet writes them, "_" read as a space
    hypernyms: tuple[tuple[str, int], ...]
    gloss: str                           # its definition, before the first ";" (examples
                                         # and further senses follow it)


@dataclass(frozen=True)
class Senses:
    synsets: tuple[tuple[str, int], ...]  # a lemma's senses in one part of speech, by use
    tagged: int                           # how many of the first were met in tagged texts

    def used(self, key: tuple[str, int]) -> bool:
        """Whether the sense is one people use: met in the tagged texts, or the lemma's
        first sense where none of its senses was met."""
        return key in self.synsets[:max(1, self.tagged)]


def _word(raw: str) -> str:
    return re.sub(r"\(.*\)$", "", raw).replace("_", " ")


def synsets(folder: Path | None = None) -> dict[tuple[str, int], Synset]:
    """{(part of speech, offset): its Synset} (a satellite adjective read as an adjective)."""
    return _synsets(folder or FOLDER)


def senses(folder: Path | None = None) -> dict[tuple[str, str], Senses]:
    """{(lemma lowercased, part of speech): its Senses}."""
    return _senses(folder or FOLDER)


@functools.lru_cache(maxsize=4)
def _synsets(folder: Path) -> dict[tuple[str, int], Synset]:
    if not (folder / "data.noun").is_file():
        sys.exit(f"{folder / 'data.noun'} is missing: apt-get install wordnet-base")
    found = {}
    for part, pos in PARTS.items():
        for line in (folder / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ")[0].split()
            count = int(fields[3], 16)
            words = tuple(_word(w) for w in fields[4:4 + 2 * count:2])
            rest = fields[4 + 2 * count:]
            pointers = [rest[1 + 4 * i:5 + 4 * i] for i in range(int(rest[0]))]
            hypernyms = tuple((p[2], int(p[1])) for p in pointers if p[0] == "@")
            ss_pos = "a" if fields[2] == "s" else fields[2]
            gloss = line.partition(" | ")[2].split(";")[0].strip()
            found[(ss_pos, int(fields[0]))] = Synset((ss_pos, int(fields[0])),
                                                     int(fields[1]), words, hypernyms, gloss)
    return found


@functools.lru_cache(maxsize=4)
def _senses(folder: Path) -> dict[tuple[str, str], Senses]:
    found = {}
    for part, pos in PARTS.items():
        for line in (folder / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            pointers = int(fields[3])
            tagged = int(fields[5 + pointers])
            offsets = tuple((pos, int(o)) for o in fields[6 + pointers:])
            found[(fields[0].replace("_", " "), pos)] = Senses(offsets, tagged)
    return found


def names(folder: Path | None = None) -> frozenset[str]:
    """English words WordNet writes only with a capital (names: Keaton, Cheddar as the
    village): mythes-en-us lowercases its headwords, WordNet's data files keep the case."""
    capital, lower = set(), set()
    for synset in synsets(folder).values():
        for word in synset.words:
            (capital if word[:1].isupper() else lower).add(word.lower())
    return frozenset(capital - lower)


def used_together(answer: str, clue: str, folder: Path | None = None) -> bool:
    """Whether some synset holds both words in a sense each of them is used in (a sense met
    in the tagged texts, or the word's first): FOOTER and PEDESTRIAN share a synset, but no
    one calls a pedestrian a footer."""
    index = senses(folder)
    for pos in PARTS.values():
        a, c = index.get((answer.lower(), pos)), index.get((clue.lower(), pos))
        if a and c and any(a.used(key) and c.used(key) for key in a.synsets if key in
                           c.synsets):
            return True
    return False


def broader_terms(lemma: str, levels: int, folder: Path | None = None) -> list[str]:
    """The names of the hypernyms of a noun's first sense, nearest first, up to `levels`
    levels up, where the noun names a concrete thing (is_concrete) and so does the hypernym
    (OAK: "tree", then "woody plant"); [] otherwise. A synset's first word is the name
    WordNet gives it first (FLUTE's hypernym is "woodwind", not its third word "wood")."""
    if not is_concrete(lemma, folder):
        return []
    table = synsets(folder)
    terms, layer = [], [senses(folder)[(lemma.lower(), "n")].synsets[0]]
    for _ in range(levels):
        layer = [h for key in layer for h in table[key].hypernyms]
        terms += [table[key].words[0] for key in layer if table[key].lexfile in CONCRETE]
    return terms


def is_concrete(lemma: str, folder: Path | None = None) -> bool:
    """Whether a word names a concrete thing first of all: its first noun sense is in a
    CONCRETE file, it has at most MOST_SENSES senses in all (KEY, HOOK, LINE name many other
    things), no other part of speech of it is used more than the noun (DRINK, BEHIND) nor is
    there one beside a noun never met in the tagged texts (ANTERIOR, an adjective), and
    its first sense is first by use: met in the tagged texts, or its only sense (NUTMEG's
    senses, the tree and the spice, were never met: their order says nothing)."""
    index = senses(folder)
    noun = index.get((lemma.lower(), "n"))
    others = [index[(lemma.lower(), pos)] for pos in "var" if (lemma.lower(), pos) in index]
    return bool(noun and synsets(folder)[noun.synsets[0]].lexfile in CONCRETE
                and (noun.tagged or len(noun.synsets) == 1)
                and len(noun.synsets) + sum(len(o.synsets) for o in others) <= MOST_SENSES
                and all(o.tagged <= noun.tagged for o in others)
                and (noun.tagged or not others))


def definitions(lemma: str, folder: Path | None = None) -> list[tuple[str, str]]:
    """(part of speech, gloss) of a word's first sense in its main part of speech (the one
    with most senses met in the tagged texts), where that sense was met: the sense a solver
    thinks of first (MOUTH the noun, not "express in speech"; BIG the adjective, not
    "extremely well")."""
    index = senses(folder)
    found = [(entry.tagged, pos) for pos in PARTS.values()
             if (entry := index.get((lemma.lower(), pos))) and entry.tagged]
    if not found:
        return []
    _, pos = max(found, key=lambda item: item[0])     # the first part of speech on a tie
    return [(pos, synsets(folder)[index[(lemma.lower(), pos)].synsets[0]].gloss)]
