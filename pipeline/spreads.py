"""Which pages of a bound book are seen together: an even page faces the odd page after it
(page 1 is alone on the right). The book plan keeps a hint off its puzzle's spread, and the
read-back checks that it did, by this one rule."""


def facing(a: int, b: int) -> bool:
    """Whether pages a and b are one spread (the same page counts too)."""
    return a == b or (min(a, b) % 2 == 0 and abs(a - b) == 1)
