"""Star Battle: soundness of deduction, tier separation, contracts, proofs, fingerprints."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.keyed import KeyedStream
from pipeline.records import fingerprint
from pipeline.starbattle import FAMILY
from pipeline.starbattle import solve as solver
from pipeline.starbattle import generate as generator
from pipeline.starbattle.grade import BAND_BY_NAME, BANDS, measure, meets_contract
from pipeline.starbattle.board import (Board, border_distance, canonical_regions, orientations,
                                       transforms)
from pipeline.starbattle.verify import solutions as plain_solutions
from pipeline.starbattle.verify import verify
from starbattle_faults import kernel_copy, use_kernel

FINGERPRINTS = json.loads(
    (Path(__file__).parent / "data" / "starbattle_fingerprints.json").read_text())


# --- soundness --------------------------------------------------------------------------------

def grown_boards(count: int, sizes=(6, 7, 8)):
    """Freshly grown, unrepaired boards: most have several solutions."""
    stream = KeyedStream("soundness")
    for i in range(count):
        band = BANDS[i % len(sizes)]
        yield generator.fresh_candidate(stream, band, f"soundness:{i}").board()


def unsound_steps(board: Board, solve: solver.Solve, all_solutions) -> list[str]:
    """Steps that would remove a real solution: a crossed-out square some solution uses, or
    a placed star some solution lacks."""
    faults = []
    for index, step in enumerate(solve.steps):
        for sol in all_solutions:
            stars = set(enumerate(sol))
            if step.star is not None and step.star not in stars:
                faults.append(f"step {index}: star {step.star} not in solution {sol}")
            if any(square in stars for square in step.crossed):
                faults.append(f"step {index}: crossed a star of solution {sol}")
    return faults


def all_solutions(board: Board) -> list[tuple[int, ...]] | None:
    """Every solution, or None when there are too many to list cheaply."""
    counted = solver.count(board, 300, listed=300)
    return None if counted.solutions >= 300 else list(counted.listed)


def test_no_deduction_step_removes_a_real_solution():
    checked = multi = 0
    for board in grown_boards(2000):
        sols = all_solutions(board)
        if sols is None:
            continue
        solve = solver.solve(board)
        assert not unsound_steps(board, solve, sols)
        if sols:
            assert solve.status != "contradiction"
        checked += 1
        multi += len(sols) > 1
    assert checked >= 1500 and multi >= 1000


def test_the_uncompiled_copy_of_the_kernel_solves_as_the_kernel(monkeypatch):
    """The copies the faults are planted in run the kernel's own code."""
    boards = list(grown_boards(40))
    compiled = [solver.solve(board) for board in boards]
    use_kernel(monkeypatch, solver.deduce, kernel_copy(solver.deduce))
    assert [solver.solve(board) for board in boards] == compiled


def test_the_soundness_check_catches_a_faulty_clash_rule_in_the_kernel(monkeypatch):
    """The clash rule (tier 2) made wrong in a copy of the kernel: a square that clashes with
    every remaining square of a line but its last is crossed out. The check above must report
    it, first in a tier 2 step."""
    faulty = kernel_copy(solver.deduce, "for i in range(m):", "for i in range(m - 1):")
    use_kernel(monkeypatch, solver.deduce, faulty)
    caught = 0
    for board in grown_boards(200):
        sols = all_solutions(board)
        if not sols:
            continue
        solve = solver.solve(board)
        wrong = [step for step in solve.steps
                 if unsound_steps(board, replace(solve, steps=(step,)), sols)]
        if wrong:   # later steps build on the first wrong one
            assert wrong[0].tier == 2
            caught += 1
    assert caught >= 20


def test_on_unique_boards_deduction_finds_the_counted_solution():
    agreed = 0
    for board in grown_boards(600):
        counted = solver.count(board, 2, listed=1)
        if counted.solutions != 1:
            continue
        solve = solver.solve(board)
        if solve.solved:
            assert solve.stars == counted.listed[0]
            agreed += 1
    assert agreed >= 30


def test_generator_counter_and_independent_verifier_agree_on_random_boards():
    compared = 0
    for board in grown_boards(300):
        fast = solver.count(board, 60, listed=60)
        plain, _ = plain_solutions(board.to_puzzle(), limit=60)
        assert fast.solutions == len(plain)
        if fast.solutions < 60:  # below the limit both list every solution
            assert sorted(fast.listed) == sorted(tuple(s) for s in plain)
            compared += 1
    assert compared >= 100


# --- generated boards: contracts, proofs, tiers, fingerprints ----------------------------------

@pytest.fixture(scope="module")
def generated():
    """The fingerprinted boards, regenerated from their keys (5 per band)."""
    out = {}
    for key in sorted(FINGERPRINTS["fingerprints"]):
        level = key.split(":")[1]
        if BAND_BY_NAME[level].stars == 1:   # k-star boards: tests/test_starbattle_multistar.py
            out[key] = (level, FAMILY.generate(key, level))
    return out


def test_fingerprints_cover_every_band_and_match_regeneration(generated):
    assert FINGERPRINTS["generator"] == FAMILY.version
    levels = {level for level, _ in generated.values()}
    assert levels == {band.name for band in BANDS if band.stars == 1} and len(generated) >= 25
    for key, (_, board) in generated.items():
        assert fingerprint(board.puzzle, board.solution) == FINGERPRINTS["fingerprints"][key], key


def test_every_generated_board_meets_its_band_contract(generated):
    for key, (level, board) in generated.items():
        band = BAND_BY_NAME[level]
        grade = measure(Board.from_puzzle(board.puzzle), band.max_tier)
        assert meets_contract(band, grade), (key, grade)
        assert generator.shape_ok(band, Board.from_puzzle(board.puzzle).regions, True), key


def test_every_generated_board_passes_the_independent_verifier(generated):
    for key, (_, board) in generated.items():
        verdict = verify(board.puzzle, board.solution)
        assert verdict["unique"], key
        assert board.proof["verifier"]["unique"] and board.proof["generator"]["solutions"] == 1


def test_without_the_band_top_tier_the_solver_gets_stuck(generated):
    for key, (level, board) in generated.items():
        band = BAND_BY_NAME[level]
        if band.max_tier < 3:
            continue
        puzzle = Board.from_puzzle(board.puzzle)
        assert measure(puzzle, band.max_tier).solved, key
        assert measure(puzzle, band.max_tier - 1).status == "stuck", key


def test_starting_stars_are_part_of_the_solution_and_counted_in(generated):
    with_star = 0
    for key, (level, board) in generated.items():
        for star in board.puzzle["stars"]:
            assert star in board.solution["stars"]
        with_star += bool(board.puzzle["stars"])
        assert board.grade["starting_stars"] == len(board.puzzle["stars"])
    assert 0 < with_star < len(generated)


def test_the_verifier_rejects_a_wrong_solution_and_a_second_solution(generated):
    level, board = generated["starbattle:easy:1"]
    wrong = {"stars": [[r, (c + 1) % 6] for r, c in board.solution["stars"]]}
    assert not verify(board.puzzle, wrong)["unique"]
    # Two solutions: the stars of rows 1 and 3 may stand in columns E and D or in D and E.
    two = {"size": 6, "regions": [[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 0, 0], [1, 1, 1, 2, 2, 2],
                                  [3, 1, 1, 1, 1, 1], [3, 1, 1, 1, 1, 4], [3, 1, 5, 1, 1, 1]],
           "stars": []}
    first = (4, 1, 3, 0, 5, 2)
    second = (3, 1, 4, 0, 5, 2)
    counted = solver.count(Board.from_puzzle(two), 10, listed=10)
    found, _ = plain_solutions(two, limit=10)
    assert counted.solutions == 2 and sorted(counted.listed) == [second, first]
    assert sorted(tuple(sol) for sol in found) == [second, first]
    for sol in (first, second):
        proof = verify(two, {"stars": [[r, c] for r, c in enumerate(sol)]})
        assert not proof["unique"] and proof["solutions"] == 2


def test_same_key_same_board():
    a = FAMILY.generate("starbattle:medium:42", "medium")
    b = FAMILY.generate("starbattle:medium:42", "medium")
    assert (a.puzzle, a.solution, a.grade) == (b.puzzle, b.solution, b.grade)


# --- symmetry and dedupe ----------------------------------------------------------------------

def test_canonical_form_is_the_same_in_all_eight_orientations(generated):
    _, board = generated["starbattle:tricky:1"]
    original = Board.from_puzzle(board.puzzle)
    forms = set()
    for mapping in transforms(original.size):
        turned = Board(original.size, tuple(original.regions[old] for old in mapping))
        forms.add(canonical_regions(turned))
        assert border_distance(original, turned) == 0
    assert len(forms) == 1
    assert len(set(orientations(original))) > 1


def test_an_easy_board_close_to_an_earlier_one_is_too_similar(generated):
    _, board = generated["starbattle:easy:2"]
    near = json.loads(json.dumps(board.puzzle))
    regions = near["regions"]
    # Move one square across a border: at most a few border edges change.
    for r in range(6):
        for c in range(5):
            if regions[r][c] != regions[r][c + 1]:
                candidate = [row[:] for row in regions]
                candidate[r][c + 1] = regions[r][c]
                near["regions"] = candidate
                break
        else:
            continue
        break
    assert FAMILY.too_similar("easy", near, [board.puzzle])
    _, other = generated["starbattle:easy:3"]
    assert not FAMILY.too_similar("easy", other.puzzle, [board.puzzle])
