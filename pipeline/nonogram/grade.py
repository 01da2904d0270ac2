"""The Nonogram levels, declared once, and the grade the solve measures.

| level | grid | what the solve needs |
|---|---|---|
| easy | 10x10 | line steps alone, at most EASY_PASSES passes |
| medium | 15x15 | line steps alone, more passes than that |
| hard | 20x20 | crossings (two lines combined), no probe |
| expert | 25x25 | at least one probe (one cell tried, its consequences followed) |

A board the solve with probes does not finish is beyond. The difficulty number follows
Batenburg and Kosters, who measure difficulty as the count of line steps: one for each line
step, five for each crossing and twenty for each probe (a crossing holds two lines in mind, a
probe a whole chain). No human solving times exist to fit these weights to; they only order
boards within and across levels.
"""

from __future__ import annotations

from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_
from pipeline.nonogram.board import Board, board_of
from pipeline.nonogram.solve import Solve, solve

LEVELS = ("easy", "medium", "hard", "expert")
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                "expert": N_("Expert")}
SIDES = {"easy": 10, "medium": 15, "hard": 20, "expert": 25}
# Clue cells printed beside a level's grid (a generated board never has more runs in a line)
CLUE_SLOTS = {10: 4, 15: 5, 20: 6, 25: 7}
EASY_PASSES = 4
TECHNIQUES = {"easy": ("line",), "medium": ("line",), "hard": ("line", "crossing"),
              "expert": ("line", "crossing", "probe")}
WEIGHTS = {"line": 1, "crossing": 5, "probe": 20}


def level_of(done: Solve) -> str:
    if not done.solved:
        return BEYOND
    if done.probes:
        return "expert"
    if done.crossings:
        return "hard"
    return "easy" if done.passes <= EASY_PASSES else "medium"


def difficulty(done: Solve) -> float:
    return float(WEIGHTS["line"] * done.line_steps + WEIGHTS["crossing"] * done.crossings
                 + WEIGHTS["probe"] * done.probes)


def graded(board: Board) -> tuple[str, Solve]:
    """The board's level and the solve that measured it (the easiest-first solve with every
    technique: crossings are tried before any probe)."""
    done = solve(board)
    return level_of(done), done


def grade_record(done: Solve, repairs: int) -> dict:
    return {"level": level_of(done), "difficulty": difficulty(done),
            "line_steps": done.line_steps, "passes": done.passes,
            "crossings": done.crossings, "probes": done.probes, "repairs": repairs}


def rate(puzzle: dict) -> Rating:
    level, done = graded(board_of(puzzle))
    return Rating(level, difficulty(done))
