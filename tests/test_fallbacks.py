"""Files the pipeline keeps between runs are never silently replaced when they are damaged:
each is one line naming the file, exit status 2."""

import json

import pytest

from pipeline import cli
from pipeline.book.build import write_manifest
from pipeline.errors import InputError


@pytest.mark.parametrize("text", ["{not json", '["a list"]', '{"books": [{"no slug": 1}]}',
                                  '{"books": 3}'])
def test_a_corrupt_manifest_is_an_error_not_an_empty_one(tmp_path, text):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(text)
    interior = tmp_path / "interior.pdf"
    interior.write_text("%PDF")
    if "no slug" in text:   # an entry whose book is still there, but not an entry
        manifest.write_text(json.dumps({"books": [{"interior": str(interior)}]}))
    with pytest.raises(InputError, match="manifest.json: not a manifest"):
        write_manifest(tmp_path, [{"slug": "new", "interior": str(interior)}])
    assert manifest.read_text() != "" and "new" not in manifest.read_text()


def test_a_sound_manifest_keeps_the_other_books(tmp_path):
    interior = tmp_path / "interior.pdf"
    interior.write_text("%PDF")
    write_manifest(tmp_path, [{"slug": "old", "interior": str(interior)}])
    write_manifest(tmp_path, [{"slug": "new", "interior": str(interior)}])
    books = json.loads((tmp_path / "manifest.json").read_text())["books"]
    assert [book["slug"] for book in books] == ["new", "old"]


@pytest.mark.parametrize("text", ["{half", "[1, 2]"])
def test_a_corrupt_bench_results_file_is_one_error(tmp_path, capsys, text):
    output = tmp_path / "bench.json"
    output.write_text(text)
    status = cli.main(["bench", "--section", "readback", "--output", str(output)])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert len(err) == 1 and "bench.json" in err[0] and "not a benchmark results file" in err[0]
    assert output.read_text() == text
