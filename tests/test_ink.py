"""Every Ink a family may be handed (the PDF page's, the cover art's, the test recorder)
draws every verb of the protocol with the protocol's options: a family drawing through the
protocol never meets an Ink that lacks what it called."""

from __future__ import annotations

import inspect

import pytest

from pipeline.book.cmyk import ArtInk
from pipeline.book.pdfink import PdfInk
from pipeline.ink import Ink, RecordingInk

VERBS = sorted(name for name, value in vars(Ink).items()
               if callable(value) and not name.startswith("_"))


def _options(function) -> dict:
    return {p.name: p for p in inspect.signature(function).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.VAR_KEYWORD)}


def missing_verbs(ink_class) -> list[str]:
    """Each verb the class lacks, or an option of the protocol's it does not take."""
    problems = []
    for verb in VERBS:
        drawn = vars(ink_class).get(verb)
        if drawn is None:
            problems.append(f"{ink_class.__name__} has no {verb}")
            continue
        taken = _options(drawn)
        if any(p.kind is p.VAR_KEYWORD for p in taken.values()):
            continue
        for name in _options(vars(Ink)[verb]):
            if name not in taken:
                problems.append(f"{ink_class.__name__}.{verb} does not take {name}")
    return problems


def test_the_protocol_has_the_verbs_families_draw_with():
    assert {"line", "lines", "rect", "circle", "polygon", "band", "text", "texts",
            "text_width"} <= set(VERBS)


@pytest.mark.parametrize("ink_class", [PdfInk, ArtInk, RecordingInk])
def test_every_ink_draws_every_verb_with_every_option(ink_class):
    assert missing_verbs(ink_class) == []


def test_an_ink_without_a_verb_or_an_option_is_caught():
    assert missing_verbs(type("NoTexts", (), {k: v for k, v in vars(RecordingInk).items()
                                              if k != "texts"})) == ["NoTexts has no texts"]

    def text(self, x, y, text, *, size, bold=False, anchor="start"):
        return None
    narrow = type("Narrow", (), {**vars(RecordingInk), "text": text})
    assert missing_verbs(narrow) == ["Narrow.text does not take gray"]
