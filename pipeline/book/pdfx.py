"""Writing a finished PDF as PDF/X-1a:2001 (ISO 15930-1), with pikepdf.

reportlab writes the content; PDF/X-1a adds declarations it cannot write: the output intent
(GTS_PDFX, naming the registered characterization the colours are meant for), the version and
conformance keys and Trapped in the document information, and a PDF 1.3 file. The content
must already obey the standard, and the books make sure of it as they draw: DeviceGray
interiors, DeviceCMYK covers, no RGB, no ICC-based colour, no transparency, every font
embedded, TrimBox and BleedBox on every page; `require_pdfx_content` refuses a file that does
not, so the keys are never written over content that breaks them.

The output stays byte-reproducible: no dates are added (reportlab's invariant mode fixes the
creation and modification dates), and the document ID is derived from the content
(pikepdf's deterministic ID), never from the clock or a random source.
"""

from __future__ import annotations

import io

PDFX_1A_2001 = "PDF/X-1a:2001"
VERSION_KEY = "PDF/X-1:2001"      # GTS_PDFXVersion of PDF/X-1a:2001 (ISO 15930-1, 6.2.2)
PDF_VERSION = "1.3"              # PDF/X-1a:2001 is built on PDF 1.3


class PdfxError(RuntimeError):
    """The content breaks a PDF/X-1a rule, so the file cannot be declared PDF/X-1a."""


def to_pdfx(data: bytes, standard: str, condition: dict) -> bytes:
    """`data` as a PDF/X-1a:2001 file for the output `condition` (identifier, condition,
    registry, from the printer profile)."""
    import pikepdf

    if standard != PDFX_1A_2001:
        raise PdfxError(f"unsupported standard {standard!r}")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        require_pdfx_content(pdf)
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition["identifier"]),
            OutputCondition=pikepdf.String(condition["condition"]),
            RegistryName=pikepdf.String(condition["registry"]),
            Info=pikepdf.String(condition["condition"]))
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        info = pdf.docinfo
        info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(VERSION_KEY)
        info[pikepdf.Name.GTS_PDFXConformance] = pikepdf.String(PDFX_1A_2001)
        info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, force_version=PDF_VERSION,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 compress_streams=True, linearize=False)
    return out.getvalue()


def require_pdfx_content(pdf) -> None:
    """Raise PdfxError when the content breaks a rule the declaration would claim."""
    import pikepdf

    title = pdf.docinfo.get(pikepdf.Name.Title)
    if not title or not str(title).strip():
        raise PdfxError("PDF/X needs a document title")
    for number, page in enumerate(pdf.pages, start=1):
        if pikepdf.Name.TrimBox not in page.obj and pikepdf.Name.ArtBox not in page.obj:
            raise PdfxError(f"page {number} has no TrimBox")
        if pikepdf.parse_content_stream(page, "rg RG"):
            raise PdfxError(f"page {number} sets an RGB colour")
        resources = page.obj.get(pikepdf.Name.Resources, pikepdf.Dictionary())
        for space in _colour_space_names(resources):
            if space in ("/DeviceRGB", "/CalRGB", "/ICCBased", "/Lab", "/CalGray"):
                raise PdfxError(f"page {number} uses {space}, not allowed in PDF/X-1a")
        for _name, state in resources.get(pikepdf.Name.ExtGState, {}).items():
            if pikepdf.Name.SMask in state and state.SMask != pikepdf.Name.None_:
                raise PdfxError(f"page {number} has a soft mask")
            for key in ("/CA", "/ca"):
                if key in state and float(state[key]) < 1:
                    raise PdfxError(f"page {number} has transparency ({key})")
        for _name, font in resources.get(pikepdf.Name.Font, {}).items():
            if not _embedded(font):
                raise PdfxError(f"page {number}: font {font.get('/BaseFont')} is not embedded")


def _colour_space_names(resources) -> list[str]:
    import pikepdf

    names = []
    for _name, space in resources.get(pikepdf.Name.ColorSpace, {}).items():
        names.append(str(space[0] if isinstance(space, pikepdf.Array) else space))
    return names


def _embedded(font) -> bool:
    import pikepdf

    if font.get(pikepdf.Name.Subtype) == pikepdf.Name.Type3:
        return True
    if font.get(pikepdf.Name.Subtype) == pikepdf.Name.Type0:
        font = font.DescendantFonts[0]
    descriptor = font.get(pikepdf.Name.FontDescriptor)
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
