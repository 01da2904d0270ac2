"""Reading an EAN-13 barcode and its EAN-5 price add-on back from the filled bars a PDF draws,
to compare with the ISBN and the price. The codes and check digits are `pipeline/ean.py`'s."""

from __future__ import annotations

from pipeline.ean import (FIRST_DIGIT_PARITY, G_CODES, L_CODES, R_CODES, check_digit,
                          ean5_parity)


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
        if code in L_CODES:
            left.append(str(L_CODES.index(code)))
            parity += "L"
        elif code in G_CODES:
            left.append(str(G_CODES.index(code)))
            parity += "G"
        else:
            return None
    right = []
    for i in range(6):
        code = pattern[50 + 7 * i: 57 + 7 * i]
        if code not in R_CODES:
            return None
        right.append(str(R_CODES.index(code)))
    if parity not in FIRST_DIGIT_PARITY:
        return None
    digits = str(FIRST_DIGIT_PARITY.index(parity)) + "".join(left) + "".join(right)
    return digits if check_digit(digits[:12]) == int(digits[12]) else None


def split_addon(bars: list[tuple[float, float]]):
    """(main bars, add-on bars): the add-on begins after the widest space, when that space is
    wider than a digit (7 modules of the narrowest bar); otherwise there is no add-on."""
    merged = merge_bars(bars)
    if len(merged) < 2:
        return bars, []
    module = min(x1 - x0 for x0, x1 in merged)
    gaps = [(merged[i + 1][0] - merged[i][1], i) for i in range(len(merged) - 1)]
    widest, at = max(gaps)
    if widest <= 7 * module + 1e-6:
        return bars, []
    cut = merged[at][1]
    return ([b for b in bars if b[1] <= cut + 1e-6], [b for b in bars if b[0] > cut + 1e-6])


def decode_ean5(bars: list[tuple[float, float]]) -> str | None:
    """The five digits of an EAN-5 add-on from its bars, or None: guard 01011, five digits in
    L or G code separated by 01, the parity pattern fixed by the digits' checksum."""
    merged = merge_bars(bars)
    if not merged:
        return None
    start, end = merged[0][0], merged[-1][1]
    module = (end - start) / 47     # modules 1..47 of 48: the guard's first module is space
    bits = ["0"] * 48
    for x0, x1 in merged:
        a, b = (x0 - start) / module + 1, (x1 - start) / module + 1
        if abs(a - round(a)) > 0.3 or abs(b - round(b)) > 0.3:
            return None
        for i in range(round(a), min(round(b), 48)):
            bits[i] = "1"
    pattern = "".join(bits)
    if pattern[:5] != "01011":
        return None
    digits, parity = "", ""
    for i in range(5):
        code = pattern[5 + 9 * i: 12 + 9 * i]
        if i < 4 and pattern[12 + 9 * i: 14 + 9 * i] != "01":
            return None
        if code in L_CODES:
            digits += str(L_CODES.index(code))
            parity += "L"
        elif code in G_CODES:
            digits += str(G_CODES.index(code))
            parity += "G"
        else:
            return None
    return digits if ean5_parity(digits) == parity else None
