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


def spelled(lines: list[str]) -> set[str]:
    """The texts a name broken over `lines` can stand for: each break falls between words,
    at the word's own hyphen, or at a hyphen added to split the word."""
    out = {lines[0]}
    for line in lines[1:]:
        out = {joined for text in out for joined in
               ([text + " " + line] + ([text + line, text[:-1] + line] if text.endswith("-")
                                       else []))}
    return out


def tile_texts(ink) -> list[list[str]]:
    """The lines drawn in each tile of the puzzle, tile by tile (a tile's frame is drawn
    first, then its group-number square, then its name)."""
    tiles = []
    for call in ink.calls:
        if call.verb == "rect" and call.args[2] > BOX.cell / 2:
            tiles.append([])
        elif call.verb == "text":
            tiles[-1].append(call.args[2])
    return tiles


def solution_bands(ink) -> list[tuple[list[str], list[list[str]]]]:
    """Each group's band on the solution, top to bottom: its heading's lines, and the lines
    of each of its four names, left to right."""
    bands = []
    for call in ink.calls:
        if call.verb == "rect" and dict(call.options).get("fill") is not None:
            bands.append(([], {}))
        elif call.verb == "text" and dict(call.options)["bold"]:
            bands[-1][0].append(call.args[2])
        elif call.verb == "text":
            bands[-1][1].setdefault(call.args[0], []).append(call.args[2])
    return [(heading, [names[x] for x in sorted(names)]) for heading, names in bands]


@pytest.fixture(scope="module")
def generated():
    return FAMILY.generate("connections:hard:7", "hard")


def test_the_puzzle_shows_the_sixteen_tiles_and_nothing_else(generated):
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, generated.puzzle, BOX)
    assert leaks(ink, generated.solution) == []
    assert all(dict(call.options)["size"] >= MIN_SIZE for call in texts(ink))
    drawn = tile_texts(ink)
    assert len(drawn) == 16
    for tile, lines in zip(generated.puzzle["tiles"], drawn):
        assert tile in spelled(lines), (tile, lines)
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
    ordered = sorted(generated.solution["groups"], key=lambda g: TIERS.index(g["tier"]))
    bands = solution_bands(ink)
    assert len(bands) == 4
    for group, (heading, names) in zip(ordered, bands):
        assert f"{group['tier'].upper()}: {group['label']}" in spelled(heading), heading
        assert len(names) == 4
        for tile, lines in zip(group["tiles"], names):
            assert tile in spelled(lines), (tile, lines)
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
    label, others = next(iter(also.items()))
    group = next(g for g in generated.solution["groups"] if g["label"] == label)
    headings = [heading for heading, _ in solution_bands(ink)]
    expected = f"{group['tier'].upper()}: {label} (also: {'; '.join(others)})"
    assert any(expected in spelled(heading) for heading in headings), headings


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
    from pipeline.book.choosing import take_boards
    from pipeline.book.layout import Section
    ink = RecordingInk()
    assert FAMILY.print_problem(ink, "hard", generated.puzzle, generated.solution, 85.0, 62.0) is None
    reason = FAMILY.print_problem(ink, "hard", generated.puzzle, generated.solution, 20.0, 62.0)
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
    taken = take_boards(records, section,
                        lambda s, r: "too wide" if r.key.endswith(":2") else None, skipped)
    assert [r.key for r in taken] == ["connections:hard:1", "connections:hard:3"]
    assert skipped == ["connections:hard:2 not printed: too wide; the next board takes its place"]


def test_names_break_only_where_the_dictionary_allows():
    from pipeline.connections.draw import _word_breaks
    import pyphen
    allowed = {head for head, _tail in pyphen.Pyphen(lang="en_US").iterate("Netherlands")}
    for head, tail in _word_breaks("Netherlands"):
        assert head.rstrip("-") in allowed and head.rstrip("-") + tail == "Netherlands"
