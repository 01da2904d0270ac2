"""A second stand-in family for the book tests, shaped like Connections: sixteen word tiles in
a 4 x 4 block, solved as four groups. It shows a text-tile family fits the book layer with no
change to it: a book of it is one more layout file. It declares no hints and no lessons."""

from __future__ import annotations

from pipeline.family import AnswerSigns, Family, Generated, Rating
from pipeline.ink import GridBox, Ink
from pipeline.keyed import KeyedStream

WORDS = ["apple", "pear", "plum", "fig", "oak", "elm", "ash", "yew", "red", "blue", "green",
         "gold", "cod", "eel", "carp", "pike", "iron", "tin", "zinc", "lead"]
GROUP_GRAYS = (0.85, 0.7, 0.55, 0.4)


class Tiles(Family):
    name = "tiles"
    title = "Word Tiles"
    levels = ("easy", "hard")
    level_titles = {"easy": "Easy", "hard": "Hard"}
    min_cell_mm = 7.0

    def explain(self, puzzle: dict) -> list[str]:
        return [f"{word}: one of four" for word in puzzle["tiles"]]

    def bench(self, quick: bool) -> dict:
        return {}   # a test double is never benchmarked

    def rate(self, puzzle: dict) -> Rating:
        # A board's key names its level ("tiles:hard:3"); a board without one is easy.
        level = puzzle.get("tag", "").split(":")[1:2] or ["easy"]
        return Rating(level[0], 1.0 + self.levels.index(level[0]))

    def level_shape(self, level: str) -> tuple[int, int]:
        return 4, 4


    def generate(self, key: str, level: str) -> Generated:
        stream = KeyedStream(key)
        groups = [WORDS[i:i + 4] for i in range(0, 20, 4)]
        stream.shuffle(groups)
        groups = groups[:4]
        tiles = [word for group in groups for word in group]
        stream.shuffle(tiles)
        puzzle = {"tiles": tiles, "tag": key}
        solution = {"groups": [{"tier": t, "label": f"group {i + 1}", "tiles": g}
                               for i, (t, g) in enumerate(zip(("yellow", "green", "blue", "purple"),
                                                              groups))]}
        return Generated(puzzle, solution, {"level": level}, {"checker": "tiles"}, 1)

    def check_record(self, record: dict) -> None:
        from pipeline.errors import InputError
        if len(record.get("puzzle", {}).get("tiles", [])) != 16:
            raise InputError("not sixteen tiles", field="puzzle.tiles")

    def count_solutions(self, puzzle, limit):
        return 1

    def verify(self, puzzle, solution):
        return {"unique": True}

    def dedupe_form(self, puzzle):
        return repr(puzzle)

    def too_similar(self, level, puzzle, earlier):
        return False

    def grid_shape(self, puzzle):
        return 4, 4

    def _tile(self, ink: Ink, box: GridBox, index: int, word: str, fill: float | None) -> None:
        r, c = divmod(index, 4)
        x, y = box.cell_origin(r, c)
        inset = box.cell * 0.06
        ink.rect(x + inset, y + inset, box.cell - 2 * inset, box.cell - 2 * inset, stroke=0.75,
                 fill=fill)
        size = min(box.cell * 0.22, 11)
        while size > 7 and ink.text_width(word, size=size) > box.cell * 0.8:
            size -= 0.5
        cx, cy = box.cell_centre(r, c)
        ink.text(cx, cy - size * 0.35, word, size=max(size, 7), anchor="middle")

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        for index, word in enumerate(puzzle["tiles"]):
            self._tile(ink, box, index, word, None)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        order = [w for g in solution["groups"] for w in g["tiles"]]
        gray = {w: GROUP_GRAYS[i // 4] for i, w in enumerate(order)}
        for index, word in enumerate(order):
            self._tile(ink, box, index, word, gray[word])

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        return AnswerSigns(outline="tiles", outline_cells=tuple(
            divmod(i, 4) for i in range(len(puzzle["tiles"]))), printed=tuple(puzzle["tiles"]))

    def rules_text(self) -> list[str]:
        return ["Sort the sixteen words into four groups of four that share something."]


FAMILY = Tiles()
