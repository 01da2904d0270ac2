"""The board on paper: sixteen tiles on the puzzle page, four labelled groups on the solution.

The puzzle page never shows a label, a tier or a grouping: only the tile names, in the keyed
order, each in its own box with a small empty square where the solver writes a group number.
Print is black and white, so on the solution page a tier is shown by its name and by a band
of gray whose shade deepens from yellow to purple.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.connections.board import TIERS
from pipeline.ink import GridBox, Ink

MIN_SIZE = 7.0        # points: never print a tile name smaller
MAX_SIZE = 12.0
SIZE_STEP = 0.5
LINE_GAP = 1.18       # baseline-to-baseline distance, in text sizes
TILE_INSET = 0.06     # of the cell: the gap between neighbouring tiles
MARK_BOX = 0.16       # of the cell: the square for the solver's group number
TIER_GRAY = {"yellow": 0.89, "green": 0.83, "blue": 0.76, "purple": 0.69}  # over 10%: printers drop lighter tints


@dataclass(frozen=True)
class TextBlock:
    lines: tuple[str, ...]
    size: float


def _word_splits(words: list[str], count: int) -> list[tuple[str, ...]]:
    """Every way to break `words` into `count` non-empty lines, in order."""
    if count == 1:
        return [(" ".join(words),)]
    out = []
    for cut in range(1, len(words) - count + 2):
        for rest in _word_splits(words[cut:], count - 1):
            out.append((" ".join(words[:cut]),) + rest)
    return out


def _hyphenations(word: str) -> list[tuple[str, str]]:
    """Ways to break one long word over two lines, nearest the middle first."""
    if "-" in word:  # a name that has its own hyphen breaks there
        head, tail = word.split("-", 1)
        return [(head + "-", tail)]
    cuts = sorted(range(3, len(word) - 2), key=lambda cut: (abs(2 * cut - len(word)), cut))
    return [(word[:cut] + "-", word[cut:]) for cut in cuts]


def layouts(name: str) -> list[tuple[str, ...]]:
    """Candidate line breaks between words, fewest lines first."""
    words = name.split()
    out: list[tuple[str, ...]] = []
    for count in range(1, min(len(words), 4) + 1):
        out.extend(_word_splits(words, count))
    return out


def hyphenated(name: str) -> list[tuple[str, ...]]:
    """A single long word over two lines, broken nearest the middle first."""
    if " " in name or len(name) < 8:
        return []
    return _hyphenations(name)[:3]


def fit_name(ink: Ink, name: str, width: float, height: float, bold: bool = False) -> TextBlock:
    """The largest size at which `name` fits, never below MIN_SIZE: first broken between
    words (fewest lines first), and only when that fails down to MIN_SIZE, hyphenated."""
    for candidates in (layouts(name), hyphenated(name)):
        size = MAX_SIZE
        while size >= MIN_SIZE:
            for lines in candidates:
                if len(lines) * size * LINE_GAP <= height and \
                        all(ink.text_width(line, size=size, bold=bold) <= width for line in lines):
                    return TextBlock(lines, size)
            size -= SIZE_STEP
    # Nothing fits: the narrowest layout at the smallest size (the drawing tests keep every
    # library name away from this on the book's grids).
    every = layouts(name) + hyphenated(name)
    lines = min(every, key=lambda ls: max(ink.text_width(line, size=MIN_SIZE, bold=bold)
                                          for line in ls))
    return TextBlock(lines, MIN_SIZE)


def _draw_block(ink: Ink, block: TextBlock, cx: float, cy: float, bold: bool = False) -> None:
    """Lines centred on (cx, cy)."""
    step = block.size * LINE_GAP
    top = cy + (len(block.lines) - 1) * step / 2 - block.size * 0.35
    for index, line in enumerate(block.lines):
        ink.text(cx, top - index * step, line, size=block.size, bold=bold, anchor="middle")


def _tile(ink: Ink, box: GridBox, row: int, col: int) -> tuple[float, float, float, float]:
    x, y = box.cell_origin(row, col)
    inset = box.cell * TILE_INSET
    return x + inset, y + inset, box.cell - 2 * inset, box.cell - 2 * inset


def draw_puzzle(ink: Ink, tiles: list[str], box: GridBox) -> None:
    for index, name in enumerate(tiles):
        x, y, w, h = _tile(ink, box, index // 4, index % 4)
        ink.rect(x, y, w, h, stroke=0.9)
        mark = box.cell * MARK_BOX
        ink.rect(x + w - mark - 2, y + 2, mark, mark, stroke=0.75)  # room for a group number
        pad = w * 0.07
        block = fit_name(ink, name, w - 2 * pad, h - 2 * mark)
        _draw_block(ink, block, x + w / 2, y + h / 2 + mark / 3)


def draw_solution(ink: Ink, groups: list[dict], box: GridBox,
                  also: dict[str, list[str]] | None = None) -> None:
    """One row per group, in tier order: a gray band, the tier and label above four tiles.

    `also` lists, per label, the other labels that claim the same four tiles of this board
    (another reading of the same group); they are printed after the label."""
    also = also or {}
    ordered = sorted(groups, key=lambda g: TIERS.index(g["tier"]))
    for row, group in enumerate(ordered):
        x, y = box.cell_origin(row, 0)
        inset = box.cell * TILE_INSET / 2
        ink.rect(x, y + inset, box.width, box.cell - 2 * inset, stroke=0.75,
                 fill=TIER_GRAY[group["tier"]])
        heading = f"{group['tier'].upper()}: {group['label']}"
        if also.get(group["label"]):
            heading += f" (also: {'; '.join(also[group['label']])})"
        head = fit_name(ink, heading, box.width - box.cell * 0.2, box.cell * 0.34, bold=True)
        for index, line in enumerate(head.lines):
            ink.text(x + box.cell * 0.1, y + box.cell * 0.74 - index * head.size * LINE_GAP, line,
                     size=head.size, bold=True)
        for col, name in enumerate(group["tiles"]):
            cx = x + (col + 0.5) * box.cell
            block = fit_name(ink, name, box.cell * 0.86, box.cell * 0.5)
            _draw_block(ink, block, cx, y + box.cell * 0.33)
