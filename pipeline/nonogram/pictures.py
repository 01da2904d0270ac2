"""The pictures: Font Awesome Free's solid icons, drawn to a level's grid.

Each icon is set from the font the `fontawesomefree` package ships (fa-solid-900.ttf, CC BY
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

from pipeline.i18n import texts

SOURCE = "fontawesome-free-6.6.0-solid"
SCALE = 16                  # pixels a cell when the icon is set
MIN_FIDELITY = 0.85
SHARE = (0.25, 0.75)
# Every picture's name (texts.toml's [pictures]: icon name = the name the solution prints)
NAMES: dict[str, str] = dict(texts("pipeline.nonogram")["pictures"])


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
    values = list(small.getdata())
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
