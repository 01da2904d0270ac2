"""The easiest-first solve: the techniques in their fixed order, one step at a time, the fast
"does it finish" check the generator uses, the key step a hint needs, and the trace.

`solve` tries the techniques in order, easiest first, applies the first step found, records
it and starts again from the easiest, until the grid is full or no technique finds anything
(stuck). There is no guessing: the forcing techniques at the top only follow singles for a
bounded number of placements from one supposition. The counter of solutions is the
generator's (solve/count.py): the grader never counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pipeline.sudoku.board import ALL_DIGITS, CELLS, CLASSIC, Board, Geometry
from pipeline.sudoku.solve.basic import (INTERSECTIONS, SUBSETS, full_house, hidden_single,
                                         naked_single, singles_open)
from pipeline.sudoku.solve.chains import aic, cell_forcing, nishio, unit_forcing, x_chain, xy_chain
from pipeline.sudoku.solve.grid import BIT, DIGITS, POPCOUNT, Grid, Step, Technique
from pipeline.sudoku.solve.killer import KILLER_RANK, KILLER_TECHNIQUES
from pipeline.sudoku.solve.patterns import (jellyfish, simple_colouring, swordfish, x_wing,
                                            xy_wing, xyz_wing)


# --- the solver as the rest of the engine sees it --------------------------------------------

# Easiest first: the order grade.py's levels cut into tiers; within a tier the order of
# Sudoku Explainer's ratings.
TECHNIQUES = (
    Technique("Full House", full_house),
    Technique("Hidden Single", hidden_single),
    Technique("Naked Single", naked_single),
    *INTERSECTIONS,
    *SUBSETS,
    Technique("X-Wing", x_wing),
    Technique("XY-Wing", xy_wing),
    Technique("XYZ-Wing", xyz_wing),
    Technique("Swordfish", swordfish),
    Technique("Simple Colouring", simple_colouring),
    Technique("Jellyfish", jellyfish),
    Technique("X-Chain", x_chain),
    Technique("XY-Chain", xy_chain),
    Technique("AIC", aic),
    Technique("Nishio", nishio),
    Technique("Cell Forcing Chain", cell_forcing),
    Technique("Unit Forcing Chain", unit_forcing),
)
TECHNIQUE_NAMES = tuple(t.name for t in TECHNIQUES)
RANK = {t.name: k for k, t in enumerate(TECHNIQUES)}


@dataclass(frozen=True)
class Solve:
    status: str                  # "solved", "stuck" or "contradiction"
    steps: tuple[Step, ...]
    open_moves: tuple[int, ...]  # per step: cells a single could fill just before it
    grid: tuple[int, ...]        # the digits placed when the solve ended (0 where open)

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for step in self.steps:
            out[step.technique] = out.get(step.technique, 0) + 1
        return out


def solve(givens: Sequence[int], techniques: Sequence[Technique] = TECHNIQUES,
          geo: Geometry = CLASSIC, measure: bool = True) -> Solve:
    """The easiest-first solve with `techniques` (in their order). `measure` records how many
    singles were open before each step (the grade needs it; the generator's checks do not)."""
    grid = Grid(givens, geo)
    steps: list[Step] = []
    open_moves: list[int] = []
    status = "solved"
    while not grid.solved:
        if grid.contradiction():
            status = "contradiction"
            break
        step = next_step(grid, techniques)
        if step is None:
            status = "stuck"
            break
        if measure:
            open_moves.append(singles_open(grid))
        steps.append(step)
        grid.apply(step)
    if status == "solved" and grid.contradiction():
        status = "contradiction"
    return Solve(status, tuple(steps), tuple(open_moves), tuple(grid.value))


def next_step(grid: Grid, techniques: Sequence[Technique]) -> Step | None:
    """The step of the first technique (in their order) that finds one."""
    for technique in techniques:
        step = technique.find(grid)
        if step is not None:
            return step
    return None


def first_step_of(givens: Sequence[int], techniques: Sequence[Technique], geo: Geometry,
                  name: str) -> Step | None:
    """The first step of the easiest-first solve that uses the technique `name`: the solve
    stops there. None when it ends (solved, stuck or broken) before one."""
    grid = Grid(givens, geo)
    while not grid.solved and not grid.contradiction():
        step = next_step(grid, techniques)
        if step is None:
            return None
        if step.technique == name:
            return step
        grid.apply(step)
    return None


def solves(givens: Sequence[int], techniques: Sequence[Technique],
           geo: Geometry = CLASSIC) -> bool:
    """Whether the techniques finish the board (no record of the steps: the generator asks
    this for every given it tries to remove). Singles are applied in batches here rather than
    one a step, so on rare boards a bounded chain may be found here and not in the
    step-by-step solve (or the other way round); the generator decides a board's level with
    `solve` afterwards, so such a board only costs an attempt."""
    grid = Grid(givens, geo)
    rest = [t for t in techniques if t.find not in (full_house, hidden_single, naked_single)]
    while True:
        if not _all_singles(grid):
            return False
        if grid.solved:
            return not grid.contradiction()
        for technique in rest:
            step = technique.find(grid)
            if step is not None:
                grid.apply(step)
                break
        else:
            return False


def _all_singles(g: Grid) -> bool:
    """Naked and hidden singles until none are left; False at a contradiction."""
    cand, value, geo = g.cand, g.value, g.geo
    while True:
        progress = False
        for cell in range(CELLS):
            if not value[cell]:
                m = cand[cell]
                if not m:
                    return False
                if POPCOUNT[m] == 1:
                    g.place(cell, DIGITS[m][0])
                    progress = True
        for house in range(geo.houses):
            once = twice = have = 0
            cells = geo.groups[house]
            for cell in cells:
                m = cand[cell]
                twice |= once & m
                once |= m
                have |= BIT[value[cell]]
            if (once | have) & ALL_DIGITS != ALL_DIGITS:
                return False
            alone = once & ~twice
            if alone:
                for cell in cells:
                    x = cand[cell] & alone
                    if x:
                        if POPCOUNT[x] > 1:
                            return False
                        g.place(cell, DIGITS[x][0])
                        progress = True
        if g.broken:
            return False
        if not progress:
            return True


def rules_of(board: Board) -> tuple[tuple[Technique, ...], Geometry, dict[str, int]]:
    """The technique order, the geometry and the ranks a board is solved with: Killer's for
    a board with cages, classic Sudoku's otherwise."""
    if board.killer:
        return KILLER_TECHNIQUES, board.geometry, KILLER_RANK
    return TECHNIQUES, CLASSIC, RANK


def key_step(puzzle_or_givens, techniques: Sequence[Technique] | None = None,
             grade: dict | None = None) -> dict | None:
    """The first step of the easiest-first solve that uses its hardest technique (the one
    that decides the board's level): technique, text, the digits it places and candidates it
    eliminates as [[row, col, digit], ...] (record coordinates), the cells [[row, col], ...]
    and houses it reasons on. None when the board is stuck or broken.

    `grade` is the board's grade record, when the caller has it: its techniques are those
    of the full solve, so the hardest of them is known before solving and the solve stops
    at its first step. Without one (or one that does not say) the solve runs to the end."""
    board = _board(puzzle_or_givens)
    order, geo, rank = rules_of(board)
    hardest = _hardest_graded(grade, rank) if techniques is None else None
    if hardest is not None:
        step = first_step_of(board.givens, order, geo, hardest)
        if step is not None:
            return step.record()
    result = solve(board.givens, techniques or order, geo, measure=False)
    if not result.solved or not result.steps:
        return None
    hardest = max(rank[step.technique] for step in result.steps)
    step = next(s for s in result.steps if rank[s.technique] == hardest)
    return step.record()


def _hardest_graded(grade: dict | None, rank: dict[str, int]) -> str | None:
    """The hardest technique a grade record's solve used, when the record is of a solved
    board and names only techniques of this order; None otherwise."""
    if not isinstance(grade, dict) or grade.get("status") != "solved":
        return None
    used = grade.get("techniques")
    if not isinstance(used, dict) or not used or not all(name in rank for name in used):
        return None
    return max(used, key=rank.__getitem__)


def _board(puzzle_or_givens) -> Board:
    if isinstance(puzzle_or_givens, dict):
        return Board.from_puzzle(puzzle_or_givens)
    if isinstance(puzzle_or_givens, Board):
        return puzzle_or_givens
    return Board(tuple(puzzle_or_givens))


def count_solutions(puzzle: dict, limit: int) -> int:
    """Solutions up to `limit`, by the generator's counter (the grader reasons, it never
    counts)."""
    from pipeline.sudoku.solve.count import count
    board = Board.from_puzzle(puzzle)
    return count(board.givens, limit, cages=[(c.total, c.cells) for c in board.cages])[0]


# --- the trace of one solve ------------------------------------------------------------------

def explain(puzzle_or_givens) -> list[str]:
    """The easiest-first solve, one line per step, then the result."""
    board = _board(puzzle_or_givens)
    order, geo, _rank = rules_of(board)
    result = solve(board.givens, order, geo, measure=False)
    lines = [f"{step.technique}: {step.text}" for step in result.steps]
    filled = sum(1 for d in result.grid if d)
    lines.append(f"result: {result.status} after {len(result.steps)} steps"
                 + ("" if result.solved else f" ({filled} of 81 cells filled)"))
    return lines
