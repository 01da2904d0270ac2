"""Shared pieces of the book tests: the toy family, small layouts, builds, and PDF checks that
read the produced files back with pypdf (each check returns a list of problems, so a test can
show it finds the fault it guards against on a file made to have it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

import books_fake
from pipeline import family as family_module

STANDARD_14 = {"Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Helvetica",
               "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Courier",
               "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Symbol",
               "ZapfDingbats"}
COLOUR_OPERATORS = {"rg", "RG", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}


@pytest.fixture(scope="module")
def toy():
    """Registers the toy family for one test module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(family_module._FAMILY_MODULES, "toy", "books_fake")
        books_fake.SALT["value"] = ""
        yield books_fake.FAMILY
        books_fake.SALT["value"] = ""


def layout_text(title="Toy Book", *, sections=None, **fields) -> str:
    """TOML for a small toy layout; `fields` override top-level keys (None drops one)."""
    top = {"title": title, "subtitle": "For tests", "author": "Test Press", "trim": "6x9",
           "paper": "white"}
    top.update(fields)
    lines = []
    for key, value in top.items():
        if value is not None:
            lines.append(f"{key} = {_toml(value)}")
    for section in sections or [
        {"family": "toy", "level": "small", "count": 12, "puzzles_per_page": 1,
         "solutions_per_page": 4},
        {"family": "toy", "level": "big", "count": 8, "puzzles_per_page": 2,
         "solutions_per_page": 2},
    ]:
        lines.append("")
        lines.append("[[sections]]")
        for key, value in section.items():
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def write_layout(root: Path, slug: str, text: str) -> Path:
    folder = root / "layouts"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def build(root: Path, paths: list[Path], out: str = "build", catalog: str = "catalog.sqlite"):
    from pipeline.book.build import build_books
    entries = build_books(paths, root / catalog, root / out, workers=1, progress=False)
    manifest = json.loads((root / out / "manifest.json").read_text())
    return entries, manifest


# --- reading PDFs back ------------------------------------------------------------------------------
def reader(path):
    from pypdf import PdfReader
    return PdfReader(str(path))


def all_objects(pdf):
    for number in range(1, int(pdf.trailer["/Size"])):
        try:
            yield pdf.get_object(number)
        except Exception:
            continue


def font_problems(pdf) -> list[str]:
    """Every font embedded as TrueType (FontFile2); no standard-14 font named anywhere."""
    problems = []
    for obj in all_objects(pdf):
        if not hasattr(obj, "get") or obj.get("/Type") != "/Font":
            continue
        base = str(obj.get("/BaseFont", "")).lstrip("/")
        name = base.split("+", 1)[-1]
        if name in STANDARD_14:
            problems.append(f"standard-14 font {base}")
        fonts = [obj]
        if obj.get("/Subtype") == "/Type0":
            fonts = [f.get_object() for f in obj["/DescendantFonts"]]
        for font in fonts:
            descriptor = font.get("/FontDescriptor")
            if descriptor is None or "/FontFile2" not in descriptor.get_object():
                problems.append(f"font {base} is not an embedded TrueType font")
    return problems


def page_operations(pdf, page):
    from pypdf.generic import ContentStream
    contents = page.get_contents()
    if contents is None:
        return []
    return ContentStream(contents, pdf).operations


def colour_problems(pdf) -> list[str]:
    """Only DeviceGray: no RGB, CMYK or colour-space operators, no images."""
    problems = []
    for index, page in enumerate(pdf.pages, start=1):
        for operands, operator in page_operations(pdf, page):
            op = operator.decode("latin-1")
            if op in COLOUR_OPERATORS or op in {"Do", "BI"}:
                problems.append(f"page {index}: {op} {operands}")
    return problems


def structure_problems(pdf) -> list[str]:
    """No annotations, bookmarks, encryption or transparency."""
    problems = []
    if pdf.is_encrypted:
        problems.append("encrypted")
    root = pdf.trailer["/Root"]
    if "/Outlines" in root:
        problems.append("bookmarks (/Outlines)")
    for index, page in enumerate(pdf.pages, start=1):
        if "/Annots" in page:
            problems.append(f"page {index}: annotations")
        if "/Group" in page:
            problems.append(f"page {index}: transparency group")
        states = page.get("/Resources", {}).get("/ExtGState", {})
        for state in states.values():
            state = state.get_object()
            if "/SMask" in state or float(state.get("/CA", 1)) < 1 or float(state.get("/ca", 1)) < 1:
                problems.append(f"page {index}: transparency in graphics state")
    return problems


@dataclass(frozen=True)
class Mark:
    kind: str
    box: tuple[float, float, float, float]


def _multiply(a, b):
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def page_marks(pdf, page) -> list[Mark]:
    """Painted paths and shown text of a page, each with a (generous) box in page space."""
    marks = []
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    points = []
    line_width = 1.0
    tm = (1, 0, 0, 1, 0, 0)
    size = 0.0
    for operands, operator in page_operations(pdf, page):
        op = operator.decode("latin-1")
        nums = [float(v) for v in operands if isinstance(v, (int, float)) or
                type(v).__name__ in ("FloatObject", "NumberObject")]
        if op == "q":
            stack.append((ctm, line_width))
        elif op == "Q":
            ctm, line_width = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(nums), ctm)
        elif op == "w":
            line_width = nums[0]
        elif op in ("m", "l"):
            points.append(_apply(ctm, nums[0], nums[1]))
        elif op == "c":
            for i in (0, 2, 4):
                points.append(_apply(ctm, nums[i], nums[i + 1]))
        elif op == "re":
            x, y, w, h = nums
            for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                points.append(_apply(ctm, px, py))
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*"):
            if points:
                half = line_width / 2 if op in ("S", "s", "B", "B*", "b", "b*") else 0
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                marks.append(Mark("path", (min(xs) - half, min(ys) - half, max(xs) + half,
                                           max(ys) + half)))
            points = []
        elif op == "n":
            points = []
        elif op == "BT":
            tm = (1, 0, 0, 1, 0, 0)
        elif op == "Tm":
            tm = tuple(nums)
        elif op == "Td":
            tm = _multiply((1, 0, 0, 1, nums[0], nums[1]), tm)
        elif op == "Tf":
            size = nums[0]
        elif op in ("Tj", "TJ"):
            text = operands[0]
            count = len(text) if op == "Tj" else sum(len(t) for t in text if hasattr(t, "__len__"))
            m = _multiply(tm, ctm)
            corners = [_apply(m, u, v) for u, v in ((0, -0.3 * size), (count * size, -0.3 * size),
                                                    (0, size), (count * size, size))]
            xs = [p[0] for p in corners]
            ys = [p[1] for p in corners]
            marks.append(Mark("text", (min(xs), min(ys), max(xs), max(ys))))
    return marks


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def box_tuple(box: dict):
    return (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])


def marks_in_box(pdf, page, box, ignore_full_page=True) -> list[Mark]:
    """Marks touching `box`, except a background that covers the whole page."""
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    found = []
    for mark in page_marks(pdf, page):
        x0, y0, x1, y1 = mark.box
        if ignore_full_page and mark.kind == "path" and x0 <= 0 and y0 <= 0 and \
                x1 >= width and y1 >= height:
            continue
        if overlaps(mark.box, box):
            found.append(mark)
    return found
