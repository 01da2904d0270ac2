"""The steps of an easiest-first solve as values: what each engine hands out.

A step names the lines it reasoned on as the trace prints them ("row 3", "column C",
"region 2"); the hints name them as a reader finds them on the printed board instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.family import column_letter, square_name


@dataclass(frozen=True)
class Step:
    tier: int
    lines: tuple[str, ...]                    # the row, column or region names it reasoned on
    star: tuple[int, int] | None              # the square a star-placing step places
    crossed: tuple[tuple[int, int], ...]      # squares crossed out
    technique: str = ""                       # the tier's name, where the tiers have names

    def describe(self) -> str:
        on = " + ".join(self.lines)
        parts = []
        if self.star is not None:
            parts.append(f"star at {square_name(*self.star)}")
        if self.crossed:
            parts.append("crossed out " + " ".join(square_name(r, c) for r, c in self.crossed))
        name = f" ({self.technique})" if self.technique else ""
        return f"tier {self.tier}{name}, {on}: " + "; ".join(parts)


@dataclass(frozen=True)
class Solve:
    status: str                               # solved, stuck or contradiction
    steps: tuple[Step, ...]
    stars: tuple                              # one star: star column per row, -1 where none
                                              # was placed; k stars: the star squares placed

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def line_name(n: int, line: int) -> str:
    """Rows by number and columns by letter, as printed beside the board; regions by number."""
    kind, index = divmod(line, n)
    if kind == 1:
        return f"column {column_letter(index)}"
    return f"{('row', 'column', 'region')[kind]} {index + 1}"
