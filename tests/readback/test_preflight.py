"""Every preflight check passes on a sound book and fails on a PDF made to break it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.readback.checks import CHECKS, run_checks
from pipeline.readback.loaded import load_book
from readback_books import ISBN, make_book


def results(tmp_path, faults=(), **options):
    book, records = make_book(tmp_path, faults, **options)
    return {c.name: c for c in run_checks(load_book(book, records))}


def failing(checks):
    return sorted(name for name, check in checks.items() if not check.passed)


def test_the_sound_fixture_book_passes_every_check(tmp_path):
    checks = results(tmp_path)
    assert failing(checks) == [], {n: c.findings[:3] for n, c in checks.items() if not c.passed}
    # and each check says what it measured
    assert checks["live_area"].measured["worst"]["clearance_pt"] > 0
    assert checks["line_width"].measured["thinnest"]["width_pt"] == 0.75
    assert checks["text_size"].measured["smallest"]["size_pt"] == 9
    assert checks["answers"].measured["puzzles_checked"] == 2
    assert checks["cover_size"].measured["spine_in"] == pytest.approx(24 * 0.002252)


def test_an_isbn_barcode_in_the_box_passes_and_is_read_back(tmp_path):
    checks = results(tmp_path, isbn=ISBN)
    assert checks["barcode_box"].passed, checks["barcode_box"].findings
    assert checks["barcode_box"].measured["decoded"] == ISBN


def test_a_barcode_of_another_isbn_fails(tmp_path):
    checks = results(tmp_path, isbn="9781861972712")
    assert failing(checks) == ["barcode_box"]


# Faults that break a second check as well, by their nature: an odd page count changes the
# spine, spine text sits in the safe zone's way.
ALSO = {"odd-pages": {"cover_size"}, "spine-text": {"safe_zone"}}


def test_every_check_in_the_table_has_a_planted_fault():
    assert [row.name for row in CHECKS if not (row.faults or row.proven_by)] == []
    assert len({row.name for row in CHECKS}) == len(CHECKS)


def test_every_test_a_check_names_as_its_proof_exists():
    root = Path(__file__).resolve().parent.parent.parent
    missing = []
    for row in CHECKS:
        for test in row.proven_by:
            path, _, name = test.partition("::")
            source = (root / path).read_text() if (root / path).exists() else ""
            if not re.search(rf"^def {re.escape(name)}\(", source, re.M):
                missing.append(test)
    assert missing == []


def proof_record(tests: list[str], tmp_path) -> tuple[int, dict]:
    """Run `tests` (as `file::test`) under the check recorder: the exit status, and for each
    test the checks that returned a failing result while it ran (in each of its cases, when
    it is parametrized)."""
    root = Path(__file__).resolve().parent.parent.parent
    record = tmp_path / "record.json"
    env = dict(os.environ, CHECK_RECORD=str(record),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent),
                                           os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "check_recorder",
                          "-p", "no:cacheprovider", *tests], cwd=root, env=env,
                         capture_output=True, text=True)
    cases = json.loads(record.read_text()) if record.exists() else {}
    found: dict[str, list] = {}   # by test: the checks that failed in every one of its cases
    for case, names in cases.items():
        test = case.split("[")[0]
        found[test] = sorted(set(found.get(test, names)) & set(names))
    return run.returncode, found


def test_every_test_a_check_names_as_its_proof_makes_it_fail(tmp_path):
    """A `proven_by` test must pass, and while it runs the row's own check must return a
    failing result (on the fault it plants), not merely exist."""
    tests = sorted({test for row in CHECKS for test in row.proven_by})
    status, found = proof_record(tests, tmp_path)
    assert status == 0
    unproven = [(row.name, test) for row in CHECKS for test in row.proven_by
                if row.name not in found.get(test, [])]
    assert unproven == []


def test_a_proof_that_never_makes_its_check_fail_is_caught(tmp_path):
    # This test plants a fault in what the hints check reads, but calls the logic beneath
    # the check, never the check: it proves the logic, not the row.
    logic_only = "tests/test_hints_book.py::test_hints_off_with_hints_listed_is_caught"
    status, found = proof_record([logic_only], tmp_path)
    assert status == 0 and "hints" not in found.get(logic_only, [])


@pytest.mark.parametrize("name,fault", [(row.name, fault) for row in CHECKS
                                        for fault in row.faults] or [("none", "none")])
def test_each_check_fails_on_a_pdf_made_to_break_it(tmp_path, name, fault):
    checks = results(tmp_path, [fault])
    assert name in failing(checks)
    # the fault breaks its own check; others only where the fault is theirs too
    assert set(failing(checks)) <= {name} | ALSO.get(fault, set()), failing(checks)


def test_the_answer_guard_counts_the_boards_it_found(tmp_path):
    sound = results(tmp_path / "sound")["answers"]
    assert sound.measured == {"puzzles_checked": 2, "boards_found": 2}
    moved = results(tmp_path / "moved", ["grid-moved"])["answers"]
    assert moved.measured == {"puzzles_checked": 2, "boards_found": 1}
    assert "no grid frame" in moved.findings[0].message


def test_the_numbering_guard_reads_labels_not_stray_numbers(tmp_path):
    checks = results(tmp_path, ["label-missing"])
    (finding,) = checks["numbering"].findings
    assert finding.page == 3 and "'Puzzle 1'" in finding.message
    assert "Fixture Puzzles 1" in loaded_page_text(tmp_path, 3)  # the number is on the page


def loaded_page_text(folder, number):
    from pipeline.readback.reader import open_pdf
    return open_pdf(folder / "interior.pdf").page(number).text


def test_a_record_of_an_unknown_family_fails_the_answer_check(tmp_path):
    from pipeline.readback.checks import check_answers

    book, records = make_book(tmp_path)
    records = {pid: dict(record, family="no-such-family") for pid, record in records.items()}
    check = check_answers(load_book(book, records))
    assert not check.passed and "unknown family 'no-such-family'" in check.findings[0].message


def test_level_slugs_are_found_where_a_level_is_named_and_keys_are_not():
    from pipeline.readback.checks.puzzles import slug_findings

    slugs = {"easy", "expert", "two-star-easy"}
    assert slug_findings("Star Battle · Two-Star Easy\n300 puzzles · Easy to Expert", slugs) == []
    assert slug_findings("Worked examples: starbattle:two-star-easy:4; sudoku:easy:9.", slugs) == []
    assert slug_findings("An easy start, an expert finish.", slugs) == []
    assert len(slug_findings("Star Battle · easy", slugs)) == 1
    assert len(slug_findings("300 puzzles · easy to expert", slugs)) == 2
    assert len(slug_findings("• 75 Sudoku puzzles, expert", slugs)) == 1
    assert len(slug_findings("Try the two-star-easy ones first", slugs)) == 1
