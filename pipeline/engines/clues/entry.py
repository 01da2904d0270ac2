"""One entry of the clue table (`Clue`), the sources an entry may name, and an entry made
from its fields as a file writes them."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engines import lexicon
from pipeline.engines.clues import rules
from pipeline.errors import InputError

# Where each source came from and what its licence asks a printed book to carry.
SOURCES = {
    "mythes-de": ("OpenThesaurus (Debian mythes-de), www.openthesaurus.de", "GNU LGPL"),
    "mythes-fr": ("LibreOffice French thesaurus thes_fr (Debian mythes-fr)",
                  "GNU LGPL 2.1 or later"),
    "mythes-es": ("LibreOffice Spanish thesaurus th_es_ES (Debian mythes-es)",
                  "GNU LGPL 2.1"),
    "mythes-en-us": ("LibreOffice English thesaurus th_en_US, made from WordNet 3.0 "
                     "(Debian mythes-en-us; WordNet data from wordnet-base)",
                     "WordNet 3.0 licence (Princeton University)"),
    "press": ("the press's own entries (press/<language>.txt)", "the press's own"),
}


@dataclass(frozen=True)
class Clue:
    """One entry of the table."""

    answer: str        # as the language prints it ("Größe", "été")
    grid: str          # as its grid writes it (GROESSE, ETE): lexicon.grid_spelling
    text: str          # the clue as printed
    relation: str      # "synonym", "broader" or "definition"
    difficulty: int    # 1 to 3: the lowest puzzle difficulty it serves
    source: str        # a key of SOURCES


def make_clue(answer: str, text: str, relation: str, difficulty: str, source: str,
              language: str, *, where: tuple[str, int]) -> Clue:
    """An entry from its fields as written, checked for form (not for the clue rules)."""
    path, number = where
    if relation not in rules.RELATIONS:
        raise InputError(f"relation {relation!r} is none of {', '.join(rules.RELATIONS)}",
                         file=path, line=number, field="relation")
    if difficulty not in {str(d) for d in rules.DIFFICULTIES}:
        raise InputError(f"difficulty {difficulty!r} is none of 1, 2, 3", file=path,
                         line=number, field="difficulty")
    if source not in SOURCES:
        raise InputError(f"source {source!r} is none of {', '.join(SOURCES)}", file=path,
                         line=number, field="source")
    try:
        grid = lexicon.grid_spelling(answer, language)
    except InputError as error:
        raise InputError(error.message, file=path, line=number, field="answer") from None
    if not text.strip():
        raise InputError("no clue text", file=path, line=number, field="clue")
    return Clue(answer, grid, text, relation, int(difficulty), source)
