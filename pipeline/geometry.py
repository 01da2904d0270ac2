"""Rectangles in PDF points, shared by the book layer that draws and the read-back that checks."""

from __future__ import annotations

import math
from dataclasses import dataclass

MM = 72 / 25.4    # points in a millimetre
STAR_INNER = 0.4  # a five-pointed star's inner radius as a share of the outer
# The ten corners' directions, outer and inner in turn from the top point.
_STAR_CORNERS = tuple((i % 2, math.cos(math.pi / 2 + i * math.pi / 5),
                       math.sin(math.pi / 2 + i * math.pi / 5)) for i in range(10))


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in points: left, bottom, right, top. Slotted: the read-back
    holds a box for every mark, and a box without a dict is 73 bytes, not 177."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @classmethod
    def of_points(cls, points) -> "Box":
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return cls(min(xs), min(ys), max(xs), max(ys))

    @classmethod
    def from_pdf(cls, array) -> "Box":
        """A box from a PDF rectangle array, whose corners may come in any order."""
        x0, y0, x1, y1 = (float(v) for v in array)
        return cls(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def inset(self, left: float, bottom: float | None = None, right: float | None = None,
              top: float | None = None) -> "Box":
        """Shrunk by the given amounts (one amount: all four sides)."""
        bottom = left if bottom is None else bottom
        right = left if right is None else right
        top = bottom if top is None else top
        return Box(self.x0 + left, self.y0 + bottom, self.x1 - right, self.y1 - top)

    def union(self, other: "Box") -> "Box":
        return Box(min(self.x0, other.x0), min(self.y0, other.y0),
                   max(self.x1, other.x1), max(self.y1, other.y1))

    def contains(self, other: "Box", slack: float = 1e-6) -> bool:
        """Whether `other` lies inside (within `slack`, for float noise read back from PDFs)."""
        return (other.x0 >= self.x0 - slack and other.y0 >= self.y0 - slack
                and other.x1 <= self.x1 + slack and other.y1 <= self.y1 + slack)

    def overlaps(self, other: "Box") -> bool:
        return (other.x0 < self.x1 and self.x0 < other.x1 and other.y0 < self.y1
                and self.y0 < other.y1)

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)

    def as_list(self, digits: int = 3) -> list[float]:
        return [round(v, digits) for v in self.as_tuple()]

    def to_manifest(self) -> dict:
        """The manifest's form: x, y, width, height, to 1/10,000 pt."""
        return {"x": round(self.x0, 4), "y": round(self.y0, 4), "width": round(self.width, 4),
                "height": round(self.height, 4)}


def star_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star, point up: the stars a family draws on its boards and the
    difficulty marks beside every puzzle number."""
    inner = radius * STAR_INNER
    return [(round(cx + (inner if odd else radius) * cos, 3),
             round(cy + (inner if odd else radius) * sin, 3)) for odd, cos, sin in _STAR_CORNERS]
