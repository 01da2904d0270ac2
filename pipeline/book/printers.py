"""Printer profiles: the print rules of each printer, read from printers.toml.

Every number a print rule needs lives in printers.toml beside its source; this module only
does arithmetic on it. Lengths are exact fractions of an inch until they are turned into PDF
points at the edge (1 in = 72 pt), so the spine and cover sizes reproduce the printers' own
formulas exactly (the derived test vectors of tests/test_books_printers.py).

This is also the API the preflight uses: `live_area_pt` (where marks may go on page N of a book
of a given final page count) and `cover_geometry` (spine, cover size, safe zones, barcode box).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from pipeline.errors import InputError
from pipeline.geometry import Box

PT_PER_IN = 72
BUFFER_PT = Fraction(1)  # every mark keeps this much clear of a printer's minimum (docs/printing.md)
TABLE_PATH = Path(__file__).with_name("printers.toml")


@dataclass(frozen=True)
class Trim:
    width: Fraction   # inches
    height: Fraction

    @classmethod
    def parse(cls, text: str) -> "Trim":
        """'6x9' or '8.5 x 11' (inches)."""
        parts = text.lower().replace(" ", "").split("x")
        if len(parts) != 2:
            raise ValueError(f"trim {text!r} is not WIDTHxHEIGHT in inches")
        try:
            width, height = (Fraction(Decimal(part)) for part in parts)
        except ArithmeticError:
            raise ValueError(f"trim {text!r} is not WIDTHxHEIGHT in inches") from None
        if width <= 0 or height <= 0:
            raise ValueError(f"trim {text!r} must be positive")
        return cls(width, height)

    def __str__(self) -> str:
        return f"{_decimal_text(self.width)}x{_decimal_text(self.height)}"


@dataclass(frozen=True)
class PageFrame:
    """One interior page: its MediaBox size, TrimBox and BleedBox, all in points."""

    width: float
    height: float
    trim: Box
    bleed: Box


@dataclass(frozen=True)
class CoverGeometry:
    """A full-wrap cover (back, spine, front), in inches and in the cover PDF's points."""

    spine_in: Fraction
    width_in: Fraction
    height_in: Fraction
    bleed_in: Fraction
    safe_zone_in: Fraction
    back: Box            # back panel at trim
    spine: Box           # spine panel at trim height
    front: Box           # front panel at trim
    back_safe: Box       # where back-cover marks may go
    front_safe: Box
    spine_text_box: Box | None   # where spine text may go, None when the rules forbid it
    barcode: Box         # the keep-out box: empty unless an ISBN barcode is drawn in it

    @property
    def width_pt(self) -> float:
        return float(self.width_in * PT_PER_IN)

    @property
    def height_pt(self) -> float:
        return float(self.height_in * PT_PER_IN)


@dataclass(frozen=True)
class Sourced:
    value: object
    source: str

    @property
    def unconfirmed(self) -> bool:
        return self.source.lstrip().startswith("U")


class _SourcedTable:
    """A table of printers.toml read as it stands: `fields` maps each name to its Sourced."""

    fields: dict

    def value(self, field: str):
        return self.fields[field].value

    def source(self, field: str) -> str:
        return self.fields[field].source


def _number(key: str, kind: type) -> property:
    """A profile's field `key` read as a number of `kind` (a drawing rule)."""
    return property(lambda profile: kind(profile.value(key)), doc=f"the profile's {key}")


@dataclass(frozen=True)
class PrinterProfile(_SourcedTable):
    key: str
    name: str
    fields: dict  # field name -> Sourced, exactly as the table gives them

    # --- what the printer offers -------------------------------------------------------
    @property
    def papers(self) -> tuple[str, ...]:
        return tuple(self.value("papers"))

    def trims(self) -> list[Trim]:
        return [Trim(Fraction(row["width"]), Fraction(row["height"])) for row in self.value("trims")]

    def offers_trim(self, trim: Trim) -> bool:
        if trim in self.trims():
            return True
        custom = self.value("custom_trim")
        return bool(custom) and (
            Fraction(custom["min_width"]) <= trim.width <= Fraction(custom["max_width"])
            and Fraction(custom["min_height"]) <= trim.height <= Fraction(custom["max_height"]))

    def page_range(self, trim: Trim, paper: str) -> tuple[int, int]:
        """(min, max) interior pages for a trim and paper."""
        low = int(self.value("min_pages"))
        for row in self.value("trims"):
            if Trim(Fraction(row["width"]), Fraction(row["height"])) == trim and "max_pages" in row:
                return low, int(row["max_pages"][paper])
        return low, int(self.value("max_pages")[paper])

    def final_page_count(self, pages: int) -> int:
        """The count the printer prints: rounded up to even where the printer pads."""
        if self.value("even_page_count") and pages % 2:
            return pages + 1
        return pages

    # --- interior ------------------------------------------------------------------------
    def interior_bleed_in(self, bleed: bool) -> Fraction:
        return Fraction(self.value("interior_bleed_in")) if bleed else Fraction(0)

    def needs_bleed(self) -> bool:
        return bool(self.value("interior_bleed_required"))

    def gutter_in(self, page_count: int) -> Fraction:
        """Minimum inside margin, chosen by the final page count (bands are inclusive)."""
        for band in self.value("gutter_in"):
            if page_count <= band["max_pages"]:
                return Fraction(band["inside"])
        raise InputError(f"{page_count} pages is beyond {self.name}'s gutter table",
                         field="page_count")

    def outer_margin_in(self, bleed: bool) -> Fraction:
        return Fraction(self.value("outer_margin_in")["bleed" if bleed else "no_bleed"])

    def page_frame(self, trim: Trim, bleed: bool, page_number: int) -> PageFrame:
        """MediaBox size and trim/bleed boxes of interior page `page_number` (1-based).

        With bleed on the outside edges only (KDP), the bleed sits on the right of odd pages
        and on the left of even pages, so the TrimBox moves between them."""
        b = self.interior_bleed_in(bleed)
        w, h = trim.width, trim.height
        if b == 0:
            box = Box(0.0, 0.0, _to_pt(w), _to_pt(h))
            return PageFrame(box.width, box.height, box, box)
        if self.value("interior_bleed_edges") == "all":
            media_w, media_h, left = w + 2 * b, h + 2 * b, b
        else:
            media_w, media_h = w + b, h + 2 * b
            left = Fraction(0) if page_number % 2 else b
        trim_box = Box(_to_pt(left), _to_pt(b), _to_pt(left + w), _to_pt(b + h))
        return PageFrame(_to_pt(media_w), _to_pt(media_h), trim_box,
                         Box(0.0, 0.0, _to_pt(media_w), _to_pt(media_h)))

    def margins_in(self, bleed: bool, page_count: int) -> dict[str, Fraction]:
        outer = self.outer_margin_in(bleed)
        return {"top": outer, "bottom": outer, "outside": outer,
                "inside": max(self.gutter_in(page_count), outer)}

    def live_area_pt(self, trim: Trim, bleed: bool, page_number: int, page_count: int,
                     extra_in: Fraction = Fraction(0)) -> Box:
        """Where marks may go on page `page_number` of a `page_count`-page book: the TrimBox
        less the printer's minimum margins (gutter mirrored: on the left of odd pages, on the
        right of even pages), less `extra_in` on every side."""
        frame = self.page_frame(trim, bleed, page_number)
        m = self.margins_in(bleed, page_count)
        inside, outside = m["inside"] + extra_in, m["outside"] + extra_in
        left, right = (inside, outside) if page_number % 2 else (outside, inside)
        return frame.trim.inset(_to_pt(left), _to_pt(m["bottom"] + extra_in), _to_pt(right),
                                _to_pt(m["top"] + extra_in))

    # --- cover ---------------------------------------------------------------------------
    def spine_width_in(self, paper: str, page_count: int) -> Fraction:
        rule = self.value("papers")[paper]
        constant = Fraction(rule.get("spine_constant_in", 0))
        if "caliper_in" in rule:
            return page_count * Fraction(rule["caliper_in"]) + constant
        return Fraction(page_count, int(rule["pages_per_inch"])) + constant

    def spine_text_allowed(self, page_count: int) -> bool:
        return page_count >= int(self.value("spine_text_min_pages"))

    def cover_geometry(self, trim: Trim, paper: str, page_count: int) -> CoverGeometry:
        spine = self.spine_width_in(paper, page_count)
        bleed = Fraction(self.value("cover_bleed_in"))
        safe = Fraction(self.value("cover_safe_zone_in"))
        w, h = trim.width, trim.height
        back = _box_in(bleed, bleed, bleed + w, bleed + h)
        spine_box = _box_in(bleed + w, bleed, bleed + w + spine, bleed + h)
        front = _box_in(bleed + w + spine, bleed, bleed + 2 * w + spine, bleed + h)
        safe_pt = _to_pt(safe)
        text_box = None
        clearance = Fraction(self.value("spine_text_clearance_in"))
        if self.spine_text_allowed(page_count) and spine > 2 * clearance:
            text_box = spine_box.inset(_to_pt(clearance), safe_pt, _to_pt(clearance), safe_pt)
        code = self.value("barcode_box_in")
        right = bleed + w - Fraction(code["from_spine"])
        bottom = bleed + Fraction(code["from_bottom"])
        barcode = _box_in(right - Fraction(code["width"]), bottom, right, bottom + Fraction(code["height"]))
        return CoverGeometry(
            spine_in=spine, width_in=2 * w + spine + 2 * bleed, height_in=h + 2 * bleed,
            bleed_in=bleed, safe_zone_in=safe, back=back, spine=spine_box, front=front,
            back_safe=back.inset(safe_pt), front_safe=front.inset(safe_pt),
            spine_text_box=text_box, barcode=barcode)

    # --- drawing rules -----------------------------------------------------------------------
    min_font_pt = _number("min_font_pt", float)
    min_line_pt = _number("min_line_pt", float)
    min_gray_fill = _number("min_gray_fill", float)
    max_blank_run = _number("max_blank_run", int)

    # --- colour and file standard ---------------------------------------------------------------
    @property
    def pdf_standard(self) -> str | None:
        """The PDF standard the printer asks for ("PDF/X-1a:2001"), None when it asks none."""
        value = str(self.value("pdf_standard"))
        return None if value == "none" else value

    @property
    def max_total_ink(self) -> float:
        """Total area coverage allowed, C+M+Y+K as a fraction (2.4 for 240 %)."""
        return float(self.value("max_total_ink_pct")) / 100

    @property
    def rich_black(self) -> tuple[float, float, float, float]:
        """The rich black the printer asks for where one is used (C, M, Y, K as fractions)."""
        return tuple(float(v) / 100 for v in self.value("rich_black_cmyk"))  # type: ignore

    @property
    def fold_variance_pt(self) -> float:
        """How far a fold may wander: no colour change this close to a spine fold."""
        return _to_pt(Fraction(self.value("fold_variance_in")))

    @property
    def output_condition(self) -> dict:
        return dict(self.value("output_condition"))

    def unconfirmed_fields(self) -> list[str]:
        """The values the table tags U (unconfirmed by the printer's own pages)."""
        return [name for name, item in self.fields.items() if item.unconfirmed]


@lru_cache(maxsize=None)
def _table() -> dict:
    with TABLE_PATH.open("rb") as handle:
        return tomllib.load(handle, parse_float=Decimal)


def profile_names() -> tuple[str, ...]:
    """The printers of the table: its tables with a name (`[cover_rules]` is not a printer)."""
    return tuple(name for name, value in _table().items()
                 if isinstance(value, dict) and "name" in value)


@dataclass(frozen=True)
class CoverRules(_SourcedTable):
    """The cover rules this pipeline keeps for every printer (printers.toml `[cover_rules]`):
    the writer draws by them and the preflight checks them."""

    fields: dict  # field name -> Sourced, exactly as the table gives them

    @property
    def thin_line_pt(self) -> float:
        """A stroke thinner than this is a thin line: K ink alone."""
        return float(self.value("thin_line_pt"))

    @property
    def rich_black_min_pt(self) -> float:
        """Rich black only on fills at least this wide each way."""
        return _to_pt(Fraction(self.value("rich_black_min_in")))

    @property
    def thumbnail_height_px(self) -> int:
        """The front's height as the book is listed, in pixels."""
        return int(self.value("thumbnail_px")["height"])

    @property
    def thumbnail_em_px(self) -> float:
        """The least em of the title at that height, in pixels."""
        return float(self.value("thumbnail_px")["title_em"])


@lru_cache(maxsize=None)
def cover_rules() -> CoverRules:
    return CoverRules({name: Sourced(item["value"], item["source"])
                       for name, item in _table()["cover_rules"].items()})


def specs_verified_on() -> str:
    return _table()["specs_verified_on"]


@lru_cache(maxsize=None)
def get_profile(key: str) -> PrinterProfile:
    table = _table()
    if key not in profile_names():
        raise InputError(f"unknown printer {key!r} (known: {', '.join(profile_names())})",
                         field="printer")
    data = table[key]
    fields = {name: Sourced(item["value"], item["source"]) for name, item in data.items()
              if isinstance(item, dict)}
    return PrinterProfile(key, data["name"], fields)


def _to_pt(inches: Fraction) -> float:
    return float(inches * PT_PER_IN)


def _box_in(x0: Fraction, y0: Fraction, x1: Fraction, y1: Fraction) -> Box:
    return Box(_to_pt(x0), _to_pt(y0), _to_pt(x1), _to_pt(y1))


def _decimal_text(value: Fraction) -> str:
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def inches(value: Fraction, places: int = 6) -> float:
    """An inch value for the manifest: exact arithmetic, rounded only here."""
    return round(float(value), places)
