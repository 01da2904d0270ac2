"""The measurement a level is made of: red herrings.

A red herring is a library category that is not on the board but holds three or four of the
board's sixteen tiles: a theme that looks like a group, or one tile short of one, which the
solver must see through. (A category holding five or more tiles cannot be a group's label, since
a label claims every tile it fits, so it misleads nobody for long.) The more herrings, the
harder the board. Levels are bands of this count, declared once in `LEVELS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.connections.board import IndexedLibrary
from pipeline.family import HintNames, Rating, unknown_reveals

HERRING_SIZES = (3, 4)  # tiles an off-board category holds when it tempts a solver


@dataclass(frozen=True)
class Level:
    name: str
    fewest_herrings: int
    most_herrings: int  # inclusive


# Bands from the measured spread of herring counts over boards searched without a level
# (`pipeline bench`, row "any", keys connections:any:1..1700: 10th percentile 11, median 15,
# 90th percentile 21; 21% fall in easy, 39% in medium, 10% in hard; see docs/connections.md),
# with gaps between them so that neighbouring levels differ by more than noise.
LEVELS = (
    Level("easy", 0, 12),
    Level("medium", 15, 18),
    Level("hard", 21, 10_000),
)
LEVEL_BY_NAME = {level.name: level for level in LEVELS}


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


# --- the hint: the group a solver is most likely to miss ------------------------------------------

TECHNIQUE = "theme of the most misleading group"


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


HINT_HERRINGS = 2   # decoy themes a hint names, those claiming most of the group's countries
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten")


def herring_claims(library: IndexedLibrary, tiles: list[str], groups: list[dict],
                   label: str) -> list[tuple[str, int]]:
    """The red herrings claiming countries of group `label`: (herring label, how many of the
    group's four it holds), most first (ties by label)."""
    board_mask = library.mask_of(tiles)
    by_label = {c.label: k for k, c in enumerate(library.categories)}
    on_board = tuple(by_label[g["label"]] for g in groups)
    members = library.mask_of(next(g["tiles"] for g in groups if g["label"] == label))
    claims = [(library.categories[k].label, (library.masks[k] & members).bit_count())
              for k in herrings(library, board_mask, on_board)]
    return sorted((c for c in claims if c[1]), key=lambda c: (-c[1], c[0]))


def hint(puzzle: dict, solution: dict, grade: dict | None = None):
    """The theme of one group, without its members: the group whose tiles red herrings claim
    most (ties: the more devious tier, then the label), and the decoys that pull at it."""
    import re

    from pipeline.connections.board import TIERS, indexed_library
    from pipeline.family import Hint

    library = indexed_library()
    tiles = list(puzzle["tiles"])
    groups = list(solution["groups"])
    pull = herring_pull(library, tiles, groups)
    chosen = max(groups, key=lambda g: (pull[g["label"]], TIERS.index(g["tier"]),
                                        g["label"]))
    claims = herring_claims(library, tiles, groups, chosen["label"])
    # A decoy whose label names a tile ("Borders Chad") would print a country's name in the
    # hint and could be read as a member: those are not named.
    named = [(label, count) for label, count in claims
             if not any(re.search(rf"\b{re.escape(tile)}\b", label) for tile in tiles)]
    named = named[:HINT_HERRINGS]
    text = f"One group's theme: {chosen['label']}."
    many = len(claims)
    if many == 1 and named:
        label, count = named[0]
        text += f' Decoy: "{label}", not a group, fits {COUNT_WORDS[count]} of its countries.'
    elif many:
        how = COUNT_WORDS[many] if many < len(COUNT_WORDS) else str(many)
        text += f" Decoys: {how} themes that are not groups claim some of its countries"
        if named:
            parts = [f'"{label}" ({COUNT_WORDS[count]}{" of them" if i == 0 else ""})'
                     for i, (label, count) in enumerate(named)]
            text += ", most of all " + " and ".join(parts)
        text += "."
    else:
        text += " No red herring claims any of its countries."
    return Hint(TECHNIQUE, text, {"group": chosen["label"]}, None)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    unknown = unknown_reveals(reveals, ("group",))
    if unknown:
        return unknown
    label = reveals.get("group")
    if not isinstance(label, str):
        return ["reveals.group is missing"]
    if label not in {g["label"] for g in solution["groups"]}:
        return [f"{label!r} is not a group of the solution"]
    return []


def hint_tally(puzzle: dict, solution: dict, reveals: dict) -> dict[str, str | int]:
    """Which tier the hint's group is, and how far its herring pull stands above the next
    group's (the benchmark counts both)."""
    from pipeline.connections.board import indexed_library

    groups = solution["groups"]
    pull = herring_pull(indexed_library(), puzzle["tiles"], groups)
    chosen = reveals["group"]
    rest = sorted((v for k, v in pull.items() if k != chosen), reverse=True)
    return {"chosen_tier": next(g["tier"] for g in groups if g["label"] == chosen),
            "pull_margin": pull[chosen] - rest[0]}


def hint_names(reveals: dict) -> HintNames:
    """A hint reveals one group: its words print the group's theme."""
    label = reveals.get("group")
    return HintNames(words=(label,) if isinstance(label, str) else ())


# --- rating a board made elsewhere ---------------------------------------------------------------

def rate(tiles: list[str]) -> Rating:
    """The level of a board with one answer, by its red herrings: the band holding the count,
    or, in a gap between bands, the band below it (a board is only as hard as the band it
    reaches). Difficulty: the herring count. Each group's label claims exactly its four
    tiles, so the herrings are the themes holding three or four tiles less one per group
    (which of a group's labels is left out does not change the count)."""
    from pipeline.connections.board import indexed_library

    library = indexed_library()
    count = len(herrings(library, library.mask_of(tiles), ())) - 4
    level = [band for band in LEVELS if band.fewest_herrings <= count][-1]
    return Rating(level.name, float(count))
