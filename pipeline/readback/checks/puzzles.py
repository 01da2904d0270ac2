"""The puzzles: no answer on a puzzle page, every puzzle and solution labelled as the
manifest's plan says, and with hints on, one sound hint per puzzle."""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from pipeline.errors import InputError
from pipeline.family import family_module, family_names, get_family
from pipeline.i18n import has_catalog, in_running_text, language
from pipeline.geometry import Box
from pipeline.readback.answers import (Grid, answer_leaks, clue_runs, missing_outline,
                                       page_runs)
from pipeline.readback.findings import Check
from pipeline.readback.hints import hint_findings
from pipeline.readback.loaded import LoadedBook
from pipeline.readback.reader import PathMark
from pipeline.readback.reader.geometry import segment_meets_box

from pipeline.readback.labels import (HINT_POINTER_LABEL, POINTER_LABEL, PUZZLE_LABEL,
                                      SOLUTION_LABEL, printed_label)


def check_answers(b: LoadedBook) -> Check:
    """Each puzzle page shows its boards where the manifest puts them (frame, circles or
    tiles found), and nothing of their answers."""
    check = Check("answers", "each board drawn where the manifest puts it, no part of its "
                             "answer drawn on its puzzle page")
    checked = found = 0
    for entry in b.entries("puzzle"):
        number = entry["number"]
        page = b.page(number)
        if page is None:
            check.fail("interior", number, "the manifest names a page the PDF does not have")
            continue
        for puzzle in entry.get("puzzles", []):
            record = b.records.get(puzzle["id"])
            if record is None:
                check.fail("interior", number, f"{puzzle['id']} is not in the catalog")
                continue
            try:
                signs = get_family(record["family"]).answer_signs(record["puzzle"],
                                                                  record["solution"])
            except InputError as error:
                check.fail("interior", number, f"{puzzle['id']}: {error}")
                continue
            checked += 1
            missing = missing_outline(page, Grid.from_manifest(puzzle["grid"]), signs)
            if missing is not None:
                check.fail("interior", number, f"{puzzle['id']}: the board is not where the "
                                               f"manifest puts it: {missing}")
                continue
            found += 1
            for leak in answer_leaks(page, signs, puzzle["grid"]):
                check.fail("interior", number, f"{puzzle['id']}: {leak}")
    check.measured = {"puzzles_checked": checked, "boards_found": found}
    return check


def _lines(text: str) -> set[str]:
    return {" ".join(line.split()) for line in text.split("\n")}


def check_numbering(b: LoadedBook) -> Check:
    """Puzzle n of the book carries its label "Puzzle n" and "Solution on page p" (in a book
    with hints, "Hint on page h · Solution on page p") on the page the manifest puts it, its solution carries "Puzzle n · page q" on the page the manifest puts
    that, the two orders agree, and every id is in the catalog."""
    check = Check("numbering", "puzzles and solutions labelled alike on the pages the plan "
                               "says, each pointing to the other")
    on_puzzle_pages = [(e["number"], p["id"]) for e in b.entries("puzzle")
                       for p in e.get("puzzles", [])]
    on_solution_pages = [(e["number"], p["id"]) for e in b.entries("solution")
                         for p in e.get("puzzles", [])]
    puzzle_order = [pid for _, pid in on_puzzle_pages]
    solution_order = [pid for _, pid in on_solution_pages]
    if puzzle_order != solution_order:
        missing = sorted(set(puzzle_order) - set(solution_order))
        extra = sorted(set(solution_order) - set(puzzle_order))
        check.fail("book", None, "solutions are not in puzzle order"
                   + (f"; no solution for {missing[:5]}" if missing else "")
                   + (f"; solutions of no puzzle {extra[:5]}" if extra else ""))
    if len(set(puzzle_order)) != len(puzzle_order):
        check.fail("book", None, "a puzzle appears twice")
    for pid in puzzle_order:
        if pid not in b.records:
            check.fail("book", None, f"{pid} is not in the catalog")
    solution_page = {pid: page for page, pid in on_solution_pages}
    puzzle_page = {pid: page for page, pid in on_puzzle_pages}
    hint_page = {p["id"]: p["hint"]["page"] for e in b.entries("puzzle")
                 for p in e.get("puzzles", []) if isinstance(p.get("hint"), dict)}
    texts: dict[int, set[str]] = {}

    def lines_on(number: int) -> set[str]:
        if number not in texts:
            page = b.page(number)
            texts[number] = _lines(page.text) if page is not None else set()
        return texts[number]

    labels = 0
    for n, pid in enumerate(puzzle_order, start=1):
        page = puzzle_page[pid]
        wanted = [(page, printed_label(PUZZLE_LABEL, n=n))]
        if pid in solution_page:
            target = solution_page[pid]
            pointer = (printed_label(HINT_POINTER_LABEL, hint=hint_page[pid], page=target)
                       if pid in hint_page else printed_label(POINTER_LABEL, page=target))
            wanted += [(page, pointer),
                       (target, printed_label(SOLUTION_LABEL, n=n, page=page))]
        for number, label in wanted:
            if label in lines_on(number):
                labels += 1
            else:
                check.fail("interior", number, f"{pid}: the label {label!r} is not printed on "
                                               f"page {number}")
    check.measured = {"puzzles": len(puzzle_order), "solutions": len(solution_order),
                      "labels_found": labels}
    return check


def check_hints(b: LoadedBook) -> Check:
    """One sound hint per puzzle on a hints page out of its sight, pointers both ways
    (`pipeline.readback.hints.hint_findings`); the family judges what a hint reveals."""
    check = Check("hints", "one sound hint per puzzle, out of its sight, pointers both ways")

    def text(number: int):
        page = b.page(number)
        return None if page is None else page.text

    def family_of(record: dict):
        return get_family(record["family"])

    for page, message in hint_findings(b.book, text, b.records, family_of):
        check.fail("interior", page, message)
    check.measured = {"hints": sum(len(entry.get("puzzles", [])) for entry in b.entries("hints"))}
    return check



# --- clues in a cell's corner --------------------------------------------------------------------

def stroked_segments(page) -> np.ndarray:
    """Every stroked segment of a page as rows x1, y1, x2, y2, half its line width (a closed
    subpath's closing segment too)."""
    strokes = [m for m in page.ink_marks if isinstance(m, PathMark) and m.stroke is not None]
    subpaths = page.subpaths(strokes)
    ends, owner = subpaths.edges(subpaths.closed)
    halves = np.array([m.line_width / 2 for m in strokes], dtype=float)
    return np.column_stack((ends, halves[owner]))


def touches_a_line(segments: np.ndarray, box: Box) -> bool:
    """Whether a stroked line reaches `box` (its centre line within half its width): the
    segments whose bounds come near the box, then each exactly."""
    return touching_lines(segments, [box])[0]


def touching_lines(segments: np.ndarray, boxes: list[Box]) -> list[bool]:
    """`touches_a_line` of each box, the boxes taken together: the segments whose bounds come
    near a box found for every box at once, then each of those exactly."""
    out = [False] * len(boxes)
    if not boxes or not len(segments):
        return out
    x1, y1, x2, y2, half = segments.T
    low_x, high_x = np.minimum(x1, x2) - half, np.maximum(x1, x2) + half
    low_y, high_y = np.minimum(y1, y2) - half, np.maximum(y1, y2) + half
    rows = np.array([(b.x0, b.y0, b.x1, b.y1) for b in boxes], dtype=float)
    near = ((low_x[None, :] <= rows[:, 2, None]) & (high_x[None, :] >= rows[:, 0, None])
            & (low_y[None, :] <= rows[:, 3, None]) & (high_y[None, :] >= rows[:, 1, None]))
    for n, k in zip(*(a.tolist() for a in np.nonzero(near))):   # k ascends per box
        if out[n]:
            continue
        box = boxes[n]
        ax, ay, bx, by, h = segments[k].tolist()
        out[n] = segment_meets_box((ax, ay), (bx, by), Box(box.x0 - h, box.y0 - h, box.x1 + h,
                                                            box.y1 + h))
    return out


def clue_findings(runs, segments: np.ndarray, grid: Grid, clues) -> list[str]:
    """Each clue (a cage's sum) printed exactly once in its cell (as many times as `clues`
    lists it there: a cell may carry the same sum twice, down and across), its ink clear of
    every line (grid, box, cage and diagonal lines alike); `runs` and `segments` are the
    page's (`page_runs`' runs by text, `stroked_segments`)."""
    problems = []
    wanted: dict = {}
    for clue in clues:
        wanted[clue] = wanted.get(clue, 0) + 1
    found = [(clue, times, clue_runs(runs, grid, clue)) for clue, times in wanted.items()]
    boxes = [run[1] for _clue, times, here in found if len(here) == times for run in here]
    touching = iter(touching_lines(segments, boxes))
    for clue, times, here in found:
        (row, col), text = clue
        if len(here) != times:
            problems.append(f"clue {text!r} of cell {row, col} printed {len(here)} times there"
                            + (f", not {times}" if times != 1 else ""))
        elif any([next(touching) for _run in here]):
            problems.append(f"clue {text!r} of cell {row, col} touches a line")
    return problems


def check_clues(b: LoadedBook) -> Check:
    """Every clue a family prints in a cell's corner (`AnswerSigns.clues`: a cage's
    sum) is on its puzzle page exactly once, in its cell, touching no line. A page's text
    runs and stroked segments are gathered once, and only on pages that carry clues."""
    check = Check("clues", "each corner clue printed once in its cell, touching no line")
    checked = 0
    for entry in b.entries("puzzle"):
        page = b.page(entry["number"])
        if page is None:
            continue   # the answers check reports a missing page
        boards = []
        for puzzle in entry.get("puzzles", []):
            record = b.records.get(puzzle["id"])
            if record is not None:
                clues = get_family(record["family"]).answer_signs(record["puzzle"],
                                                                  record["solution"]).clues
                if clues:
                    boards.append((puzzle, clues))
        if not boards:
            continue
        runs, segments = page_runs(page)[1], stroked_segments(page)
        for puzzle, clues in boards:
            checked += len(clues)
            for problem in clue_findings(runs, segments, Grid.from_manifest(puzzle["grid"]),
                                         clues):
                check.fail("interior", entry["number"], f"{puzzle['id']}: {problem}")
    check.measured = {"clues_checked": checked}
    return check


# --- level names -----------------------------------------------------------------------------------

KEY = re.compile(r"\b[a-z]+:[a-z0-9_-]+:\d+")  # a catalog key (<family>:<level>:<n>), an identifier
# Where a book prints a level's name: after "·", ", " or " to ", before the end, "·", " to " or
# ",". A one-word slug is an ordinary word elsewhere ("an easy start"), so only these places
# are searched for it; a slug of several words is searched for everywhere.
LEVEL_PLACE = r"(?:(?<=· )|(?<=, )|(?<= to )|^)({})(?=$| ·| to |,)"


def slug_findings(text: str, slugs: set[str]) -> list[str]:
    """Every level slug `text` prints where a level's display name belongs, and every slug of
    several words anywhere; catalog keys (the copyright page's provenance) do not count."""
    cleaned = KEY.sub("", text)   # a key never spans lines: the lines' own cleaning, joined
    if not any(slug in cleaned for slug in slugs):
        return []   # what the patterns find is a slug, letter for letter, in a cleaned line
    found = []
    for line in text.splitlines():
        line = KEY.sub("", line)
        for pattern in _slug_patterns(frozenset(slugs)):
            found += [f"level slug {m.group(1)!r} printed: {line.strip()!r}"
                      for m in pattern.finditer(line)]
    return found


@lru_cache(maxsize=8)
def _slug_patterns(slugs: frozenset[str]) -> tuple[re.Pattern, ...]:
    """The slugs of several words, anywhere; then the one-word slugs, in a level's places."""
    joined = sorted((s for s in slugs if re.search(r"[-_]", s)), key=len, reverse=True)
    single = sorted(s for s in slugs if not re.search(r"[-_]", s))
    anywhere = re.compile(r"\b(" + "|".join(map(re.escape, joined)) + r")\b") if joined else None
    placed = re.compile(LEVEL_PLACE.format("|".join(map(re.escape, single)))) if single else None
    return tuple(pattern for pattern in (anywhere, placed) if pattern is not None)


def check_level_names(b: LoadedBook) -> Check:
    """Books print a level by its display name (`Family.level_title`), never by its slug."""
    check = Check("level_names", "levels printed by name, never by slug")
    slugs = {level for name in family_names() for level in get_family(name).levels}
    # A title is no slug, as a heading prints it or inside a sentence (Spanish "· mini").
    titles = {get_family(name).level_title(level) for name in family_names()
              if has_catalog(family_module(name), language())
              for level in get_family(name).levels}
    slugs -= titles | {in_running_text(title) for title in titles}
    pages = [("interior", page.number, page.text) for page in b.pages]
    pages.append(("cover", 1, b.cover_page.text))
    for part, number, text in pages:
        for problem in slug_findings(text, slugs):
            check.fail(part, number, problem)
    check.measured = {"slugs": len(slugs)}
    return check
