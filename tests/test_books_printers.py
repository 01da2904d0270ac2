"""Printer profiles: the table's arithmetic reproduces the printers' own formulas exactly."""

import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.book.printers import Trim, _table, get_profile, profile_names

# The printers' formulas (docs/printing.md) worked out with exact arithmetic: KDP, then Lulu.
KDP_VECTORS = [
    ("6x9", 120, "white", "0.27024", "12.52024", "9.25"),
    ("6x9", 200, "white", "0.4504", "12.7004", "9.25"),
    ("6x9", 200, "cream", "0.5", "12.75", "9.25"),
    ("8.5x11", 100, "white", "0.2252", "17.4752", "11.25"),
    ("8.5x11", 120, "white", "0.27024", "17.52024", "11.25"),
    ("8.5x11", 590, "white", "1.32868", "18.57868", "11.25"),
    ("5x8", 24, "white", "0.054048", "10.304048", "8.25"),
    ("6x9", 79, "white", "0.177908", "12.427908", "9.25"),
]
LULU_VECTORS = [("6x9", 100, "white", "0.28523", "12.53523", "9.25"),
                ("6x9", 200, "white", "0.51045", None, "9.25"),
                ("6x9", 200, "cream", "0.51045", None, "9.25")]


@pytest.mark.parametrize("trim, pages, paper, spine, width, height", KDP_VECTORS)
def test_kdp_cover_vectors_are_exact(trim, pages, paper, spine, width, height):
    g = get_profile("kdp").cover_geometry(Trim.parse(trim), paper, pages)
    assert g.spine_in == Fraction(Decimal(spine))
    assert g.width_in == Fraction(Decimal(width))
    assert g.height_in == Fraction(Decimal(height))


def test_the_wrong_paper_is_caught():
    # kdpcover#64: the cream caliper used for white paper gives 12.75 in, not 12.7004: each
    # paper gives its own exact width, so a book on the wrong paper is a different cover.
    profile = get_profile("kdp")
    white = profile.cover_geometry(Trim.parse("6x9"), "white", 200)
    cream = profile.cover_geometry(Trim.parse("6x9"), "cream", 200)
    assert (white.width_in, cream.width_in) == (Fraction(Decimal("12.7004")),
                                                Fraction(Decimal("12.75")))


@pytest.mark.parametrize("trim, pages, paper, spine, width, height", LULU_VECTORS)
def test_lulu_cover_vectors(trim, pages, paper, spine, width, height):
    g = get_profile("lulu").cover_geometry(Trim.parse(trim), paper, pages)
    assert round(float(g.spine_in), 5) == float(spine)
    assert g.spine_in == Fraction(pages, 444) + Fraction(6, 100)
    if width:
        assert round(float(g.width_in), 5) == float(width)
    assert g.height_in == Fraction(Decimal(height))


@pytest.mark.parametrize("printer", ["kdp", "lulu", "ingramspark"])
@pytest.mark.parametrize("paper", ["white", "cream"])
def test_cover_is_two_trims_plus_spine_plus_bleed(printer, paper):
    profile = get_profile(printer)
    trim = Trim.parse("6x9")
    for pages in (24, 100, 151, 300):
        g = profile.cover_geometry(trim, paper, pages)
        rule = profile.value("papers")[paper]
        if "caliper_in" in rule:
            spine = pages * Fraction(rule["caliper_in"])
        else:
            spine = Fraction(pages, int(rule["pages_per_inch"]))
        spine += Fraction(rule["spine_constant_in"])
        bleed = Fraction(profile.value("cover_bleed_in"))
        assert g.spine_in == spine
        assert g.width_in == 2 * trim.width + spine + 2 * bleed
        assert g.height_in == trim.height + 2 * bleed
        assert g.width_pt == pytest.approx(float(g.width_in) * 72)
        # the panels tile the cover between the bleeds
        assert g.back.x1 == pytest.approx(g.spine.x0) and g.spine.x1 == pytest.approx(g.front.x0)
        assert g.back_safe.x0 > g.back.x0 and g.front_safe.x1 < g.front.x1
        assert g.back_safe.contains(g.barcode) or printer == "lulu"


def test_kdp_gutter_bands_by_final_page_count():
    kdp = get_profile("kdp")
    assert [kdp.gutter_in(n) for n in (24, 150, 151, 300, 301, 500, 501, 700, 701, 828)] == [
        Fraction(3, 8), Fraction(3, 8), Fraction(1, 2), Fraction(1, 2), Fraction(5, 8),
        Fraction(5, 8), Fraction(3, 4), Fraction(3, 4), Fraction(7, 8), Fraction(7, 8)]


def test_live_area_mirrors_the_gutter():
    kdp = get_profile("kdp")
    trim = Trim.parse("6x9")
    odd = kdp.live_area_pt(trim, False, 7, 200)
    even = kdp.live_area_pt(trim, False, 8, 200)
    assert odd.x0 == 36 and odd.x1 == 432 - 18      # gutter 0.5 in on the left of a recto
    assert even.x0 == 18 and even.x1 == 432 - 36    # and on the right of a verso
    assert kdp.live_area_pt(trim, False, 7, 150).x0 == 27   # 0.375 in at 150 pages


def test_interior_page_frames_with_bleed():
    kdp, lulu = get_profile("kdp"), get_profile("lulu")
    trim = Trim.parse("6x9")
    plain = kdp.page_frame(trim, False, 1)
    assert (plain.width, plain.height) == (432, 648) and plain.trim == plain.bleed
    recto, verso = kdp.page_frame(trim, True, 1), kdp.page_frame(trim, True, 2)
    assert (recto.width, recto.height) == (441, 666)          # + 0.125 in wide, + 0.25 in tall
    assert recto.trim.x0 == 0 and verso.trim.x0 == 9          # bleed on the outside edge only
    framed = lulu.page_frame(trim, True, 3)
    assert (framed.width, framed.height) == (450, 666) and framed.trim.x0 == 9


def test_spine_text_threshold():
    kdp = get_profile("kdp")
    trim = Trim.parse("6x9")
    assert kdp.cover_geometry(trim, "white", 78).spine_text_box is None
    assert kdp.cover_geometry(trim, "white", 79).spine_text_box is not None
    assert get_profile("ingramspark").cover_geometry(trim, "white", 47).spine_text_box is None


def test_every_value_has_a_source():
    table = _table()
    assert "specs_verified_on" in table
    for name in profile_names():
        for field, item in table[name].items():
            if field == "name":
                continue
            assert set(item) == {"value", "source"}, (name, field)
            assert re.match(r"^(P|Q|S|D|U|none|per trim)", item["source"].strip()), (name, field)


# The code that makes or checks print rules: the book layer, the read-back, and the modules
# they share. The families draw inside the boxes the book layer gives them and never see a
# printer's number (their proportions, such as a tile's 0.06-of-a-cell inset, are their own).
PRINT_RULE_CODE = ("pipeline/book", "pipeline/readback", "pipeline/*.py")
PRINT_NUMBERS = ("0.002252", "0.0025", "0.002347", "444", "0.06", "0.0625", "0.375", "0.875",
                 "828", "590", "0.4504")


def print_numbers_in(root: Path) -> list[str]:
    """`file: number` for each printer's number written into the print-rule code under
    `root` (a checkout), rather than read from printers.toml."""
    found = []
    for pattern in PRINT_RULE_CODE:
        paths = sorted(root.glob(pattern if pattern.endswith(".py") else pattern + "/**/*.py"))
        for path in paths:
            text = path.read_text()
            for number in PRINT_NUMBERS:
                if re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", text):
                    found.append(f"{path.relative_to(root)}: {number}")
    return found


def test_no_print_number_in_code():
    """The calipers, margins and zones appear only in the table, never in the code."""
    root = Path(__file__).resolve().parent.parent
    assert len(list((root / "pipeline" / "readback").rglob("*.py"))) > 10   # the scan reads it
    assert print_numbers_in(root) == []


def test_a_print_number_planted_in_the_code_is_found(tmp_path):
    root = Path(__file__).resolve().parent.parent
    for folder in ("pipeline/book", "pipeline/readback/checks"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "pipeline" / "cli.py").write_text("GUTTER = 0.875\n")
    (tmp_path / "pipeline" / "book" / "cover.py").write_text(
        (root / "pipeline" / "book" / "cover.py").read_text() + "\nSAFE_IN = 0.375\n")
    (tmp_path / "pipeline" / "readback" / "checks" / "pages.py").write_text(
        "def spine(pages):\n    return pages * 0.002252\n")
    assert print_numbers_in(tmp_path) == ["pipeline/book/cover.py: 0.375",
                                          "pipeline/readback/checks/pages.py: 0.002252",
                                          "pipeline/cli.py: 0.875"]