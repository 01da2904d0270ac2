"""Nonogram generation: a key picks a picture, the picture is drawn to the level's grid,
repaired where its clues do not pin it down by the level's logic, proven and graded.

The pictures of a level are all of texts.toml's icons in an order the level's name keys
(`picture_order`); key number n takes the n-th. A picture has one home: the hardest level
whose grid shows it recognisably (`recognisable`) and whose repaired drawing grades exactly at
that level. A key whose picture is not at home at its level, or is no longer recognisable
after its repair, gives no board (GenerationFailed): a book never prints one picture twice,
at two sizes.

The repair (after Batenburg, Henstra, Kosters and Palenstijn's constructive approach): while
the solve with the level's techniques stalls, one cell it left open is flipped: among the
open cells, the few nearest to half inked (the cheapest to the picture) are each tried, and
the one after which line steps settle most cells is kept. At most 5 % of the cells; every
flip is counted in the grade (`repairs`).

The pictures are Font Awesome Free's solid icons. Each icon is set from the font the `fontawesomefree` package ships (fa-solid-900.ttf, CC BY
4.0), by Pillow at SCALE pixels a cell, its inked box fitted into the square grid without
distortion and centred, then averaged down to one value a cell (Pillow's box filter): a cell's
coverage, the share of it the icon inks. A cell is filled when at least half of it is inked.

How recognisable the grid is, measured against that high-resolution coverage:
- `fidelity`: 1 - the mean |filled - coverage| over the cells: how much ink the grid moved
  (1.0 when every cell is all ink or none; a thin stroke that falls across cell edges loses);
- `share`: the filled cells' share of the grid, kept between a quarter and three quarters (a
  blot or a few specks are not a picture).
Only icons the table of texts.toml names are drawn: things a person names at a glance, never
a brand's logo (the package's metadata is checked too) nor an abstract sign.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream
from pipeline.nonogram import grade as grading
from pipeline.nonogram.board import NAMES, SOURCE, board_of, puzzle_of, solution_of
from pipeline.nonogram.grade import CLUE_SLOTS
from pipeline.nonogram.solve import UNKNOWN, line_solve, solve
from pipeline.nonogram import verify as checker

# --- the pictures ----------------------------------------------------------------------------
SCALE = 16                  # pixels a cell when the icon is set
MIN_FIDELITY = 0.85
SHARE = (0.25, 0.75)


def _package_file(*parts: str):
    return resources.files("fontawesomefree").joinpath("static", "fontawesomefree", *parts)


@lru_cache(maxsize=1)
def _metadata() -> dict:
    return json.loads(_package_file("metadata", "icons.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=8)
def _font(pixels: int):
    with resources.as_file(_package_file("webfonts", "fa-solid-900.ttf")) as path:
        return ImageFont.truetype(str(path), pixels)


def is_solid_icon(icon: str) -> bool:
    """A free solid icon of the package, never one of its brands."""
    meta = _metadata().get(icon)
    return bool(meta) and "solid" in meta.get("free", ()) and "brands" not in meta["styles"]


@dataclass(frozen=True)
class Drawn:
    icon: str
    size: int
    cells: tuple[tuple[int, ...], ...]       # 1 filled, 0 empty
    coverage: tuple[tuple[float, ...], ...]  # 0..1 a cell

    @property
    def share(self) -> float:
        return sum(map(sum, self.cells)) / (self.size * self.size)


def fidelity(cells, coverage) -> float:
    size = len(cells)
    return 1 - sum(abs(v - w) for row, cov in zip(cells, coverage)
                   for v, w in zip(row, cov)) / (size * size)


@lru_cache(maxsize=4096)
def draw(icon: str, size: int) -> Drawn:
    """The icon on a size x size grid: its coverage and the cells at least half inked."""
    glyph = chr(int(_metadata()[icon]["unicode"], 16))
    side = size * SCALE
    font = _font(side)
    canvas = Image.new("L", (2 * side, 2 * side), 0)
    ImageDraw.Draw(canvas).text((side // 2, side // 2), glyph, font=font, fill=255)
    box = canvas.getbbox()
    inked = canvas.crop(box)
    w, h = inked.size
    scale = side / max(w, h)
    fitted = inked.resize((max(1, round(w * scale)), max(1, round(h * scale))),
                          Image.Resampling.LANCZOS)
    square = Image.new("L", (side, side), 0)
    square.paste(fitted, ((side - fitted.width) // 2, (side - fitted.height) // 2))
    small = square.resize((size, size), Image.Resampling.BOX)
    values = small.tobytes()
    coverage = tuple(tuple(values[r * size + c] / 255 for c in range(size))
                     for r in range(size))
    cells = tuple(tuple(int(v >= 0.5) for v in row) for row in coverage)
    return Drawn(icon, size, cells, coverage)


def recognisable(cells, coverage) -> str | None:
    """Why a grid does not show its icon well enough (None: it does)."""
    size = len(cells)
    share = sum(map(sum, cells)) / (size * size)
    if not SHARE[0] <= share <= SHARE[1]:
        return f"filled share {share:.2f} outside {SHARE[0]}-{SHARE[1]}"
    kept = fidelity(cells, coverage)
    if kept < MIN_FIDELITY:
        return f"fidelity {kept:.2f} below {MIN_FIDELITY}"
    return None


# --- boards ------------------------------------------------------------------------------------
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
    proof = checker.verify(puzzle, solution)
    if not proof["unique"]:
        raise CheckersDisagree(f"{key}: the solve finished {icon}, the checker found "
                               f"{proof['solutions_found']} solutions")
    level_found, done = grading.graded(board_of(puzzle))
    return Generated(puzzle, solution, grading.grade_record(done, flips), proof, 1)


def survey() -> dict:
    """Every icon's home, and for those with none the reason at each level (the family's
    docs report these counts)."""
    homes: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for icon in sorted(NAMES):
        level, why_not = home(icon)
        homes[str(level)] = homes.get(str(level), 0) + 1
        if level is None:
            for lv, why in why_not.items():
                reason = f"{lv}: {why.split(':')[0]}"
                reasons[reason] = reasons.get(reason, 0) + 1
    return {"homes": homes, "no_home_reasons": reasons}
