"""The compiled lexer gives exactly the plain lexer's operations, value types included, on real
pages and on streams made to reach each of its hand-overs to the plain lexer."""

import pytest

from pipeline.readback.reader.compiled_lexer import _scan, fast_operations
from pipeline.readback.reader.lexer import content_operations
from readback_books import ISBN, make_book


def typed(value):
    """A value with the type of each number and string kept, so 1 and 1.0 differ."""
    if isinstance(value, list):
        return [typed(v) for v in value]
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    return type(value).__name__, value


def same_operations(data: bytes) -> int:
    plain = [(typed(ops), op) for ops, op in content_operations(data)]
    fast = [(typed(ops), op) for ops, op in fast_operations(data)]
    assert fast == plain
    return len(plain)


def page_streams(path):
    import pikepdf

    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            contents = page.obj.get("/Contents")
            if contents is None:
                continue
            parts = contents if isinstance(contents, pikepdf.Array) else [contents]
            yield b"\n".join(part.read_bytes() for part in parts)


def kernel_reads(data: bytes) -> bool:
    import numpy as np

    from pipeline.readback.reader.compiled_lexer import _POWERS
    return bool(_scan(np.frombuffer(data, dtype=np.uint8), _POWERS)[0])


def test_the_same_operations_on_every_page_of_the_fixture_book(tmp_path):
    book, _ = make_book(tmp_path, ["spine-text", "transparency", "gutter"], isbn=ISBN)
    for path in (book["interior"], book["cover"]):
        streams = list(page_streams(path))
        assert sum(same_operations(data) for data in streams) > 50
        assert all(kernel_reads(data) for data in streams)  # the kernel, not the hand-over


def test_the_same_operations_on_every_page_of_a_real_book(real_book):
    _root, book, _records = real_book
    streams = list(page_streams(book["interior"])) + list(page_streams(book["cover"]))
    assert sum(same_operations(data) for data in streams) > 1000
    assert all(kernel_reads(data) for data in streams)


CASES = [
    # read by the kernel
    (b"1 0 0 1 .5 -.5 cm 0 0 m 10 10 l S +3 -0 5. w", True),
    (b"BT /F1+0 12 Tf [(a\\(b\\)c) -250 3.5 (x\\\\y\\101\\n) 7] TJ (plain) Tj ET", True),
    (b"/Na#20me gs [1 2] 0 d []0 d q Q(a)Tj/F1 9 Tf", True),
    (b"0.123456789012345 1e w 2 3 m", False),   # 1e is no number
    (b"1 2 m 3 4", True),                       # trailing operands are dropped
    # handed to the plain lexer
    (b"<< /A 1 >> BDC EMC", False),
    (b"<4142> Tj", False),
    (b"(nested (paren) ok) Tj", False),
    (b"[[1] 2] d", False),
    (b"[/A 1] d", False),
    (b"% a comment\n q Q", False),
    (b"true false null n", False),
    (b"q 10 0 0 10 0 0 cm BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xffEI Q", False),
    (b"1.2.3 w", False),
    (b"12345678901234567890 w", False),
    (b"0.00000000000000000000001 w", False),
    (b"1 w (unterminated", False),
    (b"[1 2 d", False),
    (b"1\x0b2 w", False),
    (b"toolongop", False),
]


@pytest.mark.parametrize("data, by_kernel", CASES)
def test_the_same_operations_on_each_kind_of_stream(data, by_kernel):
    same_operations(data)
    assert kernel_reads(data) == by_kernel


def test_numbers_read_exactly_as_float_reads_their_text():
    import random

    rng = random.Random(7)
    words = [f"{rng.uniform(-1000, 1000):.{rng.randint(0, 9)}f}" for _ in range(3000)]
    words += ["0", "-0", "+.5", "-.25", "5.", "9007199254740991", "0.1", "0.7", "595.2756"]
    data = " ".join(words).encode() + b" w"
    assert kernel_reads(data)
    assert fast_operations(data)[0][0] == [float(w) for w in words]
    assert [str(v) for v in fast_operations(data)[0][0]] == [str(float(w)) for w in words]


def test_the_comparison_notices_a_kernel_that_misreads(monkeypatch):
    from pipeline.readback.reader import compiled_lexer

    real = compiled_lexer._scan

    def off_by_a_bit(data, powers):   # every number read one ulp high
        import numpy as np
        out = list(real(data, powers))
        out[4] = np.nextafter(out[4], np.inf)
        return tuple(out)
    monkeypatch.setattr(compiled_lexer, "_scan", off_by_a_bit)
    with pytest.raises(AssertionError):
        same_operations(b"1 0 0 1 .5 -.5 cm 0 0 m 10 10 l S")
