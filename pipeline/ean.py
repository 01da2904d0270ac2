"""EAN-13 and its EAN-5 price add-on as the symbology defines them: the seven-module code of
each digit in its three sets, the parity patterns, and the check digits.

The book layer checks an ISBN's check digit here; the read-back decodes the printed bars with
the same tables (`pipeline/readback/barcode.py`). The writer draws the bars with reportlab.
"""

from __future__ import annotations

# Set A (odd parity, "L"), the left half's codes; set C ("R") is each L code with bars and
# spaces swapped; set B ("G", even parity) is the R code read backwards.
L_CODES = ("0001101", "0011001", "0010011", "0111101", "0100011",
           "0110001", "0101111", "0111011", "0110111", "0001011")
R_CODES = tuple(code.translate(str.maketrans("01", "10")) for code in L_CODES)
G_CODES = tuple(code[::-1] for code in R_CODES)
# The parity of the six left digits of an EAN-13 encodes its first digit.
FIRST_DIGIT_PARITY = ("LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
                      "LGGLLG", "LGGGLL", "LGLGLL", "LGLGGL", "LGGLGL")
# The parity of an EAN-5's five digits, by their checksum.
EAN5_PARITY = ("GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL",
               "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG")


def check_digit(first12: str) -> int:
    """The 13th digit of an EAN-13 (an ISBN-13): the first twelve weighted 1, 3, 1, 3, ..."""
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(first12))
    return (10 - total % 10) % 10


def ean5_parity(digits: str) -> str:
    """The L/G pattern an EAN-5 add-on of these five digits is printed in."""
    d = [int(c) for c in digits]
    return EAN5_PARITY[(3 * (d[0] + d[2] + d[4]) + 9 * (d[1] + d[3])) % 10]
