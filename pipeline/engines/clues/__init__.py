"""The clue table: for each language, answers a grid can hold and the clues that may be
printed for them, shared by every puzzle with clues.

The whole API:

    table(language) -> ClueTable        the language's table: the thesaurus entries
                                        (data/<language>.tsv) with the press's own entries
                                        added and its blocks taken out (press/<language>.txt)
    ClueTable.answers(difficulty)       the grid forms with a clue at that difficulty or
                                        below, in order
    ClueTable.clues_for(grid, difficulty)   the entries of one answer (its grid form)
    ClueTable.answers_for(text, length, difficulty)
                                        the grid forms of `length` letters the clue text
                                        `text` is given to: a clue's candidates
    Clue                                one entry: answer as printed, its grid form, clue
                                        text, relation, difficulty, source
    credit(language) -> str             the credit line a copyright page prints, in the
                                        language, as the sources' licences ask
    how_made(language) -> str           how the clues were made, for a content declaration
    load(language, data=..., press=...) a table from other files (a publisher's own press
                                        file); InputError, one line, for a bad line

Difficulty is 1 to 3 (rules.py: how familiar the answer is, how long, and the relation);
an entry of difficulty d serves every puzzle of difficulty d and above. Relations:
"synonym", "broader" (a broader term, from 2), "definition" (from 3).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from pipeline.engines import lexicon
from pipeline.engines.clues.entry import SOURCES, Clue, make_clue
from pipeline.engines.clues.pressfile import EVERY, Block, read_press
from pipeline.errors import InputError

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
PRESS = HERE / "press"

CREDITS = {
    "de": "Rätselfragen zum Teil aus OpenThesaurus (www.openthesaurus.de), © Daniel Naber "
          "und die Mitwirkenden von OpenThesaurus, unter der GNU LGPL.",
    "fr": "Définitions tirées en partie du thésaurus français de LibreOffice, © Kevin "
          "Hendricks, Frédéric Labbé et Laurent Godard, sous licence GNU LGPL 2.1 ou "
          "ultérieure.",
    "es": "Definiciones tomadas en parte del tesauro español de LibreOffice, © Marcelo "
          "Garrone, bajo licencia GNU LGPL 2.1.",
    "en": "Clues drawn in part from WordNet 3.0, by way of the LibreOffice English "
          "thesaurus. WordNet 3.0 Copyright 2006 by Princeton University. All rights "
          "reserved.",
}
HOW_MADE = {
    "de": "Die Rätselfragen wurden nach festen Regeln aus offenen Thesauren ausgewählt und "
          "redaktionell ergänzt; keine wurde von einem Sprachmodell geschrieben.",
    "fr": "Les définitions ont été choisies selon des règles fixes dans des thésaurus libres "
          "et complétées par la rédaction ; aucune n'a été écrite par un modèle de langage.",
    "es": "Las definiciones se eligieron con reglas fijas de tesauros libres y las completó "
          "la redacción; ninguna fue escrita por un modelo de lenguaje.",
    "en": "The clues were chosen by fixed rules from open thesauri and edited by the press; "
          "none was written by a language model.",
}
FIELDS = ("answer", "clue", "relation", "difficulty", "source")


@dataclass(frozen=True)
class ClueTable:
    """A language's clue table, read-only; look-ups by grid form and by clue text."""

    language: str
    entries: tuple[Clue, ...]

    @functools.cached_property
    def _by_grid(self) -> dict[str, tuple[Clue, ...]]:
        grouped: dict[str, list[Clue]] = {}
        for entry in self.entries:
            grouped.setdefault(entry.grid, []).append(entry)
        return {grid: tuple(found) for grid, found in grouped.items()}

    @functools.cached_property
    def _by_text(self) -> dict[tuple[str, int], tuple[Clue, ...]]:
        grouped: dict[tuple[str, int], list[Clue]] = {}
        for entry in self.entries:
            grouped.setdefault((entry.text, len(entry.grid)), []).append(entry)
        return {key: tuple(found) for key, found in grouped.items()}

    def answers(self, difficulty: int = 3) -> tuple[str, ...]:
        """The grid forms with at least one clue of `difficulty` or below, in order."""
        return tuple(sorted(grid for grid, found in self._by_grid.items()
                            if any(e.difficulty <= difficulty for e in found)))

    def clues_for(self, grid: str, difficulty: int = 3) -> tuple[Clue, ...]:
        """The entries of the answer written `grid` that serve `difficulty`."""
        return tuple(e for e in self._by_grid.get(grid, ()) if e.difficulty <= difficulty)

    def answers_for(self, text: str, length: int, difficulty: int = 3) -> tuple[str, ...]:
        """Every grid form of `length` letters the table gives the clue `text` at
        `difficulty` or below: what a solver may write for that clue."""
        key = (text, length, difficulty)
        found = self._answers_for.get(key)
        if found is None:
            found = self._answers_for[key] = tuple(sorted(
                {e.grid for e in self._by_text.get((text, length), ())
                 if e.difficulty <= difficulty}))
        return found

    @functools.cached_property
    def _answers_for(self) -> dict[tuple[str, int, int], tuple[str, ...]]:
        return {}   # answers_for's answers, kept: every board's proof asks for each clue


def read_table(path: Path, language: str) -> list[Clue]:
    """The entries of a table file (tab-separated FIELDS, `#` comments); InputError naming
    the file, the line and the field of a malformed line."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != len(FIELDS):
            raise InputError(f"{len(fields)} fields, not {len(FIELDS)} ({', '.join(FIELDS)})",
                             file=str(path), line=number, field="line")
        answer, text, relation, difficulty, source = fields
        entries.append(make_clue(answer, text, relation, difficulty, source, language,
                                 where=(str(path), number)))
    return entries


def apply_press(entries: list[Clue], press: list, language: str) -> list[Clue]:
    """The entries with the press file's blocks taken out and its own entries added."""
    blocked_answers = {b.grid for b in press if isinstance(b, Block) and b.text is None}
    blocked_pairs = {(b.grid, b.text) for b in press if isinstance(b, Block) and b.text}
    blocked_broader = {b.text for b in press if isinstance(b, Block) and b.grid == EVERY}
    kept = [e for e in entries
            if e.grid not in blocked_answers and (e.grid, e.text) not in blocked_pairs
            and not (e.relation == "broader" and e.text in blocked_broader)]
    return kept + [e for e in press if isinstance(e, Clue)]


def load(language: str, data: Path | None = None, press: Path | None = None) -> ClueTable:
    """The table of `language` from a table file and a press file (default: the
    repository's)."""
    lexicon.alphabet(language)     # an unknown language, in one line
    data = data or DATA / f"{language}.tsv"
    press = press or PRESS / f"{language}.txt"
    entries = read_table(data, language)
    own = read_press(press, language, entries) if press.is_file() else []
    return ClueTable(language, tuple(apply_press(entries, own, language)))


@functools.lru_cache(maxsize=None)
def table(language: str) -> ClueTable:
    """The repository's clue table of `language`."""
    return load(language)


def credit(language: str) -> str:
    """The credit line for a copyright page of a book in `language`."""
    lexicon.alphabet(language)
    return CREDITS[language]


def how_made(language: str) -> str:
    """How the clues were made, in `language`, for an upload sheet's content declaration."""
    lexicon.alphabet(language)
    return HOW_MADE[language]
