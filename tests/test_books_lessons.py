"""The how-to lessons: one diagram per technique the book's levels need, taken from the
grader's easiest-first solve of a real board, showing what the step adds in black."""

from __future__ import annotations

import pytest

from pipeline.family import get_family
from pipeline.ink import GridBox, RecordingInk

BOX = GridBox(x=50, y=50, cell=20, rows=10, cols=10)


@pytest.fixture(scope="module")
def star_boards():
    family = get_family("starbattle")
    easy = family.generate("starbattle:easy:1", "easy")
    return [(easy.puzzle, easy.solution)]


def test_star_battle_teaches_each_tier_of_its_bands_with_the_step_it_names(star_boards):
    family = get_family("starbattle")
    lessons = family.lessons(star_boards, ("easy",))
    assert [lesson.name for lesson in lessons] == ["Last square", "Clash"]
    last = lessons[0]
    stars, crossed, lines, star, new_crossed = last.step
    # The star the step places is the one the solution has in that square.
    assert [star[0], star[1]] in star_boards[0][1]["stars"]
    ink = RecordingInk()
    box = GridBox(50, 50, 20, 6, 6)
    family.draw_lesson(ink, star_boards[0][0], last, box)
    black = [c for c in ink.calls if c.verb == "polygon" and dict(c.options).get("fill") == 0.0]
    assert len(black) == 1 + len(star_boards[0][0]["stars"])  # the new star and the given ones
    # Only what the step adds is black: earlier stars are gray.
    gray = [c for c in ink.calls if c.verb == "polygon" and dict(c.options).get("fill") not in
            (None, 0.0)]
    assert len(gray) == len(stars) - len(star_boards[0][0]["stars"])


def test_bridges_lessons_follow_the_explained_solve():
    family = get_family("bridges")
    easy = family.generate("bridges:easy:1", "easy")
    lessons = family.lessons([(easy.puzzle, easy.solution)], ("easy",))
    names = [lesson.name for lesson in lessons]
    assert "Saturation" in names and "Counting" not in names   # easy does not use counting
    solution = {(tuple(a), tuple(b)): k for a, b, k in easy.solution["bridges"]}
    for lesson in lessons:
        _before, span, lo, hi = lesson.step
        if lo:   # a placed bridge is one the solution has, at least that many times
            assert solution.get(span, 0) >= lo
        if hi == 0:
            assert span not in solution


def test_connections_lessons_show_a_group_and_a_red_herring():
    family = get_family("connections")
    board = family.generate("connections:easy:3", "easy")
    lessons = family.lessons([(board.puzzle, board.solution)], ("easy",))
    assert lessons[0].name == "A group"
    (tiles,) = lessons[0].step
    assert sorted(tiles) in [sorted(g["tiles"]) for g in board.solution["groups"]]
    if len(lessons) > 1:
        (herring,) = lessons[1].step
        assert len(herring) == 3 and not any(set(herring) <= set(g["tiles"])
                                             for g in board.solution["groups"])
