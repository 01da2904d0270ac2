"""The Hints section of a book: the page plan, the layout option, the manifest and the preflight
check (each fault planted and caught), and one real book with every family's hints read back."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from books_helpers import build, layout_text, read_back, toy, write_layout  # noqa: F401
from pipeline.book.build import load_and_plan, plan_layout
from pipeline.book.layout import load_layout
from pipeline.book.plan import SectionShape, plan_book
from pipeline.spreads import facing
from pipeline.errors import InputError
from pipeline.family import family_module, family_names, get_family
from pipeline.readback.hints import hint_findings
from pipeline.readback.checks import run_checks
from pipeline.readback.checks.puzzles import check_hints

ROOT = Path(__file__).resolve().parent.parent


# --- the plan ------------------------------------------------------------------------------------

@pytest.mark.parametrize("counts", [(7, 5), (8, 4), (3,), (12, 9, 2)])
@pytest.mark.parametrize("per_page", [1, 2])
def test_hints_sit_between_puzzles_and_solutions_out_of_sight(counts, per_page):
    sections = [SectionShape("x", count, per_page, 6, 4) for count in counts]
    plan = plan_book(sections)
    roles = [page.role for page in plan.pages]
    last_puzzle = max(i for i, role in enumerate(roles) if role == "puzzles")
    first_hint = roles.index("hints")
    first_solution = roles.index("solutions")
    assert last_puzzle < first_hint < first_solution
    assert set(roles[last_puzzle + 1:first_hint]) <= {"notes"}
    assert sorted(plan.hint_page) == sorted(plan.puzzle_page)
    for number, page in plan.hint_page.items():
        assert plan.pages[page - 1].kind == "hints" and number in plan.pages[page - 1].puzzles
        assert not facing(page, plan.puzzle_page[number])


def test_a_notes_page_keeps_the_first_hints_off_the_last_puzzle_spread():
    # Contents, how-to and puzzles end on an even (left-hand) page: hints would face it.
    plan = plan_book([SectionShape("x", 2, 1, 6, 4)])
    last_puzzle = max(p.number for p in plan.pages if p.role == "puzzles")
    assert last_puzzle % 2 == 0
    assert plan.pages[last_puzzle].role == "notes"
    without = plan_book([SectionShape("x", 3, 1, 6, 4)])
    last = max(p.number for p in without.pages if p.role == "puzzles")
    assert last % 2 == 1 and without.pages[last].role == "hints"


def test_no_hints_means_no_hint_pages_and_the_same_plan():
    shapes = [SectionShape("x", 9, 2, 6)]
    plan = plan_book(shapes)
    assert not plan.hint_page and not plan.pages_of("hints")
    assert [p.role for p in plan.pages] == [p.role for p in plan_book(
        [SectionShape("x", 9, 2, 6, 0)]).pages]


def test_facing_pages():
    assert facing(4, 5) and facing(5, 4) and facing(6, 6)
    assert not facing(5, 6) and not facing(3, 5) and not facing(1, 2)


# --- the layout option -------------------------------------------------------------------------

def test_hints_option_is_validated(tmp_path, toy):
    path = write_layout(tmp_path, "bad", layout_text(hints="yes"))
    with pytest.raises(InputError) as caught:
        load_layout(path)
    assert caught.value.field == "hints" and "true or false" in caught.value.message
    path = write_layout(tmp_path, "toyhints", layout_text(hints=True))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(toy), "gives_hints", False)  # a family that declares no hints
        with pytest.raises(InputError) as caught:
            load_layout(path)
    assert caught.value.field == "hints" and "writes no hints" in caught.value.message
    text = layout_text(sections=[{"family": "starbattle", "level": "easy", "count": 4,
                                  "hints_per_page": 5}], hints=True)
    with pytest.raises(InputError) as caught:
        load_layout(write_layout(tmp_path, "five", text))
    assert caught.value.field == "sections[1].hints_per_page" and caught.value.line


def test_default_books_print_hints_of_every_family_and_the_two_star_book_too():
    books = load_and_plan(sorted((ROOT / "layouts").glob("*.toml")))
    with_hints = [b for b in books if b.layout.hints]
    assert "star-battle-two-stars" in {b.layout.slug for b in with_hints}
    # the families whose hints a default book prints (Word Search needs none to be solved and
    # declares none; no default book prints Fill-In or Codeword hints yet: theirs are read
    # back in the hinted book below)
    hinted = {s.family for b in with_hints for s in b.layout.sections}
    giving = {s.family for b in books for s in b.layout.sections
              if get_family(s.family).gives_hints}
    assert hinted == {"starbattle", "bridges", "connections", "sudoku", "kakuro"}
    assert giving - hinted == {"fillin", "codeword"}
    for book in with_hints:
        assert book.plan.pages_of("hints")
        assert sorted(book.plan.hint_page) == sorted(book.plan.puzzle_page)


# --- a real book: every family's hints drawn, read back and checked ------------------------------

@pytest.fixture(scope="module")
def hinted(tmp_path_factory):
    root = tmp_path_factory.mktemp("hints")
    text = layout_text("Hinted", sections=[
        {"family": "starbattle", "level": "tricky", "count": 3, "puzzles_per_page": 2,
         "solutions_per_page": 6, "hints_per_page": 4},
        {"family": "bridges", "level": "hard", "count": 2, "puzzles_per_page": 1,
         "solutions_per_page": 6, "hints_per_page": 3},
        {"family": "bridges", "level": "expert", "count": 2, "puzzles_per_page": 2,
         "solutions_per_page": 6, "hints_per_page": 4},
        {"family": "connections", "level": "easy", "count": 3, "puzzles_per_page": 1,
         "solutions_per_page": 2, "hints_per_page": 6},
        {"family": "sudoku", "level": "medium", "count": 2, "puzzles_per_page": 1,
         "solutions_per_page": 6, "hints_per_page": 2},
        {"family": "kakuro", "level": "easy", "count": 2, "puzzles_per_page": 1,
         "solutions_per_page": 4, "hints_per_page": 2},
        {"family": "fillin", "level": "easy", "count": 2, "puzzles_per_page": 1,
         "solutions_per_page": 4, "hints_per_page": 2},
        {"family": "codeword", "level": "easy", "count": 2, "puzzles_per_page": 1,
         "solutions_per_page": 4, "hints_per_page": 2},
    ], hints=True)
    path = write_layout(root, "hinted", text)
    entries, manifest = build(root, [path])
    from pipeline.catalog import Catalog
    records = {}
    with Catalog(root / "catalog.sqlite") as catalog:
        for family, level in (("starbattle", "tricky"), ("bridges", "hard"),
                              ("bridges", "expert"), ("connections", "easy"),
                              ("sudoku", "medium"), ("kakuro", "easy"), ("fillin", "easy"),
                              ("codeword", "easy")):
            for record in catalog.records(family, level):
                records[record.id] = record.to_dict()
    book = next(b for b in manifest["books"] if b["slug"] == "hinted")
    return root, book, records


def test_the_real_book_passes_the_hints_check(hinted):
    root, book, records = hinted
    b = read_back(root, book, records)
    check = check_hints(b)
    assert check.passed, check.findings
    assert check.measured["hints"] == 18
    # every family of the package that gives hints has hints in this book (the test
    # family some tests register is not one)
    printed = {records[number_id]["family"] for number_id in records}
    assert printed == {name for name in family_names() if get_family(name).gives_hints
                       and family_module(name).startswith("pipeline.")}
    kinds = [page["kind"] for page in book["pages"]]
    assert kinds.index("hints") > max(i for i, k in enumerate(kinds) if k == "puzzle")
    contents = b.pages[2].text
    assert "Hints" in contents
    assert book["hints"] is True


def test_the_real_book_with_hints_passes_every_check(hinted):
    # Hints change the puzzle pages' pointer line and add figures: the whole preflight must
    # still pass (numbering reads "Hint on page H · Solution on page S"; figures overlap
    # nothing).
    root, book, records = hinted
    failed = {c.name: c.findings[:3] for c in run_checks(read_back(root, book, records))
              if not c.passed}
    assert failed == {}


def _text_of(root, book, records):
    b = read_back(root, book, records)
    return (lambda n: b.pages[n - 1].text if 1 <= n <= len(b.pages) else None), b


def _reveals(record):
    return get_family(record["family"])


def _puzzle_items(book):
    return [(page, item) for page in book["pages"] if page["kind"] == "puzzle"
            for item in page["puzzles"]]


def _hint_items(book):
    return [(page, item) for page in book["pages"] if page["kind"] == "hints"
            for item in page["puzzles"]]


def _findings(root, book, records, planted):
    text, _ = _text_of(root, book, records)
    return hint_findings(planted, text, records, _reveals)


def test_each_planted_fault_is_caught(hinted):
    root, book, records = hinted
    text, b = _text_of(root, book, records)
    assert hint_findings(book, text, records, _reveals) == []

    def planted(change):
        bad = copy.deepcopy(book)
        change(bad)
        return [message for _, message in hint_findings(bad, text, records, _reveals)]

    def drop_hint(bad):
        del _puzzle_items(bad)[0][1]["hint"]
    assert any("has no hint" in m for m in planted(drop_hint))

    def second_hint(bad):
        page, item = _hint_items(bad)[0]
        page["puzzles"].append(copy.deepcopy(item))
    assert any("has 2 hints" in m for m in planted(second_hint))

    def wrong_pointer(bad):
        page, item = _puzzle_items(bad)[0]
        item["hint"]["page"] = item["solution_page"]
    found = planted(wrong_pointer)
    assert any("not a hints page" in m for m in found)
    assert any("does not print \"Hint on page" in m for m in found)

    def wrong_back_pointer(bad):
        _hint_items(bad)[0][1]["puzzle_page"] += 2
    assert any("names puzzle" in m for m in planted(wrong_back_pointer))

    def other_words(bad):
        _puzzle_items(bad)[0][1]["hint"]["text"] += " And another step."
    found = planted(other_words)
    assert any("differs between" in m for m in found)
    assert any("does not print the manifest's text" in m for m in found)

    def wrong_reveal(bad):
        page, item = next((p, i) for p, i in _puzzle_items(bad)
                          if i["id"].startswith("starbattle"))
        star = records[item["id"]]["solution"]["stars"][0]
        item["hint"]["reveals"]["crossed"].append(star)
    found = planted(wrong_reveal)
    assert any("holds a star in the solution" in m for m in found)
    assert any("does not name revealed square" in m for m in found)

    def off_board(bad):
        page, item = next((p, i) for p, i in _puzzle_items(bad)
                          if i["id"].startswith("starbattle"))
        item["hint"]["text"] += " Then Z40."
        for p, i in _hint_items(bad):
            if i["id"] == item["id"]:
                i["text"] = item["hint"]["text"]
    assert any("off the" in m for m in planted(off_board))

    def wrong_group(bad):
        page, item = next((p, i) for p, i in _puzzle_items(bad)
                          if i["id"].startswith("connections"))
        item["hint"]["reveals"]["group"] = records[item["id"]]["grade"]["herring_labels"][0]
    found = planted(wrong_group)
    assert any("not a group of the solution" in m for m in found)

    def orphan(bad):
        page, item = _hint_items(bad)[0]
        extra = copy.deepcopy(item)
        extra["id"] = "starbattle-not-printed"
        page["puzzles"].append(extra)
    assert any("which no puzzle page prints" in m for m in planted(orphan))


def test_a_hint_facing_its_puzzle_is_caught(hinted):
    root, book, records = hinted
    text, _ = _text_of(root, book, records)
    bad = copy.deepcopy(book)
    pages = bad["pages"]
    puzzle_page, item = _puzzle_items(bad)[-1]
    hint_page = item["hint"]["page"]
    # Move the hints page's kind onto the page facing the puzzle and point there.
    facing_number = puzzle_page["number"] + 1 if puzzle_page["number"] % 2 == 0 \
        else puzzle_page["number"] - 1
    pages[facing_number - 1]["kind"] = "hints"
    pages[facing_number - 1]["puzzles"] = [h for p, h in _hint_items(bad)
                                           if h["id"] == item["id"]]
    pages[hint_page - 1]["puzzles"] = [h for h in pages[hint_page - 1]["puzzles"]
                                       if h["id"] != item["id"]]
    item["hint"]["page"] = facing_number
    found = [m for _, m in hint_findings(bad, text, records, _reveals)]
    assert any("in sight of the puzzle" in m for m in found)


def test_hints_off_with_hints_listed_is_caught(hinted):
    root, book, records = hinted
    text, _ = _text_of(root, book, records)
    bad = copy.deepcopy(book)
    bad["hints"] = False
    assert hint_findings(bad, text, records, _reveals)


def test_the_hints_check_fails_on_a_book_that_lists_hints_with_hints_off(hinted):
    from dataclasses import replace
    root, book, records = hinted
    b = read_back(root, book, records)
    check = check_hints(replace(b, book=dict(b.book, hints=False)))
    assert not check.passed
    assert all(f.document == "interior" for f in check.findings)


def test_the_puzzle_page_prints_both_pointers(hinted):
    root, book, records = hinted
    text, _ = _text_of(root, book, records)
    page, item = _puzzle_items(book)[0]
    assert f"Hint on page {item['hint']['page']} · Solution on page {item['solution_page']}" \
        in text(page["number"])
    assert set(item["hint"]) == {"page", "technique", "text", "reveals"}


def test_hints_worked_out_on_every_core_print_the_same_bytes(hinted, tmp_path, toy):
    """Side by side, a book's hints are worked out in small tasks before the books are
    written; the PDFs are those of one process working each book's hints as it writes it."""
    import hashlib
    import shutil

    from pipeline.book.build import build_books

    root, book, _records = hinted
    catalog = tmp_path / "catalog.sqlite"
    shutil.copy(root / "catalog.sqlite", catalog)
    layout = root / "layouts" / "hinted.toml"
    second = write_layout(tmp_path, "plain", layout_text("Plain"))   # a second job for the pool
    build_books([layout, second], catalog, tmp_path / "side", workers=2, progress=False,
                force=True)
    for name in ("interior.pdf", "cover.pdf"):
        alone = hashlib.sha256((root / "build" / "hinted" / name).read_bytes()).hexdigest()
        side = hashlib.sha256((tmp_path / "side" / "hinted" / name).read_bytes()).hexdigest()
        assert side == alone, name
