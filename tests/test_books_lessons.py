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


def test_a_two_star_book_is_taught_the_k_star_tiers_and_every_lesson_agrees_with_the_answer():
    # A two-star board solved with the one-star rules would teach wrong steps: its lessons
    # come from the k-star deduction, each with the tier's own name.
    import json
    from pathlib import Path

    from pipeline.starbattle.solve import tiers
    lock = Path(__file__).resolve().parent.parent / "layouts" / "star-battle-two-stars.lock.jsonl"
    records = [json.loads(line) for line in lock.read_text().splitlines() if line.strip()]
    levels = ("two-star-easy", "two-star-medium", "two-star-hard")
    hard = [(r["puzzle"], r["solution"]) for level in levels
            for r in [r for r in records if r["level"] == level][:15]]
    family = get_family("starbattle")
    lessons = family.lessons(hard, levels)
    assert [lesson.name for lesson in lessons] == [tier.title for tier in tiers(2)]
    for lesson in lessons:
        answer = {tuple(star) for star in hard[lesson.board][1]["stars"]}
        _stars, _crossed, _lines, star, new_crossed = lesson.step
        assert star is None or tuple(star) in answer, lesson.name
        assert not answer & {tuple(square) for square in new_crossed}, lesson.name


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


def test_difficulty_stars_count_within_a_star_count():
    # A two-star board is rated among the two-star levels: its easiest level is one star of
    # five, not four (its place among all eight Star Battle levels).
    from pipeline.book.interior import difficulty_stars
    family = get_family("starbattle")
    rated = {level: difficulty_stars(level, family.difficulty_scale(level))
             for level in family.levels}
    assert rated["easy"] == 1 and rated["expert"] == 5
    assert (rated["two-star-easy"], rated["two-star-medium"], rated["two-star-hard"]) == (1, 3, 5)
    # The one three-star level is judged after the two-star levels, not alone (one star).
    assert rated["three-star"] == 5
    assert difficulty_stars("three-star", ("three-star",)) == 1     # alone it would read easy
    assert difficulty_stars("two-star-easy", family.levels) == 3   # the scale that misled


def test_a_book_with_three_star_puzzles_states_their_rule():
    family = get_family("starbattle")
    two = {"size": 10, "stars_per_unit": 2}
    rules = family.rules_for(two, ("two-star-easy", "two-star-hard", "three-star"))
    assert "exactly two stars" in rules[0]
    assert [r for r in rules if "Three-Star" in r] == [
        "The Three-Star puzzles are 14 x 14 and hold three stars in every row, column and "
        "region."]
    assert family.rules_for(two, ("two-star-easy", "two-star-hard")) == family.rules_for(two)
