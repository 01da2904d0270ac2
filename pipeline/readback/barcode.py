"""Reading an EAN-13 barcode back from the filled bars a PDF draws, to compare with the ISBN."""

from __future__ import annotations

_L = ("0001101", "0011001", "0010011", "0111101", "0100011",
      "0110001", "0101111", "0111011", "0110111", "0001011")
_R = tuple(code.translate(str.maketrans("01", "10")) for code in _L)
_G = tuple(code[::-1] for code in _R)
# Parity of the six left digits encodes the first digit.
_FIRST = ("LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
          "LGGLLG", "LGGGLL", "LGLGLL", "LGLGGL", "LGGLGL")


def check_digit(first12: str) -> int:
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(first12))
    return (10 - total % 10) % 10


def merge_bars(bars) -> list[list[float]]:
    """Bars as [left, right] intervals, touching or overlapping ones joined (a wide bar may be
    drawn as several module-wide rectangles)."""
    merged: list[list[float]] = []
    for x0, x1 in sorted(bars):
        if merged and x0 <= merged[-1][1] + 1e-3:
            merged[-1][1] = max(merged[-1][1], x1)
        else:
            merged.append([x0, x1])
    return merged


def decode_bars(bars: list[tuple[float, float]]) -> str | None:
    """The 13 digits encoded by dark bars given as (left, right) x intervals, or None.

    The narrowest bar is one module (the guard bars are); the symbol is 95 modules from the
    first bar's left edge to the last bar's right edge."""
    if not bars:
        return None
    merged = merge_bars(bars)
    start, end = merged[0][0], merged[-1][1]
    module = (end - start) / 95
    if module <= 0:
        return None
    bits = ["0"] * 95
    for x0, x1 in merged:
        a, b = round((x0 - start) / module), round((x1 - start) / module)
        if abs((x0 - start) / module - a) > 0.3 or abs((x1 - start) / module - b) > 0.3:
            return None  # bar edges off the module grid: not an EAN-13 drawn from modules
        for i in range(a, min(b, 95)):
            bits[i] = "1"
    pattern = "".join(bits)
    if pattern[:3] != "101" or pattern[45:50] != "01010" or pattern[92:] != "101":
        return None
    left, parity = [], ""
    for i in range(6):
        code = pattern[3 + 7 * i: 10 + 7 * i]
        if code in _L:
            left.append(str(_L.index(code)))
            parity += "L"
        elif code in _G:
            left.append(str(_G.index(code)))
            parity += "G"
        else:
            return None
    right = []
    for i in range(6):
        code = pattern[50 + 7 * i: 57 + 7 * i]
        if code not in _R:
            return None
        right.append(str(_R.index(code)))
    if parity not in _FIRST:
        return None
    digits = str(_FIRST.index(parity)) + "".join(left) + "".join(right)
    return digits if check_digit(digits[:12]) == int(digits[12]) else None
