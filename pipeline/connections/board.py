"""The Connections board: its tiles, the categories a group may have, and record checks.

A board is sixteen tiles split into four groups of four, one group per tier.

The tiles: the 193 UN member states, with the facts the categories are built from. Three
well-kept data packages, each for what it holds and the others lack:

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

The categories: every theme a group may have, with its tier and its full pool. Closed world:
a country is in a category's pool or it is not, decided by the data tables or by the printed
name itself, never by memory. The same library decides what the generator may place and what
the verifier must rule out.

Tiers, most to least obvious, by kind of knowledge:
- yellow: what shows at a glance or is common knowledge: first letters, continents, the
  best-known organisations and languages, names ending in -stan or -land, the neighbours of
  the G7, BRIC and twenty largest countries, the largest countries;
- green: UN regions, other organisations, neighbours of the next forty countries by area,
  currency families, island nations, the smallest countries;
- blue: capitals' first letters, neighbours of the rest, specific currencies, border counts,
  long names;
- purple: wordplay and trivia: last letters, rare letters, hidden words, name lengths,
  demonyms, capitals named like their country, names inside names.
"""

from __future__ import annotations

import csv
import functools
import importlib.resources
import json
import string
import unicodedata
from dataclasses import dataclass

from pipeline.errors import InputError
from pipeline.records import require

# --- the tiles -------------------------------------------------------------------------------

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


# --- the categories --------------------------------------------------------------------------

TIERS = ("yellow", "green", "blue", "purple")
GROUP_SIZE = 4

# Words hidden in printed names; the members are computed, only the words are chosen here.
# (Over the 193 printed names only these common words are hidden in four or more names.)
HIDDEN_WORDS = ("land", "tan", "mar", "mon", "out")
SAINT_WORDS = ("San", "Santo", "Sao", "Saint", "St.", "St")
COMPASS_WORDS = ("North", "South", "East", "West", "Central")
LANGUAGE_TIER = {"English": "yellow", "French": "yellow", "Spanish": "yellow", "Arabic": "yellow",
                 "Portuguese": "yellow", "German": "yellow", "Russian": "green", "Dutch": "blue",
                 "Italian": "blue", "Armenian": "purple"}
CURRENCY_WORDS = {"Dollar": "green", "Franc": "green", "Peso": "green", "Pound": "green",
                  "Dinar": "blue", "Rupee": "blue", "Shilling": "blue", "Krona": "blue",
                  "Krone": "blue", "Rial": "blue", "Riyal": "blue", "Dram": "purple"}
MEMBERSHIP_TIER = {"EU": ("yellow", "Member of the European Union"),
                   "eurozone": ("yellow", "Uses the euro (eurozone member in 2025)"),
                   "G7": ("yellow", "Member of the G7"),
                   "BRIC": ("yellow", "Original BRIC country"),
                   "Schengen": ("green", "In the Schengen Area"),
                   "OECD": ("green", "Member of the OECD"),
                   "APEC": ("green", "Member economy of APEC"),
                   "CIS": ("green", "Member of the CIS"),
                   "Council of Europe": ("blue", "Member of the Council of Europe")}


@dataclass(frozen=True)
class Category:
    label: str
    tier: str
    pool: frozenset[str]   # printed country names: the closed world of this label
    kind: str              # the family of themes it comes from (borders, capital letter, ...)


def letters(name: str) -> str:
    """The name as a run of lowercase letters: what wordplay sees."""
    return "".join(ch for ch in name.lower() if ch.isalpha())


def _words(name: str) -> list[str]:
    return name.replace("-", " ").split()


def _candidates(countries: tuple[Country, ...]) -> list[Category]:
    by_code = {c.code: c for c in countries}
    names = [c.name for c in countries]
    out: list[Category] = []

    def add(label: str, tier: str, members, kind: str) -> None:
        out.append(Category(label, tier, frozenset(members), kind))

    # Geography.
    for continent in sorted({c.continent for c in countries}):
        add(f"In {continent}", "yellow", (c.name for c in countries if c.continent == continent),
            "continent")
    for region in sorted({c.region for c in countries}):
        add(f"In the UN region {region}", "green",
            (c.name for c in countries if c.region == region), "region")
    by_area = sorted(countries, key=lambda c: (-c.area_km2, c.name))
    add("One of the ten largest countries by area", "yellow", (c.name for c in by_area[:10]), "area")
    add("One of the ten smallest countries by area", "green", (c.name for c in by_area[-10:]), "area")
    add("Has no land border", "green", (c.name for c in countries if c.land_borders == 0), "borders")
    add("Has exactly one land neighbour", "blue",
        (c.name for c in countries if c.land_borders == 1), "borders")
    add("Has eight or more land neighbours", "blue",
        (c.name for c in countries if c.land_borders >= 8), "borders")
    # Neighbours of a well-known country are an obvious theme: the G7, the BRIC countries and
    # the twenty largest are yellow, the next forty by area green.
    famous = {c.code for c in countries if c.memberships & {"G7", "BRIC"}}
    famous |= {c.code for c in by_area[:20]}
    large = {c.code for c in by_area[20:60]}
    for country in countries:
        if country.code in famous:
            tier = "yellow"
        elif country.code in large:
            tier = "green"
        else:
            tier = "blue"
        add(f"Borders {country.name}", tier, (by_code[n].name for n in country.neighbours),
            "neighbours")

    # Organisations and history.
    for membership, (tier, label) in MEMBERSHIP_TIER.items():
        add(label, tier, (c.name for c in countries if membership in c.memberships), "membership")
    add("Founding member of the UN (1945)", "blue", (c.name for c in countries if c.un_founding),
        "membership")

    # Languages and money.
    for language, tier in LANGUAGE_TIER.items():
        add(f"{language} is an official language", tier,
            (c.name for c in countries if language in c.languages), "language")
    for word, tier in CURRENCY_WORDS.items():
        add(f"Currency is called a {word.lower()}", tier,
            (c.name for c in countries if any(word in _words(n) for n in c.currencies)), "currency")
    add("Uses the US dollar", "blue", (c.name for c in countries if "US Dollar" in c.currencies),
        "currency")
    add("Uses a CFA franc", "blue",
        (c.name for c in countries if any(n.startswith("CFA Franc") for n in c.currencies)),
        "currency")
    add("Uses the East Caribbean dollar", "blue",
        (c.name for c in countries if "East Caribbean Dollar" in c.currencies), "currency")

    # Capitals.
    for letter in string.ascii_uppercase:
        add(f"Capital starts with {letter}", "blue",
            (c.name for c in countries if c.capital[:1].upper() == letter), "capital letter")
    add("Capital is named after the country, or the reverse", "purple",
        (c.name for c in countries if c.capital and
         (letters(c.capital) in letters(c.name) or letters(c.name) in letters(c.capital))),
        "capital name")
    add("Capital starts with the same letter as the country", "purple",
        (c.name for c in countries if c.capital[:1] == c.name[:1]), "capital name")
    add("Capital's name has two or more words", "purple",
        (c.name for c in countries if len(_words(c.capital)) >= 2), "capital name")
    add("Capital is named after a saint (San, Santo, Sao, Saint)", "purple",
        (c.name for c in countries if _words(c.capital)[:1] and _words(c.capital)[0] in SAINT_WORDS),
        "capital name")
    add("Capital's name starts with Port", "purple",
        (c.name for c in countries if c.capital.startswith("Port")), "capital name")
    add("Capital's name ends in City", "purple",
        (c.name for c in countries if c.capital.endswith(" City")), "capital name")

    # The printed name.
    for letter in string.ascii_lowercase:
        add(f"Name starts with {letter.upper()}", "yellow",
            (n for n in names if letters(n).startswith(letter)), "first letter")
        add(f"Name ends with {letter.upper()}", "purple",
            (n for n in names if letters(n).endswith(letter)), "last letter")
    for letter in "jkqxz":
        add(f"Name contains the letter {letter.upper()}", "purple",
            (n for n in names if letter in letters(n)), "rare letter")
    add("Name ends in -stan", "yellow", (n for n in names if n.endswith("stan")), "ending")
    add("Name ends in -land", "yellow", (n for n in names if n.endswith("land")), "ending")
    add("Name ends in -ea", "purple", (n for n in names if n.endswith("ea")), "ending")
    add("Name of three or more words", "blue", (n for n in names if len(_words(n)) >= 3), "length")
    for vowel in "aeiou":
        add(f"The only vowel in the name is {vowel.upper()}", "purple",
            (n for n in names if set(letters(n)) & set("aeiouy") == {vowel}), "wordplay")
    for size, word in ((4, "four"), (5, "five"), (6, "six"), (7, "seven"), (8, "eight"),
                       (9, "nine"), (10, "ten")):
        add(f"Name of {word} letters", "purple", (n for n in names if len(letters(n)) == size),
            "length")
    add("Name starts and ends with the same letter", "purple",
        (n for n in names if letters(n)[0] == letters(n)[-1]), "wordplay")
    add("Name has a double letter", "purple",
        (n for n in names if any(a == b for a, b in zip(letters(n), letters(n)[1:]))), "wordplay")
    add("Name starts with a compass point or Central", "purple",
        (n for n in names if _words(n)[0] in COMPASS_WORDS), "wordplay")
    add("Name contains another UN member's name", "purple",
        (n for n in names if any(o != n and letters(o) in letters(n) for o in names)), "wordplay")
    for word in HIDDEN_WORDS:
        add(f"Name hides the word {word.upper()}", "purple",
            (n for n in names if word in letters(n)), "hidden word")
    for ending in ("ese", "ish", "i"):
        add(f"People are called ...{ending} (as in {_example(countries, ending)})", "purple",
            (c.name for c in countries if c.demonym.endswith(ending) and "," not in c.demonym),
            "demonym")
    return out


def _example(countries: tuple[Country, ...], ending: str) -> str:
    for c in countries:
        if c.demonym.endswith(ending):
            return c.demonym
    return ending


@functools.lru_cache(maxsize=1)
def load_library() -> tuple[Category, ...]:
    """Every usable category: pools of at least four, no two with the same pool.

    When two candidates have the same pool the first listed is kept, so a board never has
    two labels for one group of countries.
    """
    kept: list[Category] = []
    seen: set[frozenset[str]] = set()
    for category in _candidates(load_countries()):
        if len(category.pool) < GROUP_SIZE or category.pool in seen:
            continue
        seen.add(category.pool)
        kept.append(category)
    labels = [c.label for c in kept]
    assert len(labels) == len(set(labels)), "category labels must be unique"
    return tuple(kept)


def tile_names() -> tuple[str, ...]:
    return tuple(c.name for c in load_countries())


@functools.lru_cache(maxsize=4)
def _positions(names: tuple[str, ...]) -> dict[str, int]:
    """Each tile name's bit, made once per name list (a board's masks are asked often)."""
    return {name: i for i, name in enumerate(names)}


@dataclass(frozen=True)
class IndexedLibrary:
    """The library as bitmasks over tile indices: the generator's and grader's representation.

    Bit i of a mask stands for `names[i]`; names are in the fixed order of `tile_names()`.
    """

    names: tuple[str, ...]
    categories: tuple[Category, ...]
    masks: tuple[int, ...]          # masks[k] is the pool of categories[k]
    by_tier: tuple[tuple[int, ...], ...]  # category indices of each tier, in TIERS order

    @classmethod
    def build(cls, categories: tuple[Category, ...], names: tuple[str, ...]) -> "IndexedLibrary":
        index = {name: i for i, name in enumerate(names)}
        masks = tuple(sum(1 << index[name] for name in c.pool) for c in categories)
        by_tier = tuple(tuple(k for k, c in enumerate(categories) if c.tier == tier) for tier in TIERS)
        return cls(names, categories, masks, by_tier)

    def mask_of(self, tiles) -> int:
        index = _positions(self.names)
        return sum(1 << index[name] for name in tiles)

    def tiles_of(self, mask: int) -> tuple[str, ...]:
        return tuple(self.names[i] for i in bits(mask))


def bits(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@functools.lru_cache(maxsize=1)
def indexed_library() -> IndexedLibrary:
    return IndexedLibrary.build(load_library(), tile_names())


# --- records ---------------------------------------------------------------------------------

def check_puzzle(puzzle: dict) -> list[str]:
    """The puzzle's sixteen tiles, each a country of the library, none twice."""
    tiles = require(puzzle, "tiles", list, "puzzle.")
    if len(tiles) != 16:
        raise InputError(f"expected 16 tiles, got {len(tiles)}", field="puzzle.tiles")
    known = set(tile_names())
    for index, tile in enumerate(tiles):
        field = f"puzzle.tiles[{index}]"
        if not isinstance(tile, str):
            raise InputError(f"expected a string, got {type(tile).__name__}", field=field)
        if tile not in known:
            raise InputError(f"{tile!r} is not a country name of the library", field=field)
    if len(set(tiles)) != 16:
        raise InputError("a tile appears twice", field="puzzle.tiles")
    return tiles


def check_solution(tiles: list[str], solution: dict) -> None:
    """The solution's four groups: each a label of the library at its tier, over the tiles."""
    groups = require(solution, "groups", list, "solution.")
    if len(groups) != 4:
        raise InputError(f"expected 4 groups, got {len(groups)}", field="solution.groups")
    labels = {c.label: c.tier for c in load_library()}
    seen: list[str] = []
    for number, group in enumerate(groups):
        prefix = f"solution.groups[{number}]."
        if not isinstance(group, dict):
            raise InputError("expected an object", field=f"solution.groups[{number}]")
        tier = require(group, "tier", str, prefix)
        if tier not in TIERS:
            raise InputError(f"unknown tier {tier!r} (known: {', '.join(TIERS)})", field=prefix + "tier")
        label = require(group, "label", str, prefix)
        if label not in labels:
            raise InputError(f"{label!r} is not a label of the library", field=prefix + "label")
        members = require(group, "tiles", list, prefix)
        if len(members) != 4:
            raise InputError(f"expected 4 tiles, got {len(members)}", field=prefix + "tiles")
        for index, tile in enumerate(members):
            if tile not in tiles:
                raise InputError(f"{tile!r} is not on the board", field=f"{prefix}tiles[{index}]")
        seen.extend(members)
    if len(set(seen)) != 16:
        raise InputError("the groups must split the sixteen tiles", field="solution.groups")
