"""Every preflight check, in one table.

A check is a function of the loaded book (`pipeline.readback.loaded.LoadedBook`) returning a
`Check` with what it measured and its findings. Each row names the check, its function, and the
faults planted in the test book (tests/readback/readback_books.py) that must make it fail: the
tests build the book with each fault and assert the check fails. A check of what only a real
cover carries (art, colour, PDF/X) names instead the tests that plant its faults into a built
book's cover (`proven_by`, as `file::test`); the tests fail for a row with neither, naming
a test that does not exist, or naming a test during which the row's check never fails. Adding a check is one function in a module of this package and one row here
(docs/readback.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pipeline.readback.checks.colour import (check_black_type, check_bleed, check_cover_colour,
                                             check_folds, check_pdfx, check_thumbnail,
                                             check_total_ink)
from pipeline.readback.checks.ledger import check_ledger, check_ledger_row
from pipeline.readback.checks.cover import (check_barcode_box, check_cover_size, check_safe_zone,
                                            check_spine_text)
from pipeline.readback.checks.pages import (check_blank_pages, check_live_area, check_overlap,
                                            check_page_boxes, check_page_count)
from pipeline.readback.checks.print_rules import (check_colour, check_document, check_fonts,
                                                  check_line_width, check_text_size)
from pipeline.readback.checks.puzzles import (check_answers, check_clues, check_hints,
                                              check_level_names, check_numbering)
from pipeline.readback.checks.upload import check_upload_files, check_upload_text
from pipeline.readback.findings import Check
from pipeline.readback.loaded import LoadedBook


@dataclass(frozen=True)
class Row:
    name: str
    run: Callable[[LoadedBook], Check]
    faults: tuple[str, ...] = ()     # planted faults (test book) that must make this check fail
    proven_by: tuple[str, ...] = ()  # or: tests planting its faults in a built cover


CHECKS: tuple[Row, ...] = (
    Row("fonts", check_fonts, ("helvetica", "missing-glyph")),
    Row("live_area", check_live_area, ("gutter",)),
    Row("overlap", check_overlap, ("text-on-text", "text-across-line")),
    Row("answers", check_answers, ("answer", "grid-moved")),
    Row("numbering", check_numbering, ("wrong-number", "label-missing")),
    Row("level_names", check_level_names, ("level-slug",)),
    # Corner clues come only with a family that prints them (a cage's sum); a page of such a
    # book with a clue printed twice, or crossed by a line, is planted here.
    Row("clues", check_clues, proven_by=(
        "tests/readback/test_clues.py::test_the_clues_check_fails_on_a_planted_cage_page",)),
    # The hints logic (pipeline/readback/hints.py) has its faults planted one by one in
    # tests/test_hints_book.py; this test makes the check itself fail.
    Row("hints", check_hints, proven_by=(
        "tests/test_hints_book.py::test_the_hints_check_fails_on_a_book_that_lists_hints_with_hints_off",)),
    Row("page_boxes", check_page_boxes, ("no-trimbox",)),
    Row("page_count", check_page_count, ("odd-pages",)),
    Row("blank_pages", check_blank_pages, ("blank-run",)),
    Row("colour", check_colour, ("rgb", "transparency", "rgb-image", "faint-fill")),
    Row("document", check_document, ("annotation", "bookmark", "encrypted")),
    Row("line_width", check_line_width, ("thin-line",)),
    Row("text_size", check_text_size, ("small-text",)),
    Row("cover_size", check_cover_size, ("cover-size",)),
    Row("spine_text", check_spine_text, ("spine-text",)),
    Row("safe_zone", check_safe_zone, ("safe-zone",)),
    Row("barcode_box", check_barcode_box, ("barcode-text",)),
    Row("cover_colour", check_cover_colour, proven_by=(
        "tests/test_cover_colour.py::test_rgb_on_a_cover_fails", "tests/test_cover_colour.py::test_icc_colour_on_a_cover_fails")),
    Row("total_ink", check_total_ink, proven_by=(
        "tests/test_cover_colour.py::test_total_ink_over_the_limit_fails", "tests/test_cover_colour.py::test_a_tint_under_the_minimum_fails")),
    Row("black_type", check_black_type, proven_by=(
        "tests/test_cover_colour.py::test_text_not_100_k_fails",
        "tests/test_cover_colour.py::test_a_thin_coloured_line_and_small_rich_black_fail",
        "tests/test_cover_colour.py::test_a_rich_black_other_than_the_printers_fails")),
    Row("bleed", check_bleed, proven_by=("tests/test_cover_colour.py::test_colour_that_stops_at_the_trim_fails",)),
    Row("folds", check_folds, proven_by=("tests/test_cover_colour.py::test_a_colour_change_at_a_fold_fails",)),
    Row("thumbnail", check_thumbnail, proven_by=(
        "tests/test_cover_colour.py::test_title_too_small_for_a_thumbnail_fails",)),
    Row("pdfx", check_pdfx, proven_by=(
        "tests/test_cover_colour.py::test_each_pdfx_requirement_is_its_own_finding",
        "tests/test_cover_colour.py::test_pdfx_version_and_transparency_findings")),
    Row("upload_text", check_upload_text, proven_by=(
        "tests/test_upload.py::test_a_sheet_title_the_book_does_not_print_fails",
        "tests/test_upload.py::test_each_printed_place_is_checked",
        "tests/test_upload.py::test_a_spine_that_differs_from_the_sheet_fails")),
    Row("upload_files", check_upload_files, proven_by=(
        "tests/test_upload.py::test_a_sheet_that_disagrees_with_the_pdfs_fails",)),
    Row("ledger", check_ledger, proven_by=(
        "tests/test_ledger.py::test_a_shared_board_fails_preflight",
        "tests/test_ledger.py::test_a_board_equal_under_a_symmetry_fails_preflight",
        "tests/test_ledger.py::test_a_near_duplicate_fails_preflight")),
    Row("ledger_row", check_ledger_row, proven_by=(
        "tests/test_ledger.py::test_a_sheet_whose_ledger_row_disagrees_fails",)),
)

def run_checks(b: LoadedBook) -> list[Check]:
    return [row.run(b) for row in CHECKS]
