"""The board on paper: sixteen tiles on the puzzle page, four labelled groups on the solution.

The puzzle page never shows a label, a tier or a grouping: only the tile names, in the keyed
order, each in its own box with a small empty square where the solver writes a group number.
Print is black and white, so on the solution page a tier is shown by its name and by a band
of gray whose shade deepens from yellow to purple.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.cover_colours import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.connections.board import TIERS, puzzle_language
from pipeline.geometry import MM
from pipeline.i18n import N_, Messages, hyphenator, language
from pipeline.ink import GridBox, Ink

_ = Messages(__name__)

# The tiers as the solution page writes them, in capitals.
TIER_NAMES = {"yellow": N_("YELLOW"), "green": N_("GREEN"), "blue": N_("BLUE"),
              "purple": N_("PURPLE")}

MIN_SIZE = 7.0        # points: never print a tile name smaller
MAX_SIZE = 12.0
SIZE_STEP = 0.5
LINE_GAP = 1.18       # baseline-to-baseline distance, in text sizes
TILE_INSET = 0.06     # of the cell: the gap between neighbouring tiles
MARK_BOX = 0.16       # of the cell: the square for the solver's group number
HEAD_MAX = 11.0       # points: the largest heading size on a solution
HEAD_SHARE = 0.44     # of a solution band's height: the heading; names take NAME_SHARE below
NAME_SHARE = 0.42
MIN_CELL_MM = 24.0    # tile pitch: the longest one-word names (Liechtenstein, Turkmenistan)
                      # at 9 pt or more, two-line names, and a square to pencil a digit in
TIER_GRAY = {"yellow": 0.89, "green": 0.83, "blue": 0.76, "purple": 0.69}  # over 10%: printers drop lighter tints

# The cover's defaults (Family.cover_style): four groups of tiles.
COVER_STYLE = CoverStyle(
    name="four-groups", art="mosaic", ground=cmyk(0, 5, 35, 0), plate=WHITE,
    accents=(cmyk(0, 15, 75, 0), cmyk(40, 0, 70, 0), cmyk(45, 15, 0, 0), cmyk(35, 50, 0, 0)),
    art_dark=cmyk(0, 0, 0, 100), badge=cmyk(0, 60, 90, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")


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


def _word_breaks(word: str) -> tuple[tuple[str, str], ...]:
    """Where a word may break over two lines, by the hyphenation dictionary of the book's
    language (the tiles are in it)."""
    return _breaks_in(word, language())


@lru_cache(maxsize=4096)
def _breaks_in(word: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Where a word may break over two lines: its own hyphen, else where the hyphenation
    dictionary allows (never fewer than three letters on a side), nearest the middle first."""
    if "-" in word.strip("-"):
        head, tail = word.split("-", 1)
        return ((head + "-", tail),)
    pairs = [(head + "-", tail) for head, tail in hyphenator(lang).iterate(word)
             if len(head) >= 3 and len(tail) >= 3]
    return tuple(sorted(pairs, key=lambda pair: abs(len(pair[0]) - 1 - len(pair[1]))))


@lru_cache(maxsize=8192)
def layouts(name: str) -> list[tuple[str, ...]]:
    """Candidate line breaks between words, fewest lines first (the list is shared: read
    it, never change it)."""
    words = name.split()
    out: list[tuple[str, ...]] = []
    for count in range(1, min(len(words), 4) + 1):
        out.extend(_word_splits(words, count))
    return out


def hyphenated(name: str) -> list[tuple[str, ...]]:
    """Layouts that also break one word where the dictionary of the book's language allows."""
    return _hyphenated_in(name, language())


@lru_cache(maxsize=8192)
def _hyphenated_in(name: str, lang: str) -> list[tuple[str, ...]]:
    """Layouts that also break one word where the dictionary allows: for each break between
    words (fewest lines first), the line's longest word split over two lines."""
    out: list[tuple[str, ...]] = []
    for lines in layouts(name):
        if len(lines) >= 4:
            continue
        longest = max(range(len(lines)), key=lambda i: len(lines[i]))
        words = lines[longest].split()
        w = max(range(len(words)), key=lambda i: len(words[i]))
        for head, tail in _breaks_in(words[w], lang)[:3]:
            first = " ".join(words[:w] + [head])
            second = " ".join([tail] + words[w + 1:])
            out.append(lines[:longest] + (first, second) + lines[longest + 1:])
    return out


def _measured(ink: Ink, candidates, bold: bool, height: float,
              smallest: float) -> list[tuple[tuple[str, ...], float]]:
    """Each candidate layout with its widest line set at 1 pt: widths scale with the size,
    so a board's names are measured once, not once for every size tried. Layouts with more
    lines than `height` holds at the `smallest` size tried are left out unmeasured."""
    return [(lines, max(ink.text_width(line, size=1.0, bold=bold) for line in lines))
            for lines in candidates if len(lines) * smallest * LINE_GAP <= height]


def _pick(measured, size: float, width: float, height: float) -> tuple[str, ...] | None:
    """Of the measured layouts that fit at `size`, the one with the fewest lines; among
    those, the most even (the narrowest longest line)."""
    fitting = [(lines, widest) for lines, widest in measured
               if len(lines) * size * LINE_GAP <= height and widest * size <= width]
    if not fitting:
        return None
    fewest = min(len(lines) for lines, _widest in fitting)
    return min((pair for pair in fitting if len(pair[0]) == fewest), key=lambda p: p[1])[0]


def lines_at(ink: Ink, name: str, size: float, width: float, height: float,
             bold: bool = False, hyphenate: bool = True) -> tuple[str, ...] | None:
    """The first layout of `name` that fits at `size`: breaks between words first, a
    dictionary hyphenation only when no break between words fits."""
    for candidates in (layouts(name), hyphenated(name) if hyphenate else []):
        lines = _pick(_measured(ink, candidates, bold, height, size), size, width, height)
        if lines is not None:
            return lines
    return None


def _sizes(top: float = MAX_SIZE):
    size = top
    while size >= MIN_SIZE - 1e-9:
        yield size
        size -= SIZE_STEP


def board_size(ink: Ink, names, width: float, height: float, bold: bool = False,
               top: float = MAX_SIZE) -> float | None:
    """One size for a whole board: the largest at which every name fits its box with breaks
    between words only; failing that down to MIN_SIZE, the largest with hyphenation too; None
    when some name does not fit even then."""
    smallest = min(_sizes(top))
    plain = [_measured(ink, layouts(name), bold, height, smallest) for name in names]
    for hyphenate in (False, True):
        choices = [[m] for m in plain] if not hyphenate else [
            [m, _measured(ink, hyphenated(name), bold, height, smallest)]
            for m, name in zip(plain, names)]
        for size in _sizes(top):
            if all(any(_pick(m, size, width, height) is not None for m in groups)
                   for groups in choices):
                return size
    return None


def fit_name(ink: Ink, name: str, width: float, height: float, bold: bool = False) -> TextBlock:
    """The largest size at which `name` fits on its own, never below MIN_SIZE."""
    for size in _sizes():
        lines = lines_at(ink, name, size, width, height, bold)
        if lines is not None:
            return TextBlock(lines, size)
    # Nothing fits: the narrowest layout at the smallest size (a book never prints such a
    # board: `print_problem` refuses it first).
    every = layouts(name) + hyphenated(name)
    lines = min(every, key=lambda ls: max(ink.text_width(line, size=MIN_SIZE, bold=bold)
                                          for line in ls))
    return TextBlock(lines, MIN_SIZE)


def _block(ink: Ink, name: str, size: float | None, width: float, height: float,
           bold: bool = False) -> TextBlock:
    lines = None if size is None else (lines_at(ink, name, size, width, height, bold, False)
                                       or lines_at(ink, name, size, width, height, bold))
    return TextBlock(lines, size) if lines is not None else fit_name(ink, name, width, height,
                                                                      bold)


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


def _tile_text_box(box: GridBox) -> tuple[float, float]:
    """Width and height a tile name may take: the tile less its padding and, below, the
    square for the group number."""
    w = box.cell * (1 - 2 * TILE_INSET)
    mark = box.cell * MARK_BOX
    return w * 0.86, w - 2 * mark - 2


def _head_box(box: GridBox) -> tuple[float, float]:
    """Room for a group's heading on the solution: the row's width less its padding, and the
    upper part of the band (the names take the lower part)."""
    return box.width - box.cell * 0.2, box.cell * HEAD_SHARE


def _heading(group: dict, also: dict) -> str:
    heading = _("{tier}: {label}", tier=_(TIER_NAMES[group["tier"]]), label=group["label"])
    if also.get(group["label"]):
        # The labels of a list are whole phrases, some with commas or colons of their own:
        # the language's separator between them (English "; "; the other languages quote
        # each label, so no line holds two bare colons: „A“, „B“).
        heading = _("{heading} (also: {labels})", heading=heading,
                    labels=_("; ").join(also[group["label"]]))
    return heading


def print_problem(ink: Ink, tiles: list[str], groups: list[dict], also: dict,
                  puzzle_cell: float, solution_cell: float) -> str | None:
    """Why this board cannot be printed at these pitches (a name or heading that does not fit
    at MIN_SIZE), or None when it can."""
    box = GridBox(0, 0, puzzle_cell, 4, 4)
    width, height = _tile_text_box(box)
    if board_size(ink, tiles, width, height) is None:
        wide = [t for t in tiles if lines_at(ink, t, MIN_SIZE, width, height) is None]
        return f"{wide[0]!r} does not fit a {puzzle_cell / MM:.1f} mm tile at {MIN_SIZE:g} pt"
    sbox = GridBox(0, 0, solution_cell, 4, 4)
    headings = [_heading(g, also) for g in groups]
    if board_size(ink, headings, *_head_box(sbox), bold=True, top=HEAD_MAX) is None:
        return f"a solution heading does not fit its band at {MIN_SIZE:g} pt"
    names = [n for g in groups for n in g["tiles"]]
    if board_size(ink, names, solution_cell * 0.86, solution_cell * NAME_SHARE) is None:
        return f"a name does not fit a solution tile at {MIN_SIZE:g} pt"
    return None


def draw_puzzle(ink: Ink, tiles: list[str], box: GridBox) -> None:
    width, height = _tile_text_box(box)
    size = board_size(ink, tiles, width, height)   # one size for every tile of the board
    for index, name in enumerate(tiles):
        x, y, w, h = _tile(ink, box, index // 4, index % 4)
        ink.rect(x, y, w, h, stroke=0.9)
        mark = box.cell * MARK_BOX
        ink.rect(x + w - mark - 2, y + 2, mark, mark, stroke=0.75)  # room for a group number
        block = _block(ink, name, size, width, height)
        _draw_block(ink, block, x + w / 2, y + h / 2 + mark / 3)


def draw_solution(ink: Ink, groups: list[dict], box: GridBox,
                  also: dict[str, list[str]] | None = None) -> None:
    """One row per group, in tier order: a gray band, the tier and label above four names.

    `also` lists, per label, the other labels that claim the same four tiles of this board
    (another reading of the same group); they are printed after the label. Headings share one
    size on a board, wrapped between words to fit the upper part of their band; names share
    another size and keep to the lower part, so the two never meet."""
    also = also or {}
    ordered = sorted(groups, key=lambda g: TIERS.index(g["tier"]))
    headings = [_heading(g, also) for g in ordered]
    head_w, head_h = _head_box(box)
    head_size = board_size(ink, headings, head_w, head_h, bold=True, top=HEAD_MAX)
    names = [n for g in ordered for n in g["tiles"]]
    name_w, name_h = box.cell * 0.86, box.cell * NAME_SHARE
    name_size = board_size(ink, names, name_w, name_h)
    for row, group in enumerate(ordered):
        x, y = box.cell_origin(row, 0)
        inset = box.cell * TILE_INSET / 2
        ink.rect(x, y + inset, box.width, box.cell - 2 * inset, stroke=0.75,
                 fill=TIER_GRAY[group["tier"]])
        head = _block(ink, headings[row], head_size, head_w, head_h, bold=True)
        top = y + box.cell - inset - box.cell * 0.04   # the band's inner top edge
        for index, line in enumerate(head.lines):
            ink.text(x + box.cell * 0.1, top - head.size * (0.8 + index * LINE_GAP), line,
                     size=head.size, bold=True)
        for col, name in enumerate(group["tiles"]):
            cx = x + (col + 0.5) * box.cell
            block = _block(ink, name, name_size, name_w, name_h)
            _draw_block(ink, block, cx, y + inset + box.cell * 0.02 + name_h / 2)


# --- how-to lessons ------------------------------------------------------------------------------
LESSON_FILL = 0.86


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """No figure: the hint is a theme, in words."""


def lessons(boards, levels=()) -> list:
    """How themes and red herrings work, on the example board: a theme that claims exactly
    four countries (a group), and one that fits only three (a red herring); every level is
    taught with the same two lessons, so `levels` changes nothing."""
    from pipeline.connections.board import load_library
    from pipeline.connections.verify import claimed_groups
    from pipeline.ink import Lesson

    puzzle, solution = boards[0]
    tiles = list(puzzle["tiles"])
    library = load_library(puzzle_language(puzzle))
    board = set(tiles)
    first = sorted(solution["groups"], key=lambda g: TIERS.index(g["tier"]))[0]
    out = [Lesson(_("A group"), _("“{label}” fits exactly these four countries, and a theme "
                                  "takes every country on the board that fits it, so they can "
                                  "be a group.", label=first["label"]),
                  0, (tuple(first["tiles"]),), (1, 4))]
    claimed = {label for labels in claimed_groups(tiles, library).values() for label in labels}
    group_of = {tile: index for index, g in enumerate(solution["groups"]) for tile in g["tiles"]}
    # The best herring to show spreads over several groups: it looks like a group and is not.
    short = sorted((c for c in library if len(board & c.pool) == 3 and c.label not in claimed),
                   key=lambda c: (-len({group_of[t] for t in board & c.pool}),
                                  TIERS.index(c.tier), c.label))
    if short:
        herring = short[0]
        fits = tuple(t for t in tiles if t in herring.pool)
        out.append(Lesson(_("A red herring"),
                          _("“{label}” fits these three countries only; a group needs four, so "
                            "this theme is a red herring: each of them belongs to another "
                            "group.", label=herring.label), 0, (fits,), (1, 4)))
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """The tiles a theme fits, shaded, in a row."""
    (names,) = step
    width, height = _tile_text_box(box)
    size = board_size(ink, names, width, height)
    for index, name in enumerate(names):
        x, y, w, h = _tile(ink, box, 0, index)
        ink.rect(x, y, w, h, stroke=0.9, fill=LESSON_FILL)
        _draw_block(ink, _block(ink, name, size, width, height), x + w / 2, y + h / 2)
