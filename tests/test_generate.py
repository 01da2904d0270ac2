"""The generation driver: the same catalog for any worker count, batch size and index; a level
that cannot be filled stops with one line."""

import pytest

import pipeline.generate as generate
import pipeline.starbattle as starbattle
from pipeline import cli
from pipeline.catalog import Catalog
from pipeline.generate import CapacityRule, fill
from pipeline.starbattle.board import BorderIndex

STRICT = 18   # a near-duplicate limit strict enough that small fills replace many boards


@pytest.fixture
def strict_rule(monkeypatch):
    """Easy boards within STRICT border edges of an earlier one are replaced, in the plain rule
    and in the index alike."""
    monkeypatch.setattr(starbattle, "NEAR_DUPLICATE_EDGES", STRICT)
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(STRICT) if level == "easy" else None)


def _catalog(path):
    with Catalog(path) as catalog:
        return [record.to_json() for record in catalog.records()]


def test_replacements_commit_in_key_order_for_any_workers_batch_and_index(tmp_path, strict_rule,
                                                                          monkeypatch):
    results, reports = {}, {}
    for name, workers, batch in (("serial", 1, None), ("two", 2, 1), ("two-batched", 2, 7)):
        with Catalog(tmp_path / f"{name}.sqlite") as catalog:
            reports[name] = fill(catalog, "starbattle", "easy", 40, workers=workers, batch=batch,
                                 progress=False)
        results[name] = _catalog(tmp_path / f"{name}.sqlite")
    # The plain rule, board by board, as the reference.
    monkeypatch.delattr(starbattle.StarBattle, "near_duplicates")
    with Catalog(tmp_path / "plain.sqlite") as catalog:
        reports["plain"] = fill(catalog, "starbattle", "easy", 40, workers=1, progress=False)
    results["plain"] = _catalog(tmp_path / "plain.sqlite")
    assert reports["plain"].replaced >= 10
    assert len(results["plain"]) == 40
    for name in ("serial", "two", "two-batched"):
        assert results[name] == results["plain"], name
        assert reports[name].replaced == reports["plain"].replaced
    assert any('"variant"' in line for line in results["plain"])


def test_a_fill_resumed_in_steps_gives_the_catalog_of_one_fill(tmp_path, strict_rule):
    with Catalog(tmp_path / "steps.sqlite") as catalog:
        for count in (7, 19, 30):   # earlier boards reloaded from the catalog each time
            fill(catalog, "starbattle", "easy", count, workers=2, progress=False)
    with Catalog(tmp_path / "once.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 30, workers=2, progress=False)
    assert _catalog(tmp_path / "steps.sqlite") == _catalog(tmp_path / "once.sqlite")


def test_a_level_that_cannot_be_filled_stops(tmp_path, monkeypatch):
    # Every board is too close to every other: the first board is accepted, then none.
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(60))
    with Catalog(tmp_path / "full.sqlite") as catalog:
        report = fill(catalog, "starbattle", "easy", 5, workers=1, progress=False,
                      capacity=CapacityRule(window=30, min_share=0.1))
        assert catalog.count("starbattle", "easy") == 1
    assert report.stopped and "stopped at 1 of 5 boards" in report.stopped
    assert report.candidates < 60


def test_the_command_line_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(60))
    monkeypatch.setattr(generate, "DEFAULT_CAPACITY", CapacityRule(window=30, min_share=0.1))
    status = cli.main(["--catalog", str(tmp_path / "c.sqlite"), "generate", "--family",
                       "starbattle", "--level", "easy", "--count", "5", "--workers", "1",
                       "--quiet"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1
    assert err[-1].startswith("pipeline: starbattle easy: stopped at 1 of 5 boards")


def test_a_board_of_another_generator_version_is_refused(tmp_path, monkeypatch):
    """A worker that joined with other code: its boards never reach the catalog."""
    import dataclasses

    from pipeline.errors import InputError

    made = generate.make_record
    monkeypatch.setattr(generate, "make_record", lambda *args: dataclasses.replace(
        made(*args), generator="starbattle/0"))
    with Catalog(tmp_path / "c.sqlite") as catalog:
        with pytest.raises(InputError, match="starbattle/0 boards, this driver starbattle/1"):
            fill(catalog, "starbattle", "easy", 2, workers=1, progress=False)
        assert catalog.count("starbattle", "easy") == 0


# --- the parts of the driver, alone: no workers, made-up boards --------------------------------

def _board(number: int, variant: int = 0, seconds: float = 0.0) -> generate.Candidate:
    return generate.Candidate(number, variant, None, f"form {number}#{variant}", None, 1, seconds)


def test_boards_commit_in_the_order_handed_out_whatever_order_they_arrive_in():
    from itertools import permutations

    for arrivals in permutations(range(1, 6)):
        order = generate.CommitOrder()
        for number in range(1, 6):
            order.hand_out(number)
        committed = []
        for number in arrivals:
            order.arrive(number, _board(number))
            while (ready := order.head()) is not None:
                committed.append(ready[0])
                order.settle()
            # Exactly the run of arrived numbers from the first one on is committed.
            run = 0
            while run < 5 and run + 1 in arrivals[:arrivals.index(number) + 1]:
                run += 1
            assert committed == list(range(1, run + 1)), arrivals
        assert len(order) == 0


def test_a_refused_head_holds_the_boards_behind_it_until_its_replacement_arrives():
    order = generate.CommitOrder()
    for number in (1, 2, 3):
        order.hand_out(number)
    order.arrive(3, _board(3))
    order.arrive(2, _board(2))
    assert order.head() is None   # 1 has not arrived: 2 and 3 wait
    order.arrive(1, _board(1))
    assert order.head()[0] == 1
    order.send_back()             # refused: 1 stays at the head, and 2 waits behind it
    assert order.head() is None and len(order) == 3
    replacement = _board(1, variant=1)
    order.arrive(1, replacement)
    assert order.head() == (1, replacement)
    order.settle()
    assert order.head()[0] == 2 and len(order) == 2


def test_new_keys_skip_the_numbers_in_the_catalog_and_replacements_go_first():
    keys = generate.KeyQueue({2, 3, 5})
    assert keys.take(4, 10) == (((1, 0), (4, 0), (6, 0), (7, 0)), (1, 4, 6, 7))
    keys.replace(_board(4))
    keys.replace(_board(6, variant=2))
    # Replacements come first and are not new numbers; at most `fresh` new numbers follow.
    assert keys.take(4, 1) == (((4, 1), (6, 3), (8, 0)), (8,))
    assert keys.take(4, 0) == ((), ())
    assert keys.take(2, -3) == ((), ())   # further ahead than allowed already: nothing new
    assert keys.take(2, 5) == (((9, 0), (10, 0)), (9, 10))


def test_a_batch_grows_until_a_task_takes_its_seconds_and_a_fixed_one_stays():
    fixed = generate.BatchSize(7, task_seconds=0.05)
    fixed.observe([_board(1, seconds=1e-5)] * 4)
    assert fixed.size == 7
    grown = generate.BatchSize(None, task_seconds=0.05)
    assert grown.size == 1
    grown.observe([])
    assert grown.size == 1
    grown.observe([_board(1, seconds=0.001), _board(2, seconds=0.001)])
    assert grown.size == 50                 # 0.05 s / 0.001 s a key
    grown.observe([_board(3, seconds=0.011)])
    assert grown.size == 16                 # running mean 0.8 x 0.001 + 0.2 x 0.011 = 0.003
    # Each task weighs the same, whatever its number of keys: three free tasks leave
    # 0.003 x 0.8^3 s a key.
    grown.observe([_board(4, seconds=0.0)] * 3)
    grown.observe([_board(5, seconds=0.0)] * 30)
    grown.observe([_board(6, seconds=0.0)])
    assert grown.size == 32
    for _ in range(30):
        grown.observe([_board(7, seconds=0.0)])
    assert grown.size == generate.BatchSize.LARGEST
    slow = generate.BatchSize(None, task_seconds=0.05)
    slow.observe([_board(1, seconds=3.0)])
    assert slow.size == 1


def test_a_level_is_full_when_too_few_of_the_last_candidates_became_boards():
    watch = generate.CapacityWatch(CapacityRule(window=10, min_share=0.2))
    for _ in range(9):
        watch.record(False)
    assert not watch.full()   # fewer than a window of candidates seen: not judged yet
    watch.record(False)
    assert watch.full()
    watch = generate.CapacityWatch(CapacityRule(window=10, min_share=0.2))
    for became_board in [True, True] + [False] * 8:
        watch.record(became_board)
    assert not watch.full()   # two of ten is the share itself
    watch.record(False)       # the first board slides out of the window: one of ten
    assert watch.full()
    assert watch.stopped("starbattle", "easy", 1, 5) == (
        "starbattle easy: stopped at 1 of 5 boards: only 1 of the last 10 candidates were "
        "neither a duplicate nor too close to an earlier board; the level is near the number "
        "of distinct boards its generator reaches")


class ScrambledExecutor:
    """Runs each task at once in this process but hands the results back in a scrambled
    order, several tasks at a time: workers that finish in any order."""

    name = "scrambled"
    task_seconds = 0.05
    slots = 5

    def __init__(self, seed: int):
        import random
        self._random = random.Random(seed)
        self._finished: list = []

    def submit(self, fn, *args) -> None:
        self._finished.append(fn(*args))

    def in_flight(self) -> int:
        return len(self._finished)

    def results(self) -> list:
        self._random.shuffle(self._finished)
        cut = self._random.randint(1, len(self._finished))
        out, self._finished = self._finished[:cut], self._finished[cut:]
        return out

    def forget(self) -> None:
        self._finished.clear()


def test_workers_finishing_in_any_order_give_the_catalog_of_one_worker(tmp_path, strict_rule):
    with Catalog(tmp_path / "serial.sqlite") as catalog:
        serial = fill(catalog, "starbattle", "easy", 25, workers=1, progress=False)
    assert serial.replaced >= 5
    for seed in range(3):
        path = tmp_path / f"scrambled-{seed}.sqlite"
        with Catalog(path) as catalog:
            report = fill(catalog, "starbattle", "easy", 25, executor=ScrambledExecutor(seed),
                          batch=2, progress=False)
        assert _catalog(path) == _catalog(tmp_path / "serial.sqlite"), seed
        assert report.replaced == serial.replaced
