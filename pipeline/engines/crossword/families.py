"""What the word families that fill a crossword grid share as families: the family methods
that are the same for any of them, the trace of a solve told step by step, and the
benchmark's rows (boards per core-minute at each level, proofs per second).

Each family hands over its own modules (its generate, solve, board, draw and grade modules)
in its class body, so this names no family and no family imports another.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Callable

from pipeline.errors import GenerationFailed
from pipeline.family import Family
from pipeline.geometry import Box
from pipeline.ink import Ink


class CrosswordFamily(Family):
    """A square crossword grid of its level's size, made by the family's generate module,
    counted by its solve module, read by its board module; `draw_panel` is its draw
    module's. A subclass assigns its five modules (`generator`, `solver`, `boards`,
    `drawing`, `grades`: docs/families.md's module names) in its class body; each level's
    `size` is read from its grade module's LEVEL_BY_NAME specs. Both kinds give hints and
    teach."""

    generator: ModuleType
    solver: ModuleType
    boards: ModuleType
    drawing: ModuleType
    grades: ModuleType
    sizes: dict[str, int]
    gives_hints = True
    teaches = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.sizes = {name: spec.size for name, spec in cls.grades.LEVEL_BY_NAME.items()}

    def level_shape(self, level: str) -> tuple[int, int]:
        return self.sizes[level], self.sizes[level]

    def level_language(self, level: str) -> str:
        """The language of the word lists the level fills from (its grade module's spec)."""
        return self.grades.LEVEL_BY_NAME[level].language

    def example_level(self, first_level: str) -> str:
        """The easiest level in the language of the book's first level: a German book's
        worked example is a board of German words."""
        language = self.level_language(first_level)
        return next(name for name, spec in self.grades.LEVEL_BY_NAME.items()
                    if spec.language == language)

    def read_words(self, path: Path, level: str):
        """A layout's own word list, indexed for the level's fills (the generate module's
        `own_index`); a family that checks against a larger dictionary keeps that one."""
        return self.generator.own_index(path, level)

    def generate_from_words(self, key: str, level: str, words):
        return self.generator.generate(key, level, self.version, index=words)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return self.solver.count_solutions(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        return f"{self.name}:" + self.boards.dedupe_form(self.boards.board_from_puzzle(puzzle))

    def near_duplicates(self, level: str) -> None:
        return None  # fills from a list of thousands of words do not come close

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def draw_panel(self, ink: Ink, puzzle: dict, box: Box) -> None:
        self.drawing.draw_panel(ink, puzzle, box)


def trace(board, result, describe: Callable) -> list[str]:
    """A solve told step by step (`describe(board, step)` one line a step), and a last line
    when the techniques stop short of the end."""
    lines = [describe(board, step) for step in result.steps]
    if not result.solved:
        lines.append("no further step: the techniques do not finish this board")
    return lines


# --- the benchmark's rows ----------------------------------------------------------------------

def generation_rates(generate: Callable, name: str, levels, count: int, version: str,
                     targets: dict, made: list) -> dict:
    """Boards per core-minute at each level, keys `<name>:bench-<level>:<n>`; every board
    made is added to `made` as (puzzle, solution) for the proofs. A key that gives no board
    (GenerationFailed) is counted among `failed`, its time in the rate."""
    out = {}
    for level in levels:
        started = time.process_time()
        attempts = boards = 0
        for n in range(count):
            try:
                board = generate(f"{name}:bench-{level}:{n}", level, version)
            except GenerationFailed:
                continue
            boards += 1
            attempts += board.attempts
            made.append((board.puzzle, board.solution))
        rate = 60 * boards / (time.process_time() - started)
        out[level] = {"boards": boards, "failed": count - boards,
                      "boards_per_core_minute": round(rate, 1),
                      "attempts_per_board": round(attempts / max(boards, 1), 2),
                      "target": targets[level], "met": rate >= targets[level]}
    return out


def proof_rate(verify: Callable, made: list, target: float) -> dict:
    """Uniqueness proofs per second by the independent checker, on the boards made."""
    started = time.process_time()
    results = [verify(p, s) for p, s in made]
    rate = len(made) / (time.process_time() - started)
    return {"boards": len(made), "proofs_per_second": round(rate, 1),
            "unique": sum(r["unique"] for r in results),
            "nodes_max": max(r["nodes"] for r in results),
            "target": target, "met": rate >= target}


def print_rates(results: dict) -> None:
    """The generation rows as a table and the proofs' line, on stderr."""
    table = [("level", "boards", "per core-minute", "target")] + [
        (level, str(row["boards"]), f"{row['boards_per_core_minute']:.1f}", str(row["target"]))
        for level, row in results["generation"].items()]
    widths = [max(len(line[k]) for line in table) for k in range(4)]
    for line in table:
        print(line[0].ljust(widths[0] + 2)
              + "  ".join(cell.rjust(width) for cell, width in zip(line[1:], widths[1:])),
              file=sys.stderr)
    p = results["proofs"]
    print(f"proofs {p['boards']} boards {p['proofs_per_second']} /s (target "
          f"{p['target']}), unique {p['unique']}", file=sys.stderr)
