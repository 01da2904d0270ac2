"""The grader's solve: line logic, then lines combined, then bounded probing, easiest first.

Cells are -1 (unknown), 0 (empty) or 1 (filled). `settle` is the line step: every cell of one
line that all placements of its clue agree on, given what is known (a forward and a backward
pass over the runs, as in Batenburg and Kosters' line solver). A solve counts what it did:

- line steps (a line that settled at least one new cell) and passes (rounds over the lines
  that changed since they were last settled);
- crossings: a cell whose one value, set and followed through its own row and column once
  each, contradicts one of them (two lines combined), so it takes the other value;
- probes: a cell whose one value, followed by line steps to the end, contradicts the board
  (one cell tried, its consequences followed: bounded probing).

This is the grader, not the proof: verify.py proves uniqueness without any of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

UNKNOWN = -1
CROSSING_ROUNDS = 2   # a crossing: the cell's two lines, then the lines crossing them


def settle(line: list[int], clue: tuple[int, ...]) -> list[int] | None:
    """The line with every cell its clue forces given what is known; None when no placement
    of the clue fits what is known (a contradiction)."""
    n, k = len(line), len(clue)
    # empties[i]: known-empty cells among the first i; filled[i]: known-filled likewise
    empties, filled = [0] * (n + 1), [0] * (n + 1)
    for i, cell in enumerate(line):
        empties[i + 1] = empties[i] + (cell == 0)
        filled[i + 1] = filled[i] + (cell == 1)

    def fits(j: int, s: int) -> bool:
        end = s + clue[j]
        return end <= n and empties[end] == empties[s] and (end == n or line[end] != 1)

    # ahead[j][i]: cells i.. explained by runs j.. (i a free point: nothing touches it left)
    ahead = [[False] * (n + 2) for _ in range(k + 1)]
    for i in range(n, -1, -1):
        ahead[k][i] = filled[n] == filled[i]
    for j in range(k - 1, -1, -1):
        row, nxt, length = ahead[j], ahead[j + 1], clue[j]
        for i in range(n - 1, -1, -1):
            ok = line[i] != 1 and row[i + 1]
            if not ok and fits(j, i):
                end = i + length
                ok = nxt[n] if end == n else nxt[end + 1]
            row[i] = ok
    if not ahead[0][0]:
        return None
    # behind[j][i]: cells ..i-1 explained by the first j runs, i a free point
    behind = [[False] * (n + 1) for _ in range(k + 1)]
    behind[0][0] = True
    can_fill = [0] * (n + 1)
    can_empty = [False] * n
    for j in range(k + 1):
        row = behind[j]
        for i in range(n + 1):
            if not row[i]:
                continue
            if i < n and line[i] != 1 and ahead[j][i + 1]:
                can_empty[i] = True
                row[i + 1] = True
            if j < k and fits(j, i):
                end = i + clue[j]
                after = n if end == n else end + 1
                if ahead[j + 1][after]:
                    can_fill[i] += 1
                    can_fill[end] -= 1
                    if end < n:
                        can_empty[end] = True
                    behind[j + 1][after] = True
    out, running = list(line), 0
    for i in range(n):
        running += can_fill[i]
        filled_ok, empty_ok = running > 0, can_empty[i]
        if not filled_ok and not empty_ok:
            return None
        out[i] = 1 if not empty_ok else 0 if not filled_ok else line[i]
    return out


@dataclass
class Solve:
    grid: list[list[int]]
    line_steps: int = 0
    passes: int = 0
    crossings: int = 0
    probes: int = 0
    contradiction: bool = False
    log: list[str] = field(default_factory=list)
    # (technique, line name or cell, cells settled as (r, c, value)) of each step, in order
    steps: list[tuple[str, str, tuple[tuple[int, int, int], ...]]] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return not self.contradiction and all(c != UNKNOWN for row in self.grid for c in row)

    def unknown(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row)
                if v == UNKNOWN]


def _line(grid, index: int, rows: int) -> list[int]:
    return list(grid[index]) if index < rows else [row[index - rows] for row in grid]


def _put(grid, index: int, rows: int, values: list[int]) -> list[int]:
    """Write a line back; the indices of the crossing lines whose cells changed."""
    changed = []
    if index < rows:
        for c, v in enumerate(values):
            if grid[index][c] != v:
                grid[index][c] = v
                changed.append(rows + c)
    else:
        c = index - rows
        for r, v in enumerate(values):
            if grid[r][c] != v:
                grid[r][c] = v
                changed.append(r)
    return changed


def line_solve(grid, clues, rows: int, dirty: set[int] | None = None,
               state: Solve | None = None) -> bool:
    """Line steps until nothing changes; False on a contradiction. Counts into `state`."""
    dirty = set(range(len(clues))) if dirty is None else dirty
    while dirty:
        if state is not None:
            state.passes += 1
        now, dirty = sorted(dirty), set()
        for index in now:
            line = _line(grid, index, rows)
            settled = settle(line, clues[index])
            if settled is None:
                return False
            before = _line(grid, index, rows) if state is not None else None
            changed = _put(grid, index, rows, settled)
            if changed:
                dirty.update(changed)
                if state is not None:
                    state.line_steps += 1
                    state.log.append(f"line {_name(index, rows)}: {len(changed)} cells")
                    cells = tuple((index, k, v) if index < rows else (k, index - rows, v)
                                  for k, (was, v) in enumerate(zip(before, settled))
                                  if was != v)
                    state.steps.append(("line", _name(index, rows), cells))
    return True


def _name(index: int, rows: int) -> str:
    return f"row {index + 1}" if index < rows else f"column {index - rows + 1}"


def _crossing_fails(grid, clues, rows: int, r: int, c: int, value: int) -> bool:
    """Whether `value` at (r, c) contradicts a line crossing its row or its column: the two
    lines through the cell settled, then every line crossing a cell they settled (two rounds
    of line steps from the cell: lines combined, not followed to the end as a probe is)."""
    return _follow(grid, clues, rows, r, c, value, CROSSING_ROUNDS)


def _follow(grid, clues, rows: int, r: int, c: int, value: int, rounds: int | None) -> bool:
    """Whether `value` at (r, c), followed by line steps for at most `rounds` rounds (None:
    to the end), meets a line no placement fits."""
    trial = [list(row) for row in grid]
    trial[r][c] = value
    dirty, done = {r, rows + c}, 0
    while dirty and (rounds is None or done < rounds):
        done += 1
        now, dirty = sorted(dirty), set()
        for index in now:
            settled = settle(_line(trial, index, rows), clues[index])
            if settled is None:
                return True
            dirty.update(_put(trial, index, rows, settled))
    return False


def _probe_fails(grid, clues, rows: int, r: int, c: int, value: int) -> bool:
    """Whether `value` at (r, c), its consequences followed by line steps to the end, meets
    a contradiction (bounded probing: one cell tried, nothing guessed on top of it)."""
    return _follow(grid, clues, rows, r, c, value, None)


def solve(board, techniques: tuple[str, ...] = ("line", "crossing", "probe")) -> Solve:
    """The easiest-first solve with `techniques` ("line" always): line steps to the end,
    then the first crossing (or, when none, the first probe) in reading order, and again."""
    rows, cols = board.rows, board.cols
    clues = board.lines()
    state = Solve([[UNKNOWN] * cols for _ in range(rows)])
    grid = state.grid
    if not line_solve(grid, clues, rows, state=state):
        state.contradiction = True
        return state
    while not state.solved:
        found = None
        for kind, fails in (("crossing", _crossing_fails), ("probe", _probe_fails)):
            if kind not in techniques:
                continue
            for r, c in state.unknown():
                for value in (1, 0):
                    if fails(grid, clues, rows, r, c, value):
                        found = (kind, r, c, 1 - value)
                        break
                if found:
                    break
            if found:
                break
        if not found:
            return state
        kind, r, c, value = found
        setattr(state, kind + "s", getattr(state, kind + "s") + 1)
        state.log.append(f"{kind} at row {r + 1}, column {c + 1}: "
                         f"{'filled' if value else 'empty'}")
        grid[r][c] = value
        state.steps.append((kind, f"row {r + 1}, column {c + 1}", ((r, c, value),)))
        if not line_solve(grid, clues, rows, {r, rows + c}, state):
            state.contradiction = True
            return state
    return state


def explain(puzzle: dict) -> list[str]:
    from pipeline.nonogram.board import board_of
    return solve(board_of(puzzle)).log
