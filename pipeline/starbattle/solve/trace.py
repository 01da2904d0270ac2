"""The easiest-first solve of any board, told step by step (`explain`), and `warm_up`, which
loads (or compiles) every engine's kernels once, outside any timing."""

from __future__ import annotations

from pipeline.starbattle.board import Board
from pipeline.starbattle.solve.counting import count, count_k
from pipeline.starbattle.solve.kstar import run_deduction_k, solve_k
from pipeline.starbattle.solve.onestar import run_deduction, solve


def explain(puzzle: dict) -> list[str]:
    """The easiest-first deduction trace of a board, one line per step."""
    board = Board.from_puzzle(puzzle)
    solved = solve(board) if board.stars == 1 else solve_k(board)
    return [step.describe() for step in solved.steps] + [f"result: {solved.status}"]


def warm_up() -> None:
    """Every kernel once, on two small boards (one star, two stars)."""
    board = Board.from_rows([[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 3]])
    count(board, 2, listed=1)
    run_deduction(board, 4)
    two = Board(8, tuple(r // 2 * 2 + (c >= 4) for r in range(8) for c in range(8)), (), 2)
    count_k(two, 2, listed=1)
    run_deduction_k(two, 6)
