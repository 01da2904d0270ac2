"""Drawing Sudoku boards onto the Ink protocol, for black-and-white print.

Thin cell lines, box lines three times as thick, digits half a cell high and centred. The
puzzle drawing shows the givens only; the solution drawing shows every digit, the givens in
bold and the digits the solver filled in regular type, so the two read apart. Killer boards
add their cages: dashed outlines inset into the cells, the sum in each cage's first cell.
"""

from __future__ import annotations

from pipeline.cover_colours import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.i18n import N_, Messages, texts
from pipeline.ink import GridBox, Ink, Lesson

_ = Messages(__name__)

CELL_LINE = 0.75       # pt: the thinnest line the printers reproduce reliably
BOX_LINE = 2.25        # pt: three times the cell lines
DIGIT_SIZE = 0.5       # of the cell pitch
BASELINE_DROP = 0.35   # of the type size: digits sit on the baseline, this centres them
MIN_CELL_MM = 9.0      # a cell a solver can pencil candidates into
FOCUS_SHADE = 0.85     # gray of the cells a step reasons on (15 % ink: clear of the 10 % floor)
EARLIER_GRAY = 0.45    # digits the easier steps placed before a lesson's step
CANDIDATE_SIZE = 0.27  # of the cell: a candidate digit, in its place of a 3 x 3 within the cell
MIN_TEXT = 7.0         # pt: never print smaller; a cell too small for candidates gets an X

# The cover's defaults (Family.cover_style): a mosaic of boards on a deep green.
COVER_STYLE = CoverStyle(
    name="nine-boxes", art="mosaic", ground=cmyk(85, 20, 60, 20), plate=WHITE,
    accents=(cmyk(0, 15, 80, 0), cmyk(10, 0, 30, 0), cmyk(0, 40, 60, 0), cmyk(35, 0, 10, 0)),
    art_dark=cmyk(85, 20, 60, 45), badge=cmyk(0, 70, 90, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")
# What the hints page says a hint's figure shows (Family.hint_figure_note).
HINT_FIGURE_NOTE = N_("Shaded cells are the cells the step reasons on; a large digit is one "
                      "it places, a small ringed digit (or, in a small figure, an X) a "
                      "candidate it crosses out.")
# The how-to page's rules of play (Family.rules), a paragraph each.
RULES = (
    N_("Fill the grid so that every row, every column and every 3 x 3 box holds each of the "
       "digits 1 to 9 exactly once."),
    N_("The printed digits stay as they are. Every puzzle has exactly one solution, and it "
       "can be found by reasoning alone, without guessing."),
)
# What a back cover calls Killer boards (Family.kind_title).
KILLER_TITLE = N_("Killer Sudoku")
# A Killer board's rules: its cages too.
KILLER_RULES = (
    N_("Fill the grid so that every row, every column and every 3 x 3 box holds each of the "
       "digits 1 to 9 exactly once."),
    N_("The dashed outlines are cages. The digits in a cage add up to the small number in its "
       "corner, and no digit repeats within a cage."),
    N_("Every puzzle has exactly one solution, and it can be found by reasoning alone, "
       "without guessing."),
)
# What each technique's lesson says, after its name (texts.toml's `lessons`).
TECHNIQUE_LESSONS = {row["technique"]: row["lesson"]
                     for row in texts("pipeline.sudoku")["lessons"]}


def grid_lines(box: GridBox, boxed: bool) -> list[tuple[float, float, float, float]]:
    """The inner lines between cells (boxed=False) or between boxes (boxed=True)."""
    segments = []
    for k in range(1, 9):
        if (k % 3 == 0) != boxed:
            continue
        x = box.x + k * box.cell
        y = box.y + k * box.cell
        segments.append((x, box.y, x, box.y + box.height))
        segments.append((box.x, y, box.x + box.width, y))
    return segments


def draw_grid(ink: Ink, box: GridBox) -> None:
    ink.lines(grid_lines(box, boxed=False), width=CELL_LINE)
    ink.lines(grid_lines(box, boxed=True), width=BOX_LINE, cap="square")
    ink.rect(box.x, box.y, box.width, box.height, stroke=BOX_LINE)


def draw_digits(ink: Ink, box: GridBox, digits, bold: bool, gray: float = 0.0) -> None:
    """Digits [(row, col, digit)] centred in their cells, as one text object."""
    size = DIGIT_SIZE * box.cell
    items = []
    for row, col, digit in digits:
        x, y = box.cell_centre(row, col)
        items.append((x, y - BASELINE_DROP * size, str(digit), "middle"))
    if items:
        ink.texts(items, size=size, bold=bold, gray=gray)


def _givens(puzzle: dict) -> list[tuple[int, int, int]]:
    return [(r, c, d) for r, row in enumerate(puzzle["givens"]) for c, d in enumerate(row) if d]


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_grid(ink, box)
    if puzzle.get("cages"):
        draw_cages(ink, puzzle, box)
    draw_digits(ink, box, _givens(puzzle), bold=True)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_grid(ink, box)
    if puzzle.get("cages"):   # the outlines only: a solution's small cells have no room for sums
        draw_cages(ink, puzzle, box, sums=False)
    givens = puzzle["givens"]
    grid = [(r, c, d) for r, row in enumerate(solution["grid"]) for c, d in enumerate(row)]
    draw_digits(ink, box, [(r, c, d) for r, c, d in grid if givens[r][c]], bold=True)
    draw_digits(ink, box, [(r, c, d) for r, c, d in grid if not givens[r][c]], bold=False)


# --- hints and lessons -------------------------------------------------------------------------

def draw_candidate(ink: Ink, box: GridBox, row: int, col: int, digit: int, ringed: bool) -> None:
    """A small candidate digit in its place of the cell's 3 x 3 (1 top left, 9 bottom right),
    ringed when the step crosses it out."""
    x0, y0 = box.cell_origin(row, col)
    third = box.cell / 3
    cx = x0 + ((digit - 1) % 3 + 0.5) * third
    cy = y0 + box.cell - ((digit - 1) // 3 + 0.5) * third
    size = CANDIDATE_SIZE * box.cell
    ink.text(cx, cy - BASELINE_DROP * size, str(digit), size=size, anchor="middle")
    if ringed:
        # Ringed, not struck through: a line across a digit would make it hard to read and
        # is what the read-back refuses on a page (text crossed by a line).
        ink.circle(cx, cy, third * 0.47, stroke=CELL_LINE)


def draw_step(ink: Ink, puzzle: dict, box: GridBox, cells, places, eliminates,
              earlier=()) -> None:
    """A board at one step: the cells it reasons on shaded, the givens, the digits placed
    before it in gray (`earlier`, [r, c, d]), the digits it places and the candidates it
    crosses out (ringed small digits, or an X in each such cell where a candidate digit would
    print under the minimum type size)."""
    for r, c in cells:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_grid(ink, box)
    sums = bool(puzzle.get("cages")) and SUM_SIZE * box.cell >= MIN_SUM_PT
    if puzzle.get("cages"):
        # The sums only where they fit at a quarter of the cell; the words name the cages.
        draw_cages(ink, puzzle, box, sums=sums)
    draw_digits(ink, box, _givens(puzzle), bold=True)
    draw_digits(ink, box, earlier, bold=False, gray=EARLIER_GRAY)
    draw_digits(ink, box, places, bold=False)
    # A candidate digit sits in its place of the cell's 3 x 3, where a cage's sum may be: with
    # sums drawn, a crossed-out candidate is an X, as in a cell too small for digits.
    if CANDIDATE_SIZE * box.cell >= MIN_TEXT and not sums:
        for r, c, d in eliminates:
            draw_candidate(ink, box, r, c, d, ringed=True)
        return
    arm = box.cell * 0.22
    for r, c in sorted({(r, c) for r, c, _d in eliminates}):
        cx, cy = box.cell_centre(r, c)
        ink.line(cx - arm, cy - arm, cx + arm, cy + arm, width=CELL_LINE)
        ink.line(cx - arm, cy + arm, cx + arm, cy - arm, width=CELL_LINE)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The givens, the cells the step reasons on, and only what the step establishes."""
    draw_step(ink, puzzle, box, hint.figure["cells"], hint.reveals["digits"],
              hint.reveals["eliminated"])


def lessons(boards, levels) -> list:
    """One lesson for each level the book prints: the first step of that level's own tier of
    techniques in the easiest-first solve of the first board that uses it, with the digits
    the solve had placed by then."""
    from pipeline.sudoku.board import Board
    from pipeline.sudoku.grade import KILLER_LEVELS, ladder_of, solve_board

    out = []
    for level in levels:
        tier_of = ladder_of(level).tier_of
        for index, (puzzle, _solution) in enumerate(boards):
            board = Board.from_puzzle(puzzle)
            if board.killer != (level in KILLER_LEVELS):
                continue  # a Killer level is taught on a Killer board, a classic on a classic
            earlier = []
            for step in (s.record() for s in solve_board(board).steps):
                if tier_of[step["technique"]] == level:
                    out.append(Lesson(_(step["technique"]),
                                      _(TECHNIQUE_LESSONS[step["technique"]]),
                                      index, (tuple(map(tuple, step["cells"])),
                                              tuple(map(tuple, step["places"])),
                                              tuple(map(tuple, step["eliminates"])),
                                              tuple(map(tuple, earlier)))))
                    break
                earlier.extend(step["places"])
            else:
                continue
            break
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    cells, places, eliminates, earlier = step
    draw_step(ink, puzzle, box, cells, places, eliminates, earlier)


# --- Killer cages ----------------------------------------------------------------------------
# After Solo: each cage's outline runs inside its cells, INSET of a cell from their edges,
# CAGE_LINE of a cell thick (never under the printers' thinnest line), dashed. Every straight
# run of the outline is dashed from corner to corner with the gaps stretched so that a dash
# ends exactly at each corner: where the outline turns, two dashes meet in an L, and no
# corner is left open. The sum sits in the top-left corner of the cage's first cell (reading
# order: the cage's top row, leftmost), SUM_SIZE of the cell high, and the two runs that meet
# there start past it, so no line touches the sum.

INSET = 5 / 40             # of the cell pitch, from the cell edges
CAGE_LINE = 1 / 40         # of the cell pitch
MIN_CAGE_LINE = CELL_LINE  # pt: the printers' thin-line minimum (printers.toml min_line_pt)
DASH = 0.12                # of the cell pitch
GAP = 0.08                 # of the cell pitch, before stretching
SUM_SIZE = 0.25            # of the cell pitch
MIN_SUM_PT = 7.0           # the printers' smallest type
SUM_CLEAR = 0.04           # of the cell pitch: room between the sum and the lines around it
DIGIT_HEIGHT = 0.72        # of the type size: the height of a lining digit above its baseline
KILLER_MIN_CELL_MM = 10.0  # a 7 pt sum at a quarter of the cell, and room to pencil in


def cage_line_width(box: GridBox) -> float:
    return max(CAGE_LINE * box.cell, MIN_CAGE_LINE)


def sum_size(box: GridBox) -> float:
    return max(SUM_SIZE * box.cell, MIN_SUM_PT)


def _cage_outline(cells: set[tuple[int, int]], box: GridBox) -> list[tuple[float, ...]]:
    """The cage's outline, inset into its cells, as maximal straight runs (x1, y1, x2, y2).
    Each edge of a cell facing outside the cage gives a stretch parallel to it; its ends stop
    INSET short of a corner that turns outward, meet the neighbour's stretch where the
    outline goes straight on, and reach INSET past the edge where it turns inward."""
    inset = INSET * box.cell
    stretches = []
    for r, c in sorted(cells):
        x0, y0 = box.cell_origin(r, c)
        x1, y1 = x0 + box.cell, y0 + box.cell
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (r + dr, c + dc) in cells:
                continue
            if dr:   # a top or bottom edge: the stretch runs along x
                y = y1 - inset if dr < 0 else y0 + inset
                ends = []
                for side, edge in ((-1, x0), (1, x1)):
                    if (r, c + side) not in cells:
                        ends.append(edge - side * inset)
                    elif (r + dr, c + side) in cells:
                        ends.append(edge + side * inset)
                    else:
                        ends.append(edge)
                stretches.append((ends[0], y, ends[1], y))
            else:    # a left or right edge: the stretch runs along y (rows count downwards)
                x = x0 + inset if dc < 0 else x1 - inset
                ends = []
                for side, edge in ((-1, y1), (1, y0)):
                    if (r + side, c) not in cells:
                        ends.append(edge + side * inset)
                    elif (r + side, c + dc) in cells:
                        ends.append(edge - side * inset)
                    else:
                        ends.append(edge)
                stretches.append((x, ends[1], x, ends[0]))
    return _joined(stretches)


def _joined(stretches):
    """Collinear stretches that touch, joined into one run each (horizontal runs left to
    right, vertical runs bottom to top)."""
    eps = 1e-6
    runs = []
    horizontal = sorted((s for s in stretches if abs(s[1] - s[3]) < eps),
                        key=lambda s: (round(s[1], 6), s[0]))
    vertical = sorted((s for s in stretches if abs(s[1] - s[3]) >= eps),
                      key=lambda s: (round(s[0], 6), s[1]))
    for group, along in ((horizontal, 0), (vertical, 1)):
        for s in group:
            if runs and runs[-1][along ^ 1] == s[along ^ 1] and \
                    abs(runs[-1][along + 2] - s[along]) < eps and \
                    abs(runs[-1][3 - along] - s[3 - along]) < eps:
                last = list(runs[-1])
                last[along + 2] = s[along + 2]
                runs[-1] = tuple(last)
            else:
                runs.append(s)
    return runs


def dash_pattern(run, box: GridBox) -> tuple[float, float] | None:
    """How a run is dashed, as (dash, gap) laid from its start: a dash ends at each end of
    the run, the gaps stretched to fit; None for a run too short for two dashes, drawn whole.
    The pattern is the PDF's own (a dash pattern starts afresh at each subpath), so a run of
    dashes is one segment in the file, not one per dash."""
    x1, y1, x2, y2 = run
    length = abs(x2 - x1) + abs(y2 - y1)
    dash, gap = DASH * box.cell, GAP * box.cell
    count = max(1, round((length + gap) / (dash + gap)))
    while count > 1 and (length - count * dash) / (count - 1) < gap / 2:
        count -= 1   # a short run: fewer dashes rather than gaps too small to see
    if count == 1:
        return None
    return dash, (length - dash) / (count - 1) - dash


def sum_place(ink: Ink, box: GridBox, cell: tuple[int, int], total: int):
    """Where a cage's sum is printed: (x, y of its baseline start, size, its box
    (x0, y0, x1, y1) with the clearance around it)."""
    size = sum_size(box)
    x0, y0 = box.cell_origin(*cell)
    top = y0 + box.cell
    clear = SUM_CLEAR * box.cell
    x = x0 + BOX_LINE / 2 + clear
    baseline = top - BOX_LINE / 2 - clear - DIGIT_HEIGHT * size
    width = ink.text_width(str(total), size=size)
    return x, baseline, size, (x - clear, baseline - clear, x + width + clear, top)


def cage_marks(ink: Ink, puzzle: dict, box: GridBox, sums: bool = True):
    """Every cage's runs with their dash patterns, and (when `sums`) its sum with where it
    goes: the runs broken around each sum. Returns ([(run, dash pattern)], [(text, x, y,
    size, clear box)])."""
    dashed, labels = [], []
    for cage in puzzle.get("cages", ()):
        cells = {tuple(cell) for cell in cage["cells"]}
        runs = _cage_outline(cells, box)
        if sums:
            first = min(cells)
            x, y, size, clear = sum_place(ink, box, first, cage["sum"])
            labels.append((str(cage["sum"]), x, y, size, clear))
            runs = [_clipped(run, clear) for run in runs]
        dashed += [(run, dash_pattern(run, box)) for run in runs if run]
    return dashed, labels


def _clipped(run, clear):
    """The run with the part inside the sum's box taken off (None when nothing is left)."""
    x1, y1, x2, y2 = run
    cx0, cy0, cx1, cy1 = clear
    if y1 == y2 and cy0 <= y1 <= cy1 and x1 < cx1 and x2 > cx0:
        if x1 >= cx0:
            return (cx1, y1, x2, y2) if x2 > cx1 else None
        return (x1, y1, cx0, y2)
    if x1 == x2 and cx0 <= x1 <= cx1 and y1 < cy1 and y2 > cy0:
        if y2 <= cy1:
            return (x1, y1, x2, cy0) if y1 < cy0 else None
        return (x1, cy1, x2, y2)
    return run


def draw_cages(ink: Ink, puzzle: dict, box: GridBox, sums: bool = True) -> None:
    dashed, labels = cage_marks(ink, puzzle, box, sums)
    by_pattern: dict = {}   # runs of one length share a pattern, and so one path
    for run, pattern in dashed:
        by_pattern.setdefault(pattern, []).append(run)
    for pattern, runs in by_pattern.items():
        ink.lines(runs, width=cage_line_width(box), dash=pattern)
    for text, x, y, size, _clear in labels:
        ink.text(x, y, text, size=size)
