"""The Star Battle solver as the rest of the engine sees it: counting and easiest-first deduction.

Thin wrappers that turn a `Board` into the compiled kernels' arrays and their results into
values. The deduction trace reads as the rules do: "tier 2, column 3: crossed out ...".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pipeline.starbattle import kernels
from pipeline.starbattle.board import Board

STATUS_NAMES = {kernels.SOLVED: "solved", kernels.STUCK: "stuck",
                kernels.CONTRADICTION: "contradiction"}
TIERS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Count:
    solutions: int                            # counted up to the limit
    nodes: int                                # search nodes visited
    listed: tuple[tuple[int, ...], ...]       # the first solutions, star column per row


_NO_LISTING = np.zeros((0, 1), dtype=np.int64)


def count_puzzle(puzzle: dict, limit: int) -> int:
    """Solutions of an exported puzzle object, counted up to `limit` (the lean path for
    counting many boards: no Board value, no listing)."""
    n = puzzle["size"]
    givens = np.full(n, -1, dtype=np.int64)
    for r, c in puzzle.get("stars", ()):
        givens[r] = c
    regions = np.array(puzzle["regions"], dtype=np.int64).reshape(n * n)
    return int(kernels.count_solutions(n, regions, givens, limit, _NO_LISTING)[0])


def count(board: Board, limit: int, listed: int = 0) -> Count:
    out = np.full((max(listed, 0), board.size), -1, dtype=np.int64)
    found, nodes = kernels.count_solutions(board.size, board.region_array(), board.givens_array(),
                                           limit, out)
    rows = tuple(map(tuple, out[:min(found, listed)].tolist()))
    return Count(int(found), int(nodes), rows)


@dataclass(frozen=True)
class Step:
    tier: int
    lines: tuple[str, ...]                    # the row, column or region names it reasoned on
    star: tuple[int, int] | None              # the square a tier-1 step places
    crossed: tuple[tuple[int, int], ...]      # squares crossed out

    def describe(self) -> str:
        on = " + ".join(self.lines)
        parts = []
        if self.star is not None:
            parts.append(f"star at r{self.star[0] + 1}c{self.star[1] + 1}")
        if self.crossed:
            parts.append("crossed out " + " ".join(f"r{r + 1}c{c + 1}" for r, c in self.crossed))
        return f"tier {self.tier}, {on}: " + "; ".join(parts)


@dataclass(frozen=True)
class Solve:
    status: str                               # solved, stuck or contradiction
    steps: tuple[Step, ...]
    stars: tuple[int, ...]                    # star column per row, -1 where none was placed

    def tier_counts(self) -> dict[int, int]:
        counts = {tier: 0 for tier in TIERS}
        for step in self.steps:
            counts[step.tier] += 1
        return counts

    @property
    def solved(self) -> bool:
        return self.status == "solved"


@dataclass(frozen=True)
class Grade:
    """The measures of an easiest-first solve, without the trace (the generator's fast path)."""

    status: str
    tier_counts: tuple[int, int, int, int]    # steps of tiers 1..4
    steps: int

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def _run(board: Board, max_tier: int):
    n = board.size
    capacity = n * n + n
    step_tier = np.zeros(capacity, dtype=np.int64)
    step_lines = np.full((capacity, 3), -1, dtype=np.int64)
    step_star = np.full(capacity, -1, dtype=np.int64)
    step_crossed = np.zeros((capacity, n), dtype=np.int64)
    status, steps, stars = kernels.deduce(n, board.region_array(), board.givens_array(), max_tier,
                                          step_tier, step_lines, step_star, step_crossed)
    return int(status), int(steps), stars, step_tier, step_lines, step_star, step_crossed


def grade(board: Board, max_tier: int = 4) -> Grade:
    status, steps, _, step_tier, *_ = _run(board, max_tier)
    counts = np.bincount(step_tier[:steps], minlength=5)
    return Grade(STATUS_NAMES[status], tuple(int(counts[t]) for t in TIERS), steps)


def solve(board: Board, max_tier: int = 4) -> Solve:
    """The easiest-first solve with its full trace."""
    n = board.size
    status, steps, stars, step_tier, step_lines, step_star, step_crossed = _run(board, max_tier)
    trace = []
    for k in range(steps):
        lines = tuple(line_name(n, int(line)) for line in step_lines[k] if line >= 0)
        star = None if step_star[k] < 0 else divmod(int(step_star[k]), n)
        crossed = tuple((r, c) for r in range(n) for c in range(n) if (int(step_crossed[k, r]) >> c) & 1)
        trace.append(Step(int(step_tier[k]), lines, star, crossed))
    return Solve(STATUS_NAMES[status], tuple(trace), tuple(int(c) for c in stars))


def line_name(n: int, line: int) -> str:
    kind, index = divmod(line, n)
    return f"{('row', 'column', 'region')[kind]} {index + 1}"


def warm_up() -> None:
    """Load (or compile) the kernels once, outside any timing."""
    board = Board.from_rows([[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 3]])
    count(board, 2, listed=1)
    grade(board)
