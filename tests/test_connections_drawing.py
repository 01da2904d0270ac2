"""What the pages show: tiles only on the puzzle, labels and tiers on the solution."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.connections import FAMILY
from pipeline.connections.draw import MIN_SIZE, fit_name
from pipeline.connections.board import TIERS, load_library, tile_names
from pipeline.ink import GridBox, RecordingInk

BOX = GridBox(x=72, y=144, cell=76, rows=4, cols=4)  # a 6 x 9 in page's block
LAYOUT = Path(__file__).resolve().parents[1] / "layouts" / "country-connections.toml"


class BookInk(RecordingInk):
    """Records like RecordingInk, but measures text with the faces the Connections book is
    printed in (RecordingInk's fixed 0.55 em advance is too narrow for capitals and wide
    letters)."""

    def __init__(self, fonts):
        super().__init__()
        self.fonts = fonts

    def text_width(self, text, *, size, bold=False):
        return self.fonts.face(bold).advance(text, size)


@pytest.fixture(scope="module")
def book_ink():
    from pipeline.book.fonts import font_set
    from pipeline.book.layout import load_layout

    layout = load_layout(LAYOUT)
    return BookInk(font_set(layout.font_regular, layout.font_bold))


def texts(ink):
    return [call for call in ink.calls if call.verb == "text"]


def leaks(ink, solution) -> list[str]:
    """Solution text found among the drawn strings: labels, tiers, group numbers."""
    drawn = " ".join(call.args[2] for call in texts(ink)).lower()
    found = [g["label"] for g in solution["groups"] if g["label"].lower() in drawn]
    found += [tier for tier in TIERS if tier in drawn.split()]
    return found


@pytest.fixture(scope="module")
def generated():
    return FAMILY.generate("connections:hard:7", "hard")


def test_the_puzzle_shows_the_sixteen_tiles_and_nothing_else(generated):
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, generated.puzzle, BOX)
    assert leaks(ink, generated.solution) == []
    assert all(dict(call.options)["size"] >= MIN_SIZE for call in texts(ink))
    drawn = " ".join(call.args[2] for call in texts(ink))
    for tile in generated.puzzle["tiles"]:
        assert tile.split()[0][:4] in drawn
    tile_boxes = [c for c in ink.calls if c.verb == "rect" and c.args[2] > BOX.cell / 2]
    assert len(tile_boxes) == 16
    for call in ink.calls:  # everything inside the block
        if call.verb in ("rect", "text"):
            x, y = call.args[0], call.args[1]
            assert BOX.x <= x <= BOX.x + BOX.width and BOX.y <= y <= BOX.y + BOX.height


def test_the_leak_check_catches_a_label_drawn_on_the_puzzle(generated):
    # The planted fault: a puzzle drawing that also prints a group's label and tier.
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, generated.puzzle, BOX)
    group = generated.solution["groups"][2]
    ink.text(BOX.x, BOX.y, f"{group['tier']}: {group['label']}", size=8)
    assert group["label"] in leaks(ink, generated.solution)


def test_the_solution_shows_each_label_and_tier(generated):
    ink = RecordingInk()
    FAMILY.draw_solution(ink, generated.puzzle, generated.solution, BOX)
    drawn = " ".join(call.args[2] for call in texts(ink))
    for group in generated.solution["groups"]:
        assert group["tier"].upper() in drawn
    assert len(leaks(ink, generated.solution)) >= 4 or all(
        g["label"].split()[0] in drawn for g in generated.solution["groups"])
    fills = sorted({dict(c.options).get("fill") for c in ink.calls if c.verb == "rect"} - {None})
    assert len(fills) == 4  # one gray per tier, for black and white print


def test_every_country_name_fits_a_tile_at_seven_points_or_more(book_ink):
    ink = book_ink
    width, height = BOX.cell * 0.75, BOX.cell * 0.55
    for name in tile_names():
        block = fit_name(ink, name, width, height)
        assert block.size >= MIN_SIZE
        assert all(ink.text_width(line, size=block.size) <= width for line in block.lines), name
        assert "".join(block.lines).replace("-", "").replace(" ", "") == \
            name.replace("-", "").replace(" ", "")


def test_every_label_fits_the_solution_band(book_ink):
    ink = book_ink
    width = BOX.width - BOX.cell * 0.2
    for category in load_library():
        heading = f"{category.tier.upper()}: {category.label}"
        block = fit_name(ink, heading, width, BOX.cell * 0.34, bold=True)  # headings are bold
        assert block.size >= MIN_SIZE
        assert all(ink.text_width(line, size=block.size, bold=True) <= width
                   for line in block.lines), heading


def test_the_book_font_is_measured_not_a_fixed_advance(book_ink):
    # the check above would pass any name under a fixed 0.55 em; the real face says "WWW" is
    # wider than "iii" at the same size
    assert book_ink.text_width("WWW", size=10) > 2 * book_ink.text_width("iii", size=10)


def test_the_solution_names_another_reading_of_a_group():
    # A label of the same or a harder tier may claim a group's four tiles too: the same split
    # read another way, printed after the group's label.
    for number in range(1, 40):
        generated = FAMILY.generate(f"connections:medium:{number}", "medium")
        also = generated.proof["also_claimed_by"]
        if also:
            break
    else:
        pytest.fail("no board among 39 has a second reading")
    ink = RecordingInk()
    FAMILY.draw_solution(ink, generated.puzzle, generated.solution, BOX)
    drawn = " ".join(call.args[2] for call in texts(ink))
    label, others = next(iter(also.items()))
    assert "(also: " in drawn and others[0].split()[0] in drawn


def test_a_name_too_wide_for_the_tile_is_caught_by_the_measure(book_ink):
    # What the fit test would see if a country name could not fit: the fallback layout at the
    # smallest size still overflows the tile, measured in the book's font.
    width, height = BOX.cell * 0.75, BOX.cell * 0.55
    block = fit_name(book_ink, "Mmmmmmmmmmmmmmmmmmmmmmmm", width, height)
    assert not all(book_ink.text_width(line, size=block.size) <= width for line in block.lines)


def test_one_size_for_every_tile_of_a_board(generated):
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, generated.puzzle, BOX)
    sizes = {dict(call.options)["size"] for call in texts(ink)}
    assert len(sizes) == 1 and sizes.pop() >= MIN_SIZE


def test_a_board_too_big_for_its_tiles_is_refused_and_the_next_one_taken(generated):
    from pipeline.book.build import _take
    from pipeline.book.layout import Section
    ink = RecordingInk()
    assert FAMILY.print_problem(ink, generated.puzzle, generated.solution, 85.0, 62.0) is None
    reason = FAMILY.print_problem(ink, generated.puzzle, generated.solution, 20.0, 62.0)
    assert reason and "does not fit" in reason
    # The section passes over a refused board and says so.
    from pipeline.records import PuzzleRecord
    records = {n: PuzzleRecord.from_dict({
        "id": f"connections-hard-{n:04d}", "family": "connections", "level": "hard",
        "key": f"connections:hard:{n}", "generator": "x", "puzzle": generated.puzzle,
        "solution": generated.solution, "grade": {}, "proof": {}, "sha256": "x"})
        for n in (1, 2, 3)}
    section = Section("connections", "hard", 2, 1, 1, 2)
    skipped: list = []
    taken = _take(records, section, lambda s, r: "too wide" if r.key.endswith(":2") else None,
                  skipped)
    assert [r.key for r in taken] == ["connections:hard:1", "connections:hard:3"]
    assert skipped == ["connections:hard:2 not printed: too wide; the next board takes its place"]


def test_names_break_only_where_the_dictionary_allows():
    from pipeline.connections.draw import _word_breaks
    import pyphen
    allowed = {head for head, _tail in pyphen.Pyphen(lang="en_US").iterate("Netherlands")}
    for head, tail in _word_breaks("Netherlands"):
        assert head.rstrip("-") in allowed and head.rstrip("-") + tail == "Netherlands"
