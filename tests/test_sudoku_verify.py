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


def test_the_checker_proves_the_frozen_killer_easy_boards():
    # The frozen editions' boards were proven by the generator's counter; the independent
    # checker re-proves the killer-easy ones (a few ms each; killer-medium and killer-hard
    # boards take it seconds to minutes, docs/sudoku.md).
    import json
    import pathlib

    layouts = pathlib.Path(__file__).resolve().parent.parent / "layouts"
    proven = 0
    for lock in sorted(layouts.glob("*.lock.jsonl")):
        for line in lock.read_text().splitlines():
            record = json.loads(line)
            if record["family"] == "sudoku" and record["level"] == "killer-easy":
                assert verify(record["puzzle"], record["solution"])["unique"], record["id"]
                proven += 1
    assert proven >= 200
