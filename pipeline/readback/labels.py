"""The labels the interior prints beside puzzles and solutions, as the read-back looks for them,
in the language of the book being read."""

from __future__ import annotations

from pipeline.i18n import language, messages

# The labels the interior prints (pipeline/book/interior.py), one text line each: above a
# puzzle, below it, and above a solution. The read-back keeps its own copy on purpose: it
# judges what is printed, not what the layout code means to print.
PUZZLE_LABEL = "Puzzle {n}"
POINTER_LABEL = "Solution on page {page}"
HINT_POINTER_LABEL = "Hint on page {hint} · Solution on page {page}"   # in a book with hints
SOLUTION_LABEL = "Puzzle {n} · page {page}"
# In another language, the same labels as the book layer's catalog words them (the book's
# language is in the manifest; the read-back runs inside `speaking` it).
_printed = messages("pipeline.book")


def printed_label(english: str, **parts) -> str:
    """A label in the language of the book being read, spaced as the page text is read."""
    if language() == "en":
        return english.format(**parts)
    if english in ("By {author}", "{title}: {subtitle}"):   # the copyright page's lines
        return " ".join(_printed(english, **parts).split())
    words = {PUZZLE_LABEL: "Puzzle {number}", SOLUTION_LABEL: "Puzzle {number} · page {page}",
             POINTER_LABEL: "Solution on page {page}"}
    if english == HINT_POINTER_LABEL:
        text = (_printed("Hint on page {page} · ", page=parts["hint"])
                + _printed("Solution on page {page}", page=parts["page"]))
    else:
        text = _printed(words[english], number=parts.get("n"), page=parts.get("page"))
    return " ".join(text.split())
