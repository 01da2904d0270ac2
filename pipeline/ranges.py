"""Runs of consecutive whole numbers as text ("1–40, 42"): the copyright page's list of
catalog keys and the edition diff's list of changed pages print them alike."""

from __future__ import annotations

from typing import Iterable


def number_runs(numbers: Iterable[int], dash: str = "–") -> list[str]:
    """Each run of consecutive numbers, in the order given: "7" alone, "1–40" for a run."""
    numbers = list(numbers)
    if not numbers:
        return []
    runs, start, prev = [], numbers[0], numbers[0]
    for n in numbers[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        runs.append(f"{start}" if start == prev else f"{start}{dash}{prev}")
        if n is not None:
            start = prev = n
    return runs
