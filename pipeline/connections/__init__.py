"""Connections: sixteen country names that split into four groups of four, one per tier.

The family object `FAMILY` is what the rest of the pipeline sees. Sections:
the library (library.py, from countries.py), the generator (generator.py), the independent
verifier (verifier.py), the grade (grade.py) and the drawing (drawing.py).
"""

from __future__ import annotations

import functools
from typing import Sequence

from pipeline.connections import drawing, verifier
from pipeline.connections.generator import Exhausted, build, tile_order
from pipeline.connections import grade as grading
from pipeline.connections.grade import LEVELS, measure
from pipeline.connections.library import TIERS, indexed_library, load_library, tile_names
from pipeline.errors import GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.ink import GridBox, Ink
from pipeline.records import require

SHARED_TILES_LIMIT = 9   # a board sharing this many tiles with an earlier one is too similar
SHARED_GROUPS_LIMIT = 2  # ... or this many of its exact groups


class ConnectionsFamily:
    name = "connections"
    title = "Connections"
    version = "connections/1"
    levels = tuple(level.name for level in LEVELS)

    # Generation ---------------------------------------------------------------------------
    def generate(self, key: str, level: str) -> Generated:
        if level not in self.levels:
            raise InputError(f"unknown connections level {level!r} (known: {', '.join(self.levels)})",
                             field="level")
        library = indexed_library()
        try:
            built = build(library, key, level)
        except Exhausted:
            raise GenerationFailed(f"{key}: no {level} board within the move budget") from None
        placements = built.placements
        tiles = tile_order(library, placements, key)
        groups = [{"tier": library.categories[p.category].tier,
                   "label": library.categories[p.category].label,
                   "tiles": sorted(library.tiles_of(p.tiles), key=tiles.index)}
                  for p in placements]
        proof = verifier.prove(tiles, groups)
        if not proof["unique"]:  # the generator must never lie: the verifier has the last word
            raise GenerationFailed(f"{key}: the verifier rejected the board: {proof['problems']}")
        board = sum(p.tiles for p in placements)
        grade = {"level": level, "moves": built.moves, "decoys": built.decoys,
                 "repairs": built.repairs,
                 **measure(library, board, tuple(p.category for p in placements))}
        return Generated(puzzle={"tiles": tiles}, solution={"groups": groups}, grade=grade,
                         proof=proof, attempts=built.moves)

    # Records ------------------------------------------------------------------------------
    def check_record(self, record: dict) -> None:
        puzzle = require(record, "puzzle", dict)
        tiles = check_tiles(puzzle)
        if "solution" in record:
            check_groups(require(record, "solution", dict), tiles)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return verifier.count_groupings(list(puzzle["tiles"]), limit)

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return verifier.prove(list(puzzle["tiles"]), list(solution["groups"]))

    def explain(self, puzzle: dict) -> list[str]:
        """The solve a reader can follow: which labels claim exactly four tiles, which are
        herrings one short, and the one choice of four claimed groups that covers the board."""
        tiles = list(puzzle["tiles"])
        library = load_library()
        tier_of = {c.label: c.tier for c in library}
        claimed = verifier.claimed_groups(tiles, library)
        lines = []
        for group, labels in sorted(claimed.items(), key=lambda item: (
                TIERS.index(tier_of[item[1][0]]), item[1][0])):
            lines.append(f"{' / '.join(labels)} claims exactly {', '.join(sorted(group))}")
        board = set(tiles)
        short = sorted(c.label for c in library if len(board & c.pool) == 3)
        lines.append(f"{len(short)} themes hold three tiles and cannot be groups: "
                     + "; ".join(short))
        found, tried = verifier.splits(tiles, library, limit=2)
        if len(found) == 1:
            groups = sorted(found[0], key=lambda g: TIERS.index(tier_of[claimed[g][0]]))
            lines.append(f"of {len(claimed)} claimed groups, {tried} sets of four tried, one covers "
                         "all sixteen: " + " | ".join(
                             " / ".join(f"{label} ({tier_of[label]})" for label in claimed[g])
                             for g in groups))
        else:
            lines.append(f"{len(found)} splits cover all sixteen: the board is not unique")
        return lines

    # Hints --------------------------------------------------------------------------------
    def hint(self, puzzle: dict, solution: dict, grade: dict):
        return grading.hint(puzzle, solution, grade)

    def check_hint(self, puzzle: dict, solution: dict, reveals: dict) -> list[str]:
        return grading.check_hint(puzzle, solution, reveals)

    def draw_hint(self, ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
        """No figure: the hint is a theme, in words."""

    # Dedupe -------------------------------------------------------------------------------
    def dedupe_form(self, puzzle: dict) -> str:
        """The sorted tiles and the sorted groups of the board's one split: the order the
        tiles are printed in does not make a different board."""
        groups = _groups_of(tuple(sorted(puzzle["tiles"])))
        return "|".join(sorted(puzzle["tiles"])) + "||" + "|".join(groups)

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """Too similar to an earlier board of its level when it shares SHARED_TILES_LIMIT or
        more tiles with it, or SHARED_GROUPS_LIMIT or more of its exact groups.

        One repeated group is allowed: a category whose pool has four or five members always
        gives (nearly) the same group, and over 200 boards about half repeat some group. Two
        boards sharing nine tiles or two groups are one puzzle half-solved twice."""
        tiles = tuple(sorted(puzzle["tiles"]))
        groups = set(_groups_of(tiles))
        for other in earlier:
            other_tiles = tuple(sorted(other["tiles"]))
            if len(set(tiles).intersection(other_tiles)) >= SHARED_TILES_LIMIT:
                return True
            if len(groups.intersection(_groups_of(other_tiles))) >= SHARED_GROUPS_LIMIT:
                return True
        return False

    # Drawing ------------------------------------------------------------------------------
    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return (4, 4)

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        drawing.draw_puzzle(ink, list(puzzle["tiles"]), box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        also = verifier.prove(list(puzzle["tiles"]), list(solution["groups"]))["also_claimed_by"]
        drawing.draw_solution(ink, list(solution["groups"]), box, also)

    def rules_text(self) -> list[str]:
        return [
            "The sixteen countries split into four groups of four. The countries of a group "
            "share a theme: a continent, a neighbour, a language, a currency, a capital, or "
            "something about how the name is spelled.",
            "A theme claims every country on the board that fits it, so no country fits the "
            "theme of a group it is not in. Some themes fit three or four countries across "
            "different groups: they are red herrings, not groups.",
            "Every country is a member state of the United Nations. Facts are as recorded in "
            "the country-converter, countryinfo and pycountry data tables.",
            "The groups run from the most obvious (yellow) through green and blue to the most "
            "devious (purple). Write a group number, 1 to 4, in each country's small square. "
            "Every board has exactly one answer.",
        ]


@functools.lru_cache(maxsize=4096)
def _groups_of(sorted_tiles: tuple[str, ...]) -> tuple[str, ...]:
    """The groups of the board's one split, each as its sorted tiles joined by commas."""
    found, _ = verifier.splits(list(sorted_tiles), load_library(), limit=1)
    if not found:
        return ()
    return tuple(sorted(",".join(sorted(group)) for group in found[0]))


def check_tiles(puzzle: dict) -> list[str]:
    tiles = require(puzzle, "tiles", list, "puzzle.")
    if len(tiles) != 16:
        raise InputError(f"expected 16 tiles, got {len(tiles)}", field="puzzle.tiles")
    known = set(tile_names())
    for index, tile in enumerate(tiles):
        field = f"puzzle.tiles[{index}]"
        if not isinstance(tile, str):
            raise InputError(f"expected a string, got {type(tile).__name__}", field=field)
        if tile not in known:
            raise InputError(f"{tile!r} is not a country name of the library", field=field)
    if len(set(tiles)) != 16:
        raise InputError("a tile appears twice", field="puzzle.tiles")
    return tiles


def check_groups(solution: dict, tiles: list[str]) -> None:
    groups = require(solution, "groups", list, "solution.")
    if len(groups) != 4:
        raise InputError(f"expected 4 groups, got {len(groups)}", field="solution.groups")
    labels = {c.label: c.tier for c in load_library()}
    seen: list[str] = []
    for number, group in enumerate(groups):
        prefix = f"solution.groups[{number}]."
        if not isinstance(group, dict):
            raise InputError("expected an object", field=f"solution.groups[{number}]")
        tier = require(group, "tier", str, prefix)
        if tier not in TIERS:
            raise InputError(f"unknown tier {tier!r} (known: {', '.join(TIERS)})", field=prefix + "tier")
        label = require(group, "label", str, prefix)
        if label not in labels:
            raise InputError(f"{label!r} is not a label of the library", field=prefix + "label")
        members = require(group, "tiles", list, prefix)
        if len(members) != 4:
            raise InputError(f"expected 4 tiles, got {len(members)}", field=prefix + "tiles")
        for index, tile in enumerate(members):
            if tile not in tiles:
                raise InputError(f"{tile!r} is not on the board", field=f"{prefix}tiles[{index}]")
        seen.extend(members)
    if len(set(seen)) != 16:
        raise InputError("the groups must split the sixteen tiles", field="solution.groups")


FAMILY = ConnectionsFamily()
