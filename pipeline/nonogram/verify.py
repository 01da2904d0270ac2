"""The independent checker: a board's solutions counted by a SAT solver (picosat, through
pycosat), never by the grader's line logic.

Each line's clue is the regular language 0* 1^a1 0+ 1^a2 ... 0*, read by a small deterministic
automaton: state j means the first j symbols of the clue's word "1..1 0 1..1 0 ..." have been
read. A variable per cell (true: filled) and per (line, position, state); clauses say the
line starts in state 0, each cell's value moves the automaton as the word allows (a move the
word does not allow is a clause that cannot hold) and the line ends in the last state. A
solution is a model; the next is sought with that model's cells forbidden, so "unique" is two
solver calls: one model, and none after it.
"""

from __future__ import annotations

import pycosat

from pipeline.nonogram.board import FILLED, EMPTY, Board, board_of


def _word(clue: tuple[int, ...]) -> list[int]:
    word: list[int] = []
    for i, length in enumerate(clue):
        if i:
            word.append(0)
        word += [1] * length
    return word


def clauses(board: Board) -> tuple[list[list[int]], int]:
    """The CNF of the board and the number of cell variables (cell (r, c) is r*cols+c+1)."""
    rows, cols = board.rows, board.cols
    top = rows * cols
    out: list[list[int]] = []

    def cell(r: int, c: int) -> int:
        return r * cols + c + 1

    lines = [([cell(r, c) for c in range(cols)], clue) for r, clue in enumerate(board.row_clues)]
    lines += [([cell(r, c) for r in range(rows)], clue) for c, clue in enumerate(board.col_clues)]
    for cells, clue in lines:
        word = _word(clue)
        n, w = len(cells), len(word)
        # loops on 0: the start, after a separating 0, and the end
        loops = [j == 0 or j == w or word[j - 1] == 0 for j in range(w + 1)]
        # state j can hold after i cells only when j <= i and the rest of the word fits in
        # the cells left: only those get a variable (the others are false)
        var: list[dict[int, int]] = []
        for i in range(n + 1):
            held = {}
            for j in range(max(0, w - (n - i)), min(i, w) + 1):
                top += 1
                held[j] = top
            var.append(held)
        out.append([var[0][0]])     # every line starts at the start of its word
        for i, x in enumerate(cells):
            here, there = var[i], var[i + 1]
            for j, s in here.items():
                on_filled = there.get(j + 1) if j < w and word[j] == 1 else None
                on_empty = (there.get(j + 1) if j < w and word[j] == 0
                            else there.get(j) if loops[j] else None)
                out.append([-s, -x, on_filled] if on_filled else [-s, -x])
                out.append([-s, x, on_empty] if on_empty else [-s, x])
            # and back: a state is reached only from the state before it on its symbol, or
            # from itself on an empty cell where the word loops (so every state variable is
            # fixed by the cells: one model a solution, and the solver reasons both ways)
            for j, later in there.items():
                before, same = here.get(j - 1) if j else None, here.get(j) if loops[j] else None
                out.append([-later] + [v for v in (before, same) if v])
                if before:
                    out.append([-later, -before, x if word[j - 1] else -x])
                if same:
                    out.append([-later, -same, -x])
    return out, rows * cols


def solutions(board: Board, limit: int) -> list[list[str]]:
    """Up to `limit` solutions, each as R strings of "#" and "."."""
    cnf, cells = clauses(board)
    found = []
    for model in pycosat.itersolve(cnf):
        values = model[:cells]
        found.append(["".join(FILLED if values[r * board.cols + c] > 0 else EMPTY
                              for c in range(board.cols)) for r in range(board.rows)])
        if len(found) == limit:
            break
    return found


def count(puzzle: dict, limit: int) -> int:
    return len(solutions(board_of(puzzle), limit))


def verify(puzzle: dict, solution: dict) -> dict:
    """"unique": True only when the solver finds exactly one solution and it is `solution`."""
    found = solutions(board_of(puzzle), 2)
    return {"checker": "sat-automaton/picosat", "solutions_found": len(found),
            "unique": len(found) == 1 and found[0] == list(solution["grid"])}
