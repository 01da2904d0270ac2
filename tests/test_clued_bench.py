"""The clued crossword race (pipeline/clued/bench.py) without its peers installed:

- a fill is read back before it counts: a word off the list or a word twice is caught;
- Qxw's deck gives a crossing cell one number on both its words, and its `W<n>` lines are read
  onto the pattern (a stand-in program prints them), a word off the list counted unsound;
- a peer not installed, or one that fails to run, is one line on stderr, never a traceback,
  and the race goes on without it.
"""

from __future__ import annotations

import stat
from pathlib import Path

from pipeline.clued import bench
from pipeline.engines.crossword.grid import layout

# A 3 x 3 open grid: three words across, three down (a double word square).
SQUARE = ("...", "...", "...")
ACROSS, DOWN = ("ACE", "CAD", "TBS"), ("ACT", "CAB", "EDS")
WORDS = frozenset(ACROSS + DOWN)


def square_letters(rows=ACROSS) -> dict:
    return {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}


def test_a_sound_fill_is_sound_and_planted_faults_are_caught():
    slots = layout(SQUARE)
    assert bench.fill_sound(slots, square_letters(), WORDS)
    assert not bench.fill_sound(slots, square_letters(), WORDS - {"CAB"})   # off the list
    # BAT twice: across in the first row and down in the first column
    twice = square_letters(("BAT", "ARE", "TEN"))
    assert not bench.fill_sound(slots, twice, WORDS | {"BAT", "ARE", "TEN"})


def test_the_deck_numbers_each_cell_once_across_and_down():
    deck = bench.qxw_deck(layout(SQUARE)).splitlines()
    assert deck == ["0 1 2", "3 4 5", "6 7 8", "0 3 6", "1 4 7", "2 5 8"]


def stand_in(tmp_path: Path, body: str) -> Path:
    program = tmp_path / "qxw"
    program.write_text("#!/bin/sh\n" + body, encoding="ascii")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def test_qxw_lines_are_read_onto_the_pattern(tmp_path, monkeypatch):
    printed = "".join(f"W{n} {word}\n# {word.lower()}\n"
                      for n, word in enumerate(ACROSS + DOWN))
    monkeypatch.setattr(bench, "QXW", stand_in(tmp_path, f"printf '{printed}'\n"))
    slots, words_file, deck = layout(SQUARE), tmp_path / "words.txt", tmp_path / "deck.qxd"
    assert bench.qxw_fill(slots, words_file, deck, WORDS)[0] == bench.SOUND
    assert bench.qxw_fill(slots, words_file, deck, WORDS - {"TBS"})[0] == bench.UNSOUND


def test_qxw_finding_no_fill_is_a_failed_fill(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "QXW", stand_in(tmp_path, "echo 'No fill found'; exit 4\n"))
    outcome = bench.qxw_fill(layout(SQUARE), tmp_path / "w", tmp_path / "d", WORDS)
    assert outcome[0] == bench.NONE


def one_level_race(monkeypatch, capsys) -> tuple[dict, list[str]]:
    # mini-de: its first race pattern gives a board (mini's does not)
    monkeypatch.setattr(bench, "LEVELS", ("mini-de",))
    results = bench.race(1)
    return results, capsys.readouterr().err.splitlines()


def test_absent_peers_are_one_line_each(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bench, "QXW", tmp_path / "no-qxw")
    monkeypatch.setattr(bench, "PEER_MODULE", "no_such_filler_module")
    results, err = one_level_race(monkeypatch, capsys)
    assert len(err) == 2 and "Traceback" not in "\n".join(err)
    assert "no-qxw is not installed" in err[0] and "no_such_filler_module" in err[1]
    row = results["per_level"]["mini-de"]
    assert "qxw" not in row and "blacksquare" not in row and row["board"]["filled"] == 1
    assert set(results["left_out"]) == {"qxw", "blacksquare"}


def test_peers_that_fail_to_run_are_one_line_each(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bench, "QXW", stand_in(tmp_path, "echo 'bad deck' >&2; exit 16\n"))
    module = tmp_path / "broken_filler.py"
    module.write_text("class WordList:\n    def __init__(self, words): pass\n"
                      "class Crossword:\n    def __init__(self, **kw):\n"
                      "        raise ValueError('no grid')\n", encoding="ascii")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(bench, "PEER_MODULE", "broken_filler")
    results, err = one_level_race(monkeypatch, capsys)
    assert len(err) == 2
    assert "exit status 16: bad deck" in err[0]
    assert "broken_filler failed: ValueError: no grid" in err[1]
    assert set(results["left_out"]) == {"qxw", "blacksquare"}


def test_the_race_printout_names_every_level_run(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(bench, "QXW", tmp_path / "no-qxw")
    monkeypatch.setattr(bench, "PEER_MODULE", "no_such_filler_module")
    results, _err = one_level_race(monkeypatch, capsys)
    bench.print_race(results)
    lines = capsys.readouterr().err.splitlines()
    assert lines[1].startswith("mini-de") and "board " in lines[1] and "fill " in lines[1]


def test_a_key_that_gives_no_board_is_counted_failed_not_a_traceback():
    from types import SimpleNamespace

    from pipeline.engines.crossword.families import generation_rates
    from pipeline.errors import GenerationFailed

    def generate(key, level, version):
        if key.endswith(":1"):
            raise GenerationFailed(f"{key}: no board")
        return SimpleNamespace(attempts=2, puzzle={}, solution={})

    made: list = []
    row = generation_rates(generate, "x", ["easy"], 3, "x/1", {"easy": 1}, made)["easy"]
    assert (row["boards"], row["failed"], row["attempts_per_board"], len(made)) == (2, 1, 2.0, 2)
