"""A cover's colours and look as values: what a family's cover defaults are made of.

Below the families and the book layer alike, so a family's draw module declares its cover
without importing the book layer; pipeline/book/cover_style.py reads a layout's `[cover]`
table over these defaults and checks every colour against the printer's rules.
"""

from __future__ import annotations

from dataclasses import dataclass

CMYK = tuple[float, float, float, float]   # fractions 0..1 of each ink

WHITE: CMYK = (0.0, 0.0, 0.0, 0.0)         # paper: no ink at all
ART_KINDS = ("mosaic", "closeup")
TITLE_PLACES = ("top", "bottom")


@dataclass(frozen=True)
class CoverStyle:
    name: str
    art: str                  # mosaic: many of the book's boards tiled; closeup: one, large
    ground: CMYK              # over the whole wrap, bleed to bleed
    plate: CMYK               # the card the title sits on (black type on it)
    accents: tuple[CMYK, ...]  # art colours, in turn
    art_dark: CMYK            # the boards' heavy lines and marks inside the art
    badge: CMYK               # the LARGE PRINT badge
    title_pt: float | None    # None: as large as the front allows, up to TITLE_MAX_PT
    subtitle_pt: float
    blurb_pt: float
    title_place: str          # top or bottom of the front


def cmyk_percent(*percent: float) -> CMYK:
    """A colour as a designer writes it: C, M, Y, K in percent."""
    return tuple(p / 100 for p in percent)  # type: ignore[return-value]
