"""The grader's solver: the easiest-first solve of a Kakuro board a person can follow.

The state is a candidate grid (`Grid`): for each white cell a mask of the digits still
possible (bit d - 1 for digit d) or its digit. Every technique is a small pure function from
a grid to one `Step` (digits placed, candidates crossed out, the cells and runs it reasons on,
a sentence in the names Kakuro guides use) or None. The arithmetic of runs (which sets of
distinct digits make a sum, what they leave each open cell) is the sum engine's
(`pipeline/engines/sums.py`), shared with Killer Sudoku's cages. In four tiers, cumulative:

  easy    One-Combination Run (3 in two cells is 1+2), Run Remainder (the last open cell of
          a run), Naked Single, Hidden Single (a digit the run's one combination needs, with
          one place left in the run)
  medium  Run Combinations (every combination of a run that its cells' candidates, which
          its crossing runs limit, can hold), Required Digit (a digit every such combination
          needs, with one place left)
  hard    Naked Pair and Naked Triple in a run, Area Sum (a band of rows or columns: its
          across runs add up to its down runs inside plus the cells of the down runs that
          cross its edge, which gives those few cells a sum)
  expert  What-If (a cell of two candidates: one of them, followed with the hard techniques
          as far as they go, runs into a contradiction, so the other holds)

Solution counting for `count_solutions` is the independent checker's (verify.py): the grader
never counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations as choose
from operator import or_
from typing import Callable

import numpy as np

from pipeline.engines import sums
from pipeline.engines.candidates import CandidateGrid
from pipeline.family import column_letter, square_list, square_name
from pipeline.kakuro.board import Board
from pipeline.kakuro.solve import sweep
from pipeline.engines.sums import ALL_DIGITS, BIT, DIGITS, POPCOUNT

MAX_AREA_CELLS = 4   # open cells of an area's innies worked out digit by digit
MAX_BAND = 3         # rows (columns) side by side that make one area


@dataclass(frozen=True)
class Step:
    """One step of a solve; cells are indexes into the grid's white cells, places and
    eliminates (cell, digit) pairs."""

    technique: str
    places: tuple[tuple[int, int], ...]
    eliminates: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    runs: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class Technique:
    name: str
    find: Callable[["Grid"], Step | None]


@dataclass(frozen=True)
class Layout:
    """What never changes during a solve: the white cells, the runs, who meets whom."""

    board: Board
    whites: tuple[tuple[int, int], ...]
    runs: tuple[tuple[int, tuple[int, ...]], ...]     # (sum, cells)
    run_words: tuple[str, ...]                        # "across at B4"
    runs_of: tuple[tuple[int, int], ...]              # per cell: (across run, down run)
    peers: tuple[tuple[int, ...], ...]
    # per area: (name, its innies, the runs its innies' sum adds, the runs it takes away)
    area_parts: tuple[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]

    @classmethod
    def of(cls, board: Board) -> "Layout":
        whites = board.whites
        index = {cell: i for i, cell in enumerate(whites)}
        runs, words, across_of, down_of = [], [], {}, {}
        for k, run in enumerate(board.runs):
            members = tuple(index[cell] for cell in run.cells)
            runs.append((run.total, members))
            words.append(f"{run.word} at {square_name(*run.cells[0])}")
            for i in members:
                (across_of if run.across else down_of)[i] = k
        runs_of = tuple((across_of[i], down_of[i]) for i in range(len(whites)))
        peers = tuple(tuple(sorted(set(runs[a][1] + runs[d][1]) - {i}))
                      for i, (a, d) in enumerate(runs_of))
        lay = cls(board, whites, tuple(runs), tuple(words), runs_of, peers, ())
        return cls(board, whites, tuple(runs), tuple(words), runs_of, peers, _areas(lay))

    @cached_property
    def run_names(self) -> tuple[str, ...]:
        """"the 23 across at B4": a run as the steps' sentences name it."""
        return tuple(f"the {total} {word}" for (total, _m), word in zip(self.runs, self.run_words))

    def with_sums(self, totals) -> "Layout":
        """The same pattern with other run sums (the generator's climb changes only those);
        `board` stays the first board's."""
        other = Layout(self.board, self.whites,
                       tuple((t, members) for t, (_old, members) in zip(totals, self.runs)),
                       self.run_words, self.runs_of, self.peers, self.area_parts)
        other.__dict__["arrays"] = self.arrays     # the pattern's, unchanged by the sums
        return other

    @cached_property
    def arrays(self) -> "Arrays":
        return Arrays.of(self)

    @cached_property
    def areas(self) -> tuple[tuple[str, tuple[int, ...], int], ...]:
        """Per area: (name, innies, their sum)."""
        return tuple((name, cells, sum(self.runs[k][0] for k in plus)
                      - sum(self.runs[k][0] for k in minus))
                     for name, cells, plus, minus in self.area_parts)


@dataclass(frozen=True)
class Arrays:
    """The pattern as the compiled sweep reads it: the runs' cells one after another
    (run k's are cells[start[k]:start[k + 1]]), each cell's peers and each area's cells the
    same way, each cell's two runs, each area's sum as runs added and taken away (one row
    per area), and where each white cell sits in the grid."""

    run_start: np.ndarray
    run_cells: np.ndarray
    peer_start: np.ndarray
    peers: np.ndarray
    run_of: np.ndarray
    area_start: np.ndarray
    area_cells: np.ndarray
    area_runs: np.ndarray
    rows: np.ndarray
    cols: np.ndarray

    @classmethod
    def of(cls, lay: "Layout") -> "Arrays":
        def flat(groups):
            start = np.cumsum([0] + [len(g) for g in groups]).astype(np.int64)
            return start, np.array([i for g in groups for i in g], dtype=np.int64)

        run_start, run_cells = flat([members for _total, members in lay.runs])
        peer_start, peers = flat(lay.peers)
        area_start, area_cells = flat([cells for _name, cells, _plus, _minus in lay.area_parts])
        area_runs = np.zeros((len(lay.area_parts), len(lay.runs)), dtype=np.int64)
        for k, (_name, _cells, plus, minus) in enumerate(lay.area_parts):
            area_runs[k, list(plus)] += 1
            area_runs[k, list(minus)] -= 1
        return cls(run_start, run_cells, peer_start, peers,
                   np.array(lay.runs_of, dtype=np.int64).reshape(-1, 2),
                   area_start, area_cells, area_runs,
                   np.array([r for r, _c in lay.whites], dtype=np.int64),
                   np.array([c for _r, c in lay.whites], dtype=np.int64))

    def run_sums(self, digits) -> list[int]:
        """Each run's sum in a grid of digits (R rows of C)."""
        flat = np.asarray(digits, dtype=np.int64)[self.rows, self.cols]
        return np.add.reduceat(flat[self.run_cells], self.run_start[:-1]).tolist()


def _areas(lay: Layout):
    """Per band of 1..MAX_BAND rows (or columns): the cells in it of the down (across) runs
    that cross its edge, whose sum is the band's across runs less its down runs inside."""
    out = []
    board = lay.board
    is_across = [k == lay.runs_of[members[0]][0] for k, (_t, members) in enumerate(lay.runs)]
    for across in (True, False):
        side = board.rows if across else board.cols
        for length in range(1, MAX_BAND + 1):
            for start in range(1, side - length + 1):
                lines = range(start, start + length)
                band = {i for i, cell in enumerate(lay.whites)
                        if (cell[0] if across else cell[1]) in lines}
                if not band:
                    continue
                plus, minus, innies = [], [], []
                for k, (_total, members) in enumerate(lay.runs):
                    if not band.intersection(members):
                        continue
                    if is_across[k] == across:
                        plus.append(k)            # the band's own runs lie wholly in it
                    elif band.issuperset(members):
                        minus.append(k)
                    else:
                        innies += [i for i in members if i in band]
                if innies and len(innies) < len(band):
                    word = "rows" if across else "columns"
                    names = [str(n + 1) if across else column_letter(n) for n in lines]
                    name = (f"{word[:-1]} {names[0]}" if length == 1
                            else f"{word} {names[0]}-{names[-1]}")
                    out.append((name, tuple(sorted(innies)), tuple(plus), tuple(minus)))
    return tuple(out)


class Grid(CandidateGrid):
    """The candidate grid (`pipeline.engines.candidates`) of a layout's white cells, each run's
    cells peers of each other."""

    __slots__ = ("lay",)

    def __init__(self, lay: Layout):
        super().__init__(len(lay.whites), lay.peers)
        self.lay = lay

    def sharing(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.lay, other.peers = self.lay, self.peers
        return other

    def contradiction(self) -> bool:
        """A cell with no digit and no candidate, a broken placement, or a full run off its
        sum (or repeating a digit)."""
        if self.broken or any(not v and not m for v, m in zip(self.value, self.cand)):
            return True
        for total, members in self.lay.runs:
            digits = [self.value[i] for i in members]
            placed = [d for d in digits if d]
            if len(set(placed)) != len(placed) or (len(placed) == len(digits)
                                                    and sum(placed) != total):
                return True
        return False

    def state(self, run: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """(sum, digits (0 open), candidate masks) of a run: what the sum engine reads."""
        total, members = self.lay.runs[run]
        return (total, tuple(self.value[i] for i in members),
                tuple(self.cand[i] for i in members))

    def name(self, cell: int) -> str:
        return square_name(*self.lay.whites[cell])

    def names(self, cells) -> str:
        return square_list(self.lay.whites[i] for i in cells)


def _crossed(g: Grid, elims) -> str:
    """"crosses 4 and 5 out of C3": what a step eliminates, cell by cell."""
    by_cell: dict[int, list[int]] = {}
    for cell, d in elims:
        by_cell.setdefault(cell, []).append(d)
    parts = [f"{' and '.join(map(str, sorted(ds)))} out of {g.name(c)}"
             for c, ds in sorted(by_cell.items())]
    return "crosses " + "; ".join(parts)


# --- easy: one combination and singles -------------------------------------------------------

def one_combination_run(g: Grid) -> Step | None:
    """A run whose open cells have one combination of distinct digits left for what remains
    of its sum: no other digit goes in them."""
    for k in range(len(g.lay.runs)):
        total, digits, masks = g.state(k)
        found = sums.unique_combination(total, digits, masks)
        if found:
            combo, cuts = found
            open_cells, rest, elims = sums.cut_cells(g.lay.runs[k][1], digits, total, cuts)
            return Step("One-Combination Run", (), elims, tuple(open_cells), (k,),
                        f"{g.lay.run_names[k]} leaves {rest} for "
                        f"{len(open_cells)} cells, only {sums.combination_text(combo)}, which "
                        f"{_crossed(g, elims)}")
    return None


def run_remainder(g: Grid) -> Step | None:
    """The last open cell of a run holds its sum less the digits placed."""
    for k, (total, members) in enumerate(g.lay.runs):
        digits = [g.value[i] for i in members]
        if digits.count(0) == 1:
            cell, d = members[digits.index(0)], total - sum(digits)
            if 1 <= d <= 9 and g.cand[cell] & BIT[d]:
                return Step("Run Remainder", ((cell, d),), (), members, (k,),
                            f"{g.name(cell)} is the last open cell of {g.lay.run_names[k]}: "
                            f"{total} less {sum(digits)} is {d}")
    return None


def naked_single(g: Grid) -> Step | None:
    """A cell with one candidate left holds it."""
    for cell, m in enumerate(g.cand):
        if m and POPCOUNT[m] == 1:
            d = DIGITS[m][0]
            return Step("Naked Single", ((cell, d),), (), (cell,), g.lay.runs_of[cell],
                        f"{g.name(cell)} can only hold {d}: its runs rule out every other digit")
    return None


def _needed_single(g: Grid, name: str, combos_of) -> Step | None:
    """A digit every combination of a run needs, with one place left in the run."""
    for k, (_total, members) in enumerate(g.lay.runs):
        for cell, d in _lone_needed(g, members, combos_of(g, k)):
            return Step(name, ((cell, d),), (), members, (k,),
                        f"{g.lay.run_names[k]} needs a {d}, and only {g.name(cell)} can take it")
    return None


def _lone_needed(g: Grid, members, combos):
    """(cell, digit) for each digit every one of `combos` needs that has one place left in
    the run; each looked for on the grid as it is when the one before has been placed (a
    sweep places them as they come)."""
    if not combos:
        return
    needed = ALL_DIGITS
    for combo in combos:
        needed &= combo
    for d in DIGITS[needed]:
        where = [i for i in members if g.cand[i] & BIT[d]]
        if len(where) == 1 and not any(g.value[i] == d for i in members):
            yield where[0], d


def _one_combination(g: Grid, k: int) -> tuple[int, ...]:
    total, digits, _masks = g.state(k)
    open_at, placed, placed_sum = sums.open_digits(digits)
    combos = [m for m in sums.combinations(len(open_at), total - placed_sum) if not m & placed]
    return tuple(combos) if len(combos) == 1 else ()


def hidden_single(g: Grid) -> Step | None:
    return _needed_single(g, "Hidden Single", _one_combination)


# --- medium: combinations against the crossings --------------------------------------------

def run_combinations(g: Grid) -> Step | None:
    """Every combination that makes what is left of a run's sum and can be placed in its open
    cells with their candidates: a digit no such filling uses in a cell cannot go there."""
    for k in range(len(g.lay.runs)):
        state = g.state(k)
        cuts = sums.combination_cuts(*state)
        if cuts:
            members = g.lay.runs[k][1]
            _open, usable, _support = sums.fillings(*state)
            elims = sums.cuts_in_cells(members, cuts)
            ways = " or ".join(sums.combination_text(m) for m in usable)
            return Step("Run Combinations", (), elims, members, (k,),
                        f"with what its crossing runs allow, {g.lay.run_names[k]} holds "
                        f"{ways}, which {_crossed(g, elims)}")
    return None


def _usable(g: Grid, k: int) -> tuple[int, ...]:
    return sums.fillings(*g.state(k))[1]


def required_digit(g: Grid) -> Step | None:
    return _needed_single(g, "Required Digit", _usable)


# --- hard: subsets and area sums -----------------------------------------------------------

def _naked_subset(g: Grid, n: int, name: str) -> Step | None:
    """n open cells of a run whose candidates are n digits between them: those digits leave
    the run's other cells."""
    for k in range(len(g.lay.runs)):
        step = _naked_subset_in(g, k, n, name)
        if step:
            return step
    return None


def _naked_subset_in(g: Grid, k: int, n: int, name: str) -> Step | None:
    members = g.lay.runs[k][1]
    open_cells = [i for i in members if not g.value[i] and POPCOUNT[g.cand[i]] <= n]
    for chosen in choose(open_cells, n):
        union = 0
        for i in chosen:
            union |= g.cand[i]
        if POPCOUNT[union] != n:
            continue
        elims = tuple((i, d) for i in members if i not in chosen and not g.value[i]
                      for d in DIGITS[g.cand[i] & union])
        if elims:
            return Step(name, (), elims, chosen, (k,),
                        f"in {g.lay.run_names[k]}, {g.names(chosen)} hold "
                        f"{sums.combination_text(union)} between them, which "
                        f"{_crossed(g, elims)}" if name else "")
    return None


def naked_pair(g: Grid) -> Step | None:
    return _naked_subset(g, 2, "Naked Pair")


def naked_triple(g: Grid) -> Step | None:
    return _naked_subset(g, 3, "Naked Triple")


def area_sum(g: Grid) -> Step | None:
    """A band of rows or columns: the cells in it of the runs that cross its edge add up to
    the band's own runs less the crossing-free runs inside; worked out digit by digit."""
    for name, cells, total in g.lay.areas:
        open_cells = [i for i in cells if not g.value[i]]
        if not open_cells or len(open_cells) > MAX_AREA_CELLS or not all(
                g.cand[i] for i in open_cells):
            continue   # too many cells to work out, or a contradiction already
        rest = total - sum(g.value[i] for i in cells)
        if len(open_cells) == 1:
            cell, d = open_cells[0], rest
            if 1 <= d <= 9 and g.cand[cell] & BIT[d]:
                return Step("Area Sum", ((cell, d),), (), cells, (),
                            f"{_area_why(g, name, cells, total)}, so {g.name(cell)} is {d}")
            continue
        peers = g.lay.peers
        links = tuple(sum(1 << j for j, other in enumerate(open_cells) if other in peers[i])
                      for i in open_cells)
        support = sums.free_fillings(rest, tuple(g.cand[i] for i in open_cells), links)
        if support is None:
            continue
        elims = tuple((i, d) for i, keep in zip(open_cells, support)
                      for d in DIGITS[g.cand[i] & ~keep])
        if elims:
            return Step("Area Sum", (), elims, cells, (),
                        f"{_area_why(g, name, cells, total)}, which {_crossed(g, elims)}")
    return None


def _area_why(g: Grid, name: str, cells, total: int) -> str:
    return f"{name} adds up to what its runs say, so {g.names(cells)} add up to {total}"


# --- expert: bounded what-if -----------------------------------------------------------------

def what_if(g: Grid) -> Step | None:
    """A cell with two candidates: suppose one, follow it with the hard techniques as far as
    they go; when that runs into a contradiction, the other digit holds. Bounded: one
    supposition at a time, never a supposition inside another."""
    for cell, m in enumerate(g.cand):
        if POPCOUNT[m] != 2:
            continue
        for d in DIGITS[m]:
            trial = g.copy()
            trial.place(cell, d)
            if closure(g.lay, HARD, trial).contradiction():
                other = DIGITS[m & ~BIT[d]][0]
                return Step("What-If", ((cell, other),), (), (cell,), g.lay.runs_of[cell],
                            f"suppose {g.name(cell)} held {d}: the easier steps then run into "
                            f"a contradiction, so {g.name(cell)} is {other}")
    return None


# --- the order -------------------------------------------------------------------------------

EASY = (Technique("Run Remainder", run_remainder), Technique("Naked Single", naked_single),
        Technique("Hidden Single", hidden_single),
        Technique("One-Combination Run", one_combination_run))
MEDIUM = EASY + (Technique("Run Combinations", run_combinations),
                 Technique("Required Digit", required_digit))
HARD = MEDIUM + (Technique("Naked Pair", naked_pair), Technique("Naked Triple", naked_triple),
                 Technique("Area Sum", area_sum))
EXPERT = HARD + (Technique("What-If", what_if),)
TECHNIQUES = {"easy": EASY, "medium": MEDIUM, "hard": HARD, "expert": EXPERT}
TIERS = (EASY, MEDIUM, HARD, EXPERT)
RANK = {t.name: k for k, t in enumerate(EXPERT)}


def _first_step(g: Grid, techniques) -> Step | None:
    for technique in techniques:
        step = technique.find(g)
        if step is not None:
            return step
    return None


@dataclass(frozen=True)
class Solve:
    """An easiest-first solve: its steps, and whether it finished the board."""

    steps: tuple[Step, ...]
    solved: bool
    grid: Grid


def solve(lay: Layout, techniques=EXPERT, grid: Grid | None = None) -> Solve:
    """Steps, easiest technique first, until the board is solved or nothing applies."""
    g = grid.copy() if grid is not None else Grid(lay)
    steps = []
    while not g.solved:
        step = _first_step(g, techniques)
        if step is None:
            break
        g.apply(step)
        steps.append(step)
        if g.broken:
            break
    return Solve(tuple(steps), g.solved and not g.contradiction(), g)


# --- how far a tier gets, without the trace --------------------------------------------------
# Every technique is sound and only ever adds to what is known, so the techniques of a tier
# reach the same grid in whatever order they are applied: the generator's climb, which only
# asks how far a tier gets, applies every run's findings at once in sweeps over the runs (many
# times quicker than the one-step-at-a-time solve a trace needs). The sweeps run compiled
# (solve/sweep.py); the Python sweep below is their reference, held to the same grid by the
# tests. The traced solve still decides every board that is kept.

def closure(lay: Layout, techniques, grid: Grid | None = None, plain: bool = False) -> Grid:
    """The grid the techniques reach from `grid` (the empty grid), applied in any order.
    `plain`: the sweeps in Python, every run worked on in every sweep, the reference the
    compiled sweeps are tested against (the same grid, change for change)."""
    g = grid.copy() if grid is not None else Grid(lay)
    tier = TIERS.index(techniques)
    compiled = None if plain else _Compiled(g)
    while not g.broken and all(map(or_, g.value, g.cand)):   # no cell left without a digit
        if compiled is None:
            if _sweep(g, tier):
                continue
        else:   # the compiled sweeps take the area sums in, in the same order
            compiled.sweeps(g, tier)
            if g.broken or not all(map(or_, g.value, g.cand)):
                break
        if compiled is None and tier >= 2 and _apply(g, area_sum(g)):
            continue
        if tier >= 3 and _apply(g, what_if(g), compiled):
            continue
        break
    return g


class _Compiled:
    """The grid's digits and candidates as the compiled sweeps keep them, and which runs
    changed since they were last worked on."""

    def __init__(self, g: Grid):
        lay = g.lay
        self.arrays = lay.arrays
        self.totals = np.array([total for total, _members in lay.runs], dtype=np.int64)
        self.area_totals = self.arrays.area_runs @ self.totals
        self.value = np.array(g.value, dtype=np.int64)
        self.cand = np.array(g.cand, dtype=np.int64)
        self.dirty = np.ones(len(lay.runs), dtype=np.bool_)

    def sweeps(self, g: Grid, tier: int) -> None:
        a = self.arrays
        _changed, broken = sweep.sweeps(tier, self.totals, a.run_start, a.run_cells,
                                        self.value, self.cand, a.peer_start, a.peers,
                                        a.run_of, self.dirty, sweep.COMBO_START,
                                        sweep.COMBO_MASKS, a.area_start, a.area_cells,
                                        self.area_totals, MAX_AREA_CELLS)
        g.value, g.cand = self.value.tolist(), self.cand.tolist()
        g.broken = g.broken or bool(broken)

    def took(self, g: Grid) -> None:
        """A step applied to `g` outside the sweeps: its changes taken in, their runs
        marked to be worked on again."""
        value = np.array(g.value, dtype=np.int64)
        cand = np.array(g.cand, dtype=np.int64)
        moved = np.nonzero((value != self.value) | (cand != self.cand))[0]
        self.dirty[self.arrays.run_of[moved].ravel()] = True
        self.value, self.cand = value, cand


def _apply(g: Grid, step: Step | None, compiled: _Compiled | None = None) -> bool:
    if step is None:
        return False
    g.apply(step)
    if compiled is not None:
        compiled.took(g)
    return True


def _sweep(g: Grid, tier: int) -> bool:
    """Every run's findings of the tier, and every naked single, applied; whether any was."""
    changed = False
    value, cand = g.value, g.cand
    for k, (total, members) in enumerate(g.lay.runs):
        if g.broken:
            return changed
        digits = tuple([value[i] for i in members])
        if all(digits):
            continue
        masks = tuple([cand[i] for i in members])
        if digits.count(0) == 1:
            cell, d = members[digits.index(0)], total - sum(digits)
            if 1 <= d <= 9 and g.cand[cell] & BIT[d]:
                g.place(cell, d)
                changed = True
            continue
        if tier == 0:
            found = sums.unique_combination(total, digits, masks)
            cuts = found[1] if found else ()
            combos = _one_combination(g, k)
        else:
            cuts = sums.combination_cuts(total, digits, masks)
            combos = sums.fillings(total, digits, masks)[1]
        for i, d in cuts:
            g.cand[members[i]] &= ~BIT[d]
            changed = True
        for cell, d in _lone_needed(g, members, combos):
            g.place(cell, d)
            changed = True
        if tier >= 2:
            for n in (2, 3):
                step = _naked_subset_in(g, k, n, "")
                if step:
                    g.apply(step)
                    changed = True
    return _naked_singles(g) or changed


def _naked_singles(g: Grid) -> bool:
    """Every cell with one candidate placed, in one pass over the cells; whether any was."""
    changed = False
    for cell, m in enumerate(g.cand):
        if m and POPCOUNT[m] == 1:
            g.place(cell, DIGITS[m][0])
            changed = True
    return changed


def solved_cells(lay: Layout, techniques) -> int:
    """How many cells the techniques place: what the generator's search climbs on."""
    return sum(1 for v in solve(lay, techniques).grid.value if v)


# --- the trace of one solve ------------------------------------------------------------------

def step_record(lay: Layout, step: Step) -> dict:
    """A step in record coordinates: [[row, col, digit], ...]."""
    return {"technique": step.technique, "text": step.text,
            "places": [[*lay.whites[c], d] for c, d in step.places],
            "eliminates": [[*lay.whites[c], d] for c, d in step.eliminates],
            "cells": [list(lay.whites[c]) for c in step.cells]}


def explain(puzzle: dict) -> list[str]:
    """The easiest-first solve, one line per step, and how it ended."""
    lay = Layout.of(Board.from_puzzle(puzzle))
    done = solve(lay)
    lines = [f"{n + 1}. {s.technique}: {s.text}" for n, s in enumerate(done.steps)]
    lines.append("result: solved" if done.solved else
                 f"result: stuck with {sum(1 for v in done.grid.value if not v)} cells open")
    return lines
