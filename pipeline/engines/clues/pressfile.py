"""The press's own clue entries and blocks (press/<language>.txt): plain text an editor
reads and changes. One entry or block a line; `#` starts a comment line:

    + answer | clue                          an entry: a synonym, at the lowest difficulty
    + answer | clue | relation               the answer's familiarity allows
    + answer | clue | relation | difficulty
    - answer                                 no clue of the thesaurus for this answer
    - answer | clue                          not this clue for this answer
    - * | clue                               not this broader term for any answer (too
                                             vague to lead anywhere: "Mensch", "device")

Answers and clues are written as printed ("Größe", "été"); fields are separated by "|".
A line that breaks the form, a block naming an answer or clue the table does not hold, or an
entry that breaks a clue rule (rules.py) is refused in one line naming the file, the line and
the field. A block of a broader term for every answer is read by the build too (it never
chooses that term, so the table it writes does not hold it): such a block is refused only
when it names no term (an empty field).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.engines import lexicon
from pipeline.engines.clues import rules
from pipeline.engines.clues.entry import make_clue
from pipeline.errors import InputError

@dataclass(frozen=True)
class Block:
    """An answer (every clue), one clue of an answer, or one broader term for every answer
    (grid EVERY) the table must not use."""

    grid: str
    text: str | None


EVERY = "*"


def blocked_broader(path: Path) -> frozenset[str]:
    """The broader terms the press file blocks for every answer ("- * | term"), for the
    build: a
    missing file blocks none. The file's other lines are checked when the table loads."""
    if not path.is_file():
        return frozenset()
    found = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        sign, _, rest = raw.strip().partition("-")
        fields = [f.strip() for f in rest.split("|")]
        if not sign and len(fields) == 2 and fields[0] == EVERY and fields[1]:
            found.add(fields[1])
    return frozenset(found)


def read_press(path: Path, language: str, entries) -> list:
    """The press file's entries (clues.Clue) and blocks (Block), in file order."""
    held = {e.grid for e in entries}
    pairs = {(e.grid, e.text) for e in entries}
    found = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue

        def refuse(message: str, field: str) -> InputError:
            return InputError(message, file=str(path), line=number, field=field)

        sign, rest = line[0], line[1:]
        fields = [f.strip() for f in rest.split("|")]
        if sign not in "+-" or not fields[0]:
            raise refuse("a line is '+ answer | clue ...' or '- answer [| clue]'", "line")
        answer = fields[0]
        if sign == "-" and answer == EVERY:
            if len(fields) != 2 or not fields[1]:
                raise refuse("a block of a broader term for every answer is '- * | term'",
                         "clue")
            found.append(Block(EVERY, fields[1]))
            continue
        try:
            grid = lexicon.grid_spelling(answer, language)
        except InputError as error:
            raise refuse(error.message, "answer") from None
        if sign == "-":
            if len(fields) > 2:
                raise refuse("a block is '- answer' or '- answer | clue'", "line")
            if grid not in held:
                raise refuse(f"unknown answer {answer!r}: the table has no clue for it",
                             "answer")
            text = fields[1] if len(fields) == 2 else None
            if text is not None and (grid, text) not in pairs:
                raise refuse(f"the table does not give {answer!r} the clue {text!r}", "clue")
            found.append(Block(grid, text))
            continue
        if not 2 <= len(fields) <= 4 or not fields[1]:
            raise refuse("an entry is '+ answer | clue [| relation [| difficulty]]'", "line")
        relation = fields[2] if len(fields) > 2 else "synonym"
        if relation not in rules.RELATIONS:
            raise refuse(f"relation {relation!r} is none of {', '.join(rules.RELATIONS)}",
                         "relation")
        if len(fields) > 3:
            difficulty = fields[3]
        else:   # the lowest difficulty the answer and relation allow
            difficulty = next((str(d) for d in rules.DIFFICULTIES
                               if d >= rules.RELATIONS[relation] and not rules.answer_problem(
                                   answer, language, d, fields[1])), "3")
        entry = make_clue(answer, fields[1], relation, difficulty, "press", language,
                          where=(str(path), number))
        if entry.difficulty < rules.RELATIONS[relation]:
            raise refuse(f"a {relation} clue is used from difficulty "
                         f"{rules.RELATIONS[relation]} on", "difficulty")
        problem = rules.answer_problem(answer, language, entry.difficulty, entry.text)
        if problem:
            raise refuse(problem, "answer")
        problem = rules.clue_problem(answer, entry.text, language)
        if problem:
            raise refuse(problem, "clue")
        found.append(entry)
    return found
