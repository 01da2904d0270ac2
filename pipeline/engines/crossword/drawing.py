"""Drawing a crossword grid onto the Ink protocol: blocks filled black, thin lines between
white cells, a frame, and letters centred in their cells. The families add what is theirs
(code numbers in a corner, the word list or key beside the grid)."""

from __future__ import annotations

from pipeline.ink import GridBox, Ink, fill_runs

CELL_LINE = 0.75      # pt: the thinnest line the printers reproduce reliably
FRAME_LINE = 1.5      # pt
LETTER_SIZE = 0.55    # of the cell pitch
BASELINE_DROP = 0.36  # of the type size: capitals sit on the baseline, this centres them


def draw_grid(ink: Ink, pattern, box: GridBox) -> None:
    """Blocks (one filled rectangle per run of blocks along a row), the cell lines, the frame."""
    fill_runs(ink, pattern, box)
    segments = []
    for k in range(1, box.cols):
        x = box.x + k * box.cell
        segments.append((x, box.y, x, box.y + box.height))
    for k in range(1, box.rows):
        y = box.y + k * box.cell
        segments.append((box.x, y, box.x + box.width, y))
    ink.lines(segments, width=CELL_LINE)
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_LINE)


def draw_letters(ink: Ink, box: GridBox, letters, *, bold: bool = False,
                 gray: float = 0.0, size: float | None = None,
                 drop: float = BASELINE_DROP) -> None:
    """Letters [(row, col, letter)] centred in their cells, as one text object."""
    size = size or LETTER_SIZE * box.cell
    items = []
    for row, col, letter in letters:
        x, y = box.cell_centre(row, col)
        items.append((x, y - drop * size, letter, "middle"))
    if items:
        ink.texts(items, size=size, bold=bold, gray=gray)
