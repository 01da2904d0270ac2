"""The reader turns content streams into marks in page coordinates."""

import math
from dataclasses import fields

import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from reportlab.pdfbase.pdfmetrics import stringWidth

from pipeline.readback.reader import multiply, open_pdf, thinnest_scale
from pipeline.geometry import Box
from readback_pdfs import VERA, make_pdf, raw, register_fonts


def only_page(*draws, **options):
    return open_pdf(make_pdf(*draws, **options)).page(1)


def close(a, b, tol=1e-3):
    return abs(a - b) <= tol


def test_rectangle_fill_in_page_coordinates_after_cm_and_restore():
    def draw(c):
        c.saveState()
        c.translate(50, 60)
        c.scale(2, 3)
        c.setFillGray(0.25)
        c.rect(1, 1, 10, 10, stroke=0, fill=1)
        c.restoreState()
        c.setFillGray(0.5)
        c.rect(0, 0, 5, 5, stroke=0, fill=1)

    first, second = only_page(draw).paths
    assert first.outline == Box(52, 63, 72, 93)
    assert first.fill.space == "DeviceGray" and first.fill.values == (0.25,)
    assert first.stroke is None
    assert second.outline == Box(0, 0, 5, 5)  # Q restored the CTM
    assert second.fill.values == (0.5,)


def test_stroke_width_scales_with_the_ctm_and_ink_grows_by_half_the_width():
    def draw(c):
        c.setLineWidth(0.5)
        c.line(10, 10, 100, 10)
        c.scale(2, 2)
        c.setLineWidth(0.5)
        c.line(10, 20, 40, 20)
        c.scale(1, 0.5)  # now 2 x 1: the thinnest direction decides
        c.line(10, 20, 40, 20)

    a, b, d = only_page(draw).paths
    assert a.line_width == pytest.approx(0.5)
    assert a.ink == Box(9.75, 9.75, 100.25, 10.25)
    assert b.line_width == pytest.approx(1.0)
    assert d.line_width == pytest.approx(0.5)
    assert d.mean_line_width == pytest.approx(0.5 * math.sqrt(2))


def test_colour_spaces_are_recorded_as_written():
    def draw(c):
        c.setFillColorRGB(1, 0, 0)
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
        c.setFillColorCMYK(0, 0, 0, 0.8)
        c.rect(20, 0, 10, 10, stroke=0, fill=1)
        c.setStrokeColorCMYK(0.1, 0, 0, 1)
        c.rect(40, 0, 10, 10, stroke=1, fill=0)

    rgb, k_only, cmyk = only_page(draw).paths
    assert rgb.fill.space == "DeviceRGB" and not rgb.fill.is_gray_or_k
    assert k_only.fill.space == "DeviceCMYK" and k_only.fill.is_gray_or_k
    assert cmyk.stroke.space == "DeviceCMYK" and not cmyk.stroke.is_gray_or_k


def test_circle_bounds_are_exact_from_the_bezier_curves():
    def draw(c):
        c.circle(100, 80, 30, stroke=0, fill=1)

    (circle,) = only_page(draw).paths
    assert any(seg[0] == "C" for seg in circle.segments)
    for got, want in zip(circle.outline.as_list(), [70, 50, 130, 110]):
        assert close(got, want, 0.01)


def vera_bounds(path, char, size):
    font = TTFont(path)
    name = font.getBestCmap()[ord(char)]
    pen = BoundsPen(font.getGlyphSet())
    font.getGlyphSet()[name].draw(pen)
    return [v * size / font["head"].unitsPerEm for v in pen.bounds]


def test_glyphs_advance_like_reportlab_and_ink_comes_from_the_outlines():
    def draw(c):
        c.setFont("TestVera", 20)
        c.drawString(30, 40, "Hof")

    glyphs = only_page(draw).glyphs
    assert "".join(g.text for g in glyphs) == "Hof"
    for i, glyph in enumerate(glyphs):
        x = 30 + stringWidth("Hof"[:i], "TestVera", 20)
        assert close(glyph.origin[0], x) and close(glyph.origin[1], 40)
        assert glyph.size == 20 and glyph.rendered_size == pytest.approx(20)
        x0, y0, x1, y1 = vera_bounds(VERA, "Hof"[i], 20)
        assert glyph.ink.as_list() == pytest.approx([x + x0, 40 + y0, x + x1, 40 + y1], abs=1e-3)
        assert glyph.font.embedded and not glyph.font.standard_14 and not glyph.missing


def test_italic_overhang_is_measured_on_the_outline_not_the_advance():
    def draw(c):
        c.setFont("TestVeraIt", 40)
        c.drawString(100, 100, "f")

    (f,) = only_page(draw).glyphs
    advance = stringWidth("f", "TestVeraIt", 40)
    assert f.ink.x1 > 100 + advance  # the hook reaches past the advance box


def test_rotated_text_ink_box_follows_the_text_matrix():
    def draw(c):
        c.saveState()
        c.translate(100, 100)
        c.rotate(90)
        c.setFont("TestVera", 10)
        c.drawString(0, 0, "L")
        c.restoreState()

    (glyph,) = only_page(draw).glyphs
    x0, y0, x1, y1 = vera_bounds(VERA, "L", 10)
    # rotated 90 degrees: x' = -y, y' = x
    assert glyph.ink.as_list() == pytest.approx([100 - y1, 100 + x0, 100 - y0, 100 + x1],
                                                abs=1e-3)


def test_text_operators_td_TD_tstar_tj_quote_and_spacing():
    def draw(c):
        c.setFont("TestVera", 10)
        c.drawString(0, 0, "A")  # makes the font resource
        raw(c, "BT /F1+0 10 Tf 1 0 0 1 20 100 Tm 12 TL (A) Tj T* (B) Tj 5 -3 Td (C) Tj "
               "0 -20 TD (D) Tj T* [(E) -1000 (F)] TJ (G) ' 2 1 (H) \" "
               "3 Tc 50 Tz 1 0 0 1 20 20 Tm (IJ) Tj ET")

    glyphs = {g.text: g for g in only_page(draw).glyphs if g.origin != (0, 0)}
    w = lambda s: stringWidth(s, "TestVera", 10)  # noqa: E731
    assert glyphs["A"].origin == pytest.approx((20, 100))
    assert glyphs["B"].origin == pytest.approx((20, 88))  # T* uses TL
    assert glyphs["C"].origin == pytest.approx((25, 85))  # Td from the line start
    assert glyphs["D"].origin == pytest.approx((25, 65))  # TD also sets TL = 20
    assert glyphs["E"].origin == pytest.approx((25, 45))
    assert glyphs["F"].origin == pytest.approx((25 + w("E") + 10, 45))  # -1000 moves one em
    assert glyphs["G"].origin == pytest.approx((25, 25))  # ' is T* then Tj
    assert glyphs["H"].origin == pytest.approx((25, 5))  # " sets Tw, Tc then '
    assert glyphs["I"].origin == pytest.approx((20, 20))
    # Tc 3 and Tz 50: the advance is (width + 3) * 0.5
    assert glyphs["J"].origin[0] == pytest.approx(20 + (w("I") + 3) * 0.5)
    assert glyphs["J"].ink.width < glyphs["J"].font.outline_bounds(glyphs["J"].gid)[2] / 100


def test_a_character_missing_from_the_font_is_a_missing_glyph():
    def draw(c):
        c.drawString(10, 10, "a\u2605")

    a, star = only_page(draw).glyphs
    assert not a.missing
    assert star.missing and star.gid == 0


def test_unembedded_standard_font_is_reported():
    def draw(c):
        c.setFont("Helvetica", 12)
        c.drawString(10, 10, "x")

    page = only_page(draw)
    (glyph,) = page.glyphs
    assert glyph.font.standard_14 and not glyph.font.embedded
    assert glyph.ink is not None  # approximate, from the advance width
    assert any(f.standard_14 for f in page.fonts.values())


def test_form_xobjects_are_followed_with_their_matrix():
    def draw(c):
        c.beginForm("box")
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
        c.drawString(2, 2, "x")
        c.endForm()
        c.translate(100, 50)
        c.doForm("box")

    page = only_page(draw)
    (rect,) = page.paths
    assert rect.outline == Box(100, 50, 110, 60)
    assert page.glyphs[0].origin == pytest.approx((102, 52))


def test_page_boxes_annotations_and_transparency():
    def draw(c):
        c.setFillAlpha(0.5)
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
        c.linkURL("https://example.invalid", (0, 0, 10, 10))

    page = only_page(draw, size=(300, 400), trim=(9, 9, 291, 391), bleed=(0, 0, 300, 400))
    assert page.media_box == Box(0, 0, 300, 400)
    assert page.trim_box == Box(9, 9, 291, 391)
    assert page.bleed_box == Box(0, 0, 300, 400)
    assert page.annotations == 1
    assert page.transparency
    assert page.paths[0].alpha == 0.5


def test_matrix_helpers():
    m = multiply((2, 0, 0, 3, 0, 0), (1, 0, 0, 1, 5, 7))
    assert m == (2, 0, 0, 3, 5, 7)
    assert thinnest_scale((2, 0, 0, 3, 0, 0)) == pytest.approx(2)
    assert thinnest_scale((0, 1, -1, 0, 0, 0)) == pytest.approx(1)


def test_reportlab_cid_fonts_are_read_as_unembedded_two_byte_text():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))

    def draw(c):
        c.setFont("HeiseiMin-W3", 12)
        c.drawString(10, 10, "ab")

    page = only_page(draw)
    glyphs = page.glyphs
    assert len(glyphs) == 2
    assert all(not g.font.embedded and g.font.subtype == "Type0" for g in glyphs)
    assert glyphs[1].origin[0] > glyphs[0].origin[0]


def type0_identity_pdf(gids: list[int]) -> bytes:
    """A page showing `gids` through an embedded Type0/CIDFontType2 Identity-H Vera."""
    import io

    from pypdf import PdfWriter
    from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                               NameObject, NumberObject)

    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    program = DecodedStreamObject()
    program.set_data(open(VERA, "rb").read())
    descriptor = DictionaryObject({
        NameObject("/Type"): NameObject("/FontDescriptor"),
        NameObject("/FontName"): NameObject("/Vera"), NameObject("/Flags"): NumberObject(4),
        NameObject("/FontBBox"): ArrayObject([NumberObject(v) for v in (-183, -236, 1287, 928)]),
        NameObject("/ItalicAngle"): NumberObject(0), NameObject("/Ascent"): NumberObject(760),
        NameObject("/Descent"): NumberObject(-240), NameObject("/CapHeight"): NumberObject(760),
        NameObject("/StemV"): NumberObject(87),
        NameObject("/FontFile2"): writer._add_object(program)})
    font = TTFont(VERA)
    upem = font["head"].unitsPerEm
    widths = ArrayObject()
    for gid in gids:
        widths += [NumberObject(gid), ArrayObject([FloatObject(
            font["hmtx"][font.getGlyphOrder()[gid]][0] * 1000 / upem)])]
    cid_font = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/CIDFontType2"),
        NameObject("/BaseFont"): NameObject("/Vera"),
        NameObject("/CIDSystemInfo"): DictionaryObject({
            NameObject("/Registry"): NameObject("/Adobe"), NameObject("/Ordering"): NameObject("/Identity"),
            NameObject("/Supplement"): NumberObject(0)}),
        NameObject("/FontDescriptor"): writer._add_object(descriptor),
        NameObject("/CIDToGIDMap"): NameObject("/Identity"), NameObject("/W"): widths})
    type0 = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
        NameObject("/BaseFont"): NameObject("/Vera"), NameObject("/Encoding"): NameObject("/Identity-H"),
        NameObject("/DescendantFonts"): ArrayObject([writer._add_object(cid_font)])})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F0"): writer._add_object(type0)})})
    content = DecodedStreamObject()
    codes = "".join(f"{gid:04x}" for gid in gids)
    content.set_data(f"BT /F0 20 Tf 1 0 0 1 30 50 Tm <{codes}> Tj ET".encode())
    page[NameObject("/Contents")] = writer._add_object(content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_type0_identity_h_fonts_map_cids_to_glyphs_of_the_embedded_program():
    font = TTFont(VERA)
    gids = [font.getGlyphID(font.getBestCmap()[ord(ch)]) for ch in "Hi"]
    page = open_pdf(type0_identity_pdf(gids)).page(1)
    h, i = page.glyphs
    register_fonts()
    assert h.font.embedded and h.gid == gids[0] and not h.missing
    x0, y0, x1, y1 = vera_bounds(VERA, "H", 20)
    assert h.ink.as_list() == pytest.approx([30 + x0, 50 + y0, 30 + x1, 50 + y1], abs=1e-3)
    assert i.origin[0] == pytest.approx(30 + stringWidth("H", "TestVera", 20), abs=1e-3)


def test_images_are_placed_by_the_ctm_with_their_colour_space():
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    def draw(c):
        c.drawImage(ImageReader(Image.new("L", (4, 4), 128)), 20, 30, 40, 50)

    (image,) = only_page(draw).images
    assert image.ink == Box(20, 30, 60, 80)
    assert image.colour_space == "DeviceGray"


def test_clipping_paths_cut_the_ink_and_hide_what_lies_outside():
    def draw(c):
        c.saveState()
        p = c.beginPath()
        p.rect(50, 50, 40, 40)
        c.clipPath(p, stroke=0, fill=0)
        c.rect(0, 0, 200, 200, stroke=0, fill=1)  # cut to the clip
        c.rect(150, 150, 10, 10, stroke=0, fill=1)  # entirely outside: not printed
        c.drawString(60, 60, "x")
        c.restoreState()
        c.rect(150, 150, 10, 10, stroke=0, fill=1)  # after Q: printed

    page = only_page(draw)
    first, last = page.paths
    assert first.ink == Box(50, 50, 90, 90) and len(first.clip) == 1
    assert last.ink == Box(150, 150, 160, 160) and last.clip == ()
    assert page.glyphs[0].clip == first.clip


def test_curve_bounds_follow_the_curve_not_its_control_points():
    def draw(c):
        p = c.beginPath()
        p.moveTo(10, 10)
        p.curveTo(10, 110, 110, 110, 110, 10)  # the curve peaks at y = 85, its handles at 110
        c.drawPath(p, stroke=0, fill=1)

    (path,) = only_page(draw).paths
    assert path.outline.as_list() == pytest.approx([10, 10, 110, 85], abs=1e-6)


def test_marks_in_a_box_follow_the_paint_not_the_bounds():
    def draw(c):
        c.setFillGray(0.9)
        c.rect(0, 0, 200, 200, stroke=0, fill=1)  # covers the box
        c.setLineWidth(1)
        c.rect(40, 40, 60, 60, stroke=1, fill=0)  # a frame around the box: no paint inside
        c.drawString(150, 150, "x")  # far from it
        c.setFillGray(0)
        c.rect(70, 70, 5, 5, stroke=0, fill=1)  # inside
        c.drawString(58, 55, "k")  # its ink reaches in

    page = only_page(draw)
    box = Box(60, 60, 80, 80)
    found = page.marks_in(box)
    assert [m.kind for m in found] == ["path", "path", "glyph"]
    assert found[0].covers(page.media_box) and found[1].outline == Box(70, 70, 75, 75)
    assert found[2].text == "k"
    assert page.marks_in(Box(110, 110, 120, 120)) == [found[0]]


def test_glyphs_made_from_columns_are_the_glyphs_made_one_by_one():
    from pipeline.readback.reader.marks import Glyph, glyphs_of_columns
    from pipeline.readback.reader.values import BLACK

    values = [(None, 65, 36, "A", 9.0, 9.0, (9.0, 0.0, 0.0, 9.0, 72.0, 700.0),
               Box(72.0, 699.5, 78.5, 706.4), BLACK, BLACK, 0, 1.0, 3, ()),
              (None, 66, 37, "B", 9.0, 9.0, (9.0, 0.0, 0.0, 9.0, 78.0, 700.0),
               None, BLACK, BLACK, 3, 0.5, 3, ())]
    quick, made = glyphs_of_columns(*zip(*values)), [Glyph(*row) for row in values]
    assert quick == made and list(map(hash, quick)) == list(map(hash, made))
    assert list(map(repr, quick)) == list(map(repr, made))
    assert all(type(glyph) is Glyph for glyph in quick)
    assert quick[0].visible and not quick[1].visible and quick[0].kind == "glyph"
    with pytest.raises(TypeError):
        glyphs_of_columns(*list(zip(*values))[:-1])


def test_the_quick_box_constructor_makes_the_same_value():
    from pipeline.readback.reader.geometry import new_box

    quick, made = new_box(1.5, -2.0, 3.0, 4.25), Box(1.5, -2.0, 3.0, 4.25)
    assert quick == made and hash(quick) == hash(made) and repr(quick) == repr(made)
    assert [getattr(quick, f.name) for f in fields(Box)] == [1.5, -2.0, 3.0, 4.25]
    assert type(quick) is Box and not hasattr(quick, "__dict__")  # slotted, as Box is
    with pytest.raises(TypeError):
        new_box(1.0, 2.0, 3.0)


def test_the_quick_constructor_of_a_class_with_a_dict_makes_the_same_value():
    from pipeline.readback.reader.marks import PathMark, new_path_mark
    from pipeline.readback.reader.values import BLACK

    values = ((("M", 0.0, 0.0), ("L", 1.0, 0.0)), None, BLACK, False, 0.5, 0.5, 0, 0,
              ((), 0.0), 1.0, Box(0.0, 0.0, 1.0, 0.0), Box(-0.25, -0.25, 1.25, 0.25), ())
    quick, made = new_path_mark(*values), PathMark(*values)
    assert quick == made and list(vars(quick).items()) == list(vars(made).items())
