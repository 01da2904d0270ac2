"""Records, bad input, dedupe and similarity, and the family's place in the registry."""

from __future__ import annotations

import json

import pytest

from pipeline.cli import main
from pipeline.connections import FAMILY
from pipeline.errors import InputError
from pipeline.family import get_family
from pipeline.generate import make_record


@pytest.fixture(scope="module")
def generated():
    return FAMILY.generate("connections:medium:5", "medium")


def record_of(generated) -> dict:
    return json.loads(json.dumps(make_record(FAMILY, "medium", 5, 0, generated).to_dict()))


def test_the_family_is_registered():
    family = get_family("connections")
    assert family is FAMILY and family.version == "connections/1"
    assert family.levels[:3] == ("easy", "medium", "hard")
    assert family.levels[3:] == tuple(f"{level}-{lang}" for lang in ("de", "fr", "es")
                                      for level in ("easy", "medium", "hard"))
    assert family.grid_shape({"tiles": []}) == (4, 4)
    assert len(family.rules_text()) >= 3


def test_a_record_follows_the_contract(generated):
    record = record_of(generated)
    assert record["key"] == "connections:medium:5" and record["id"] == "connections-medium-0005"
    assert len(record["puzzle"]["tiles"]) == 16
    groups = record["solution"]["groups"]
    assert [g["tier"] for g in groups] == ["yellow", "green", "blue", "purple"]
    assert all(set(g) == {"tier", "label", "tiles"} and len(g["tiles"]) == 4 for g in groups)
    assert record["grade"]["level"] == "medium" and "herrings" in record["grade"]
    assert record["proof"]["unique"] is True
    FAMILY.check_record(json.loads(json.dumps(record)))


def test_a_key_gives_the_same_board(generated):
    again = FAMILY.generate("connections:medium:5", "medium")
    assert again.puzzle == generated.puzzle and again.solution == generated.solution


def test_the_grade_lies_in_the_level_band():
    from pipeline.connections.grade import LEVEL_BY_NAME
    for level in FAMILY.levels:
        grade = FAMILY.generate(f"connections:{level}:9", level).grade
        band = LEVEL_BY_NAME[level]
        assert band.fewest_herrings <= grade["herrings"] <= band.most_herrings
        assert grade["herrings"] == len(grade["herring_labels"])


def broken(record: dict, path: list, value) -> dict:
    data = json.loads(json.dumps(record))
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, field", [
    (["puzzle"], KeyError, "puzzle"),
    (["puzzle", "tiles"], "France", "puzzle.tiles"),
    (["puzzle", "tiles"], ["France"] * 3, "puzzle.tiles"),
    (["puzzle", "tiles", 3], "Atlantis", "puzzle.tiles[3]"),
    (["puzzle", "tiles", 5], 7, "puzzle.tiles[5]"),
    (["solution", "groups"], [], "solution.groups"),
    (["solution", "groups", 1, "tier"], "orange", "solution.groups[1].tier"),
    (["solution", "groups", 2, "label"], "Made up", "solution.groups[2].label"),
    (["solution", "groups", 0, "tiles"], ["France"], "solution.groups[0].tiles"),
    (["solution", "groups", 3], KeyError, "solution.groups"),
])
def test_bad_records_name_the_field(generated, path, value, field):
    with pytest.raises(InputError) as error:
        FAMILY.check_record(broken(record_of(generated), path, value))
    assert error.value.field == field
    assert "\n" not in str(error.value)


def test_a_duplicated_tile_is_named(generated):
    record = record_of(generated)
    record["puzzle"]["tiles"][1] = record["puzzle"]["tiles"][0]
    with pytest.raises(InputError, match="twice"):
        FAMILY.check_record(record)


def test_an_unknown_level_is_an_input_error():
    with pytest.raises(InputError) as error:
        FAMILY.generate("connections:extreme:1", "extreme")
    assert error.value.field == "level"


def test_count_on_a_bad_file_is_one_line_and_status_2(tmp_path, capsys, generated):
    good = record_of(generated)
    bad = broken(good, ["puzzle", "tiles", 0], "Narnia")
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"{path}:2" in err and "puzzle.tiles[0]" in err


def test_count_on_good_records(tmp_path, capsys, generated):
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(record_of(generated)) + "\n")
    assert main(["count", str(path), "--limit", "3"]) == 0
    assert "connections-medium-0005\t1" in capsys.readouterr().out


def test_dedupe_form_ignores_the_printed_order(generated):
    shuffled = {"tiles": list(reversed(generated.puzzle["tiles"]))}
    assert FAMILY.dedupe_form(shuffled) == FAMILY.dedupe_form(generated.puzzle)
    other = FAMILY.generate("connections:medium:6", "medium")
    assert FAMILY.dedupe_form(other.puzzle) != FAMILY.dedupe_form(generated.puzzle)
    for group in generated.solution["groups"]:
        assert ",".join(sorted(group["tiles"])) in FAMILY.dedupe_form(generated.puzzle)


def test_too_similar(generated):
    tiles = generated.puzzle["tiles"]
    other = FAMILY.generate("connections:medium:6", "medium")
    assert not FAMILY.too_similar("medium", generated.puzzle, [other.puzzle])
    assert FAMILY.too_similar("medium", generated.puzzle, [{"tiles": list(reversed(tiles))}])
    # Nine shared tiles are too many, eight are not (the rest of that board does not split).
    others = [t for t in other.puzzle["tiles"] if t not in tiles]
    assert FAMILY.too_similar("medium", generated.puzzle, [{"tiles": tiles[:9] + others[:7]}])
    assert not FAMILY.too_similar("medium", generated.puzzle, [{"tiles": tiles[:8] + others[:8]}])


def test_two_shared_groups_are_too_similar(generated):
    from pipeline.connections.solve import groups_of
    ours = generated.solution["groups"]
    for n in range(6, 40):  # find a board whose last two groups complete ours into a board
        other = FAMILY.generate(f"connections:medium:{n}", "medium").solution["groups"]
        tiles = ours[0]["tiles"] + ours[1]["tiles"] + other[2]["tiles"] + other[3]["tiles"]
        if len(set(tiles)) == 16 and groups_of(tuple(sorted(tiles))):
            break
    else:
        pytest.fail("no mixed board splits")
    assert FAMILY.too_similar("medium", generated.puzzle, [{"tiles": tiles}])
    one = ours[0]["tiles"] + other[1]["tiles"] + other[2]["tiles"] + other[3]["tiles"]
    if len(set(one)) == 16 and groups_of(tuple(sorted(one))):
        assert not FAMILY.too_similar("medium", generated.puzzle, [{"tiles": one}])


def test_explain_names_the_four_labels_and_the_one_split(generated):
    lines = FAMILY.explain(generated.puzzle)
    for group in generated.solution["groups"]:
        assert any(group["label"] in line for line in lines[:-2])
        assert f"{group['label']} ({group['tier']})" in lines[-1]
    assert "one covers all sixteen" in lines[-1]
