"""Pages read through the compiled kernels give exactly the marks the plain lexer and every
operator's handler give (`interpreter.COMPILED` off), on real pages and on streams made to
reach each case of the path kernel."""

import pytest

from pipeline.readback.reader import interpreter, open_pdf
from readback_books import ISBN, make_book


def fields(mark) -> str:
    """Every field of a mark written out, floats to the last bit (repr), fonts by name."""
    return repr({name: (value.base_font if name == "font" else value)
                 for name, value in vars(mark).items() if not name.startswith("_")})


def pages_read(path, compiled: bool, monkeypatch):
    monkeypatch.setattr(interpreter, "COMPILED", compiled)
    document = open_pdf(path)
    return [(page.number, [fields(m) for m in page.marks], sorted(page.unsupported),
             page.transparency) for page in document.pages()]


def same_reading(path, monkeypatch) -> int:
    plain = pages_read(path, False, monkeypatch)
    compiled = pages_read(path, True, monkeypatch)
    assert compiled == plain
    return sum(len(marks) for _n, marks, _u, _t in plain)


def test_the_same_marks_on_every_page_of_the_fixture_book(tmp_path, monkeypatch):
    book, _ = make_book(tmp_path, ["spine-text", "transparency", "gutter"], isbn=ISBN)
    assert same_reading(book["interior"], monkeypatch) > 300
    assert same_reading(book["cover"], monkeypatch) > 50


def test_the_same_marks_on_every_page_of_a_real_book(real_book, monkeypatch):
    _root, book, _records = real_book
    assert same_reading(book["interior"], monkeypatch) > 1000
    assert same_reading(book["cover"], monkeypatch) > 50


STREAMS = [
    b"q 2 0 0 3 10 20 cm 0 0 m 10 0 l 10 10 l h S Q 0 0 m 5 5 l S",
    b"1 0 0 1 .5 .25 cm 0 0 10 20 re f 5 5 m 6 6 7 7 8 8 c 9 9 10 10 v 11 11 12 12 y b*",
    b"10 10 m 20 20 l s 30 30 40 40 v S",            # v from the current point after a paint
    b"0 0 m 50 80 -30 80 20 0 c B",                  # control points beyond the end points
    b"h 1 1 l 2 2 l h S q Q Q 3 3 m n",              # a close without a path; Q on no q
    b"0 0 m 1 1 l W n 0 0 5 5 re W* f 2 2 m 3 3 l",  # clips, and a path left open
    b"0 0 m 1 1 2 2 c 1 w 0.5 g S",                  # operators between the path and paint
    b"0 0 m 1 l S",                                  # wrong operand count: the handlers
    b"0 0 m (x) 1 l S",
    b"1 0 0 1 cm 0 0 m 1 1 l S",
]


@pytest.mark.parametrize("data", STREAMS)
def test_the_same_marks_from_each_kind_of_path(data, monkeypatch):
    from pipeline.geometry import Box
    from pipeline.readback.reader.marks import PageContent

    class Document:   # what the interpreter asks of a document for a page of paths
        placements: dict = {}

        def stream_bytes(self, contents):
            return contents

    def read(compiled):
        monkeypatch.setattr(interpreter, "COMPILED", compiled)
        page = PageContent(number=1, media_box=Box(0, 0, 100, 100), trim_box=None,
                           bleed_box=None, crop_box=None)
        it = interpreter.Interpreter(Document(), page)
        try:
            it.run(data, None)
        except (TypeError, ValueError) as error:   # a malformed operation, either way
            return type(error).__name__
        return [fields(m) for m in page.marks], it.path, it.current, it.subpath_start

    assert read(True) == read(False)


def test_the_comparison_notices_a_kernel_that_drops_a_segment(tmp_path, monkeypatch):
    from pipeline.readback.reader import compiled_paths

    book, _ = make_book(tmp_path)
    real = compiled_paths.Paths.segments

    def short(self, k):
        return real(self, k)[:-1]
    monkeypatch.setattr(compiled_paths.Paths, "segments", short)
    with pytest.raises(AssertionError):
        same_reading(book["interior"], monkeypatch)


def test_the_comparison_notices_text_placed_a_bit_off(tmp_path, monkeypatch):
    book, _ = make_book(tmp_path)
    real = interpreter.Interpreter.placement

    def off(self, font, code, size, pa, pd):
        gid, text, x0, y0, x1, y1, step = real(self, font, code, size, pa, pd)
        return gid, text, x0, y0, x1, y1, step * (1 + 1e-15)
    monkeypatch.setattr(interpreter.Interpreter, "placement", off)
    with pytest.raises(AssertionError):
        same_reading(book["interior"], monkeypatch)
