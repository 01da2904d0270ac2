"""The upload sheet, build/<slug>/upload.json: every value the printer's setup form asks for,
in the form's own words and order (`setup_form` in printers.toml, each row with its source),
filled from the layout and the files just written.

The sheet is what a publisher types into the form; the preflight checks that the title,
subtitle and author printed in the book, and its page count and trim, equal the sheet's
(pipeline/readback/checks/upload.py), because a mismatch between form and files is the most
common rejection. Nothing here is printed: the PDFs do not depend on it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from fractions import Fraction

from pipeline.book.layout import Layout
from pipeline.book.printers import PrinterProfile, Trim, inches
from pipeline.i18n import DEFAULT, NAMES, po_name, review

SHEET_NAME = "upload.json"
MM_PER_IN = Fraction(254, 10)


@dataclass(frozen=True)
class BuiltFiles:
    """What the sheet needs of the files a build wrote."""

    interior: str        # path as the manifest gives it
    cover: str
    interior_sha256: str
    cover_sha256: str
    page_count: int
    spine_in: Fraction
    blurb: str           # the back-cover text as printed
    # key -> (value, shown): the content declaration rows (pipeline/book/declarations.py)
    declarations: dict = field(default_factory=dict)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _inches_text(value: Fraction) -> str:
    return f"{inches(value, 4):g}"


def _trim_text(trim: Trim) -> str:
    cm = [f"{float(side * MM_PER_IN / 10):.2f}" for side in (trim.width, trim.height)]
    return f"{_inches_text(trim.width)} x {_inches_text(trim.height)} in ({cm[0]} x {cm[1]} cm)"


def field_values(layout: Layout, profile: PrinterProfile, files: BuiltFiles) -> dict:
    """key -> (value, shown): the value as data, and as a publisher types or picks it."""
    isbn_options = profile.value("isbn_options")
    ink = profile.value("paper_options")[layout.paper]
    description = layout.description or files.blurb
    price = None if layout.price_usd is None else str(layout.price_usd)
    bleed_shown = ("Bleed: interior.pdf carries bleed" if layout.bleed else
                   "No bleed: interior.pdf is the trim size") + (
        f"; cover.pdf always carries its {_inches_text(profile.value('cover_bleed_in'))} in "
        "bleed")
    return {
        # Every word the book prints is in the layout's language (rules, labels, hints).
        "language": (NAMES[layout.language], NAMES[layout.language]),
        "store": (layout.store, layout.store),
        "ai_translation": translation_question(layout),
        "catalog_review": catalog_reviews(layout),
        "title": (layout.title, layout.title),
        "series": ((None, "(none: leave empty)") if layout.series is None else
                   ({"name": layout.series, "number": layout.volume},
                    f"Series: {layout.series}; volume number: {layout.volume}")),
        "subtitle": (layout.subtitle or None, layout.subtitle or "(none: leave empty)"),
        "edition": (None, "leave empty: the first edition (the copyright page's 'Edition' is "
                          "the build's fingerprint, not an edition number)"),
        "author": (layout.author, layout.author),
        "contributors": (None, "none"),
        "description": (description, description),
        "keywords": (list(layout.keywords), "; ".join(layout.keywords) or "(optional; none "
                                                                          "given)"),
        "categories": (list(layout.categories), "; ".join(layout.categories) or "(optional; "
                                                                              "none given)"),
        "isbn": (layout.isbn, f"{isbn_options['own']}: {layout.isbn}" if layout.isbn
                 else isbn_options["free"]),
        "low_content": (False, "No: leave unticked (a puzzle book is a regular paperback)"),
        "ink_paper": (layout.paper, ink),
        "interior_ink": ("black", "Black and white"),
        "paper": (layout.paper, ink),
        "trim": ({"width": _number(layout.trim.width), "height": _number(layout.trim.height)},
                 _trim_text(layout.trim)),
        "bleed": (layout.bleed, bleed_shown),
        "cover_finish": (layout.cover_finish, layout.cover_finish.capitalize()),
        "interior_file": ({"path": files.interior, "sha256": files.interior_sha256},
                          f"{files.interior} (sha256 {files.interior_sha256})"),
        "cover_file": ({"path": files.cover, "sha256": files.cover_sha256},
                       f"{files.cover} (sha256 {files.cover_sha256})"),
        "page_count": (files.page_count, f"{files.page_count} pages"),
        "spine_width": (inches(files.spine_in, 6),
                        f"{inches(files.spine_in, 4)} in "
                        f"({float(files.spine_in * MM_PER_IN):.2f} mm)"),
        "price": (price, f"${price}" if price else "(not given)"),
        **files.declarations,
    }


def book_catalogs(layout: Layout) -> list[str]:
    """The packages whose catalogs a book prints from: the book layer's, then each family's."""
    from pipeline.family import family_module

    return ["pipeline.book"] + list(dict.fromkeys(family_module(s.family)
                                                  for s in layout.sections))


def catalog_reviews(layout: Layout) -> tuple[dict, str]:
    """Each catalog's native-speaker review as its header records it ("" until one is made)."""
    if layout.language == DEFAULT:
        return {}, "(none: the book is in English, the language its words are written in)"
    found = {po_name(package, layout.language): review(package, layout.language)
             for package in book_catalogs(layout)}
    shown = "; ".join(f"{path}: {done or 'no review by a native speaker yet'}"
                      for path, done in found.items())
    return found, shown


def translation_question(layout: Layout) -> tuple[None, str]:
    """KDP's question on AI-generated translations: the publisher answers it, knowing how the
    catalogs were made; the sheet says what the catalogs record."""
    if layout.language == DEFAULT:
        return None, "(no translation: the book is in English)"
    reviewed = all(catalog_reviews(layout)[0].values())
    return None, ("answer for how the catalogs' translations were made; "
                  + ("each catalog records a native speaker's review" if reviewed else
                     "not every catalog records a native speaker's review: have each one "
                     "read by a native speaker before the book is sold"))


def upload_sheet(layout: Layout, profile: PrinterProfile, files: BuiltFiles) -> dict:
    """The sheet: the printer's form rows, each with the book's value for it."""
    values = field_values(layout, profile, files)
    rows = []
    for row in profile.value("setup_form"):
        value, shown = values.get(row["key"], (None, "(not known to this build)"))
        rows.append({"key": row["key"], "step": row["step"], "label": row["label"],
                     "value": value, "shown": shown, "source": row["source"]})
    return {"slug": layout.slug, "printer": layout.printer, "form": profile.name,
            "form_source": profile.source("setup_form"), "fields": rows}


def sheet_value(sheet: dict, key: str, default=None):
    """The value of the row `key` of a sheet (`default` when the form has no such row)."""
    for row in sheet.get("fields", []):
        if row.get("key") == key:
            return row.get("value")
    return default


def _number(value: Fraction):
    return int(value) if value == int(value) else float(value)
