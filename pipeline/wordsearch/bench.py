"""`pipeline bench` for Word Search: boards per second per level, each proved by the
independent checker, and the side-by-side with the peer generator.

The peer is the PyPI package `word-search-generator` 5.1.0 (it needs Python 3.12). When it is
installed, the same grid (17x17), word count (25) and directions (all eight) are timed for
both, and the peer's boards are scanned with our checker's clauses: a listed word that
appears other than once, and an offensive word of four letters or more anywhere. When it is
not installed, one line says so.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from pipeline.wordsearch.generate import generate
from pipeline.wordsearch.grade import LEVELS

FULL_KEYS = 400
QUICK_KEYS = 40
PEER_WORDS = 25
PEER_LEVEL = "hard"      # 17x17, all eight directions


def measure_level(level: str, keys: int, words: int | None = None) -> dict:
    attempts: list[int] = []
    difficulty: list[float] = []
    failed = 0
    started, cpu = time.perf_counter(), time.process_time()
    for number in range(1, keys + 1):
        try:
            made = generate(f"wordsearch:{level}:{number}", level, words)
        except Exception:   # GenerationFailed, CheckersDisagree: counted, never hidden
            failed += 1
            continue
        attempts.append(made.attempts)
        difficulty.append(made.grade["difficulty"])
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    # CPU seconds as well as the clock's: on a shared machine the clock counts the others'
    # work too; the CPU figure is what one free core would do
    return {"keys": keys, "boards": len(attempts), "failed": failed,
            "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
            "boards_per_second": round(len(attempts) / seconds, 1) if seconds else 0.0,
            "boards_per_cpu_second": round(len(attempts) / cpu, 1) if cpu else 0.0,
            "attempts_mean": round(sum(attempts) / max(1, len(attempts)), 2),
            "difficulty_min_max": [min(difficulty, default=0), max(difficulty, default=0)]}


def peer(keys: int) -> dict:
    """The peer's boards per second and how many break our contract, when it is installed."""
    try:
        from word_search_generator import WordSearch   # noqa: F401
    except ImportError:
        line = ("peer word-search-generator 5.1.0 is not installed (it needs Python 3.12; "
                "this interpreter is " + ".".join(map(str, sys.version_info[:3])) + ")")
        print(line, file=sys.stderr)
        return {"installed": False, "note": line}
    from pipeline.lexicon import offensive_words
    from pipeline.wordsearch.board import themes
    words = [s for s in themes("en")[0].spellings if 3 <= len(s) <= 17][:PEER_WORDS]
    long_bad = [w for w in offensive_words() if len(w) >= 4]
    broken = Counter()
    started = time.process_time()
    made = []
    for _ in range(keys):
        made.append(WordSearch(",".join(words), size=17, level=3))
    seconds = time.process_time() - started
    for puzzle in made:
        rows = ["".join(row) for row in puzzle.puzzle]
        lines = rows + ["".join(col) for col in zip(*rows)]
        size = len(rows)
        for k in range(-size + 1, size):
            lines.append("".join(rows[r][r - k] for r in range(size) if 0 <= r - k < size))
            lines.append("".join(rows[r][size - 1 - r + k] for r in range(size)
                                 if 0 <= size - 1 - r + k < size))
        text = "#".join(lines + [line[::-1] for line in lines])
        if any(text.count(w) != 1 for w in words):
            broken["a word not exactly once"] += 1
        if any(w in text for w in long_bad):
            broken["an offensive word of 4+ letters"] += 1
    return {"installed": True, "boards_per_cpu_second": round(keys / seconds, 1),
            "boards": keys, "breaking_our_contract": dict(broken)}


def run(quick: bool) -> dict:
    keys = QUICK_KEYS if quick else FULL_KEYS
    generate("wordsearch:easy:0", "easy")          # themes read, tables made, before the clock
    results = {level.name: measure_level(level.name, keys) for level in LEVELS}
    results["hard_25_words"] = measure_level(PEER_LEVEL, keys, PEER_WORDS)
    results["peer"] = peer(min(keys, 100))
    print(f"{'level':16} {'boards/s':>9} {'per CPU s':>9} {'attempts':>9} {'failed':>7}  "
          "difficulty", file=sys.stderr)
    for name in [level.name for level in LEVELS] + ["hard_25_words"]:
        r = results[name]
        print(f"{name:16} {r['boards_per_second']:9.1f} {r['boards_per_cpu_second']:9.1f} "
              f"{r['attempts_mean']:9.2f} {r['failed']:7d}  {r['difficulty_min_max']}",
              file=sys.stderr)
    if results["peer"]["installed"]:
        p = results["peer"]
        ours = results["hard_25_words"]["boards_per_cpu_second"]
        print(f"peer: {p['boards_per_cpu_second']} boards per CPU second (ours {ours}, "
              f"{ours / p['boards_per_cpu_second']:.1f}x); breaking our contract: "
              f"{p['breaking_our_contract']}", file=sys.stderr)
    return results
