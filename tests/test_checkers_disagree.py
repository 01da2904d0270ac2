"""When the independent checker disagrees with the solver on a board, every family raises
CheckersDisagree: the driver skips that board, counts it as failed and fills on."""

import importlib

import pytest

from pipeline.catalog import Catalog
from pipeline.errors import CheckersDisagree
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
    rejected = family.generate(puzzle_key(name, level, 1), level).puzzle

    def planted(puzzle, solution):
        proof = real(puzzle, solution)
        return {**proof, "unique": False} if puzzle == rejected else proof

    monkeypatch.setattr(checker, "verify", planted)
    return name, level


@pytest.mark.parametrize("first_board_rejected", family_names(), indirect=True)
def test_a_board_the_checker_rejects_is_skipped_and_the_fill_goes_on(first_board_rejected,
                                                                       tmp_path):
    name, level = first_board_rejected
    with pytest.raises(CheckersDisagree):
        get_family(name).generate(puzzle_key(name, level, 1), level)
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        report = fill(catalog, name, level, 2, workers=1, progress=False)
        numbers = catalog.numbers(name, level)
    assert (report.failed, report.added) == (1, 2)
    assert numbers == {2, 3}   # board 1 skipped, the next two committed in its place
