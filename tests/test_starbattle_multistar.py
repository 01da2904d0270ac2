"""Star Battle with k stars a line: counter against the independent verifier, soundness of every
deduction tier, contracts and tier separation of the k-star levels, records with
`stars_per_unit`."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.keyed import KeyedStream
from pipeline.records import fingerprint
from pipeline.starbattle import FAMILY
from pipeline.starbattle import generate as generator
from pipeline.starbattle import solve as solver
from pipeline.starbattle.board import Board, canonical_regions, transforms
from pipeline.starbattle.grade import BAND_BY_NAME, BANDS, measure, meets_contract
from pipeline.starbattle.verify import solutions as plain_solutions
from pipeline.starbattle.verify import verify
from starbattle_faults import kernel_copy, use_kernel

TWO = BAND_BY_NAME["two-star-easy"]
SMALL_TWO = replace(TWO, name="two-star-8", size=8)   # cheaper boards for the soundness sweeps
K_LEVELS = [band.name for band in BANDS if band.stars > 1]


def grown_boards(count: int, band=SMALL_TWO, salt: str = "k-soundness"):
    """Freshly grown, unrepaired k-star boards: most have several solutions."""
    stream = KeyedStream(f"{salt}:{band.name}")
    made = 0
    for i in range(count * 3):
        candidate = generator.fresh_candidate(stream, band, f"{salt}:{i}")
        if candidate is not None:
            yield candidate
            made += 1
            if made == count:
                return


def listed_solutions(board: Board, limit: int = 300):
    """Every solution as a set of squares, or None when there are too many to list."""
    counted = solver.count_k(board, limit, listed=limit)
    if counted.solutions >= limit:
        return None
    return [set(solver.mask_squares(board.size, rows)) for rows in counted.listed]


def unsound_steps(solve: solver.Solve, solutions) -> list[str]:
    faults = []
    for index, step in enumerate(solve.steps):
        for stars in solutions:
            if step.star is not None and step.star not in stars:
                faults.append(f"step {index} ({step.technique}): star {step.star} not in a solution")
            if stars & set(step.crossed):
                faults.append(f"step {index} ({step.technique}): crossed a star of a solution")
    return faults


# --- counting -----------------------------------------------------------------------------------

def test_the_planted_solution_is_valid_and_every_region_holds_k_planted_stars():
    for candidate in grown_boards(25, TWO, "planted"):
        board = candidate.board()
        stars = candidate.planted_squares()
        n, k = board.size, board.stars
        assert len(stars) == n * k
        for a in stars:
            for b in stars:
                assert a == b or max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
        for index in range(n):
            assert sum(1 for r, _ in stars if r == index) == k
            assert sum(1 for _, c in stars if c == index) == k
            assert sum(1 for r, c in stars if board.regions[r * n + c] == index) == k
        sols = listed_solutions(replace(board, givens=stars[:1]))
        assert sols is None or set(stars) in sols


@pytest.mark.parametrize("band", [SMALL_TWO, TWO], ids=["8x8", "10x10"])
def test_the_counter_and_the_independent_verifier_agree(band):
    compared = 0
    for candidate in grown_boards(40 if band.size == 8 else 12, band, "agree"):
        board = candidate.board()
        if band.size > 8:   # three planted stars given, so that fewer solutions remain to list
            planted = candidate.planted_squares()
            board = replace(board, givens=(planted[0], planted[len(planted) // 2], planted[-1]))
        fast = solver.count_k(board, 50, listed=50)
        plain, _ = plain_solutions(board.to_puzzle(), limit=50)
        assert fast.solutions == len(plain)
        if fast.solutions < 50:
            ours = sorted(sorted(solver.mask_squares(board.size, rows)) for rows in fast.listed)
            theirs = sorted(sorted((i // board.stars, c) for i, c in enumerate(sol))
                            for sol in plain)
            assert ours == theirs
            compared += 1
    assert compared >= 6


def test_counter_respects_starting_stars():
    candidate = next(grown_boards(1, TWO, "givens"))
    board = candidate.board()
    free = solver.count_k(board, 10**6).solutions
    star = candidate.planted_squares()[0]
    fixed = solver.count_k(replace(board, givens=(star,)), 10**6).solutions
    assert 1 <= fixed <= free
    plain, _ = plain_solutions(replace(board, givens=(star,)).to_puzzle(), limit=10**6)
    assert len(plain) == fixed


def test_both_counters_find_no_solution_where_a_region_cannot_hold_two_stars():
    # Regions are the rows, except that the 2x2 block in the corner is a region of its own:
    # its four squares all touch, so it holds one star at most.
    regions = [r for r in range(8) for _ in range(8)]
    for square in (0, 1, 8, 9):
        regions[square] = 0
    for square in range(2, 8):
        regions[square] = 1
    for square in range(10, 16):
        regions[square] = 1
    board = Board(8, tuple(regions), (), 2)
    assert solver.count_k(board, 10).solutions == 0
    assert plain_solutions(board.to_puzzle(), limit=10)[0] == []


def test_both_counters_find_the_two_solutions_of_the_striped_board():
    # Every region a row: two solutions, each the other's mirror image.
    stripes = Board(8, tuple(r for r in range(8) for _ in range(8)), (), 2)
    counted = solver.count_k(stripes, 10, listed=10)
    plain, _ = plain_solutions(stripes.to_puzzle(), limit=10)
    assert counted.solutions == len(plain) == 2
    ours = sorted(sorted(solver.mask_squares(8, rows)) for rows in counted.listed)
    theirs = sorted(sorted((i // 2, c) for i, c in enumerate(sol)) for sol in plain)
    assert ours == theirs


# --- deduction ----------------------------------------------------------------------------------

def test_no_k_star_deduction_step_removes_a_real_solution_and_every_tier_is_exercised():
    """10x10 boards with one planted star given (most have tens of solutions), then 8x8 and
    repaired 10x10 boards (mostly one solution, where the harder tiers are reached)."""
    used = {tier.number: 0 for tier in solver.tiers(2)}
    checked = multi = 0

    def check(board):
        nonlocal checked, multi
        sols = listed_solutions(board)
        if sols is None:
            return
        solve = solver.solve_k(board)
        assert not unsound_steps(solve, sols), board
        if sols:
            assert solve.status != "contradiction"
        for step in solve.steps:
            used[step.tier] += 1
        checked += 1
        multi += len(sols) > 1

    for candidate in grown_boards(120, TWO, "k-soundness-10"):
        check(replace(candidate.board(), givens=candidate.planted_squares()[:1]))
    for candidate in grown_boards(200):
        check(candidate.board())
    stream = KeyedStream("k-soundness:repaired")
    for candidate in grown_boards(120, TWO, "k-repaired"):
        repaired = generator.repair(stream, TWO, candidate)
        if repaired is not None:
            check(repaired.board())
    assert checked >= 250 and multi >= 50
    assert all(count >= 5 for count in used.values()), used


def test_on_unique_boards_deduction_finds_the_counted_solution():
    stream = KeyedStream("k-agree")
    agreed = 0
    for candidate in grown_boards(120, TWO, "k-agree"):
        repaired = generator.repair(stream, TWO, candidate)
        if repaired is None:
            continue
        solve = solver.solve_k(repaired.board())
        if solve.solved:
            assert set(solve.stars) == set(repaired.planted_squares())
            agreed += 1
    assert agreed >= 5


def test_the_uncompiled_copy_of_the_k_star_kernel_solves_as_the_kernel(monkeypatch):
    """The copies the faults below are planted in run the kernel's own code."""
    boards = [candidate.board() for candidate in grown_boards(15, salt="k-copy")]
    compiled = [solver.solve_k(board) for board in boards]
    use_kernel(monkeypatch, solver.deduce_k, kernel_copy(solver.deduce_k))
    assert [solver.solve_k(board) for board in boards] == compiled


FAULTS = {   # tier: (the rule as written, the rule made wrong)
    2: ("_room(n, k, open_, lines, line, near[cell]) < need - own:",   # room one star short
        "_room(n, k, open_, lines, line, near[cell]) <= need - own:"),
    3: ("if total != band_need:", "if total < band_need:"),   # regions needing more than the band
    4: ("if usable != need:", "if usable < need:"),           # more blocks than stars needed
}


@pytest.mark.parametrize("tier", sorted(FAULTS))
def test_the_soundness_check_catches_a_faulty_rule_in_the_kernel(monkeypatch, tier):
    """One rule of the k-star kernel made wrong in a copy of its source: the soundness check
    must report a step that removes a solution, the first of them a step of that tier (the
    counting fault also reaches the pigeonhole tier, which shares its rule)."""
    sound, fault = FAULTS[tier]
    use_kernel(monkeypatch, solver.deduce_k, kernel_copy(solver.deduce_k, sound, fault))
    caught = 0
    for candidate in grown_boards(60, salt=f"k-fault:{tier}"):
        board = candidate.board()
        sols = listed_solutions(board)
        if not sols:
            continue
        solve = solver.solve_k(board)
        wrong = [step for step in solve.steps
                 if unsound_steps(replace(solve, steps=(step,)), sols)]
        caught += bool(wrong) and wrong[0].tier == tier
    assert caught >= 3


def test_steps_keep_the_one_star_record_shape_and_read_well():
    candidate = next(grown_boards(1, TWO, "describe"))
    solve = solver.solve_k(candidate.board())
    step = solve.steps[0]
    assert {"tier", "lines", "star", "crossed"} <= set(step.__dataclass_fields__)
    assert step.technique == solver.tier(2, step.tier).name
    text = step.describe()
    assert text.startswith(f"tier {step.tier} ({step.technique}), ")
    assert "r1c" not in text
    assert solver.Step(1, ("row 3",), (2, 3), ((1, 2),), "quota").describe() == \
        "tier 1 (quota), row 3: star at D3; crossed out C2"


# --- levels: contracts, proofs, separation, fingerprints ----------------------------------------

FINGERPRINTS = json.loads((Path(__file__).parent / "data" /
                           "starbattle_fingerprints.json").read_text())["fingerprints"]


@pytest.fixture(scope="module")
def generated():
    out = {}
    for key in sorted(FINGERPRINTS):
        level = key.split(":")[1]
        if BAND_BY_NAME[level].stars > 1:
            out[key] = (level, FAMILY.generate(key, level))
    return out


def test_every_k_star_level_is_fingerprinted_and_regenerates_the_same(generated):
    assert {level for level, _ in generated.values()} == set(K_LEVELS)
    for key, (_, board) in generated.items():
        assert fingerprint(board.puzzle, board.solution) == FINGERPRINTS[key], key


def test_k_star_boards_meet_their_contract_and_separate_from_the_tier_below(generated):
    for key, (level, board) in generated.items():
        band = BAND_BY_NAME[level]
        puzzle = Board.from_puzzle(board.puzzle)
        grade = measure(puzzle, band.max_tier)
        assert meets_contract(band, grade), (key, grade)
        assert generator.shape_ok(band, puzzle.regions, True), key
        if band.min_top:
            assert measure(puzzle, band.max_tier - 1).status == "stuck", key
        assert board.grade["max_tier"] <= band.max_tier


def test_k_star_boards_pass_both_proofs_and_carry_k(generated):
    for key, (level, board) in generated.items():
        k = BAND_BY_NAME[level].stars
        assert board.puzzle["stars_per_unit"] == k
        assert len(board.solution["stars"]) == k * board.puzzle["size"]
        assert board.proof["generator"]["solutions"] == 1
        assert verify(board.puzzle, board.solution)["unique"], key
        assert FAMILY.count_solutions(board.puzzle, 5) == 1
        FAMILY.check_record({"puzzle": board.puzzle, "solution": board.solution})
        wrong = {"stars": board.solution["stars"][:-1]}
        assert not verify(board.puzzle, wrong)["unique"]


def test_one_star_records_never_carry_stars_per_unit():
    board = FAMILY.generate("starbattle:easy:1", "easy")
    assert "stars_per_unit" not in board.puzzle


def test_the_same_regions_with_another_k_are_another_board():
    board = Board(10, tuple((r // 2) * 2 + (c >= 5) for r in range(10) for c in range(10)))
    one = FAMILY.dedupe_form(board.to_puzzle())
    two = FAMILY.dedupe_form(replace(board, stars=2).to_puzzle())
    assert one != two and one.split(":")[1] == two.split(":")[1]
    turned = Board(10, tuple(board.regions[old] for old in transforms(10)[5]), (), 2)
    assert FAMILY.dedupe_form(turned.to_puzzle()) == two
    assert canonical_regions(turned) == canonical_regions(board)


# --- records ------------------------------------------------------------------------------------

def two_star_record():
    candidate = next(grown_boards(1, TWO, "record"))
    board = candidate.board()
    return {"id": "starbattle-two-star-easy-0001", "family": "starbattle",
            "level": "two-star-easy", "puzzle": board.to_puzzle(),
            "solution": {"stars": [list(s) for s in candidate.planted_squares()]}}


def test_a_two_star_record_is_accepted():
    FAMILY.check_record(two_star_record())


@pytest.mark.parametrize("name,change,field", [
    ("k does not fit", lambda r: r["puzzle"].update(stars_per_unit=3), "puzzle.stars_per_unit"),
    ("k not a number", lambda r: r["puzzle"].update(stars_per_unit="2"), "puzzle.stars_per_unit"),
    ("k a boolean", lambda r: r["puzzle"].update(stars_per_unit=True), "puzzle.stars_per_unit"),
    ("k zero", lambda r: r["puzzle"].update(stars_per_unit=0), "puzzle.stars_per_unit"),
    ("solution short", lambda r: r["solution"]["stars"].pop(), "solution.stars"),
    ("one star a line read as two", lambda r: r["puzzle"].pop("stars_per_unit"),
     "solution.stars[1]"),
])
def test_bad_k_star_records_name_the_field(name, change, field):
    record = two_star_record()
    change(record)
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record)
    assert caught.value.field == field, str(caught.value)


def test_a_third_star_in_a_row_of_a_two_star_board_is_refused():
    record = two_star_record()
    stars = record["solution"]["stars"]
    row = stars[0][0]
    taken = {tuple(s) for s in stars}
    extra = next([row, c] for c in range(10) if all(
        max(abs(row - r), abs(c - cc)) > 1 for r, cc in taken))
    record["puzzle"]["stars"] = [s for s in stars if s[0] == row] + [extra]
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record)
    assert caught.value.field == "puzzle.stars[2]" and "row" in str(caught.value)


def test_cli_count_handles_k_stars(tmp_path):
    record = two_star_record()
    path = tmp_path / "boards.jsonl"
    path.write_text(json.dumps(record) + "\n")
    result = subprocess.run([sys.executable, "-m", "pipeline", "count", str(path), "--limit",
                             "100000"], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    counted = int(result.stdout.splitlines()[0].split("\t")[1])
    plain, _ = plain_solutions(record["puzzle"], limit=100000)
    assert counted == len(plain) >= 1


def test_k_star_starting_stars_come_from_the_planted_solution_by_key_hash():
    band = replace(TWO, start_star_percent=100, starting_stars=3)
    candidate = next(grown_boards(1, TWO, "starting"))
    planted = candidate.planted
    picks = {generator.starting_stars(f"key:{i}", band, planted) for i in range(20)}
    assert len(picks) > 1                           # the key decides
    for stars in picks:
        assert len(stars) == 3 and set(stars) <= set(candidate.planted_squares())
        assert len({r * 3 // band.size for r, _ in stars}) == 3   # one from each third of rows
    assert generator.starting_stars("key:1", band, planted) == \
        generator.starting_stars("key:1", band, planted)
    assert generator.starting_stars("key:1", replace(band, start_star_percent=0), planted) == ()


def test_the_line_choice_counter_agrees_with_the_row_pattern_counter():
    import numpy as np
    compared = 0
    for candidate in grown_boards(15, TWO, "lines"):
        planted = candidate.planted_squares()
        board = replace(candidate.board(), givens=(planted[0], planted[-1]))
        n = board.size
        rows = np.zeros((400, n), dtype=np.int64)
        lines = np.zeros((400, n), dtype=np.int64)
        a, _ = solver.count_solutions_k(n, 2, board.region_array(), board.given_rows(), 400, rows)
        b, _ = solver.count_solutions_lines(n, 2, board.region_array(), board.given_rows(), 400,
                                            lines)
        assert a == b
        if a < 400:
            assert sorted(map(tuple, rows[:a].tolist())) == sorted(map(tuple, lines[:b].tolist()))
            compared += 1
    assert compared >= 5


def test_climbing_repair_keeps_the_plant_and_only_keeps_moves_that_lower_the_count():
    import numpy as np
    from pipeline.starbattle.board import region_is_connected
    band = replace(TWO, start_star_percent=100, starting_stars=3)
    unique = 0
    for i, candidate in enumerate(grown_boards(8, TWO, "climb")):
        board = replace(candidate.board(),
                        givens=generator.starting_stars(f"climb:{i}", band, candidate.planted))
        before = solver.count_k(board, 2001).solutions
        regions = np.array(board.regions, dtype=np.int64)
        became_unique = generator.climb_regions_k(
            10, 2, regions, np.array(candidate.planted, dtype=np.int64), board.given_rows(),
            band.min_region, band.max_region, 2000, 40, 12)
        climbed = replace(board, regions=tuple(regions.tolist()))
        after = solver.count_k(climbed, 2001).solutions
        assert 1 <= after <= before and became_unique == (after == 1)
        for r, c in candidate.planted_squares():      # the planted stars never change region
            assert climbed.regions[r * 10 + c] == board.regions[r * 10 + c]
        for g in range(10):
            assert region_is_connected(10, climbed.regions, g)
            assert band.min_region <= climbed.regions.count(g) <= band.max_region or \
                climbed.regions.count(g) == board.regions.count(g)
        if became_unique:
            unique += 1
            found, _ = plain_solutions(climbed.to_puzzle(), limit=2)
            assert [sorted((i // 2, c) for i, c in enumerate(found[0]))] == \
                [sorted(candidate.planted_squares())]
    assert unique >= 3
