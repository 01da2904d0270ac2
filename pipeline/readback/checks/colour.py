"""Colour that prints: covers in CMYK within the ink limit, black type, colour to the bleed, no
edge on a fold, a title that reads as a thumbnail, and PDF/X-1a when the book asks for it.

The measuring is in `pipeline.readback.colour_checks` (pure functions of page contents that
return `(measured, findings)`); these wrap them as checks of a loaded book."""

from __future__ import annotations

from pipeline.book.printers import cover_rules
from pipeline.geometry import Box
from pipeline.readback import colour_checks
from pipeline.readback.findings import Check
from pipeline.readback.loaded import LoadedBook


def _check(name: str, title: str, *parts) -> Check:
    result = Check(name, title)
    for measured, findings in parts:
        result.measured.update(measured)
        for document, page, message in findings:
            result.fail(document, page, message)
    return result


def _summed(results) -> tuple[dict, list]:
    """Interior pages' measurements added up under `interior_` names, findings joined."""
    counts: dict = {}
    found: list = []
    for measured, findings in results:
        for key, value in measured.items():
            counts[f"interior_{key}"] = counts.get(f"interior_{key}", 0) + value
        found += findings
    return counts, found


def check_cover_colour(b: LoadedBook) -> Check:
    return _check("cover_colour", "cover in DeviceCMYK only: no RGB, ICC or gray",
                  colour_checks.cover_colour_spaces(b.cover_page))


def check_total_ink(b: LoadedBook) -> Check:
    return _check("total_ink", "total ink within the printer's limit, tints above its minimum",
                  colour_checks.ink_limits(b.cover_page, "cover", b.profile.max_total_ink,
                                           b.profile.min_gray_fill))


def check_black_type(b: LoadedBook) -> Check:
    return _check("black_type",
                  "cover text 100 % K, interior text K ink alone; cover thin lines K alone; "
                  "rich black on large areas only",
                  colour_checks.black_type(b.cover_page, "cover", cover_rules(), thin_lines=True,
                                           rich_black=b.profile.rich_black),
                  _summed(colour_checks.black_type(p, "interior", cover_rules(), thin_lines=False,
                                                   tints=True)
                          for p in b.pages))


def check_bleed(b: LoadedBook) -> Check:
    return _check("bleed", "colour near a trim edge runs on to the bleed edge",
                  colour_checks.colour_reaches_bleed(b.cover_page, b.profile.fold_variance_pt))


def check_folds(b: LoadedBook) -> Check:
    g = b.cover_geometry()
    return _check("folds", "no colour change within the fold variance of a spine fold",
                  colour_checks.colour_at_folds(b.cover_page, [g.spine.x0, g.spine.x1],
                                                b.profile.fold_variance_pt))


def check_thumbnail(b: LoadedBook) -> Check:
    front = Box(*b.cover_geometry().front.as_tuple())
    rules = cover_rules()
    return _check("thumbnail", "title the front's largest type, readable on a "
                               f"{rules.thumbnail_height_px} px thumbnail",
                  colour_checks.title_thumbnail(b.cover_page, front, b.book.get("title", ""),
                                                rules))


def check_pdfx(b: LoadedBook) -> Check:
    standard = b.book.get("pdf_standard")
    if not standard:
        return _check("pdfx", "PDF/X-1a:2001 requirements, when the book asks for it",
                      ({"standard": None}, []))
    measured, found = {"standard": standard}, []
    for document, pdf, pages in (("interior", b.interior, list(b.pages)),
                                 ("cover", b.cover, [b.cover_page])):
        m, f = colour_checks.pdfx_1a(colour_checks.pdfx_facts(pdf), pages, document)
        measured[document] = m
        found += f
    return _check("pdfx", "PDF/X-1a:2001 requirements, when the book asks for it",
                  (measured, found))
