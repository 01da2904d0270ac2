"""Pages read through the compiled kernels give exactly the marks the plain lexer and every
operator's handler give (`interpreter.COMPILED` off), on real pages and on streams made to
reach each case of the path kernel."""

import pytest

from pipeline.readback.reader import interpreter, open_pdf
from readback_books import ISBN, make_book


def fields(mark) -> str:
    """Every field of a mark written out, floats to the last bit (repr), fonts by name, and
    its type (a glyph is a tuple with named fields, the other marks dataclasses)."""
    named = mark._asdict() if hasattr(mark, "_asdict") else vars(mark)
    return type(mark).__name__ + repr({name: (value.base_font if name == "font" else value)
                                       for name, value in named.items()
                                       if not name.startswith("_")})


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

    from pipeline.readback.reader.compiled_text import TextFonts

    class Document:   # what the interpreter asks of a document for a page of paths
        placements: dict = {}
        text_fonts = TextFonts()

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
    """A text kernel whose pen steps one part in 10^15 long (every glyph after a string's
    first lands that far off) is caught."""
    from pipeline.readback.reader import compiled_text

    book, _ = make_book(tmp_path)
    real = compiled_text.Shows.__init__

    def off(self, ran):
        real(self, ran)
        self.numbers = self.numbers.copy()
        for start, stop in zip(self.glyph_from, self.glyph_to):
            for g in range(start + 1, stop):
                self.numbers[g, 6] *= 1 + 1e-15
    monkeypatch.setattr(compiled_text.Shows, "__init__", off)
    with pytest.raises(AssertionError):
        same_reading(book["interior"], monkeypatch)


def test_the_comparison_notices_a_text_kernel_that_drops_a_glyph(tmp_path, monkeypatch):
    book, _ = make_book(tmp_path)
    real = interpreter.Interpreter.place_glyphs

    def short(self, shows, shown):   # each show's last glyph left out
        real(self, shows, [(place, start, max(start, stop - 1), *paint)
                           for place, start, stop, *paint in shown])
    monkeypatch.setattr(interpreter.Interpreter, "place_glyphs", short)
    with pytest.raises(AssertionError):
        same_reading(book["interior"], monkeypatch)


# Text streams of each kind the text kernel takes (True) or hands back; /F names the fixture
# book's body font (its TrueType subset), /G the same font under a second name.
TEXT_STREAMS = [
    (b"BT /F 12 Tf 1 0 0 1 10 20 Tm (Ab c) Tj ET", True),
    (b"BT /F 9 Tf 72 700 Td (a) Tj 0 -11 TD (b) Tj T* (c) Tj 14 TL T* (d) Tj ET", True),
    (b"BT /F 10 Tf 2 Tc 5 Tw 80 Tz 3 Ts (a b  c) Tj 1 Tr (d) Tj 3 Tr (e) Tj ET", True),
    (b"BT /F 10 Tf [(W) 80 (ord) -250.5 (s)] TJ [] TJ [(x)] TJ ET", True),
    (rb"BT /F 10 Tf (\(a\) \\ \101\60b\n\d" + b"\\\r\nc) Tj ET", True),   # \ at a line end
    (b"BT /F 10 Tf ET q 2 0 0 2 5 5 cm BT /G 8 Tf (a) Tj ET Q BT (b) Tj ET", True),
    (b"BT /F 10 Tf q /G 20 Tf 3 Tc Q (a) Tj ET 1 0 0 1 9 9 cm BT /F 10 Tf (a) Tj ET", True),
    (b"0 g 10 10 m 20 20 l S BT /F 10 Tf 0.5 g (a) Tj ET 1 0 0 RG 0 0 5 5 re f", True),
    (b"BT /F 10 Tf 0 1 -1 0 50 50 Tm (rotated) Tj ET", False),
    (b"0 0 10 10 re W n BT /F 10 Tf (clipped) Tj ET", False),
    (b"BT /F 10 Tf (a) ' ET", False),
    (b"BT /Missing 10 Tf (a) Tj ET", False),
    (b"BT (no font) Tj ET", False),
    (b"q BT /F 10 Tf (a) Tj ET Q BT (no font since Q) Tj ET", False),
    (b"BT /F 10 Tf 1 2 Tm (a) Tj ET", False),
]


@pytest.mark.parametrize("data, taken", TEXT_STREAMS)
def test_the_same_glyphs_from_each_kind_of_text(data, taken, tmp_path, monkeypatch):
    from pypdf.generic import DictionaryObject, NameObject

    from pipeline.readback.reader import compiled_text
    from pipeline.readback.reader.marks import PageContent

    book, _ = make_book(tmp_path)
    document = open_pdf(book["interior"])
    fonts = document.reader.pages[0]["/Resources"]["/Font"]
    body = next(ref for name, ref in fonts.items()
                if document.font(ref, name).base_font.endswith("VeraSans-Roman"))
    resources = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F"): body, NameObject("/G"): body})})
    media = document.page(1).media_box
    monkeypatch.setattr(document, "stream_bytes", lambda contents: contents)
    ran = []
    real = compiled_text.Shows.__init__

    def noted(self, result):
        ran.append(True)
        real(self, result)
    monkeypatch.setattr(compiled_text.Shows, "__init__", noted)

    def read(text_kernel):
        monkeypatch.setattr(interpreter, "COMPILED_TEXT", text_kernel)
        out = PageContent(number=1, media_box=media, trim_box=None, bleed_box=None,
                          crop_box=None)
        it = interpreter.Interpreter(document, out)
        try:
            it.run(data, resources)
        except (TypeError, ValueError) as error:   # a malformed operation, either way
            return type(error).__name__
        return [fields(m) for m in out.marks], sorted(out.unsupported), it.text_matrix

    plain = read(False)
    assert not ran
    kernel = read(True)
    assert kernel == plain
    assert bool(ran) == taken
    if taken:
        assert plain[0], "the stream shows glyphs"


def test_shared_numbers_keep_their_values_and_their_signs():
    """The kernels' columns become floats shared among equal values: by their bits, so a -0.0
    (written "-0" in a proof) is never given the object of a 0.0."""
    import numpy as np

    from pipeline.readback.reader.compiled_paths import _shared_coordinates
    from pipeline.readback.reader.compiled_text import _shared_in_runs

    points = np.array([[1.5, -0.0, 9.0], [0.0, 1.5, 9.0], [1.5, -0.0, 9.0], [0.0, 0.0, 9.0]])
    xs, ys = _shared_coordinates(points[:, :2])
    assert list(map(repr, xs + ys)) == list(map(repr, points[:, :2].T.ravel().tolist()))
    assert xs[0] is xs[2] is ys[1] and ys[0] is ys[2] and ys[3] is xs[1] and ys[0] is not ys[3]
    block = np.array([[2.0, 1.0], [2.0, 1.0], [2.0, 1.0], [-0.0, 1.0], [0.0, 1.0], [0.0, 1.0],
                      [2.0, 1.0]])
    shared, scales = _shared_in_runs(block)
    assert list(map(repr, shared + scales)) == list(map(repr, block.T.ravel().tolist()))
    assert shared[0] is shared[2] and shared[4] is shared[5] and shared[3] is not shared[4]
    assert scales[0] is scales[2] and scales[4] is scales[5]
    assert _shared_coordinates(np.zeros((0, 2))) == ([], [])
