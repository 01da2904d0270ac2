"""The translators' workflow on Babel's own tools (docs/languages.md, "Translating"):

- `pybabel extract -F pipeline/babel.cfg -k NN_:1,2` sees every message a folder prints, the
  string values of its texts.toml included, each at the line of its key;
- `pybabel update` from that template leaves every catalog as it is: no new, obsolete or fuzzy
  message (shown failing on catalogs planted with each);
- the catalogs and the mapping ship as package data (setuptools' own build of the modules).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from pipeline import i18n
from pipeline.family import family_module, family_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["pipeline.book"] + [family_module(name) for name in family_names()]
WITH_CATALOGS = sorted({package for package, _lang in i18n.catalogs(PACKAGES)})


def pybabel(*args: str) -> None:
    """pybabel, run here as the command line runs it (the mapping's texts.toml method is
    this tree's pipeline.i18n)."""
    CommandLineInterface().run(["pybabel", "-q", *args])


def refreshed(package: str, tmp_path: Path, plant=None) -> dict[str, list[str]]:
    """Each language's catalog of `package` after extract and update on a copy (`plant`
    changes the copy's text first): its new, obsolete and fuzzy messages."""
    folder = i18n.locale_dir(package).parent
    locale = tmp_path / "locale"
    shutil.copytree(folder / "locale", locale)
    if plant:
        for po in locale.glob("*/LC_MESSAGES/messages.po"):
            po.write_text(plant(po.read_text(encoding="utf-8")), encoding="utf-8")
    template = tmp_path / "messages.pot"
    pybabel("extract", "-F", str(i18n.MAPPING), "-k", "NN_:1,2", "-o", str(template),
            str(folder))
    before = {po.parent.parent.name: _ids(po) for po in locale.glob("*/LC_MESSAGES/*.po")}
    pybabel("update", "-i", str(template), "-d", str(locale))
    found = {}
    for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
        lang = po.parent.parent.name
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        found[lang] = (
            [f"new: {m.id!r}" for m in catalog if m.id and m.id not in before[lang]]
            + [f"obsolete: {message!r}" for message in catalog.obsolete]
            + [f"fuzzy: {m.id!r}" for m in catalog if m.id and m.fuzzy])
    return found


def _ids(po: Path) -> set:
    with po.open("rb") as handle:
        return {m.id for m in read_po(handle) if m.id and not m.fuzzy}


@pytest.mark.parametrize("package", WITH_CATALOGS)
def test_extract_and_update_leave_every_catalog_as_it_is(package, tmp_path):
    found = refreshed(package, tmp_path)
    assert found and all(problems == [] for problems in found.values()), found


@pytest.mark.parametrize("plant, says", [
    # a message the code marks, missing from the catalog: update adds it, untranslated
    (lambda t: t.replace('msgid "Time"\nmsgstr "Zeit"\n', ""), "new: 'Time'"),
    # a message no code marks any more
    (lambda t: t + '\nmsgid "Rätselzeit"\nmsgstr "Rätselzeit"\n', "obsolete: 'Rätselzeit'"),
    # a translation a translator has not confirmed
    (lambda t: t.replace('msgid "Time"\n', '#, fuzzy\nmsgid "Time"\n'), "fuzzy: 'Time'"),
])
def test_the_workflow_check_fails_on_a_planted_catalog(plant, says, tmp_path):
    def german_only(text):
        return plant(text) if "Language: de" in text else text

    found = refreshed("pipeline.book", tmp_path, german_only)
    assert says in found["de"], found
    assert found["fr"] == [] and found["es"] == []


def test_extract_sees_the_texts_toml_messages_at_their_keys_lines(tmp_path):
    folder = i18n.locale_dir("pipeline.bridges").parent
    template = tmp_path / "bridges.pot"
    pybabel("extract", "-F", str(i18n.MAPPING), "-k", "NN_:1,2", "-o", str(template),
            str(folder))
    with template.open("rb") as handle:
        catalog = read_po(handle)
    source = (folder / "texts.toml").read_text(encoding="utf-8").splitlines()
    from_texts = [m for m in catalog if m.id and any("texts.toml" in f for f, _ in m.locations)]
    assert len(from_texts) >= 10
    for message in from_texts:
        for filename, line in message.locations:
            if filename.endswith("texts.toml"):
                key = source[line - 1]
                assert "=" in key and message.id.split()[0] in "\n".join(source[line - 1:]), \
                    (message.id, line, key)
        assert message.auto_comments, message.id     # the table and key, for the translator


@pytest.mark.parametrize("package", ["pipeline.sudoku", "pipeline.bridges", "pipeline.kakuro",
                                     "pipeline.starbattle", "pipeline.nonogram"])
def test_the_texts_reader_finds_every_string_tomllib_reads(package):
    """Every string value of the shipped texts.toml, as many times as tomllib reads it."""
    path = i18n.locale_dir(package).parent / i18n.TEXTS
    found = sorted(message for _line, _place, message in
                   i18n.text_values(path.read_text(encoding="utf-8")))
    parsed = sorted(message for _place, message in _all_strings(tomllib.loads(
        path.read_text(encoding="utf-8"))))
    assert found == parsed


def _all_strings(value, where=""):
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _all_strings(item, f"{where}.{key}")
    elif isinstance(value, list):
        for item in value:
            yield from _all_strings(item, where)


def test_the_catalogs_and_the_mapping_ship_as_package_data(tmp_path):
    """setuptools' build of the modules (what a wheel holds) carries every .po and the
    mapping."""
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(ROOT / "pyproject.toml", source)
    shutil.copytree(ROOT / "pipeline", source / "pipeline",
                    ignore=shutil.ignore_patterns("__pycache__"))
    built = tmp_path / "lib"
    subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q",
                    "build_py", "--build-lib", str(built)], cwd=source, check=True,
                   capture_output=True)
    catalogs = {p.relative_to(ROOT) for p in (ROOT / "pipeline").rglob("messages.po")}
    assert len(catalogs) >= 12
    assert {p.relative_to(built) for p in built.rglob("messages.po")} == catalogs
    assert (built / "pipeline" / "babel.cfg").exists()
