"""The Connections hint: the theme of one group, without its members.

The group is the one a solver is most likely to miss: the group whose countries red herrings
(grade.py) claim most. The hint names its theme and the decoys that pull at it, never one of
its countries.
"""

from __future__ import annotations

import re

from pipeline.connections.board import TIERS, IndexedLibrary, indexed_library, puzzle_language
from pipeline.connections.grade import herring_pull, herrings
from pipeline.family import Hint, HintNames, unknown_reveals
from pipeline.i18n import N_, NN_, Messages, and_list

_ = Messages(__name__)

TECHNIQUE = N_("theme of the most misleading group")
HINT_HERRINGS = 2   # decoy themes a hint names, those claiming most of the group's countries
# How many, in words, as the hint's sentences use them (a translation picks the form its
# sentences need: "eines seiner Länder").
COUNT_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
               N_("seven"), N_("eight"), N_("nine"), N_("ten"))
DECOYS = NN_("Decoys: {how} themes that are not groups claim some of its countries.",
             "Decoys: {how} themes that are not groups claim some of its countries.")
DECOYS_NAMED = NN_("Decoys: {how} themes that are not groups claim some of its countries, "
                   "most of all {herrings}.",
                   "Decoys: {how} themes that are not groups claim some of its countries, "
                   "most of all {herrings}.")


def _count(number: int) -> str:
    """A small count in words, a larger one in digits."""
    return _(COUNT_WORDS[number]) if number < len(COUNT_WORDS) else str(number)


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
    library = indexed_library(puzzle_language(puzzle))
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
    sentences = [_("One group's theme: {label}.", label=chosen["label"])]
    many = len(claims)
    if many == 1 and named:
        label, count = named[0]
        sentences.append(_('Decoy: "{label}", not a group, fits {count} of its countries.',
                           label=label, count=_count(count)))
    elif many:
        parts = [_('"{label}" ({count} of them)', label=label, count=_count(count)) if i == 0
                 else _('"{label}" ({count})', label=label, count=_count(count))
                 for i, (label, count) in enumerate(named)]
        sentences.append(_.n(DECOYS_NAMED, many, how=_count(many), herrings=and_list(parts))
                         if named else _.n(DECOYS, many, how=_count(many)))
    else:
        sentences.append(_("No red herring claims any of its countries."))
    return Hint(_(TECHNIQUE), " ".join(sentences), {"group": chosen["label"]}, None)


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


def hint_names(reveals: dict) -> HintNames:
    """A hint reveals one group: its words print the group's theme."""
    label = reveals.get("group")
    return HintNames(words=(label,) if isinstance(label, str) else ())


def hint_tally(puzzle: dict, solution: dict, reveals: dict) -> dict[str, str | int]:
    """Which tier the hint's group is, and how far its herring pull stands above the next
    group's (the benchmark counts both)."""
    groups = solution["groups"]
    pull = herring_pull(indexed_library(puzzle_language(puzzle)), puzzle["tiles"], groups)
    chosen = reveals["group"]
    rest = sorted((v for k, v in pull.items() if k != chosen), reverse=True)
    return {"chosen_tier": next(g["tier"] for g in groups if g["label"] == chosen),
            "pull_margin": pull[chosen] - rest[0]}
