"""Nonogram generation: a key picks a picture, the picture is drawn to the level's grid,
repaired where its clues do not pin it down by the level's logic, proven and graded.

The pictures of a level are all of texts.toml's icons in an order the level's name keys
(`picture_order`); key number n takes the n-th. A picture has one home: the hardest level
whose grid shows it recognisably (pictures.py) and whose repaired drawing grades exactly at
that level. A key whose picture is not at home at its level, or is no longer recognisable
after its repair, gives no board (GenerationFailed): a book never prints one picture twice,
at two sizes.

The repair (after Batenburg, Henstra, Kosters and Palenstijn's constructive approach): while
the solve with the level's techniques stalls, one cell it left open is flipped: among the
open cells, the few nearest to half inked (the cheapest to the picture) are each tried, and
the one after which line steps settle most cells is kept. At most 5 % of the cells; every
flip is counted in the grade (`repairs`).
"""

from __future__ import annotations

from functools import lru_cache

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream
from pipeline.nonogram import grade as grading
from pipeline.nonogram.board import board_of, puzzle_of, solution_of
from pipeline.nonogram.draw import CLUE_SLOTS
from pipeline.nonogram.pictures import NAMES, SOURCE, draw, recognisable
from pipeline.nonogram.solve import UNKNOWN, line_solve, solve
from pipeline.nonogram.verify import verify

MAX_REPAIR_SHARE = 0.05
TRIED_FLIPS = 6          # open cells tried for each flip


@lru_cache(maxsize=8)
def picture_order(level: str) -> tuple[str, ...]:
    icons = sorted(NAMES)
    KeyedStream(f"nonogram:{level}:pictures").shuffle(icons)
    return tuple(icons)


def _open_after_lines(cells) -> int:
    board = board_of(puzzle_of(cells, ""))
    grid = [[UNKNOWN] * board.cols for _ in range(board.rows)]
    if not line_solve(grid, board.lines(), board.rows):
        return board.rows * board.cols
    return sum(row.count(UNKNOWN) for row in grid)


def repaired(icon: str, level: str):
    """(cells, solve, flips) of the icon drawn for `level`, repaired until the level's
    techniques finish it; None when that takes more than 5 % of the cells."""
    drawn = draw(icon, grading.SIDES[level])
    cells = [list(row) for row in drawn.cells]
    budget = int(MAX_REPAIR_SHARE * drawn.size * drawn.size)
    techniques = grading.TECHNIQUES[level]
    for flips in range(budget + 1):
        done = solve(board_of(puzzle_of(cells, "")), techniques)
        if done.solved:
            return cells, flips
        if flips == budget:
            return None
        open_cells = sorted(done.unknown(),
                            key=lambda rc: (abs(drawn.coverage[rc[0]][rc[1]] - 0.5), rc))
        best = None
        for r, c in open_cells[:TRIED_FLIPS]:
            cells[r][c] ^= 1
            score = _open_after_lines(cells)
            cells[r][c] ^= 1
            if best is None or score < best[0]:
                best = (score, r, c)
        cells[best[1]][best[2]] ^= 1
    return None


@lru_cache(maxsize=2048)
def placed(icon: str, level: str) -> tuple[tuple[str, ...], int, str] | str:
    """The icon's board at `level` as (solution rows, flips, grade level), or why it has
    none there (a sentence)."""
    drawn = draw(icon, grading.SIDES[level])
    why = recognisable(drawn.cells, drawn.coverage)
    if why:
        return f"not recognisable at {drawn.size}x{drawn.size}: {why}"
    made = repaired(icon, level)
    if made is None:
        return f"needs more than {int(MAX_REPAIR_SHARE * 100)} % of its cells changed"
    cells, flips = made
    why = recognisable(cells, drawn.coverage)
    if why:
        return f"not recognisable after {flips} repairs: {why}"
    puzzle = puzzle_of(cells, "")
    longest = max(len(clue) for clue in puzzle["row_clues"] + puzzle["col_clues"])
    if longest > CLUE_SLOTS[drawn.size]:
        return f"a line of {longest} runs, more than the page's {CLUE_SLOTS[drawn.size]} clue cells"
    level_found, _done = grading.graded(board_of(puzzle))
    rows = tuple(solution_of(cells)["grid"])
    return rows, flips, level_found


def home(icon: str) -> tuple[str | None, dict[str, str]]:
    """The icon's home level (None: it has none) and, for each level tried before it, why
    not. The hardest level is tried first: the larger grids show a picture best, and few
    pictures need the harder levels' logic, so each goes where it is scarcest."""
    why_not = {}
    for level in reversed(grading.LEVELS):
        got = placed(icon, level)
        if isinstance(got, str):
            why_not[level] = got
        elif got[2] != level:
            why_not[level] = f"graded {got[2]} at {grading.SIDES[level]}x{grading.SIDES[level]}"
        else:
            return level, why_not
    return None, why_not


def _number(key: str) -> tuple[int, int]:
    base, _, variant = key.partition("#")
    return int(base.rsplit(":", 1)[1]), int(variant or 0)


def generate(key: str, level: str, version: str) -> Generated:
    number, variant = _number(key)
    order = picture_order(level)
    if variant or not 1 <= number <= len(order):
        raise GenerationFailed(f"{key}: no picture left at {level}")
    icon = order[number - 1]
    at_home, why_not = home(icon)
    if at_home != level:
        raise GenerationFailed(f"{key}: {icon} is not a {level} picture "
                               f"({why_not.get(level) or f'its home is {at_home}'})")
    rows, flips, _ = placed(icon, level)
    puzzle = puzzle_of(rows, f"{SOURCE}:{icon}")
    solution = solution_of(rows)
    proof = verify(puzzle, solution)
    if not proof["unique"]:
        raise CheckersDisagree(f"{key}: the solve finished {icon}, the checker found "
                               f"{proof['solutions_found']} solutions")
    level_found, done = grading.graded(board_of(puzzle))
    return Generated(puzzle, solution, grading.grade_record(done, flips), proof, 1)
