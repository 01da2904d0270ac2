"""The measurement a level is made of: red herrings.

A red herring is a library category that is not on the board but holds three or four of the
board's sixteen tiles: a theme that looks like a group, or one tile short of one, which the
solver must see through. (A category holding five or more tiles cannot be a group's label, since
a label claims every tile it fits, so it misleads nobody for long.) The more herrings, the
harder the board. Levels are bands of this count, declared once in `LEVELS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.connections.board import IndexedLibrary
from pipeline.family import Rating
from pipeline.i18n import N_

HERRING_SIZES = (3, 4)  # tiles an off-board category holds when it tempts a solver


@dataclass(frozen=True)
class Level:
    name: str
    title: str
    fewest_herrings: int
    most_herrings: int  # inclusive
    language: str = "en"  # the language of the level's tiles and labels


# Bands from the measured spread of herring counts over boards searched without a level
# (`pipeline bench`, row "any", keys connections:any:1..1700: 10th percentile 11, median 15,
# 90th percentile 21; 21% fall in easy, 39% in medium, 10% in hard; see docs/connections.md),
# with gaps between them so that neighbouring levels differ by more than noise.
LEVELS = (
    Level("easy", N_("Easy"), 0, 12),
    Level("medium", N_("Medium"), 15, 18),
    Level("hard", N_("Hard"), 21, 10_000),
)
# The levels in German, French and Spanish, "<level>-<language>": boards made, proven and
# measured on that language's library (its names and labels), under the same titles
# (translated by the catalog). Their bands are their own: their libraries are smaller (no
# capital, currency-word, demonym or hidden-word themes), so boards hold fewer herrings. The
# spread over 300 boards with no band in each (keys connections:any-<lang>:1..300) has its
# median and 90th percentile three below English's, the 10th two to four (de 9/12/17, fr 9/12/17,
# es 7/12/17; English 11/15/20), so the bands are English's moved down by three.
LANGUAGE_BANDS = {
    "de": ((0, 9), (12, 15), (18, 10_000)),
    "fr": ((0, 9), (12, 15), (18, 10_000)),
    "es": ((0, 9), (12, 15), (18, 10_000)),
}
LEVELS += tuple(replace(level, name=f"{level.name}-{lang}", language=lang,
                        fewest_herrings=low, most_herrings=high)
                for lang, bands in LANGUAGE_BANDS.items()
                for level, (low, high) in zip(LEVELS, bands))
LEVEL_BY_NAME = {level.name: level for level in LEVELS}
LEVEL_TITLES = {level.name: level.title for level in LEVELS}  # as print names each level


def herrings(library: IndexedLibrary, board_mask: int, on_board: tuple[int, ...]) -> list[int]:
    """Indices of off-board categories holding three or four of the board's tiles."""
    placed = set(on_board)
    return [k for k, pool in enumerate(library.masks)
            if k not in placed and (pool & board_mask).bit_count() in HERRING_SIZES]


def measure(library: IndexedLibrary, board_mask: int, on_board: tuple[int, ...]) -> dict:
    """The grade recorded with a board."""
    found = herrings(library, board_mask, on_board)
    sizes = [(library.masks[k] & board_mask).bit_count() for k in found]
    return {
        "herrings": len(found),
        "false_groups": sizes.count(4),
        "herring_labels": sorted(library.categories[k].label for k in found),
        "tiers": [library.categories[k].tier for k in on_board],
        "pool_sizes": [library.masks[k].bit_count() for k in on_board],
    }


def grade_record(level: str, library: IndexedLibrary, placements: tuple, moves: int, decoys: int,
                 repairs: int) -> dict:
    """The grade a board's record keeps: its level, what the search spent on it, and its
    measures."""
    board = sum(p.tiles for p in placements)
    return {"level": level, "moves": moves, "decoys": decoys, "repairs": repairs,
            **measure(library, board, tuple(p.category for p in placements))}


def herring_pull(library: IndexedLibrary, tiles: list[str], groups: list[dict]) -> dict[str, int]:
    """For each group (by label), how many times red herrings claim one of its tiles: the sum,
    over herrings, of the group's tiles each holds. The more a group's tiles are claimed by
    themes that are not groups, the likelier a solver pairs them wrongly and misses it."""
    board_mask = library.mask_of(tiles)
    by_label = {c.label: k for k, c in enumerate(library.categories)}
    on_board = tuple(by_label[g["label"]] for g in groups)
    found = herrings(library, board_mask, on_board)
    return {g["label"]: sum((library.masks[k] & library.mask_of(g["tiles"])).bit_count()
                            for k in found) for g in groups}


# --- rating a board made elsewhere ---------------------------------------------------------------

def rate(tiles: list[str], language: str = "en") -> Rating:
    """The level of a board with one answer, by its red herrings: the band holding the count,
    or, in a gap between bands, the band below it (a board is only as hard as the band it
    reaches). Difficulty: the herring count. Each group's label claims exactly its four
    tiles, so the herrings are the themes holding three or four tiles less one per group
    (which of a group's labels is left out does not change the count)."""
    from pipeline.connections.board import indexed_library

    library = indexed_library(language)
    count = len(herrings(library, library.mask_of(tiles), ())) - 4
    level = [band for band in LEVELS
             if band.language == language and band.fewest_herrings <= count][-1]
    return Rating(level.name, float(count))
