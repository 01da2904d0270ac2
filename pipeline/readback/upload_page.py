"""proofs/upload.html: the upload sheet as a page to fill the printer's form from, step by step
and field by field in the form's order, each value ready to copy, its source beside it, and
the preflight's verdict on whether the sheet agrees with the files."""

from __future__ import annotations

from html import escape

UPLOAD_PAGE = "upload.html"
VERDICT_CHECKS = ("upload_text", "upload_files")

_CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1d1d1f}
header{padding:14px 24px;background:#fff;border-bottom:1px solid #ccc}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:22px 0 6px}
main{padding:6px 24px 30px;max-width:1100px}
table{border-collapse:collapse;width:100%;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.2)}
th,td{text-align:left;vertical-align:top;padding:7px 10px;border-bottom:1px solid #e3e3e8}
th{font-size:12px;color:#555;font-weight:600;background:#fafafa}
td.label{width:23%;font-weight:600}
td.value{width:47%;white-space:pre-wrap;word-break:break-word;font-family:ui-monospace,monospace;
font-size:13.5px}
td.source{font-size:11.5px;color:#666}
.pass{color:#176b2c;font-weight:600}.fail{color:#a4161a;font-weight:600}
.unconfirmed{color:#8a5a00}
"""


def upload_html(sheet: dict, title: str, report: dict | None = None) -> str:
    """The page for one book's sheet; `report` (its preflight.json) gives the verdicts."""
    verdicts = []
    for check in (report or {}).get("checks", []):
        if check["name"] in VERDICT_CHECKS:
            css = "pass" if check["passed"] else "fail"
            words = "agrees with the files" if check["passed"] else "DISAGREES with the files"
            verdicts.append(f'<li><span class="{css}">{escape(check["name"])}: {words}</span>'
                            + "".join(f"<br>{escape(f['message'])}" for f in check["findings"])
                            + "</li>")
    parts = [
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Upload sheet: {escape(title)}</title>",
        f"<style>{_CSS}</style></head><body><header>",
        f"<h1>Upload sheet: {escape(title)}</h1>",
        f"<div>{escape(str(sheet.get('form', '')))}: every value its setup form asks for, in "
        "the form's words and order. <a href=\"index.html\">back to the proofs</a></div>",
        f"<div class=\"source\" style=\"font-size:12px;color:#666\">form wording: "
        f"{escape(str(sheet.get('form_source', '')))}</div>",
    ]
    if verdicts:
        parts.append("<ul>" + "".join(verdicts) + "</ul>")
    elif report is None:
        parts.append("<div>No preflight of these files yet: run <code>pipeline preflight"
                     "</code>.</div>")
    parts.append("</header><main>")
    step = None
    for row in sheet.get("fields", []):
        if row.get("step") != step:
            if step is not None:
                parts.append("</table>")
            step = row.get("step")
            parts.append(f"<h2>{escape(str(step))}</h2><table><tr><th>field</th>"
                         "<th>enter or choose</th><th>source of the wording</th></tr>")
        source = str(row.get("source", ""))
        css = "source unconfirmed" if source.lstrip().startswith("U") else "source"
        parts.append(f'<tr><td class="label">{escape(str(row.get("label", "")))}</td>'
                     f'<td class="value">{escape(str(row.get("shown", "")))}</td>'
                     f'<td class="{css}">{escape(source)}</td></tr>')
    if step is not None:
        parts.append("</table>")
    parts.append("</main></body></html>\n")
    return "\n".join(parts)
