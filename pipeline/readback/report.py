"""The preflight report of one book: build/<slug>/preflight.json and the table printed.

The JSON keeps its shape (new keys may be added, none removed): slug, printer, the sha256 of
the interior and cover bytes that were checked, passed, and per check its name, title,
passed, measured, the failure count and the first findings.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pipeline.readback.findings import Check
from pipeline.readback.loaded import LoadedBook


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def book_report(b: LoadedBook, checks: list[Check]) -> dict:
    """The report of checks run on `b`, with the hashes of the very bytes they read."""
    return {
        "slug": b.book["slug"], "printer": b.book.get("printer"),
        "interior_sha256": b.interior_sha256, "cover_sha256": b.cover_sha256,
        "passed": all(c.passed for c in checks),
        # Printer values the profile table tags as not confirmed by the printer's own pages:
        # the checks use them, and say so.
        "printer_unconfirmed": b.profile.unconfirmed_fields(),
        "checks": [c.to_dict() for c in checks],
    }


def _summary(check: dict) -> str:
    m = check["measured"]
    for key in ("worst", "thinnest", "smallest"):
        if isinstance(m.get(key), dict):
            item = m[key]
            value = next(v for k, v in item.items() if k.endswith("_pt"))
            return f"{key} {value} pt on {item.get('document', 'interior')} p{item.get('page', 1)}"
    flat = {}
    for key, value in m.items():
        if isinstance(value, dict):
            for inner, item in value.items():
                if not isinstance(item, (dict, list)):
                    flat[f"{key}.{inner}"] = item
        elif not isinstance(value, list):
            flat[key] = value
    return ", ".join(f"{k} {v}" for k, v in list(flat.items())[:4])


def table(reports: list[dict]) -> str:
    lines = []
    for rep in reports:
        lines.append(f"{rep['slug']} ({rep['printer']}): "
                     f"{'PASS' if rep['passed'] else 'FAIL'}")
        for check in rep["checks"]:
            status = "ok  " if check["passed"] else "FAIL"
            detail = _summary(check)
            if not check["passed"]:
                first = check["findings"][0]
                where = f" p{first['page']}" if first["page"] else ""
                detail = f"{check['failures']} x, first: {first['document']}{where}: " \
                         f"{first['message']}"
            lines.append(f"  {status} {check['name']:<12} {detail[:110]}")
        if rep.get("printer_unconfirmed"):
            lines.append(f"  note: unconfirmed {rep['printer']} values used: "
                         f"{', '.join(rep['printer_unconfirmed'])}")
    return "\n".join(lines)
