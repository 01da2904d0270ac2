"""Word Search: themed words hidden in a grid of letters, each exactly once, never an
offensive word anywhere, and on hidden-message boards the unused letters spelling a message.

The family object `FAMILY` is what the rest of the pipeline sees; docs/families.md lists
what each module of the folder holds, docs/wordsearch.md the contract and the measures.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from pipeline.errors import InputError
from pipeline.family import AnswerSigns, Family, Generated, Rating
from pipeline.geometry import Box
from pipeline.i18n import N_, Messages
from pipeline.ink import GridBox, Ink
from pipeline.engines.lexicon import grid_spelling
from pipeline.records import require
from pipeline.wordsearch import bench as benchmark, draw, generate as generator, solve, verify
from pipeline.wordsearch import grade as grading
from pipeline.wordsearch.board import (check_puzzle, check_solution, dedupe_form,
                                       read_placements, word_set_form, WordSets)

# Word-list columns each level's panel is sized for (its longest words fit that many).
PANEL_COLUMNS = {"easy": 2, "medium": 3, "hard": 3, "expert": 4, "hidden-message-hard": 3,
                 "hidden-message-expert": 4}
PANEL_COLUMNS.update({f"{name}-{lang}": PANEL_COLUMNS[name]
                      for lang in grading.LANGUAGE_LEVELS for name in ("easy", "medium", "hard")})
_ = Messages(__name__)

RULES = (
    N_("Every word in the list under the grid is hidden in it exactly once, in a straight "
       "line of letters. Find each one and ring it."),
    N_("Words read across, down or diagonally, and on the harder levels backwards too; two "
       "words may share a letter where they cross. Spaces in a listed word are left out in "
       "the grid (ICE CREAM is ICECREAM)."),
    N_("On a hidden-message puzzle, the letters no word uses, read from the top row down, "
       "left to right, spell a message."),
)
FORWARD_ONLY = N_("Words read left to right or downwards, never diagonally or backwards, and "
                  "never share a letter.")


class WordSearchFamily(Family):
    title = N_("Word Search")
    version = "wordsearch/3"   # 3: grids held to the one offensive definition
    levels = tuple(level.name for level in grading.LEVELS)
    level_titles = grading.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    cover_style = draw.COVER_STYLE
    teaches = True      # draw.lessons: a word read across and down, diagonally, backwards

    # Generation ---------------------------------------------------------------------------
    lessons = staticmethod(draw.lessons)

    def draw_lesson(self, ink: Ink, puzzle: dict, lesson, box: GridBox) -> None:
        draw.draw_lesson(ink, puzzle, lesson.step, box)

    def bench(self, quick: bool) -> dict:
        return benchmark.run(quick=quick)

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level)

    def read_words(self, path: Path, level: str) -> tuple:
        """A layout's own theme file, or folder of theme files, in the shipped themes' format
        (board.py), held to the level's alphabet and grid (generate.own_themes)."""
        return generator.own_themes(path, level)

    def generate_from_words(self, key: str, level: str, words: tuple) -> Generated:
        return generator.generate(key, level, options=words)

    # Records ------------------------------------------------------------------------------
    def check_record(self, record: dict) -> None:
        puzzle = require(record, "puzzle", dict)
        check_puzzle(puzzle)
        spellings = [grid_spelling(w, puzzle["language"]) for w in puzzle["words"]]
        for index, found in enumerate(solve.find_words(list(puzzle["letters"]), spellings)):
            if len(found) != 1:
                word = puzzle["words"][index]
                raise InputError(f"{word!r} is not in the grid" if not found else
                                 f"{word!r} appears {len(found)} times in the grid",
                                 field=f"puzzle.words[{index}]")
        if "solution" in record:
            check_solution(puzzle, require(record, "solution", dict))

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solve.count_solutions(puzzle, limit)

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return verify.verify(puzzle, solution)

    def explain(self, puzzle: dict) -> list[str]:
        return solve.explain(puzzle)

    def rate(self, puzzle: dict) -> Rating:
        """The level whose rules the board meets, from its one solution as the search finds
        it; a board without one has no level (`pipeline grade` refuses it before rating)."""
        solution = solve.solution_of(puzzle)
        if solution is None:
            raise InputError("no placement of the listed words solves the board: it has no "
                             "level", field="puzzle.words")
        return grading.rate(puzzle, read_placements(puzzle, solution))

    # Dedupe -------------------------------------------------------------------------------
    def dedupe_form(self, puzzle: dict) -> str:
        return dedupe_form(puzzle)

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """A board repeating an earlier one's theme and exact word set is the same puzzle to
        a buyer, however its letters lie."""
        form = word_set_form(puzzle)
        return any(word_set_form(other) == form for other in earlier)

    def near_duplicates(self, level: str) -> WordSets:
        return WordSets()

    # Drawing ------------------------------------------------------------------------------
    def level_shape(self, level: str) -> tuple[int, int]:
        spec = grading.LEVEL_BY_NAME[level]
        return spec.rows, spec.cols

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def panel_rows(self, level: str) -> float:
        spec = grading.LEVEL_BY_NAME[level]
        return draw.panel_rows_for(spec.most_words, PANEL_COLUMNS[level])

    def draw_panel(self, ink: Ink, puzzle: dict, box: Box) -> None:
        draw.draw_panel(ink, puzzle, box)

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        return draw.print_problem(measure, puzzle, puzzle_cell, solution_cell,
                                  self.panel_rows(level))

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        draw.draw_puzzle(ink, puzzle, box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        draw.draw_solution(ink, puzzle, solution, box)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; no band or ring round any listed word's run of letters."""
        runs = []
        for placement in read_placements(puzzle, solution):
            cells = placement.cells(len(grid_spelling(placement.word, puzzle["language"])))
            runs.append((cells[0], cells[-1]))
        return AnswerSigns(outline="frame", runs=tuple(runs),
                           printed=tuple(puzzle["words"]) + (puzzle.get("theme", ""),))

    def level_language(self, level: str) -> str:
        """The language of the level's themes (`easy-de`: German)."""
        return grading.LEVEL_BY_NAME[level].language

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The English levels, a German or French level in its English one's place: hard-de
        prints the stars hard does."""
        language = grading.LEVEL_BY_NAME[level].language
        return tuple(grading.in_language(spec.name, language) for spec in grading.LEVELS
                     if spec.language == "en")

    def example_level(self, first_level: str) -> str:
        """The easiest level in the language of the book's first level: a German book's
        worked example is a board of German words."""
        language = grading.LEVEL_BY_NAME[first_level].language
        return next(level.name for level in grading.LEVELS if level.language == language)

    def rules_text(self) -> list[str]:
        return [_(paragraph) for paragraph in RULES]

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        lines = self.rules_text()
        ways = {level: grading.LEVEL_BY_NAME[level] for level in levels}
        if ways and all(len(spec.directions) == 2 for spec in ways.values()):
            lines[1] = _(FORWARD_ONLY)
        if not any(spec.message for spec in ways.values()):
            lines = lines[:2]
        return lines


FAMILY = WordSearchFamily()
