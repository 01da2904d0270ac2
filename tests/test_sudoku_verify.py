"""The independent checker: the compiled count against the plain reference, and its verdicts."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.keyed import KeyedStream
from pipeline.sudoku import FAMILY
from pipeline.sudoku.board import Board, solution_record
from pipeline.sudoku.generate import fill_grid
from pipeline.sudoku.verify import count, count_many, plain_count, verify

GRID = tuple(int(ch) for ch in
             "534678912672195348198342567859761423426853791713924856961537284287419635345286179")


def thinned(grid, key: str, keep: int) -> list[int]:
    """The grid with all but `keep` cells emptied, the cells chosen by the key's stream."""
    stream = KeyedStream(key)
    cells = list(range(81))
    stream.shuffle(cells)
    out = [0] * 81
    for cell in cells[:keep]:
        out[cell] = grid[cell]
    return out


def boards_of_every_kind():
    """Boards with 0, 1 and several solutions, built here from keyed streams."""
    out = []
    for n in range(6):
        grid = fill_grid(KeyedStream(f"sudoku-test:grid:{n}"))
        out.append(list(grid))                                  # full: one solution
        out.append(thinned(grid, f"sudoku-test:thin:{n}", 40))   # usually several
        out.append(thinned(grid, f"sudoku-test:thin:{n}", 50))
        unique = FAMILY.generate(f"sudoku-test:easy:{n}", "easy").puzzle["givens"]
        flat = [d for row in unique for d in row]
        out.append(flat)                                         # exactly one
        broken = list(flat)                                      # a given changed: usually none
        cell = next(c for c in range(81) if not flat[c])
        board = Board(tuple(flat))
        seen = {board.givens[p] for p in board.geometry.peers[cell]}
        broken[cell] = min(set(range(1, 10)) - seen or {1})
        out.append(broken)
        clash = list(flat)                                       # two 1s in a row: none
        clash[0], clash[1] = 1, 1
        out.append(clash)
    return out


def test_the_kernel_and_the_plain_reference_agree_on_boards_of_every_kind():
    kinds = set()
    for board in boards_of_every_kind():
        fast, _nodes, out_of_budget, first = count(board, 5)
        plain, plain_first = plain_count(board, 5)
        assert (fast, out_of_budget) == (plain, False), board
        if fast:
            assert first == plain_first
        kinds.add(min(fast, 2))
    assert kinds == {0, 1, 2}


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 80), min_size=22, max_size=34))
def test_the_two_counts_agree_on_any_sparse_choice_of_givens(kept):
    # 22 to 34 givens of a grid: mostly several answers, now and then one (a board of 41
    # givens or more, as this test once kept, has one answer almost always).
    board = [d if cell in kept else 0 for cell, d in enumerate(GRID)]
    fast, _nodes, out_of_budget, first = count(board, 4)
    plain, plain_first = plain_count(board, 4)
    assert (fast, out_of_budget) == (plain, False)
    if fast == 1:   # (with several answers each search finds its own first)
        assert first == plain_first


def test_the_batch_kernel_counts_as_the_single_one():
    boards = boards_of_every_kind()
    found, nodes = count_many(np.array(boards), 2)
    singles = [count(b, 2) for b in boards]
    assert found.tolist() == [min(n, 2) for n, _nodes, _out, _first in singles]
    assert nodes.tolist() == [n for _found, n, _out, _first in singles]   # the same search
    assert nodes.max() > 0


def test_verify_says_unique_only_for_the_one_answer():
    generated = FAMILY.generate("sudoku-test:verify:1", "medium")
    proof = verify(generated.puzzle, generated.solution)
    assert proof["unique"] and proof["valid"] and proof["solutions"] == 1
    grid = [row[:] for row in generated.solution["grid"]]
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]      # breaks its columns
    assert not verify(generated.puzzle, {"grid": grid})["valid"]
    loose = thinned(GRID, "sudoku-test:loose", 30)         # many answers: none is "the" one
    proof = verify(Board(tuple(loose)).to_puzzle(), solution_record(GRID))
    assert proof["valid"] and not proof["unique"] and proof["solutions"] == 2
    assert not verify({"givens": "nonsense"}, generated.solution)["valid"]


def test_the_checker_imports_nothing_of_the_project():
    # Independence: the proof's search shares no code with the generator, the grader or the
    # generator's counter (pipeline.sudoku.solve.count).
    import ast
    import pathlib

    from pipeline.sudoku import verify as checker
    tree = ast.parse(pathlib.Path(checker.__file__).read_text())
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    assert not {m for m in modules if m and m.split(".")[0] == "pipeline"}


def test_the_checker_and_the_generators_counter_agree_on_generated_boards():
    from pipeline.sudoku.solve.count import count as generators_count
    for n in range(4):
        for level in ("easy", "extreme"):
            made = FAMILY.generate(f"sudoku-test:agree:{level}:{n}", level)
            flat = [d for row in made.puzzle["givens"] for d in row]
            assert verify(made.puzzle, made.solution)["unique"]
            for cut in range(81):   # one given taken away: several answers, or still one
                if flat[cut]:
                    fewer = flat[:cut] + [0] + flat[cut + 1:]
                    assert count(fewer, 2)[0] == generators_count(fewer, 2)[0]
                    break


def frozen_killer_records() -> list[dict]:
    """Every Killer record the frozen editions hold (layouts/*.lock.jsonl)."""
    import json
    import pathlib

    layouts = pathlib.Path(__file__).resolve().parent.parent / "layouts"
    return [record for lock in sorted(layouts.glob("*.lock.jsonl"))
            for record in map(json.loads, lock.read_text().splitlines())
            if record["family"] == "sudoku" and record["level"].startswith("killer-")]


def test_the_checker_proves_every_frozen_killer_board():
    # The frozen editions' boards were proven by the generator's counter when they were made;
    # the independent checker re-proves all of them, every level (about 8 s for the 612).
    proven = {}
    for record in frozen_killer_records():
        proof = verify(record["puzzle"], record["solution"])
        assert proof["unique"] and proof["solutions"] == 1, record["id"]
        proven[record["level"]] = proven.get(record["level"], 0) + 1
    assert set(proven) == {"killer-easy", "killer-medium", "killer-hard"}
    assert min(proven.values()) >= 200


def _loosened(record, merge: int) -> list[tuple[int, list[int]]]:
    """The record's cages with `merge` pairs of neighbouring cages each made one (their sums
    added) wherever the answer's digits stay distinct: weaker sums, often several answers."""
    from pipeline.sudoku.verify import read_cages
    grid = [d for row in record["solution"]["grid"] for d in row]
    cages = [(total, list(cells)) for total, cells in read_cages(record["puzzle"])]
    for _ in range(merge):
        for i, (total, cells) in enumerate(cages):
            near = next((j for j, (_t, other) in enumerate(cages) if j != i and any(
                abs(a // 9 - b // 9) + abs(a % 9 - b % 9) == 1 for a in cells for b in other)
                and len({grid[c] for c in cells + other}) == len(cells + other)), None)
            if near is not None:
                cages[i] = (total + cages[near][0], sorted(cells + cages[near][1]))
                del cages[near]
                break
    return cages


def _answers(grid, givens, cages) -> bool:
    if len(grid) != 81 or any(g and g != d for g, d in zip(givens, grid)):
        return False
    from pipeline.sudoku.verify import HOUSES
    return (all(sorted(grid[c] for c in house) == list(range(1, 10)) for house in HOUSES)
            and all(sum(grid[c] for c in cells) == total
                    and len({grid[c] for c in cells}) == len(cells) for total, cells in cages))


def test_checker_and_plain_reference_agree_on_loosened_frozen_killer_boards():
    # Frozen boards of every Killer level, part of the answer shown, some cages merged or one
    # shown digit taken off: unique, several and (a sum moved) no answers, and both counts
    # must agree; every first answer must be an answer.
    from pipeline.sudoku.verify import plain_count
    records = frozen_killer_records()
    by_level = {}
    for record in records:
        by_level.setdefault(record["level"], []).append(record)
    kinds = set()
    for level, some in sorted(by_level.items()):
        for n, record in enumerate(some[:4]):
            grid = [d for row in record["solution"]["grid"] for d in row]
            stream = KeyedStream(f"sudoku-test:loose-killer:{record['id']}")
            cells = list(range(81))
            stream.shuffle(cells)
            shown = set(cells[:18 + 2 * n])
            givens = [d if c in shown else 0 for c, d in enumerate(grid)]
            cages = _loosened(record, 2 + n)
            moved = [(t + (1 if i == 0 else -1 if i == 1 else 0), cells)
                     for i, (t, cells) in enumerate(cages)]
            for case in (cages, moved):
                fast, _nodes, out_of_budget, first = count(givens, 3, cages=case)
                slow, slow_first = plain_count(givens, 3, cages=case)
                assert (fast, out_of_budget) == (slow, False), (record["id"], case is moved)
                if fast:
                    assert _answers(first, givens, case) and _answers(slow_first, givens, case)
                if fast == 1:
                    assert first == slow_first
                kinds.add(min(fast, 2))
    assert kinds == {0, 1, 2}


def test_checker_and_the_generators_counter_agree_on_killer_boards_of_several_answers():
    # Cage-only boards (no digit shown), too sparse for the plain reference: the checker's
    # count against the generator's counter (a separate search) with merged cages; not on
    # killer-hard boards, where four merges take the generator's counter past 5,000,000 nodes
    # (the loosened test above holds the checker to the plain reference there).
    from pipeline.sudoku.solve.count import count as generators_count
    several = 0
    for record in [r for r in frozen_killer_records() if r["level"] != "killer-hard"][::30]:
        for merge in (0, 2, 4):
            cages = _loosened(record, merge)
            ours = count([0] * 81, 2, cages=cages)
            theirs = generators_count([0] * 81, 2, cages=cages)
            assert not ours[2] and not theirs[2], (record["id"], merge)
            assert ours[0] == theirs[0], (record["id"], merge)
            assert _answers(ours[3], [0] * 81, cages)
            several += ours[0] == 2
    assert several >= 5
