"""The content-stream lexer gives the operations two independent parsers give: pypdf's
ContentStream and qpdf's tokeniser (pikepdf)."""

from pipeline.readback.reader import content_operations
from readback_books import ISBN, make_book
from readback_pdfs import same_as_pikepdf, same_as_pypdf


def test_lexer_matches_pypdf_on_the_fixture_book(tmp_path):
    book, _ = make_book(tmp_path, ["spine-text", "transparency", "gutter"], isbn=ISBN)
    assert same_as_pypdf(book["interior"]) > 1000
    assert same_as_pypdf(book["cover"]) > 50
    assert same_as_pikepdf(book["interior"]) == same_as_pypdf(book["interior"])
    assert same_as_pikepdf(book["cover"]) == same_as_pypdf(book["cover"])


def test_the_comparison_notices_a_lexer_that_drops_an_operand(tmp_path, monkeypatch):
    import pytest

    import readback_pdfs

    book, _ = make_book(tmp_path)

    def lossy(data):
        return [(ops[:-1] if op == b"cm" else ops, op) for ops, op in content_operations(data)]
    monkeypatch.setattr(readback_pdfs, "content_operations", lossy)
    with pytest.raises(AssertionError):
        same_as_pikepdf(book["interior"])
    with pytest.raises(AssertionError):
        same_as_pypdf(book["interior"])


def test_lexer_reads_strings_escapes_arrays_and_odd_spacing():
    data = (b"BT /F1+0 12 Tf [(a\\(b\\)c) -250 <4142> 3.5 (x\\\\y\\101\\n)] TJ "
            b"(nested (paren) ok) Tj /Na#20me gs ET 1 0 0 1 .5 -.5 cm 0 0 m 10 10 l S "
            b"[1 2] 0 d % comment\n q Q")
    ops = content_operations(data)
    assert ops[2] == ([[b"a(b)c", -250, b"AB", 3.5, b"x\\yA\n"]], b"TJ")
    assert ops[3] == ([b"nested (paren) ok"], b"Tj")
    assert ops[4] == (["/Na me"], b"gs")
    assert ops[6] == ([1, 0, 0, 1, 0.5, -0.5], b"cm")
    assert ops[10] == ([[1, 2], 0], b"d")
    assert [op for _, op in ops[-2:]] == [b"q", b"Q"]


def test_inline_images_are_skipped_whole():
    data = b"q 10 0 0 10 0 0 cm BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xffEI ends EI Q"
    ops = content_operations(data)
    assert [op for _, op in ops] == [b"q", b"cm", b"INLINE IMAGE", b"Q"]
    assert ops[2][0]["settings"] == {"/W": 2, "/H": 1, "/CS": "/G", "/BPC": 8}


def test_streams_decoded_by_qpdf_are_the_bytes_pypdf_decodes(tmp_path):
    from pypdf import PdfReader

    from pipeline.readback.reader import open_pdf

    book, _ = make_book(tmp_path, ["encrypted"], isbn=ISBN)
    streams = 0
    for path in (book["interior"], book["cover"]):
        document = open_pdf(path)
        for page in PdfReader(path).pages:
            stream = page["/Contents"].get_object()
            assert document.decoded(stream) == stream.get_data()
            streams += "/ASCII85Decode" in str(stream.get("/Filter"))
    assert streams > 10  # the fixture's pages are written with ASCII85 over Flate
