"""The Sudoku benchmark reads its public data files from $PIPELINE_DATA/sudoku only: never a
path outside the checkout by default; a missing file skips its row with one line."""

from pipeline.sudoku import bench


def test_without_pipeline_data_each_data_row_is_skipped_with_one_line(monkeypatch, capsys):
    monkeypatch.delenv("PIPELINE_DATA", raising=False)
    assert bench.proofs(quick=True) == {
        "skipped": "skipped: royle17.txt not found in $PIPELINE_DATA/sudoku "
                   "(PIPELINE_DATA is not set)"}
    assert bench.grading(quick=True)["skipped"].startswith("skipped: qqwing800_rated.tsv")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("sudoku bench: skipped: ") for line in err)


def test_a_file_missing_from_pipeline_data_is_skipped_and_a_present_one_found(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setenv("PIPELINE_DATA", str(tmp_path))
    assert bench.proofs(quick=True) == {
        "skipped": f"skipped: royle17.txt not found in {tmp_path}/sudoku"}
    (tmp_path / "sudoku").mkdir()
    (tmp_path / "sudoku" / "royle17.txt").write_text("." * 81 + "\n")
    assert bench._data("royle17.txt") == tmp_path / "sudoku" / "royle17.txt"


def test_the_package_names_no_folder_outside_the_checkout():
    """No source line climbs out of the checkout (`../`, `.parents[n].parent`)."""
    import re
    from pathlib import Path

    package = Path(bench.__file__).resolve().parents[1]
    climbs = re.compile(r"\.\./|\.parents\[\d+\]\.parent\b")
    offenders = [f"{path.relative_to(package)}:{number}" for path in sorted(package.rglob("*.py"))
                 for number, line in enumerate(path.read_text().splitlines(), 1)
                 if climbs.search(line)]
    assert offenders == []
