"""PDF objects as the plain values the reader works in: names as text, operands as numbers,
and colours as the PDF states them (colour space and components)."""

from __future__ import annotations

from dataclasses import dataclass


def pdf_name(value) -> str:
    """A PDF name as plain text, without its slash ("/DeviceCMYK" -> "DeviceCMYK")."""
    return str(value)[1:] if str(value).startswith("/") else str(value)


def numbers(operands) -> list[float]:
    """An operator's operands as floats."""
    return [float(v) for v in operands]


@dataclass(frozen=True)
class Colour:
    """A colour as the PDF states it: its colour space family and its components."""

    space: str  # DeviceGray, DeviceRGB, DeviceCMYK, ICCBased, Separation, Pattern, ...
    values: tuple[float, ...]

    @property
    def is_gray_or_k(self) -> bool:
        """DeviceGray, or DeviceCMYK with only the K ink (what a black-and-white press prints)."""
        if self.space == "DeviceGray":
            return True
        if self.space == "DeviceCMYK" and len(self.values) == 4:
            return all(v == 0 for v in self.values[:3])
        return False

    def rgb(self) -> tuple[float, float, float]:
        """An approximation for the screen; the print checks look at `space` and `values`."""
        v = self.values
        if len(v) == 1:
            return (v[0], v[0], v[0])
        if len(v) == 3:
            return (v[0], v[1], v[2])
        if len(v) == 4:
            k = v[3]
            return tuple((1 - c) * (1 - k) for c in v[:3])  # type: ignore[return-value]
        return (0.0, 0.0, 0.0)


BLACK = Colour("DeviceGray", (0.0,))
