"""A cover's look as data: the `[cover]` table of a layout over the defaults of its family.

A style names CMYK colours (percent of each ink, as a designer writes them), type sizes and
where the title sits, and which art is drawn from the book's boards. Every colour is checked
when the layout loads against the printer's rules: total ink (C+M+Y+K) within its limit, and a
tint no lighter than its minimum fill, so a style that cannot print is a one-line error before
anything is built. Text and thin lines are never styled: they are always 100 % K.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from pipeline.cover_colours import ART_KINDS, TITLE_PLACES, WHITE, CoverStyle, cmyk_percent

# A book's defaults are the style its first section's family declares (`Family.cover_style`,
# in the family's draw.py); a family that declares none takes this neutral one.
NEUTRAL_STYLE = CoverStyle(
    name="default", art="mosaic", ground=cmyk_percent(0, 5, 35, 0), plate=WHITE,
    accents=(cmyk_percent(0, 15, 75, 0), cmyk_percent(40, 0, 70, 0), cmyk_percent(45, 15, 0, 0), cmyk_percent(35, 50, 0, 0)),
    art_dark=cmyk_percent(0, 0, 0, 100), badge=cmyk_percent(0, 60, 90, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")

COLOUR_FIELDS = ("ground", "plate", "art_dark", "badge")
SIZE_FIELDS = {"title_pt": (24.0, 120.0), "subtitle_pt": (9.0, 40.0), "blurb_pt": (9.0, 16.0)}
STYLE_KEYS = ("style", "art", "title_place", "accents") + COLOUR_FIELDS + tuple(SIZE_FIELDS)


def family_styles() -> dict[str, CoverStyle]:
    """Every style by name: each registered family's, and the neutral one."""
    from pipeline.family import family_names, get_family

    styles = [get_family(name).cover_style for name in family_names()]
    return {style.name: style for style in styles + [NEUTRAL_STYLE] if style is not None}


def default_style(family: str) -> CoverStyle:
    from pipeline.family import get_family

    return get_family(family).cover_style or NEUTRAL_STYLE


def colour_problem(value, max_ink: float, min_tint: float) -> str | None:
    """None when `value` is [C, M, Y, K] in percent that the printer can print."""
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, (int, Decimal)) and not isinstance(v, bool) for v in value)):
        return "a colour is [C, M, Y, K] in percent, e.g. [0, 20, 90, 0]"
    if any(v < 0 or v > 100 for v in value):
        return "each ink is 0 to 100 percent"
    total = sum(value)
    if total > max_ink * 100:
        return f"total ink {total} % is over the printer's {max_ink * 100:.0f} %"
    if 0 < max(value) < min_tint * 100:
        return (f"the strongest ink, {max(value)} %, is lighter than the printer's "
                f"{min_tint * 100:.0f} % minimum tint")
    return None


def parse_style(table: dict, family: str, max_ink: float, min_tint: float, fail) -> CoverStyle:
    """The `[cover]` table over the defaults: `style` picks another family's defaults by name
    (night-sky, harbour, four-groups), then each key overrides one value. `fail(message, key)`
    makes the one-line error."""
    style = default_style(family)
    known = ", ".join(STYLE_KEYS)
    for key in table:
        if key not in STYLE_KEYS:
            raise fail(f"unknown key (known: {known})", f"cover.{key}")
    if "style" in table:
        by_name = family_styles()
        if table["style"] not in by_name:
            raise fail(f"unknown style {table['style']!r} (known: {', '.join(sorted(by_name))})",
                       "cover.style")
        style = by_name[table["style"]]
    changes: dict = {}
    if "art" in table:
        if table["art"] not in ART_KINDS:
            raise fail(f"must be one of {', '.join(ART_KINDS)}", "cover.art")
        changes["art"] = table["art"]
    if "title_place" in table:
        if table["title_place"] not in TITLE_PLACES:
            raise fail(f"must be one of {', '.join(TITLE_PLACES)}", "cover.title_place")
        changes["title_place"] = table["title_place"]
    for key in COLOUR_FIELDS:
        if key in table:
            problem = colour_problem(table[key], max_ink, min_tint)
            if problem:
                raise fail(problem, f"cover.{key}")
            changes[key] = cmyk_percent(*(float(v) for v in table[key]))
    if "accents" in table:
        accents = table["accents"]
        if not isinstance(accents, list) or not accents:
            raise fail("a list of one or more [C, M, Y, K] colours", "cover.accents")
        for value in accents:
            problem = colour_problem(value, max_ink, min_tint)
            if problem:
                raise fail(problem, "cover.accents")
        changes["accents"] = tuple(cmyk_percent(*(float(v) for v in value)) for value in accents)
    for key, (low, high) in SIZE_FIELDS.items():
        if key in table:
            value = table[key]
            if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
                raise fail("expected a number of points", f"cover.{key}")
            if not low <= value <= high:
                raise fail(f"must be {low:g} to {high:g} pt", f"cover.{key}")
            changes[key] = float(value)
    return replace(style, **changes) if changes else style


def check_style(style: CoverStyle, max_ink: float, min_tint: float) -> str | None:
    """The defaults obey the same rules as a layout's colours (a printer may be stricter)."""
    for name in COLOUR_FIELDS:
        problem = colour_problem([Decimal(str(round(v * 100, 6))) for v in getattr(style, name)],
                                 max_ink, min_tint)
        if problem:
            return f"{name}: {problem}"
    for colour in style.accents:
        problem = colour_problem([Decimal(str(round(v * 100, 6))) for v in colour], max_ink,
                                 min_tint)
        if problem:
            return f"accents: {problem}"
    return None
