"""Every preflight check, in one table.

A check is a function of the loaded book (`pipeline.readback.loaded.LoadedBook`) returning a
`Check` with what it measured and its findings. Each row names the check, its function, and the
faults planted in the test book (tests/readback/readback_books.py) that must make it fail: the
tests build the book with each fault and assert the check fails, and they fail for a row
without a fault. Adding a check is one function in a module of this package and one row here
(docs/readback.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pipeline.readback.checks.cover import (check_barcode_box, check_cover_size, check_safe_zone,
                                            check_spine_text)
from pipeline.readback.checks.pages import (check_blank_pages, check_live_area, check_page_boxes,
                                            check_page_count)
from pipeline.readback.checks.print_rules import (check_colour, check_document, check_fonts,
                                                  check_line_width, check_text_size)
from pipeline.readback.checks.puzzles import check_answers, check_numbering
from pipeline.readback.findings import Check
from pipeline.readback.loaded import LoadedBook


@dataclass(frozen=True)
class Row:
    name: str
    run: Callable[[LoadedBook], Check]
    faults: tuple[str, ...]  # planted faults (test book) that must make this check fail


CHECKS: tuple[Row, ...] = (
    Row("fonts", check_fonts, ("helvetica", "missing-glyph")),
    Row("live_area", check_live_area, ("gutter",)),
    Row("answers", check_answers, ("answer", "grid-moved")),
    Row("numbering", check_numbering, ("wrong-number", "label-missing")),
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
)

def run_checks(b: LoadedBook) -> list[Check]:
    return [row.run(b) for row in CHECKS]
