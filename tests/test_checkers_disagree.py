"""When the independent checker disagrees with the solver on a board, every family raises
CheckersDisagree: the driver skips that board, counts it as failed and fills on."""

import importlib

import pytest

from pipeline.catalog import Catalog
from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import family_module, family_names, get_family
from pipeline.generate import fill
from pipeline.records import puzzle_key


@pytest.fixture
def first_board_rejected(request, monkeypatch):
    """The family's checker, planted to call the board of key 1 not unique (every other board
    it judges as before)."""
    name = request.param
    family = get_family(name)
    level = family.levels[0]
    checker = importlib.import_module(f"{family_module(name)}.verify")
    real = checker.verify
    # The first three key numbers that give a board (1, 2, 3 for most families; a nonogram
    # key whose picture lives at another level gives none, docs/nonogram.md).
    made = []
    for number in range(1, 200):
        try:
            made.append((number, family.generate(puzzle_key(name, level, number), level)))
        except GenerationFailed:
            continue
        if len(made) == 3:
            break
    rejected = made[0][1].puzzle

    def planted(puzzle, solution):
        proof = real(puzzle, solution)
        return {**proof, "unique": False} if puzzle == rejected else proof

    monkeypatch.setattr(checker, "verify", planted)
    return name, level, [number for number, _ in made]


@pytest.mark.parametrize("first_board_rejected", family_names(), indirect=True)
def test_a_board_the_checker_rejects_is_skipped_and_the_fill_goes_on(first_board_rejected,
                                                                       tmp_path):
    name, level, (first, second, third) = first_board_rejected
    with pytest.raises(CheckersDisagree):
        get_family(name).generate(puzzle_key(name, level, first), level)
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        report = fill(catalog, name, level, 2, workers=1, progress=False)
        numbers = catalog.numbers(name, level)
    # the first board skipped (and any key before the third that gives no board), the next
    # two committed in its place
    assert (report.failed, report.added) == (1 + third - 3, 2)
    assert numbers == {second, third}
