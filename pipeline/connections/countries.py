"""The tiles: the 193 UN member states, with the facts the categories are built from.

Three well-kept data packages, each for what it holds and the others lack:

- country-converter ships `country_data.tsv`: continents, UN geoscheme regions and memberships
  (UN with year of joining, EU, Schengen, eurozone, OECD, APEC, CIS, G7, BRIC, Council of
  Europe). We read the table itself with the csv module: the package's converter class needs
  pandas behaviour that pandas 3 changed, and we need none of its name matching.
- countryinfo ships one JSON file per country: land borders, capital, official languages,
  currencies, demonym and area.
- pycountry ships the ISO 639 and ISO 4217 tables: the English names of those languages and
  currencies ("Spanish", "CFA Franc BCEAO").

Every tile is printed under one common short English name in plain ASCII (see `SHORT_NAMES`),
so name-based categories (letters, endings, hidden words) are computed on exactly what the
reader sees.
"""

from __future__ import annotations

import csv
import functools
import importlib.resources
import json
import unicodedata
from dataclasses import dataclass

# country-converter's `name_short` where a more common or plainer short name is printed.
SHORT_NAMES = {
    "Brunei Darussalam": "Brunei",
    "Cabo Verde": "Cape Verde",
    "Congo Republic": "Congo",
    "Côte d'Ivoire": "Ivory Coast",
    "Micronesia, Fed. Sts.": "Micronesia",
    "St. Kitts and Nevis": "Saint Kitts and Nevis",
    "St. Lucia": "Saint Lucia",
    "St. Vincent and the Grenadines": "Saint Vincent and the Grenadines",
    "Timor-Leste": "East Timor",
    "Türkiye": "Turkey",
}

# Memberships read from country-converter's columns: column -> our name for the membership.
MEMBERSHIP_COLUMNS = {
    "EU": "EU", "Schengen": "Schengen", "EURO": "eurozone", "OECD": "OECD", "APEC": "APEC",
    "CIS": "CIS", "G7": "G7", "BRIC": "BRIC", "CoE": "Council of Europe",
}


@dataclass(frozen=True)
class Country:
    code: str                 # ISO 3166 alpha-3
    name: str                 # the printed tile
    continent: str            # country-converter Continent_7 (North and South America apart)
    region: str               # UN geoscheme subregion
    memberships: frozenset[str]
    un_founding: bool         # a UN member since 1945
    capital: str              # ASCII, accents folded
    neighbours: tuple[str, ...]  # alpha-3 codes of UN members sharing a land border
    land_borders: int         # land borders with any territory, UN member or not
    languages: tuple[str, ...]   # English names of the official languages
    currencies: tuple[str, ...]  # English names of the currencies in use
    demonym: str
    area_km2: int


def ascii_fold(text: str) -> str:
    """'Brasília' -> 'Brasilia': accents dropped so letters compare as printed."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _converter_rows() -> list[dict]:
    table = importlib.resources.files("country_converter").joinpath("country_data.tsv")
    with table.open(encoding="utf-8") as stream:
        return [row for row in csv.DictReader(stream, delimiter="\t") if row["UNmember"]]


def _countryinfo_by_code() -> dict[str, dict]:
    by_code = {}
    folder = importlib.resources.files("countryinfo").joinpath("data")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            code = data.get("ISO", {}).get("alpha3")
            if code:
                by_code[code] = data
    return by_code


def _language_name(code: str) -> str | None:
    import pycountry

    language = pycountry.languages.get(alpha_2=code)
    return language.name if language else None


def _currency_name(code: str) -> str | None:
    import pycountry

    currency = pycountry.currencies.get(alpha_3=code)
    return currency.name if currency else None


@functools.lru_cache(maxsize=1)
def load_countries() -> tuple[Country, ...]:
    """The 193 UN member states in a fixed order (by printed name)."""
    rows = _converter_rows()
    info = _countryinfo_by_code()
    members = {row["ISO3"] for row in rows}
    countries = []
    for row in rows:
        code = row["ISO3"]
        facts = info[code]
        name = SHORT_NAMES.get(row["name_short"], row["name_short"])
        countries.append(Country(
            code=code,
            name=name,
            continent=row["Continent_7"],
            region=row["UNregion"],
            memberships=frozenset(ours for column, ours in MEMBERSHIP_COLUMNS.items() if row[column]),
            un_founding=row["UNmember"] == "1945",
            capital=ascii_fold(facts.get("capital") or ""),
            neighbours=tuple(sorted(c for c in facts.get("borders", []) if c in members)),
            land_borders=len(facts.get("borders", [])),
            languages=tuple(n for n in (_language_name(c) for c in facts.get("languages", [])) if n),
            currencies=tuple(n for n in (_currency_name(c) for c in facts.get("currencies", [])) if n),
            demonym=facts.get("demonym") or "",
            area_km2=int(facts.get("area") or 0),
        ))
    countries.sort(key=lambda country: country.name)
    return tuple(countries)
