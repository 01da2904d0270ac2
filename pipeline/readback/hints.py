"""Read-back checks of a book's Hints section, as pure functions of the manifest's pages, the
text read back from the PDF and the catalog records.

A book with hints on must give every printed puzzle exactly one hint, on a hints page, neither
on nor facing the puzzle's page; the pointers must agree both ways (the manifest's and the
printed "Hint on page H" / "Puzzle N · page P"); the hint page must print the manifest's words;
the words must name only squares of the board and every square and word the hint reveals (the
family's `hint_names`); and what it reveals must agree with the solution (the family's own
`check_hint`, which also refuses a key it does not write).
"""

from __future__ import annotations

import re
from typing import Callable

from pipeline.family import Family, HintNames
from pipeline.spreads import facing
from pipeline.readback.labels import HINT_POINTER_LABEL, SOLUTION_LABEL, printed_label

SQUARE = re.compile(r"\b([A-Z]{1,2})([1-9][0-9]?)\b")


def _column(letters: str) -> int:
    value = 0
    for ch in letters:
        value = value * 26 + ord(ch) - 64
    return value - 1


def _flat(text: str) -> str:
    return " ".join(text.split())


def named_squares(text: str) -> set[tuple[int, int]]:
    """(row, col) of every square a hint's words name ("D4" is (3, 3))."""
    return {(int(number) - 1, _column(letters)) for letters, number in SQUARE.findall(text)}


def text_findings(text: str, names: HintNames, rows: int | None, cols: int | None,
                  labelled: bool = True) -> list[str]:
    """The words against the board and against what the hint reveals (`names`, from the
    family): every word revealed must be printed; on a board with square names (`labelled`),
    squares named must exist and every square revealed must be named."""
    problems = [f"the text does not print {word!r}, which the hint reveals"
                for word in names.words if word not in text]
    if not labelled:
        return problems
    named = named_squares(text)
    if rows is not None:
        for r, c in sorted(named):
            if not (0 <= r < rows and 0 <= c < cols):
                problems.append(f"the text names a square off the {rows}x{cols} board: row "
                                f"{r + 1}, column {c + 1}")
    for r, c in sorted(names.squares - named):
        problems.append(f"the text does not name revealed square {r, c}")
    return problems


def hint_findings(book: dict, page_text: Callable[[int], str | None], records: dict,
                  family_of: Callable[[dict], Family]) -> list[tuple[int | None, str]]:
    """(page, message) for everything wrong with the book's hints; empty when all is well.

    `page_text(n)` is the text read back from page n (None when the PDF has no such page);
    `family_of(record)` is the family of a catalog record, which judges what its hints
    reveal (`check_hint`) and says what their words must name (`hint_names`)."""
    pages = book.get("pages", [])
    kind_of = {entry.get("number"): entry.get("kind") for entry in pages}
    puzzles = [(entry["number"], item) for entry in pages if entry.get("kind") == "puzzle"
               for item in entry.get("puzzles", [])]
    hint_items: dict[str, list[tuple[int, dict]]] = {}
    for entry in pages:
        if entry.get("kind") == "hints":
            for item in entry.get("puzzles", []):
                hint_items.setdefault(item.get("id"), []).append((entry["number"], item))
    findings: list[tuple[int | None, str]] = []
    if not book.get("hints"):
        if hint_items or any("hint" in item for _, item in puzzles):
            findings.append((None, "hints are off but the manifest lists hints"))
        return findings
    flat: dict[int, str] = {}

    def printed(n: int) -> str | None:
        if n not in flat:
            text = page_text(n)
            flat[n] = None if text is None else _flat(text)
        return flat[n]

    placed = set()
    for page, item in puzzles:
        pid, number = item.get("id"), item.get("number")
        hint = item.get("hint")
        if not isinstance(hint, dict) or not isinstance(hint.get("page"), int):
            findings.append((page, f"puzzle {number} ({pid}) has no hint"))
            continue
        target = hint["page"]
        placed.add(pid)
        on = hint_items.get(pid, [])
        if len(on) != 1:
            findings.append((page, f"puzzle {number} ({pid}) has {len(on)} hints, not one"))
        if kind_of.get(target) != "hints":
            findings.append((page, f"puzzle {number} points to page {target}, which is not a "
                                   f"hints page"))
        if facing(page, target):
            findings.append((page, f"the hint to puzzle {number} is on page {target}, in sight "
                                   f"of the puzzle"))
        if on and on[0][0] != target:
            findings.append((page, f"puzzle {number} points to page {target} but its hint is "
                                   f"on page {on[0][0]}"))
        text = printed(page)
        pointer = printed_label(HINT_POINTER_LABEL, hint=target, page=0).split(" · ")[0]
        if text is not None and pointer not in text:
            findings.append((page, f"puzzle {number} does not print \"{pointer}\""))
        if not on:
            continue
        hint_page, entry = on[0]
        if entry.get("number") != number or entry.get("puzzle_page") != page:
            findings.append((hint_page, f"the hint to puzzle {number} names puzzle "
                                        f"{entry.get('number')} on page "
                                        f"{entry.get('puzzle_page')}"))
        back = printed(hint_page)
        heading = printed_label(SOLUTION_LABEL, n=number, page=page)
        if back is not None and heading not in back:
            findings.append((hint_page, f"the hint does not print \"{heading}\""))
        words = hint.get("text", "")
        if entry.get("text") != words or entry.get("technique") != hint.get("technique"):
            findings.append((hint_page, f"the hint to puzzle {number} differs between the "
                                        f"puzzle's entry and the hints page's"))
        if back is not None and _flat(words) not in back:
            findings.append((hint_page, f"the hints page does not print the manifest's text of "
                                        f"the hint to puzzle {number}"))
        record = records.get(pid)
        if record is None:
            findings.append((hint_page, f"puzzle {number}: {pid} is in no record the book was "
                                        f"built from, so its hint cannot be checked"))
            continue
        family, shown = family_of(record), hint.get("reveals", {})
        grid = item.get("grid", {})
        problems = text_findings(words, family.hint_names(shown), grid.get("rows"),
                                 grid.get("cols"), family.square_labels)
        problems += family.check_hint(record["puzzle"], record["solution"], shown)
        for problem in problems:
            findings.append((hint_page, f"puzzle {number}: {problem}"))
    for pid, on in hint_items.items():
        if pid not in placed:
            findings.append((on[0][0], f"a hint to {pid}, which no puzzle page prints"))
    return findings
