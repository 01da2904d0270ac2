"""The Star Battle hint: a board's key step, in words, with what it establishes.

The key step is the first step of the highest tier the board's easiest-first solve uses
(solve/), replayed to the board just before it: one star a line in the words of tiers 1 to 4,
k stars a line in the words of the k-star tiers. Squares are named as printed around a board
(columns A, B, ... from the left, rows 1, 2, ... from the top).
"""

from __future__ import annotations

import numpy as np

from pipeline.family import Hint, HintNames, column_letter, square_list, square_name
from pipeline.i18n import N_, Messages, and_list, language, or_list
from pipeline.engines.reveals import check_reveals, revealed_squares
from pipeline.starbattle import solve
from pipeline.starbattle.board import Board
from pipeline.starbattle.solve import tier as tier_named

REVEALS = ("stars", "crossed")  # what a hint reveals: squares that hold a star, squares crossed out
_ = Messages(__name__)
OPENINGS = (N_("From the start"), N_("After the easier steps"))   # before the first step, after

# --- the hint of a one-star board ------------------------------------------------------------


def _clashes(board: Board, star: tuple[int, int]) -> set[tuple[int, int]]:
    """Squares a star at `star` rules out: its row, column, region and eight neighbours."""
    n, (r, c) = board.size, star
    region = board.regions[r * n + c]
    return {(rr, cc) for rr in range(n) for cc in range(n) if (rr, cc) != star and (
        rr == r or cc == c or board.regions[rr * n + cc] == region
        or (abs(rr - r) <= 1 and abs(cc - c) <= 1))}


def line_squares(board: Board, line: int) -> list[tuple[int, int]]:
    n = board.size
    kind, index = divmod(line, n)
    if kind == 0:
        return [(index, c) for c in range(n)]
    if kind == 1:
        return [(r, index) for r in range(n)]
    return [divmod(cell, n) for cell in range(n * n) if board.regions[cell] == index]


def line_label(board: Board, line: int) -> str:
    """A row, column or region as a reader finds it on the printed board."""
    kind, index = divmod(line, board.size)
    if kind == 0:
        return _("row {number}", number=index + 1)
    if kind == 1:
        return _("column {letter}", letter=column_letter(index))
    return _("the region holding {square}", square=square_name(*line_squares(board, line)[0]))


def key_step(board: Board) -> tuple[int, int, list[int], set, set]:
    """(tier, step index, line numbers, open squares before the step, stars before it) of the
    first step of the highest tier the easiest-first solve uses."""
    status, steps, _, step_tier, step_lines, step_star, step_crossed = \
        solve.run_deduction(board, 4)
    if status != solve.SOLVED or steps == 0:
        raise ValueError("the easiest-first solve does not finish this board")
    n = board.size
    top = int(step_tier[:steps].max())
    index = next(k for k in range(steps) if step_tier[k] == top)
    open_squares = {(r, c) for r in range(n) for c in range(n)}
    stars: set = set()
    for star in board.givens:
        stars.add(star)
        open_squares -= _clashes(board, star) | {star}
    for k in range(index):   # replay the easier steps to the board just before the key step
        open_squares -= set(solve.mask_squares(n, step_crossed[k]))
        if step_star[k] >= 0:
            star = divmod(int(step_star[k]), n)
            stars.add(star)
            open_squares -= _clashes(board, star) | {star}
    lines = [int(line) for line in step_lines[index] if line >= 0]
    return top, index, lines, open_squares, stars


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None):
    """The first step of the board's top tier, in words, with what it establishes."""
    board = Board.from_puzzle(puzzle)
    if board.stars > 1:   # the grade names the top tier, so the solve stops at its first step
        return hint_k(board, grade.get("max_tier") if grade else None)
    n = board.size
    tier, index, lines, open_squares, _stars = key_step(board)
    step = solve.solve(board).steps[index]
    crossed = list(step.crossed)
    names = [line_label(board, line) for line in lines]
    squares = {line: sorted(sq for sq in line_squares(board, line) if sq in open_squares)
               for line in lines}
    opening = _(OPENINGS[bool(index)])
    one = len(crossed) == 1
    # The figure shades the open squares of the step's lines, so the words need not list them.
    if tier == 1:
        star = step.star
        text = _("{opening}, {line} has one open square left: {star} gets its star",
                 opening=opening, line=names[0], star=square_list([star]))
        text += (_("; cross out the squares it touches or lines up with: {squares}.",
                   squares=square_list(crossed)) if crossed else ".")
        stars = [list(star)]
    elif tier == 2:
        line = lines[0]
        parts = dict(opening=opening, line=names[0], squares=square_list(squares[line]),
                     either=or_list(square_name(*sq) for sq in sorted(crossed)))
        text = _("{opening}, {line} can hold its star only in {squares}. A star on {either} "
                 "would touch or line up with all of them and leave {line} no star: cross it "
                 "out.", **parts) if one else \
            _("{opening}, {line} can hold its star only in {squares}. A star on {either} "
              "would touch or line up with all of them and leave {line} no star: cross them "
              "out.", **parts)
        stars = []
    else:
        inside = {sq for line in lines for sq in line_squares(board, line)}
        unused = [sq for sq in crossed if sq in inside]
        ruled = [sq for sq in crossed if sq not in inside]
        # "of row 2 and row 4"; a language may repeat its word: "de la ligne 2 et de la ligne 4"
        of_lines = "of " + and_list(names) if language() == "en" else \
            and_list(_("of {line}", line=name) for name in names)
        parts = dict(opening=opening, of_lines=of_lines)
        text = _("{opening}, try every way to place the stars {of_lines} on their open "
                 "squares (shaded), both at once.", **parts) if tier == 3 else \
            _("{opening}, try every way to place the stars {of_lines} on their open "
              "squares (shaded), all three at once.", **parts)
        parts = dict(ruled=square_list(ruled), unused=square_list(unused))
        if ruled and unused:
            text += " " + _("Every way rules out {ruled}, and no way uses {unused}: cross "
                            "them all out.", **parts)
        elif ruled:
            text += " " + (_("Every way rules out {ruled}: cross it out.", **parts) if one else
                           _("Every way rules out {ruled}: cross them out.", **parts))
        else:
            text += " " + (_("No way uses {unused}: cross it out.", **parts) if one else
                           _("No way uses {unused}: cross them out.", **parts))
        stars = []
    reveals = {"stars": stars, "crossed": [list(sq) for sq in crossed]}
    figure = {"lines": [[list(sq) for sq in squares[line]] for line in lines],
              "size": n}
    return Hint(_(tier_named(1, tier).hint), text, reveals, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not (`pipeline.engines.reveals.check_reveals`):
    a placed star not in it, a crossed square that holds a star in it, a square off the
    board."""
    n = puzzle["size"]
    answer = {tuple(star) for star in solution["stars"]}

    def misfit(key: str, square) -> str | None:
        if not (isinstance(square, list) and len(square) == 2
                and all(isinstance(v, int) and 0 <= v < n for v in square)):
            return f"reveals.{key}: {square!r} is not a square of the board"
        if key == "stars" and tuple(square) not in answer:
            return f"a star at {square} is not in the solution"
        if key == "crossed" and tuple(square) in answer:
            return f"{square} is crossed out but holds a star in the solution"
        return None

    return check_reveals(reveals, REVEALS, misfit)


def hint_names(reveals: dict) -> HintNames:
    """Every square a hint places a star on or crosses out is named in its words."""
    return revealed_squares(reveals, REVEALS, 2)


# --- the hint of a k-star board: the first step of its top k-star tier -----------------------
# The same step data the k-star lessons teach with (`solve_k`'s trace, tiers in solve/tiers.py),
# told in the board's own terms: which lines, how many stars they still need, and why.

HINT_SQUARES = 12     # most squares a hint's words list (the rest of a long step is left out)
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten")


def _stars_word(count: int) -> str:
    word = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    return f"{word} star" if count == 1 else f"{word} stars"


def _k_state_before(board: Board, trace: tuple, index: int) -> tuple[set, set]:
    """(open squares, stars) as the k-star solve had them just before step `index`: a step's
    crossed squares already hold the neighbours of its star and the rest of the lines it fills."""
    n, k = board.size, board.stars
    open_squares = {(r, c) for r in range(n) for c in range(n)}
    stars: set = set()
    for star in board.givens:   # placed as the kernel places them, before any step
        stars.add(star)
        r, c = star
        open_squares -= {(rr, cc) for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)}
        for line in (r, n + c, 2 * n + board.regions[r * n + c]):
            squares = line_squares(board, line)
            if sum(sq in stars for sq in squares) == k:
                open_squares -= set(squares)
    for step in trace[:index]:
        open_squares -= set(step.crossed)
        if step.star is not None:
            stars.add(step.star)
            open_squares.discard(step.star)
    return open_squares, stars


def key_step_k(board: Board, tier: int | None = None):
    """(tier, step index, line numbers, the step, open squares and stars before it) of the first
    step of the highest tier the k-star easiest-first solve uses (or of `tier`, for tests that
    word every tier)."""
    if tier is None:
        status, steps, _, step_tier, step_lines, step_star, step_crossed = \
            solve.run_deduction_k(board, 6)
        if status != solve.SOLVED or steps == 0:
            raise ValueError("the easiest-first solve does not finish this board")
        top = int(step_tier[:steps].max())
        index = next(s for s in range(steps) if step_tier[s] == top)
    else:   # the solve up to that step only: the steps before it are the same
        status, steps, _, step_tier, step_lines, step_star, step_crossed = \
            solve.run_deduction_k(board, 6, tier)
        if status != solve.STOPPED:
            raise ValueError(f"the easiest-first solve of this board uses no tier {tier} step")
        top, index = tier, steps - 1
    n = board.size
    trace = tuple(solve.Step(int(step_tier[s]), (), None if step_star[s] < 0
                             else divmod(int(step_star[s]), n),
                             solve.mask_squares(n, step_crossed[s]),
                             tier_named(board.stars, int(step_tier[s])).name)
                  for s in range(index + 1))
    open_squares, stars = _k_state_before(board, trace, index)
    lines = [int(line) for line in step_lines[index] if line >= 0]
    return top, index, lines, trace[index], open_squares, stars


def _need_k(board: Board, stars: set, line: int) -> int:
    return board.stars - sum(sq in stars for sq in line_squares(board, line))


def _band_label(board: Board, band: list[int]) -> str:
    """"row 3", "rows 3 and 4", "columns B to E": a band of consecutive rows or columns."""
    n = board.size
    kind = "row" if band[0] < n else "column"
    names = [str(line + 1) if kind == "row" else column_letter(line - n) for line in band]
    if len(names) == 1:
        return f"{kind} {names[0]}"
    joint = " and " if len(names) == 2 else " to "
    return f"{kind}s {names[0]}{joint}{names[-1]}"


def _regions_label(board: Board, regions: list[int]) -> str:
    """"the region holding A1", "the regions holding A1, C4 and F6"."""
    anchors = [square_name(*line_squares(board, line)[0]) for line in regions]
    if len(anchors) == 1:
        return f"the region holding {anchors[0]}"
    return "the regions holding " + ", ".join(anchors[:-1]) + " and " + anchors[-1]


def _capped(squares) -> tuple[list, str]:
    """The squares a hint names (at most HINT_SQUARES, reading order) and their words."""
    ordered = sorted(squares)
    named = ordered[:HINT_SQUARES]
    words = square_list(named)
    if len(ordered) > len(named):
        left = len(ordered) - len(named)
        words = ", ".join(square_name(*sq) for sq in named) + \
            f" (and {left} more found the same way)"
    return named, words


def _block_of(board: Board, band: list[int], open_squares: set, stars: set, need: int,
              step: solve.Step):
    """The 2x2 tiling of a blocks step's band: (first row or column of its blocks, the block
    the step decides on, or None). Tried as the kernel tries them: offset 0, then 1."""
    n = board.size
    rows = band[0] < n
    first = band[0] if rows else band[0] - n

    def square(a, b):
        return (a, b) if rows else (b, a)

    for offset in range(2):
        blocks = []
        for start in range(-offset, n, 2):
            block = [square(a, b) for a in (first, first + 1) for b in (start, start + 1)
                     if 0 <= b < n]
            if any(sq in stars for sq in block) or not any(sq in open_squares for sq in block):
                continue
            blocks.append(block)
        if len(blocks) != need:
            continue
        for block in blocks:
            open_in = [sq for sq in block if sq in open_squares]
            if step.star is not None and open_in == [step.star]:
                return offset, block
            if step.star is None and len(open_in) > 1:
                return offset, None
    return 0, None


def _what_if_trace(board: Board, open_squares: set, stars: set, square, line: int):
    """Follow a what-if as the kernel does (`_forced_contradiction`): the stars the supposed
    star forces, then the need and room of `line`, the line left without room."""
    n, k = board.size, board.stars
    region = board.region_array()
    lines = solve.line_masks(n, region)
    near = solve.near_masks(n)
    none = np.zeros(n, dtype=np.int64)
    open_ = np.zeros(n, dtype=np.int64)
    held = np.zeros(n, dtype=np.int64)
    for r, c in open_squares:
        open_[r] |= 1 << c
    for r, c in stars:
        held[r] |= 1 << c
    crossed = np.zeros(n, dtype=np.int64)
    out_lines = np.zeros(3 * n, dtype=np.int64)
    solve.place_star_k(n, k, open_, held, lines, near, region, square[0] * n + square[1])
    forced = []
    for _ in range(solve.WHAT_IF_STEPS):
        if solve.broken_line(n, k, open_, held, lines, none) >= 0:
            break
        star = solve.quota_step(n, k, open_, held, lines, near, region, out_lines)
        if star >= 0:
            forced.append(divmod(int(star), n))
            continue
        if solve.neighbours_step(n, k, open_, held, lines, near, crossed, out_lines):
            continue
        if solve.bands_step(n, k, open_, held, lines, 1, 1, crossed, out_lines):
            continue
        break
    broken = int(solve.broken_line(n, k, open_, held, lines, none))
    assert broken == line, "the what-if replay ran out on another line than the solve's"
    need = int(solve.line_need(n, k, held, lines, line))
    room = int(solve.line_room(n, k, open_, lines, line, none))
    return forced, need, room


def hint_k(board: Board, tier: int | None = None):
    """The first step of a k-star board's top tier (or of `tier`), in words, with what it
    establishes."""
    n, k = board.size, board.stars
    tier, index, lines, step, open_squares, stars = key_step_k(board, tier)
    opening = "After the easier steps" if index else "From the start"
    crossed, words = _capped(step.crossed)
    them = "it" if len(crossed) == 1 else "them"
    placed = [list(step.star)] if step.star is not None else []
    shaded = lines
    if tier == solve.K_QUOTA:
        line = lines[0]
        need = _need_k(board, stars, line)
        star = square_name(*step.star)
        count = _stars_word(need).split()[0]
        text = (f"{opening}, {line_label(board, line)} still needs {_stars_word(need)} and has "
                f"just {count} open square{'s' if need > 1 else ''} left, so each takes a "
                f"star. Put one on {star}")
        text += (f", and cross out the squares it touches or whose line it fills: {words}."
                 if crossed else ".")
    elif tier == solve.K_NEIGHBOURS:
        line = lines[0]
        need = _need_k(board, stars, line)
        either = words.replace(" and ", " or ") if len(crossed) > 1 else words
        text = (f"{opening}, {line_label(board, line)} still needs {_stars_word(need)}, and "
                f"its open squares (shaded) have little room for them. A star on {either} "
                f"would touch so many of them that {_stars_word(need)}, no two touching, could "
                f"no longer fit: cross {them} out.")
    elif tier in (solve.K_COUNTING, solve.K_PIGEONHOLE):
        band = [line for line in lines if line < 2 * n]
        regions = [line for line in lines if line >= 2 * n]
        band_squares = {sq for line in band for sq in line_squares(board, line)}
        need = sum(_need_k(board, stars, line) for line in band)
        what, many = _band_label(board, band), len(band) > 1
        these = _regions_label(board, regions)
        one = len(regions) == 1
        owner = "the region's" if one else "those regions'"
        if all(sq in band_squares for sq in step.crossed):
            text = (f"{opening}, every open square of {these} lies in {what}, and "
                    f"{'it needs' if one else 'they need'} {_stars_word(need)}"
                    f"{'' if one else ' between them'}: as many as {what} still "
                    f"need{'' if many else 's'}. So every star left in {what} goes in "
                    f"{'that region' if one else 'those regions'}: cross out the other open "
                    f"squares of {what}: {words}.")
        else:
            text = (f"{opening}, every open square of {what} lies in {these}, and "
                    f"{what} still need{'' if many else 's'} {_stars_word(need)}: as many as "
                    f"{'that region needs' if one else 'those regions need between them'}. "
                    f"So all {owner} stars go in {what}: cross out "
                    f"{'its' if one else 'their'} other open squares: {words}.")
    elif tier == solve.K_BLOCKS:
        band = lines
        need = sum(_need_k(board, stars, line) for line in band)
        what = _band_label(board, band)
        offset, block = _block_of(board, band, open_squares, stars, need, step)
        start = ("column" if band[0] < n else "row") + " " + (
            (column_letter(offset) if band[0] < n else str(offset + 1)))
        edge = " (a half block at an edge)" if offset else ""
        text = (f"{opening}, cut {what} into 2x2 blocks from {start}{edge}. No block holds two "
                f"stars, and just {NUMBER_WORDS[need] if need < len(NUMBER_WORDS) else need} "
                f"blocks can still take one, as many as the stars {what} still need: each of "
                f"them holds exactly one.")
        if step.star is not None:
            corners = sorted(block)
            text += (f" The block {square_name(*corners[0])}-{square_name(*corners[-1])} has "
                     f"one open square left, so {square_name(*step.star)} gets a star")
            text += (f"; cross out the squares it touches or whose line it fills: {words}."
                     if crossed else ".")
        else:
            text += (f" A star on {words.replace(' and ', ' or ') if len(crossed) > 1 else words}"
                     f" would touch every open square of one of those blocks and leave it "
                     f"empty: cross {them} out.")
    elif tier == solve.K_WHAT_IF:
        line = lines[0]
        square = step.crossed[0]
        forced, need, room = _what_if_trace(board, open_squares, stars, square, line)
        label = line_label(board, line)
        text = f"{opening}, suppose a star on {square_name(*square)}."
        if forced:
            shown = forced[:3]
            more = f" and {len(forced) - 3} more" if len(forced) > 3 else ""
            listed = ", ".join(square_name(*sq) for sq in shown) if more else square_list(shown)
            text += (f" The quota, neighbours and counting steps then force "
                     f"{'a star' if len(forced) == 1 else 'stars'} on {listed}{more}.")
        if need < 0:
            text += f" Then {label} would hold more than {_stars_word(k)}."
        else:
            fits = "none" if room == 0 else f"only {_stars_word(room).split()[0]}"
            text += (f" Then {label} (its open squares shaded) still needs "
                     f"{_stars_word(need)} but has room for {fits}, no two touching.")
        text += f" So {square_name(*square)} holds no star: cross it out."
    else:
        raise ValueError(f"no k-star tier {tier}")
    reveals = {"stars": placed, "crossed": [list(sq) for sq in crossed]}
    figure = {"lines": [[list(sq) for sq in sorted(sq for sq in line_squares(board, line)
                                                     if sq in open_squares)]
                        for line in shaded],
              "size": n}
    if language() != "en":   # built from the step's parts in the book's language
        text = worded_k(board, index, tier_named(k, tier).hint, shaded, placed, crossed)
    return Hint(_(tier_named(k, tier).hint), text, reveals, figure)


def worded_k(board: Board, index: int, technique: str, lines: list[int], placed: list,
             crossed: list) -> str:
    """A k-star key step in the book's language: the technique, the lines it looks at, the
    star it places and the squares it crosses out (the figure shades the lines' squares)."""
    text = _("{opening}, {technique} on {lines}.", opening=_(OPENINGS[bool(index)]),
             technique=_(technique), lines=and_list(line_label(board, line) for line in lines))
    if placed:
        text += " " + _("Put a star on {square}.", square=square_name(*placed[0]))
    if crossed:
        text += " " + _("Cross out {squares}.", squares=square_list(crossed))
    return text
