"""Making a clued crossword from its key: a British blocked pattern, a fill from the clue
table's answers, a clue for every answer, then the proof.

The pattern is the open European-style one of the crossword engine (blocks on every cell of
odd row and odd column, more where a word would be too long: about half of each word's letters
checked, half-turn symmetric, connected, words of three letters or more), filled by the
engine's filler from the answers the level's entries allow (pipeline/engines/clues). Each
answer then takes the plainest of its entries' clues: synonyms before broader terms before
definitions, then the lowest difficulty, then the clue that leaves the fewest candidates (the
table's answers of that clue text and length); never a clue printed twice, nor one with a
word that is an answer of the same grid (it would give that answer away). An answer left
with no such clue is the commonest way a fill fails (a word whose one clue names another
answer of the grid); the pattern is then filled again, at most REFILLS times, the stream going
on (so the search starts elsewhere) and that answer barred from its slot (so the fill cannot
come back to it). The board must be
of exactly its level as measured (grade.py), and the grader's solve (solve.py) must finish it
without a guess; the independent checker (verify.py) must then find this fill and no other,
or the key fails (CheckersDisagree).
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from pipeline.clued import verify
from pipeline.clued.board import numbered_slots
from pipeline.clued.grade import LEVEL_BY_NAME, grade_record, level_for
from pipeline.clued.solve import solve
from pipeline.engines import clues, lexicon
from pipeline.engines.crossword import fill as filler
from pipeline.engines.crossword.grid import lattice_pattern, layout
from pipeline.engines.crossword.words import LETTERS, WordIndex, index_words
from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.keyed import KeyedStream

ATTEMPTS = 60         # patterns tried for one board
REFILLS = 3           # fills of one pattern again, each with an answer left unclued barred
FILL_LETTERS = frozenset(LETTERS)
RELATION_ORDER = {"synonym": 0, "broader": 1, "definition": 2}


@functools.lru_cache(maxsize=None)
def answer_index(language: str, difficulty: int, longest: int) -> WordIndex:
    """The grid forms the level's entries clue, of 3 to `longest` letters, indexed to fill.
    The crossword engine fills with A to Z: a Spanish answer with Ñ (AÑO, NIÑO) is left out, so
    a Spanish grid never holds one rather than holding it misspelt as N."""
    return index_words(a for a in clues.table(language).answers(difficulty)
                       if 3 <= len(a) <= longest and set(a) <= FILL_LETTERS)


@functools.lru_cache(maxsize=None)
def clue_words(text: str, language: str) -> frozenset[str]:
    """The words of a clue as its grid would spell them."""
    out = set()
    for word in re.findall(r"\w+", text):
        try:
            out.add(lexicon.grid_spelling(word, language))
        except InputError:   # a character no grid writes: it can be no answer either
            continue
    return frozenset(out)


@functools.lru_cache(maxsize=None)
def ranked_clues(language: str, answer: str, difficulty: int) -> tuple:
    """The answer's entries serving `difficulty`, plainest first: synonyms before broader
    terms before definitions, then the lowest difficulty, then the clue that leaves the fewest
    candidates; each with the words of its text."""
    table = clues.table(language)
    ranked = sorted(table.clues_for(answer, difficulty),
                    key=lambda e: (RELATION_ORDER[e.relation], e.difficulty,
                                   len(table.answers_for(e.text, len(answer))), e.text))
    return tuple((entry, clue_words(entry.text, language)) for entry in ranked)


class Unclued(Exception):
    """Answer `position` (of the answers in clue order) has no clue left."""

    def __init__(self, position: int):
        super().__init__(position)
        self.position = position


def chosen_clues(table, difficulty: int, answers: list[str]) -> list:
    """One entry for each answer (in order), the plainest of its entries whose clue is not
    printed already and names no answer of the grid; Unclued when an answer has none left."""
    in_grid = set(answers)
    used: set[str] = set()
    chosen = []
    for position, answer in enumerate(answers):
        best = next((entry for entry, words in ranked_clues(table.language, answer, difficulty)
                     if entry.text not in used and not words & in_grid), None)
        if best is None:
            raise Unclued(position)
        used.add(best.text)
        chosen.append(best)
    return chosen


def puzzle_of(pattern, language: str, numbered, chosen) -> dict:
    listed = {"across": [], "down": []}
    for (number, direction, cells), entry in zip(numbered, chosen):
        listed[direction].append({"number": number, "cell": list(cells[0]),
                                  "length": len(cells), "text": entry.text})
    return {"rows": len(pattern), "cols": len(pattern[0]), "language": language,
            "grid": list(pattern), "clues": listed}


def solution_of(pattern, words: dict) -> dict:
    grid = [list(line) for line in pattern]
    for cells, word in words.items():
        for (r, c), letter in zip(cells, word):
            grid[r][c] = letter
    return {"grid": ["".join(line) for line in grid]}


def board_on(pattern, stream: KeyedStream, level: str) -> Generated | None:
    """The board of `level` the pattern gives: its fill from the stream, a clue for every
    answer, the solve and the checker's proof; None when the pattern gives none."""
    spec = LEVEL_BY_NAME[level]
    index = answer_index(spec.language, spec.difficulty, spec.longest)
    slots = layout(pattern)
    numbered = slot_of = None   # made once a fill is found: most patterns that fail, fail there
    barred: dict[int, int] = {}   # slot -> the words it may still take (a bit set)
    for _fill in range(REFILLS + 1):
        filled = filler.fill(slots, index, stream, allowed=barred)
        if filled is None:
            return None
        if numbered is None:
            numbered = numbered_slots(pattern, slots.slots)
            slot_of = {slot.cells: s for s, slot in enumerate(slots.slots)}
        words = {slot.cells: word for slot, word in zip(slots.slots, filled.words)}
        answers = [words[cells] for _n, _d, cells in numbered]
        try:
            chosen = chosen_clues(clues.table(spec.language), spec.difficulty, answers)
            break
        except Unclued as left:
            cells = numbered[left.position][2]
            s, words_here = slot_of[cells], index.of_length(len(cells))
            barred[s] = barred.get(s, words_here.everything) & ~(
                1 << words_here.words.index(answers[left.position]))
    else:
        return None
    if level_for(spec.language, max(e.difficulty for e in chosen), spec.size) != level:
        return None   # a medium fill whose every clue is easy is an easy board
    puzzle = puzzle_of(pattern, spec.language, numbered, chosen)
    solution = solution_of(pattern, words)
    result = solve(puzzle)
    if not result.solved:
        return None   # the clues leave a choice the crossings do not settle
    proof = verify.verify(puzzle, solution)
    if not proof["unique"] or any(solution["grid"][r][c] != ch
                                  for (r, c), ch in result.letters.items()):
        raise CheckersDisagree(f"{''.join(pattern)}: the solve and the checker disagree")
    grade = grade_record(level, [e.difficulty for e in chosen], [len(a) for a in answers],
                         pattern, slots.slots)
    return Generated(puzzle, solution, grade, proof, 1)


def generate(key: str, level: str, version: str) -> Generated:
    spec = LEVEL_BY_NAME[level]
    stream = KeyedStream(key)
    for attempt in range(1, ATTEMPTS + 1):
        pattern = lattice_pattern(stream, spec.size, spec.size, longest=spec.longest,
                                  extra=spec.extra_blocks)
        if pattern is None:
            continue
        try:
            made = board_on(pattern, stream, level)
        except CheckersDisagree:
            raise CheckersDisagree(f"{key}: the solve and the checker disagree") from None
        if made is not None:
            return replace(made, attempts=attempt)
    raise GenerationFailed(f"{key}: no {level} board in {ATTEMPTS} patterns")
