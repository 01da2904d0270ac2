"""The answer detectors on pages drawn to hold an answer, and on pages that do not."""

import pytest

from pipeline.family import get_family
from pipeline.readback.answers import Grid, missing_outline
from pipeline.readback.answers import answer_leaks as leaks_of
from pipeline.readback.reader import open_pdf
from readback_books import STARBATTLE, draw_board, star
from readback_pdfs import make_pdf

GRID = {"x": 40.0, "y": 40.0, "cell": 30.0, "rows": 5, "cols": 5}
BRIDGES = {
    "puzzle": {"width": 5, "height": 5, "islands": [[0, 0, 2], [0, 4, 2], [4, 0, 2], [4, 4, 2],
                                                    [2, 4, 2]]},
    "solution": {"bridges": [[[0, 0], [0, 4], 1], [[0, 0], [4, 0], 1], [[0, 4], [2, 4], 1],
                             [[2, 4], [4, 4], 1], [[4, 0], [4, 4], 1]]},
}


def centre(grid, r, c):
    return grid["x"] + (c + 0.5) * grid["cell"], grid["y"] + (grid["rows"] - 1 - r + 0.5) * grid["cell"]


def draw_bridges(c, grid, puzzle, bridges=(), lattice=True):
    if lattice:  # a faint dot at every lattice point, as a printed aid
        c.setFillGray(0.7)
        for r in range(grid["rows"]):
            for col in range(grid["cols"]):
                c.circle(*centre(grid, r, col), 0.8, stroke=0, fill=1)
    c.setLineWidth(1.5)
    c.setStrokeGray(0)
    for (r1, c1), (r2, c2), _k in bridges:
        c.line(*centre(grid, r1, c1), *centre(grid, r2, c2))
    for r, col, n in puzzle["islands"]:
        x, y = centre(grid, r, col)
        c.setFillGray(1)
        c.circle(x, y, 0.42 * grid["cell"], stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont("TestVera", 14)
        c.drawCentredString(x, y - 5, str(n))


def bridges_page(bridges=()):
    return open_pdf(make_pdf(lambda c: draw_bridges(c, GRID, BRIDGES["puzzle"], bridges),
                             size=(300, 300))).page(1)


def test_bridges_puzzle_page_without_bridges_is_clean():
    assert answer_leaks(bridges_page(), "bridges", GRID, **BRIDGES) == []


def test_bridges_a_drawn_solution_bridge_is_found():
    leaks = answer_leaks(bridges_page([BRIDGES["solution"]["bridges"][2]]), "bridges", GRID,
                         **BRIDGES)
    assert len(leaks) == 1 and "(0, 4)-(2, 4)" in leaks[0]


def test_bridges_a_line_along_no_solution_bridge_is_not_an_answer():
    page = bridges_page([[[2, 0], [2, 3], 1]])  # crosses the board, between no two islands
    assert answer_leaks(page, "bridges", GRID, **BRIDGES) == []


STAR = STARBATTLE["starbattle-easy-0001"]
SB_GRID = {"x": 20.0, "y": 20.0, "cell": 30.0, "rows": 6, "cols": 6}


def starbattle_page(stars, shade=False):
    def draw(c):
        if shade:  # light region shading under the whole grid, cell by cell
            c.setFillGray(0.88)
            for r in range(6):
                for col in range(6):
                    if STAR["puzzle"]["regions"][r][col] % 2:
                        c.rect(20 + col * 30, 20 + (5 - r) * 30, 30, 30, stroke=0, fill=1)
        draw_board(c, SB_GRID, STAR["puzzle"], stars, set())
    return open_pdf(make_pdf(draw, size=(220, 220))).page(1)


def test_starbattle_givens_and_shading_are_not_answers():
    page = starbattle_page(STAR["puzzle"]["stars"], shade=True)
    assert answer_leaks(page, "starbattle", SB_GRID, STAR["puzzle"], STAR["solution"]) == []


@pytest.mark.parametrize("mark", ["star", "dot", "letter"])
def test_starbattle_anything_in_a_solution_cell_is_found(mark):
    r, col = STAR["solution"]["stars"][3]
    x, y = 20 + (col + 0.5) * 30, 20 + (5 - r + 0.5) * 30

    def draw(c):
        draw_board(c, SB_GRID, STAR["puzzle"], STAR["puzzle"]["stars"], set())
        if mark == "star":
            star(c, x, y, 10)
        elif mark == "dot":
            c.circle(x, y, 2, stroke=0, fill=1)
        else:
            c.setFont("TestVera", 9)
            c.drawCentredString(x, y - 3, "x")

    page = open_pdf(make_pdf(draw, size=(220, 220))).page(1)
    leaks = answer_leaks(page, "starbattle", SB_GRID, STAR["puzzle"], STAR["solution"])
    assert len(leaks) == 1 and f"({r}, {col})" in leaks[0]


def answer_leaks(page, family, grid, puzzle, solution):
    """The guard as preflight runs it: find the board where `grid` puts it, then its answer."""
    signs = get_family(family).answer_signs(puzzle, solution)
    missing = missing_outline(page, Grid.from_manifest(grid), signs)
    return [f"board missing: {missing}"] if missing else leaks_of(page, signs, grid)


def test_bridges_islands_not_at_the_manifest_grid_are_not_passed():
    moved = dict(GRID, x=GRID["x"] + GRID["cell"])  # one column off: circles between cells
    leaks = answer_leaks(bridges_page(), "bridges", moved, **BRIDGES)
    assert leaks == ["board missing: 5 of 5 circles missing at the grid [70.0, 40.0, 220.0, "
                     "190.0], first in cell (0, 0)"]


def test_starbattle_a_grid_on_empty_paper_is_not_passed():
    page = starbattle_page(STAR["puzzle"]["stars"])
    leaks = answer_leaks(page, "starbattle", dict(SB_GRID, y=120.0), STAR["puzzle"],
                         STAR["solution"])
    assert len(leaks) == 1 and "no grid frame" in leaks[0]


CONNECTIONS = {
    "puzzle": {"tiles": ["BASS", "PIKE", "CARP", "SOLE", "DRUM", "HORN", "HARP", "OBOE",
                         "RED", "BLUE", "GOLD", "ROSE", "MARS", "VENUS", "EARTH", "PLUTO"]},
    "solution": {"groups": [
        {"tier": "yellow", "label": "Fish", "tiles": ["BASS", "PIKE", "CARP", "SOLE"]},
        {"tier": "green", "label": "Musical instruments", "tiles": ["DRUM", "HORN", "HARP", "OBOE"]},
        {"tier": "blue", "label": "Colours", "tiles": ["RED", "BLUE", "GOLD", "ROSE"]},
        {"tier": "purple", "label": "Bodies of the solar system",
         "tiles": ["MARS", "VENUS", "EARTH", "PLUTO"]}]},
}


CN_GRID = {"x": 20.0, "y": 60.0, "cell": 60.0, "rows": 4, "cols": 4}


def connections_page(extra: str = "", tiles: int = 16):
    def draw(c):
        c.setFont("TestVera", 9)
        for i, tile in enumerate(CONNECTIONS["puzzle"]["tiles"][:tiles]):
            x, y = 20 + (i % 4) * 60, 60 + (3 - i // 4) * 60
            c.setLineWidth(0.9)
            c.rect(x + 4, y + 4, 52, 52, stroke=1, fill=0)
            c.drawString(x + 8, y + 28, tile)
        c.drawString(20, 40, "Find four groups of four.")
        if extra:
            c.drawString(20, 25, extra)
    return open_pdf(make_pdf(draw, size=(300, 320))).page(1)


def test_connections_tiles_alone_are_clean():
    assert answer_leaks(connections_page(), "connections", CN_GRID, **CONNECTIONS) == []


def test_connections_a_missing_tile_is_not_passed():
    leaks = answer_leaks(connections_page(tiles=15), "connections", CN_GRID, **CONNECTIONS)
    assert leaks == ["board missing: 1 of 16 tiles missing at the grid [20.0, 60.0, 260.0, "
                     "300.0], first in cell (3, 3)"]


def test_connections_a_printed_group_label_is_found():
    leaks = answer_leaks(connections_page("Hint: musical instruments"), "connections", CN_GRID,
                         **CONNECTIONS)
    assert leaks == ["group label 'Musical instruments' is printed"]


def test_an_unknown_family_is_never_passed_silently():
    from pipeline.errors import InputError
    with pytest.raises(InputError, match="unknown family"):
        get_family("no-such-family")
