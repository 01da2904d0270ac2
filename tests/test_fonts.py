"""Text set in the book's typeface: the fast line filling gives exactly the lines of trying
every word in turn."""

from pathlib import Path

from hypothesis import given, settings, strategies as st

from pipeline.book.fonts import DEFAULT_FONTS, font_set, resolve_font_file

WORDS = ("Regions", "C", "and", "F", "lie", "entirely", "in", "rows", "4-5,", "so", "no",
         "AV", "To", "Wa", "Ty", "LT", "Yo.", "Kazakhstan", "cross", "out", "D4,", "(also:",
         "Liechtenstein", "W", "y", "fi", "'quoted'")


def _fonts():
    return font_set(resolve_font_file(DEFAULT_FONTS["regular"], Path(".")),
                    resolve_font_file(DEFAULT_FONTS["bold"], Path(".")))


def greedy(face, text: str, size: float, width: float) -> list[str]:
    """The plain rule: add words to the line while the line, shaped on its own, fits."""
    lines, current = [], ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and face.advance(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=40),
       size=st.sampled_from([7.5, 8.5, 10.5, 14.0]), width=st.floats(10, 320),
       bold=st.booleans())
def test_wrap_gives_the_lines_of_trying_every_word(words, size, width, bold):
    face = _fonts().face(bold)
    text = " ".join(words)
    assert face.wrap(text, size, width) == greedy(face, text, size, width)
