"""The techniques of the easiest-first solve, named once: tier by tier, easiest first.

One star a line and k stars a line have tiers of their own (the k-star deduction works on
quotas, not on single stars). Each tier's name is what the k-star trace and hints call it; the
hint names the technique by `hint`; the how-to page teaches it under the name, capitalised,
with `lesson`. The words are the family's texts.toml (`tiers`), in the order tried.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.i18n import texts


@dataclass(frozen=True)
class Tier:
    number: int     # 1 is tried first; a step of tier t only when no easier tier gives one
    name: str
    hint: str       # the technique a hint names
    lesson: str     # the how-to page's sentence

    @property
    def title(self) -> str:
        return self.name.capitalize()


# By stars a line: 1, and k (2 or more); each tier's texts are texts.toml's `tiers`.
TIERS = {int(stars): tuple(Tier(number, **words) for number, words in enumerate(rows, 1))
         for stars, rows in texts("pipeline.starbattle")["tiers"].items()}


def tiers(stars: int) -> tuple[Tier, ...]:
    """The tiers of boards with `stars` stars a line, easiest first."""
    return TIERS[1 if stars == 1 else 2]


def tier(stars: int, number: int) -> Tier:
    return tiers(stars)[number - 1]
