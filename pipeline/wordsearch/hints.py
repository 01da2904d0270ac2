"""The hint of a word search: where the hardest word to find starts.

The hardest word is the one with the most places it could start (grade.py's search-effort
model); the hint names the square of its first letter. The family declares no hints in books
(`gives_hints` is False: a word search needs none to be solved), so these are what a hint
would be, kept in their home for the day a layout asks for them.
"""

from __future__ import annotations

from pipeline.family import Hint, HintNames, square_name, unknown_reveals
from pipeline.engines.lexicon import grid_spelling
from pipeline.wordsearch.board import read_placements
from pipeline.wordsearch.grade import starts

KNOWN = ("word", "start")


def hint(puzzle: dict, solution: dict, grade: dict) -> Hint:
    letters = list(puzzle["letters"])
    rows, cols = len(letters), len(letters[0])
    cells_of: dict = {}
    for index, letter in enumerate("".join(letters)):
        cells_of.setdefault(letter, []).append(index)
    placements = read_placements(puzzle, solution)
    effort = {p.word: starts(cells_of, rows, cols, grid_spelling(p.word, puzzle["language"]),
                             puzzle["directions"]) for p in placements}
    hardest = max(placements, key=lambda p: (effort[p.word], p.word))
    text = (f"{hardest.word} starts at {square_name(hardest.row, hardest.col)}: its first "
            f"letter is one of {effort[hardest.word]} places it could begin.")
    return Hint("hardest word", text, {"word": hardest.word,
                                        "start": [hardest.row, hardest.col]})


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    problems = unknown_reveals(reveals, KNOWN)
    placed = {p.word: [p.row, p.col] for p in read_placements(puzzle, solution)}
    word = reveals.get("word")
    if word not in placed:
        return problems + [f"{word!r} is not a listed word"]
    if reveals.get("start") != placed[word]:
        problems.append(f"{word} does not start at {reveals.get('start')}")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """The hint names the word and the square of its first letter."""
    start = reveals.get("start") or (0, 0)
    return HintNames(squares=frozenset({tuple(start)}), words=(str(reveals.get("word", "")),))
