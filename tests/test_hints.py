"""Hints: the key step of every board, sound against the unique solution and never more than
one step; the words name real squares and every square revealed; a planted wrong hint is
caught. Boards come from the families' generators, a few of every level (the benchmark runs
the same checks over the whole catalog)."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import types
from pathlib import Path

import pytest

from pipeline.bridges import FAMILY as BRIDGES
from pipeline.bridges import hints as bridges_hints
from pipeline.bridges import solve as bridges_solver
from test_bridges_solver import faulty_solver
from pipeline.bridges.board import Board as BridgesBoard, layout
from pipeline.connections import FAMILY as CONNECTIONS
from pipeline.connections.grade import herring_pull
from pipeline.connections.hints import COUNT_WORDS, herring_claims
from pipeline.connections.board import TIERS, indexed_library
from pipeline.family import column_letter, square_list, square_name
from pipeline.readback.hints import named_squares, text_findings
from pipeline.starbattle import FAMILY as STARBATTLE
from pipeline.starbattle import hints as starbattle_hints
from pipeline.starbattle import solve as starbattle_solver
from pipeline.starbattle.board import Board as StarBoard

# Boards per level generated here; `pipeline bench` (section "hints") runs the whole catalog.
PER_LEVEL = {
    "starbattle": {"easy": 50, "medium": 50, "tricky": 40, "hard": 30, "expert": 20},
    "bridges": {"easy": 50, "medium": 50, "hard": 50, "expert": 30, "extreme": 20},
    "connections": {"easy": 40, "medium": 30, "hard": 20},
}
FAMILIES = {"starbattle": STARBATTLE, "bridges": BRIDGES, "connections": CONNECTIONS}


def _boards(name):
    family = FAMILIES[name]
    out = []
    for level, count in PER_LEVEL[name].items():
        for n in range(1, count + 1):
            key = f"{name}:{level}:hint-{n}"
            out.append((key, level, family.generate(key, level)))
    return out


@pytest.fixture(scope="module")
def boards():
    return {name: _boards(name) for name in FAMILIES}


@pytest.mark.parametrize("name", list(FAMILIES))
def test_every_hint_agrees_with_the_unique_solution(boards, name):
    family = FAMILIES[name]
    for key, level, board in boards[name]:
        assert family.verify(board.puzzle, board.solution)["unique"]
        hint = family.hint(board.puzzle, board.solution, board.grade)
        assert family.check_hint(board.puzzle, board.solution, hint.reveals) == [], key
        rows, cols = family.grid_shape(board.puzzle)
        assert text_findings(hint.text, family.hint_names(hint.reveals), rows, cols,
                             family.square_labels) == [], (key, hint.text)
        assert hint.technique and hint.text


def test_star_battle_hint_is_the_first_step_of_the_top_tier_and_nothing_more(boards):
    seen_tiers = set()
    for key, level, board in boards["starbattle"]:
        hint = STARBATTLE.hint(board.puzzle, board.solution, board.grade)
        solve = starbattle_solver.solve(StarBoard.from_puzzle(board.puzzle))
        top = max(step.tier for step in solve.steps)
        assert top == board.grade["max_tier"]
        first = next(step for step in solve.steps if step.tier == top)
        assert hint.technique == starbattle_solver.tier(1, top).hint
        assert sorted(map(tuple, hint.reveals["crossed"])) == sorted(first.crossed), key
        assert hint.reveals["stars"] == ([list(first.star)] if first.star else [])
        seen_tiers.add(top)
    assert seen_tiers >= {2, 3, 4}


def test_bridges_hint_is_one_span_of_the_right_technique(boards):
    seen = set()
    for key, level, board in boards["bridges"]:
        hint = BRIDGES.hint(board.puzzle, board.solution, board.grade)
        spans = {tuple(map(tuple, item[:2])) for kind in ("bridges", "none", "at_most")
                 for item in hint.reveals[kind]}
        assert len(spans) == 1, key            # one step decides one span, nothing more
        if level in ("expert", "extreme") and board.grade["whatif_count"]:
            assert hint.technique == "what-if"
        elif level == "hard":
            assert hint.technique == "connectivity"
        elif level == "medium":
            assert hint.technique == "counting"
        elif level == "easy":
            assert hint.technique == "saturation"
        seen.add(hint.technique)
    assert seen == {"saturation", "counting", "connectivity", "what-if"}


def test_bridges_hint_is_not_found_by_the_easier_rules(boards):
    """The step a hint gives is exactly what the easier rules cannot reach: run them to their
    end and the span is still open; the hint narrows it."""
    for key, level, board in boards["bridges"]:
        hint = BRIDGES.hint(board.puzzle, board.solution, board.grade)
        lay = layout(BridgesBoard.from_puzzle(board.puzzle))
        easier = {"saturation": bridges_solver.CROSSINGS,
                  "counting": bridges_solver.CROSSINGS | bridges_solver.SATURATION,
                  "connectivity": bridges_solver.CROSSINGS | bridges_solver.SATURATION
                  | bridges_solver.COUNTING,
                  "what-if": bridges_solver.SEARCH_RULES}[hint.technique]
        state = bridges_solver.State(lay)
        state.deduce(easier)
        ends = {((int(lay.rows[a]), int(lay.cols[a])), (int(lay.rows[b]), int(lay.cols[b]))): e
                for e, (a, b) in enumerate(zip(lay.link_a, lay.link_b))}
        for kind in ("bridges", "none", "at_most"):
            for item in hint.reveals[kind]:
                e = ends[tuple(map(tuple, item[:2]))]
                lo, hi = int(state.lo[e]), int(state.hi[e])
                if kind == "bridges":
                    assert lo < item[2] <= hi, key
                else:
                    k = 0 if kind == "none" else item[2]
                    assert lo <= k < hi, key


def test_connections_hint_is_the_group_herrings_pull_at_most(boards):
    library = indexed_library()
    for key, level, board in boards["connections"]:
        hint = CONNECTIONS.hint(board.puzzle, board.solution, board.grade)
        pull = herring_pull(library, board.puzzle["tiles"], board.solution["groups"])
        assert pull[hint.reveals["group"]] == max(pull.values())
        for group in board.solution["groups"]:
            if group["label"] == hint.reveals["group"]:
                # The theme, never its members (whole words: "Niger" is in "Nigeria").
                assert not any(re.search(rf"\b{re.escape(tile)}\b", hint.text)
                               for tile in group["tiles"]), (key, hint.text)


# --- planted wrong hints -----------------------------------------------------------------------

def test_a_planted_wrong_star_battle_hint_is_caught(boards):
    key, level, board = boards["starbattle"][-1]
    hint = STARBATTLE.hint(board.puzzle, board.solution, board.grade)
    wrong = copy.deepcopy(hint.reveals)
    wrong["crossed"].append(list(board.solution["stars"][0]))    # crosses out a real star
    assert STARBATTLE.check_hint(board.puzzle, board.solution, wrong)
    n = board.puzzle["size"]
    stars = {tuple(s) for s in board.solution["stars"]}
    empty = next([r, c] for r in range(n) for c in range(n) if (r, c) not in stars)
    assert STARBATTLE.check_hint(board.puzzle, board.solution,
                                 {"stars": [empty], "crossed": []})
    assert STARBATTLE.check_hint(board.puzzle, board.solution, {"stars": [], "crossed": [[n, 0]]})


def test_a_planted_wrong_bridges_hint_is_caught(boards):
    key, level, board = boards["bridges"][0]
    (a, b, k) = board.solution["bridges"][0]
    assert BRIDGES.check_hint(board.puzzle, board.solution,
                              {"bridges": [[a, b, k]], "none": [], "at_most": []}) == []
    assert BRIDGES.check_hint(board.puzzle, board.solution,
                              {"bridges": [[a, b, k + 1]], "none": [], "at_most": []})
    assert BRIDGES.check_hint(board.puzzle, board.solution,
                              {"bridges": [], "none": [[a, b]], "at_most": []})
    if k == 2:
        assert BRIDGES.check_hint(board.puzzle, board.solution,
                                  {"bridges": [], "none": [], "at_most": [[a, b, 1]]})
    assert BRIDGES.check_hint(board.puzzle, board.solution,          # not a span at all
                              {"bridges": [[a, [a[0] + 1, a[1] + 1], 1]], "none": [],
                               "at_most": []})


def test_a_planted_wrong_connections_hint_is_caught(boards):
    key, level, board = boards["connections"][0]
    herring = board.grade["herring_labels"][0]
    assert CONNECTIONS.check_hint(board.puzzle, board.solution, {"group": herring})


def faulty_hints():
    """The hint module over the faulty solver (test_bridges_solver.faulty_solver): the same
    source, with every name it has from the solver bound to the faulty solver's."""
    solver = faulty_solver()
    module = types.ModuleType("faulty_bridges_hints")
    source = Path(bridges_hints.__file__).read_text()
    exec(compile(source, "faulty_bridges_hints.py", "exec"), module.__dict__)
    for name, value in vars(solver).items():
        if not name.startswith("__") and name in module.__dict__:
            setattr(module, name, value)
    return module


def test_an_unsound_rule_gives_a_hint_the_check_catches(boards):
    """The deliberately wrong look-ahead (a group with two ends left called sealed) makes
    connectivity steps the solution disagrees with; the check must see at least one."""
    faulty = faulty_hints()
    caught = 0
    for key, level, board in boards["bridges"]:
        if level != "hard":
            continue
        try:
            hint = faulty.hint(board.puzzle, board.solution, board.grade)
        except AssertionError:
            continue     # the unsound rule found no step the text can explain
        caught += bool(BRIDGES.check_hint(board.puzzle, board.solution, hint.reveals))
    assert caught


# --- words ----------------------------------------------------------------------------------

def test_square_names_follow_the_printed_labels():
    assert square_name(3, 3) == "D4"
    assert square_name(0, 0) == "A1"
    assert column_letter(9) == "J" and column_letter(26) == "AA"
    assert square_list([(2, 1), (0, 0), (1, 4)]) == "A1, E2 and B3"
    assert named_squares("cross out D4 and J10; the 3 at A1") == {(3, 3), (9, 9), (0, 0)}


def test_the_text_check_catches_missing_and_impossible_squares():
    names = STARBATTLE.hint_names({"stars": [], "crossed": [[3, 3]]})
    assert text_findings("cross out D4", names, 6, 6) == []
    assert text_findings("cross out D5", names, 6, 6)          # D4 revealed, not named
    assert text_findings("cross out D4 and G2", names, 6, 6)   # G is off a 6-column board
    theme = CONNECTIONS.hint_names({"group": "Landlocked"})
    assert text_findings("the theme is Landlocked", theme, 4, 4, labelled=False) == []
    assert text_findings("the theme is Islands", theme, 4, 4, labelled=False)


# --- k stars a line: the two-star book's boards ----------------------------------------------------

LOCK = Path(__file__).resolve().parent.parent / "layouts" / "star-battle-two-stars.lock.jsonl"
K_PER_LEVEL = 30    # boards of each two-star level from the frozen edition (the bench runs all)
K_TOP = {"two-star-easy": "counting", "two-star-medium": "pigeonhole",
         "two-star-hard": "what-if"}


@pytest.fixture(scope="module")
def k_boards():
    records = [json.loads(line) for line in LOCK.read_text().splitlines()
               if line.startswith('{"id"')]
    out = []
    for level in K_TOP:
        out += [r for r in records if r["level"] == level][:K_PER_LEVEL]
    return out


def _sound(puzzle, solution, hint):
    return STARBATTLE.check_hint(puzzle, solution, hint.reveals) + \
        text_findings(hint.text, STARBATTLE.hint_names(hint.reveals), puzzle["size"],
                      puzzle["size"])


def test_k_star_hint_is_the_first_top_tier_step_and_agrees_with_the_solution(k_boards):
    for record in k_boards:
        puzzle, solution = record["puzzle"], record["solution"]
        assert STARBATTLE.verify(puzzle, solution)["unique"]
        hint = STARBATTLE.hint(puzzle, solution, record["grade"])
        assert _sound(puzzle, solution, hint) == [], (record["id"], hint.text)
        assert hint.technique == K_TOP[record["level"]], record["id"]
        steps = starbattle_solver.solve_k(StarBoard.from_puzzle(puzzle)).steps
        first = next(step for step in steps if step.tier == record["grade"]["max_tier"])
        crossed = sorted(map(tuple, hint.reveals["crossed"]))
        # One step, never more: what the step crosses out (its first HINT_SQUARES in reading
        # order when it is long) and the star it places.
        assert crossed == sorted(first.crossed)[:starbattle_hints.HINT_SQUARES], record["id"]
        assert hint.reveals["stars"] == ([list(first.star)] if first.star else [])
        assert hint.figure["lines"] and all(hint.figure["lines"])


def test_every_k_star_tier_is_worded_soundly(k_boards):
    """The top tiers of the levels are 3, 5 and 6; the words of every tier are checked on the
    first step of that tier in each board, so a board whose top tier is 1, 2 or 4 is covered."""
    seen = set()
    for record in k_boards[::3]:
        puzzle, solution = record["puzzle"], record["solution"]
        board = StarBoard.from_puzzle(puzzle)
        for tier in sorted({step.tier for step in starbattle_solver.solve_k(board).steps}):
            hint = starbattle_hints.hint_k(board, tier)
            assert _sound(puzzle, solution, hint) == [], (record["id"], tier, hint.text)
            assert hint.technique == starbattle_solver.tier(2, tier).hint
            seen.add(tier)
    assert seen == {tier.number for tier in starbattle_solver.tiers(2)}


def test_a_planted_wrong_k_star_hint_is_caught(k_boards, monkeypatch):
    record = k_boards[0]
    puzzle, solution = record["puzzle"], record["solution"]
    hint = STARBATTLE.hint(puzzle, solution, record["grade"])
    wrong = copy.deepcopy(hint.reveals)
    wrong["crossed"].append(list(solution["stars"][0]))        # crosses out a real star
    assert STARBATTLE.check_hint(puzzle, solution, wrong)
    # A step that also crosses out the next open square of its first line: the check sees it
    # against the solution on some board (the text check sees the unnamed square on every one).
    real = starbattle_hints.key_step_k

    def greedy(board, tier=None):
        top, index, lines, step, open_squares, stars = real(board, tier)
        extra = next(sq for sq in starbattle_hints.line_squares(board, lines[0])
                     if sq in open_squares and sq not in step.crossed and sq != step.star)
        return top, index, lines, dataclasses.replace(
            step, crossed=tuple(sorted(step.crossed + (extra,)))), open_squares, stars

    monkeypatch.setattr(starbattle_hints, "key_step_k", greedy)
    caught = 0
    for record in k_boards:
        try:
            hint = STARBATTLE.hint(record["puzzle"], record["solution"], record["grade"])
        except AssertionError:
            continue     # a what-if that crosses two squares has no words (its replay refuses)
        caught += bool(STARBATTLE.check_hint(record["puzzle"], record["solution"], hint.reveals))
    assert caught
    # Words that leave out a square the hint reveals are caught by the text check.
    assert text_findings(hint.text.replace(square_name(*hint.reveals["crossed"][0]), "it"),
                         STARBATTLE.hint_names(hint.reveals), 10, 10)


def test_connections_hint_words_are_the_boards_own(boards):
    """The words after the theme name the decoys that pull at the chosen group: off-board
    themes of this board (never a group), with how many of the group's countries each fits, and
    never a member; they differ from board to board."""
    library = indexed_library()
    seconds = set()
    for key, level, board in boards["connections"]:
        hint = CONNECTIONS.hint(board.puzzle, board.solution, board.grade)
        groups = board.solution["groups"]
        chosen = next(g for g in groups if g["label"] == hint.reveals["group"])
        claims = dict(herring_claims(library, board.puzzle["tiles"], groups, chosen["label"]))
        for label, count in re.findall(r'"([^"]+)" \((\w+)', hint.text):
            assert label in board.grade["herring_labels"], (key, label)
            assert label not in {g["label"] for g in groups}
            assert COUNT_WORDS.index(count) == claims[label], (key, label)
        seconds.add(hint.text.split(". ", 1)[-1])
    assert len(seconds) > len(boards["connections"]) // 2


def test_the_hints_bench_reads_the_frozen_editions(tmp_path):
    """A frozen book's boards need not be in the catalog: the bench checks them all the same,
    without creating a catalog where there is none."""
    from pipeline.book import hints_bench

    missing = tmp_path / "none.sqlite"
    out = hints_bench.run(True, missing, LOCK.parent)
    assert not missing.exists()
    for level, technique in K_TOP.items():
        entry = out[f"starbattle:{level}"]
        assert entry["boards"] == hints_bench.QUICK_PER_LEVEL and entry["failures"] == 0
        assert entry["techniques"] == {technique: entry["boards"]}
