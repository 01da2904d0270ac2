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
reader sees. In German, French and Spanish a tile is printed under the name CLDR gives its ISO
code in that language (Babel's `Locale(lang).territories`, `cldr_name`), and the name-based
categories are computed on those names (`spelled`); themes that only work on English words
(hidden English words, compass words, demonyms, the words in currency names) and those on
capitals (no maintained source names every capital in every language) are English only.

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
import dataclasses
import functools
import importlib.resources
import json
import string
import unicodedata
from dataclasses import dataclass

from pipeline.errors import InputError
from pipeline.i18n import LANGUAGES, N_, Messages, check_language, speaking
from pipeline.records import require

_ = Messages(__name__)

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
    alpha2: str = ""          # ISO 3166 alpha-2: the key of CLDR's names
    language_codes: tuple[str, ...] = ()  # ISO 639-1 codes of `languages`, in the same order


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


def _alpha2(code: str) -> str:
    import pycountry

    return pycountry.countries.get(alpha_3=code).alpha_2


def cldr_name(alpha2: str, lang: str) -> str:
    """The country's name in `lang` as CLDR gives it (Babel's territory names), with one rule:
    a part in parentheses is left out ("Myanmar (Birmanie)" -> "Myanmar"), since a tile holds
    one name and CLDR puts the older name there only as a gloss."""
    from babel import Locale

    name = Locale(lang).territories[alpha2]
    return name.split(" (")[0] if name.endswith(")") else name


def _language_name(code: str) -> str | None:
    import pycountry

    language = pycountry.languages.get(alpha_2=code)
    return language.name if language else None


def _currency_name(code: str) -> str | None:
    import pycountry

    currency = pycountry.currencies.get(alpha_3=code)
    return currency.name if currency else None


@functools.lru_cache(maxsize=4)
def load_countries(lang: str = "en") -> tuple[Country, ...]:
    """The 193 UN member states in a fixed order (by printed name), named in `lang`."""
    if lang != "en":
        check_language(lang)
        named = (dataclasses.replace(c, name=cldr_name(c.alpha2, lang))
                 for c in load_countries("en"))
        return tuple(sorted(named, key=lambda country: country.name))
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
            language_codes=tuple(c for c in facts.get("languages", []) if _language_name(c)),
            currencies=tuple(n for n in (_currency_name(c) for c in facts.get("currencies", [])) if n),
            demonym=facts.get("demonym") or "",
            area_km2=int(facts.get("area") or 0),
            alpha2=_alpha2(code),
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
MEMBERSHIP_TIER = {"EU": ("yellow", N_("Member of the European Union")),
                   "eurozone": ("yellow", N_("Uses the euro (eurozone member in 2025)")),
                   "G7": ("yellow", N_("Member of the G7")),
                   "BRIC": ("yellow", N_("Original BRIC country")),
                   "Schengen": ("green", N_("In the Schengen Area")),
                   "OECD": ("green", N_("Member of the OECD")),
                   "APEC": ("green", N_("Member economy of APEC")),
                   "CIS": ("green", N_("Member of the CIS")),
                   "Council of Europe": ("blue", N_("Member of the Council of Europe"))}
# country-converter's continents and UN regions by their UN M.49 codes, under which CLDR
# names them in every language (Babel's territory names); English keeps country-converter's.
CONTINENT_CODES = {"Africa": "002", "Asia": "142", "Europe": "150", "North America": "003",
                   "Oceania": "009", "South America": "005"}
REGION_CODES = {
    "Australia and New Zealand": "053", "Caribbean": "029", "Central America": "013",
    "Central Asia": "143", "Eastern Africa": "014", "Eastern Asia": "030",
    "Eastern Europe": "151", "Melanesia": "054", "Micronesia": "057", "Middle Africa": "017",
    "Northern Africa": "015", "Northern America": "021", "Northern Europe": "154",
    "Polynesia": "061", "South America": "005", "South-eastern Asia": "035",
    "Southern Africa": "018", "Southern Asia": "034", "Southern Europe": "039",
    "Western Africa": "011", "Western Asia": "145", "Western Europe": "155"}
NAME_LENGTHS = ((4, N_("four")), (5, N_("five")), (6, N_("six")), (7, N_("seven")),
                (8, N_("eight")), (9, N_("nine")), (10, N_("ten")))
# Letters with a mark that a language keeps as a letter of its own when names are spelled
# (German umlauts, Spanish Ñ); every other mark is dropped (French É is E).
OWN_LETTERS = {"en": "", "de": "äöü", "fr": "", "es": "ñ"}
# Name endings themed in each language (the members are computed on that language's names).
ENDINGS = {"de": (("stan", "yellow"), ("land", "yellow"), ("ien", "purple")),
           "fr": (("stan", "yellow"), ("ie", "purple"), ("ique", "purple")),
           "es": (("stán", "yellow"), ("ia", "purple"), ("ana", "purple"))}
# Where a name's words are counted: French joins the parts of a compound name with hyphens
# (Saint-Christophe-et-Niévès), so whether it is one word or four is a matter of opinion.
COUNTS_WORDS = ("en", "de", "es")


@dataclass(frozen=True)
class Category:
    label: str
    tier: str
    pool: frozenset[str]   # printed country names: the closed world of this label
    kind: str              # the family of themes it comes from (borders, capital letter, ...)


def letters(name: str) -> str:
    """The name as a run of lowercase letters: what wordplay sees."""
    return "".join(ch for ch in name.lower() if ch.isalpha())


def spelled(name: str, lang: str) -> str:
    """The name as a run of lowercase letters in `lang`: English as `letters`; elsewhere
    marks are dropped except on the language's own letters (OWN_LETTERS): Österreich is
    spelled with an Ö, Égypte with an E, España with an Ñ."""
    if lang == "en":
        return letters(name)
    kept = OWN_LETTERS[lang]
    text = unicodedata.normalize("NFC", name.lower())
    return "".join(ch for ch in "".join(ch if ch in kept else ascii_fold(ch) for ch in text)
                   if ch.isalpha())


def _words(name: str) -> list[str]:
    return name.replace("-", " ").split()


def _candidates(countries: tuple[Country, ...], lang: str = "en") -> list[Category]:
    """Every candidate category, labelled in `lang` (the caller sets the language the
    messages print in) and computed on the names of `countries` (named in `lang`)."""
    by_code = {c.code: c for c in countries}
    names = [c.name for c in countries]
    english = lang == "en"
    out: list[Category] = []

    def add(label: str, tier: str, members, kind: str) -> None:
        out.append(Category(label, tier, frozenset(members), kind))

    def place(english_name: str, codes: dict) -> str:
        """A continent or region as printed: CLDR's name of its M.49 code outside English."""
        if english:
            return english_name
        from babel import Locale
        return Locale(lang).territories[codes[english_name]]

    # Geography.
    for continent in sorted({c.continent for c in countries}):
        if continent == "North America" and not english:
            # Country-converter's North America runs to Panama and takes in the Caribbean;
            # German, French and Spanish readers count Central America and the Caribbean
            # apart, so the label says so.
            label = _("In North America, Central America or the Caribbean")
        else:
            label = _("In {continent}", continent=place(continent, CONTINENT_CODES))
        add(label, "yellow", (c.name for c in countries if c.continent == continent),
            "continent")
    for region in sorted({c.region for c in countries}):
        add(_("In the UN region {region}", region=place(region, REGION_CODES)), "green",
            (c.name for c in countries if c.region == region), "region")
    by_area = sorted(countries, key=lambda c: (-c.area_km2, c.name))
    add(_("One of the ten largest countries by area"), "yellow",
        (c.name for c in by_area[:10]), "area")
    add(_("One of the ten smallest countries by area"), "green",
        (c.name for c in by_area[-10:]), "area")
    add(_("Has no land border"), "green", (c.name for c in countries if c.land_borders == 0),
        "borders")
    add(_("Has exactly one land neighbour"), "blue",
        (c.name for c in countries if c.land_borders == 1), "borders")
    add(_("Has eight or more land neighbours"), "blue",
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
        add(_("Borders {country}", country=country.name), tier,
            (by_code[n].name for n in country.neighbours), "neighbours")

    # Organisations and history.
    for membership, (tier, label) in MEMBERSHIP_TIER.items():
        add(_(label), tier, (c.name for c in countries if membership in c.memberships),
            "membership")
    add(_("Founding member of the UN (1945)"), "blue",
        (c.name for c in countries if c.un_founding), "membership")

    # Languages and money.
    codes = {name: code for c in countries for name, code in zip(c.languages, c.language_codes)}
    for language, tier in LANGUAGE_TIER.items():
        if english:
            printed = language
        else:
            from babel import Locale
            printed = Locale(lang).languages[codes[language]]
        add(_("{language} is an official language", language=printed), tier,
            (c.name for c in countries if language in c.languages), "language")
    if english:  # the words of English currency names
        for word, tier in CURRENCY_WORDS.items():
            add(f"Currency is called a {word.lower()}", tier,
                (c.name for c in countries if any(word in _words(n) for n in c.currencies)),
                "currency")
    add(_("Uses the US dollar"), "blue", (c.name for c in countries if "US Dollar" in c.currencies),
        "currency")
    add(_("Uses a CFA franc"), "blue",
        (c.name for c in countries if any(n.startswith("CFA Franc") for n in c.currencies)),
        "currency")
    add(_("Uses the East Caribbean dollar"), "blue",
        (c.name for c in countries if "East Caribbean Dollar" in c.currencies), "currency")

    # Capitals: their names are English (countryinfo's), so these themes are English only.
    if english:
        _capital_categories(countries, add)

    # The printed name, spelled in its language.
    spell = {n: spelled(n, lang) for n in names}
    for letter in string.ascii_lowercase + OWN_LETTERS[lang]:
        add(_("Name starts with {letter}", letter=letter.upper()), "yellow",
            (n for n in names if spell[n].startswith(letter)), "first letter")
        add(_("Name ends with {letter}", letter=letter.upper()), "purple",
            (n for n in names if spell[n].endswith(letter)), "last letter")
    for letter in "jkqxz":
        add(_("Name contains the letter {letter}", letter=letter.upper()), "purple",
            (n for n in names if letter in spell[n]), "rare letter")
    endings = (("stan", "yellow"), ("land", "yellow"), ("ea", "purple")) if english \
        else ENDINGS[lang]
    for ending, tier in endings:
        add(_("Name ends in -{ending}", ending=ending), tier,
            (n for n in names if n.lower().endswith(ending)), "ending")
    if lang in COUNTS_WORDS:
        add(_("Name of three or more words"), "blue", (n for n in names if len(_words(n)) >= 3),
            "length")
    vowels = set("aeiouy") | set(OWN_LETTERS[lang]) - {"ñ"}
    for vowel in "aeiou":
        add(_("The only vowel in the name is {vowel}", vowel=vowel.upper()), "purple",
            (n for n in names if set(spell[n]) & vowels == {vowel}), "wordplay")
    for size, word in NAME_LENGTHS:
        add(_("Name of {word} letters", word=_(word)), "purple",
            (n for n in names if len(spell[n]) == size), "length")
    add(_("Name starts and ends with the same letter"), "purple",
        (n for n in names if spell[n][0] == spell[n][-1]), "wordplay")
    add(_("Name has a double letter"), "purple",
        (n for n in names if any(a == b for a, b in zip(spell[n], spell[n][1:]))), "wordplay")
    if english:  # English words inside English names
        add("Name starts with a compass point or Central", "purple",
            (n for n in names if _words(n)[0] in COMPASS_WORDS), "wordplay")
    add(_("Name contains another UN member's name"), "purple",
        (n for n in names if any(o != n and spell[o] in spell[n] for o in names)), "wordplay")
    if english:
        for word in HIDDEN_WORDS:
            add(f"Name hides the word {word.upper()}", "purple",
                (n for n in names if word in letters(n)), "hidden word")
        for ending in ("ese", "ish", "i"):
            add(f"People are called ...{ending} (as in {_example(countries, ending)})", "purple",
                (c.name for c in countries if c.demonym.endswith(ending) and "," not in c.demonym),
                "demonym")
    return out


def _capital_categories(countries: tuple[Country, ...], add) -> None:
    """The themes on capitals' (English) names."""
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


def _example(countries: tuple[Country, ...], ending: str) -> str:
    for c in countries:
        if c.demonym.endswith(ending):
            return c.demonym
    return ending


@functools.lru_cache(maxsize=4)
def load_library(lang: str = "en") -> tuple[Category, ...]:
    """Every usable category in `lang`: pools of at least four, no two with the same pool.

    When two candidates have the same pool the first listed is kept, so a board never has
    two labels for one group of countries. Labels are printed in `lang` whatever language
    the caller speaks, and pools hold the tiles' names in `lang`.
    """
    kept: list[Category] = []
    seen: set[frozenset[str]] = set()
    with speaking(lang):
        candidates = _candidates(load_countries(lang), lang)
    for category in candidates:
        if len(category.pool) < GROUP_SIZE or category.pool in seen:
            continue
        seen.add(category.pool)
        kept.append(category)
    labels = [c.label for c in kept]
    assert len(labels) == len(set(labels)), "category labels must be unique"
    return tuple(kept)


def tile_names(lang: str = "en") -> tuple[str, ...]:
    return tuple(c.name for c in load_countries(lang))


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


@functools.lru_cache(maxsize=4)
def indexed_library(lang: str = "en") -> IndexedLibrary:
    return IndexedLibrary.build(load_library(lang), tile_names(lang))


def puzzle_language(puzzle: dict) -> str:
    """The language of a board's tiles and labels: a record names it when it is not English
    (English records predate the field and stay as they were)."""
    lang = puzzle.get("language", "en")
    if lang not in LANGUAGES:
        raise InputError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})",
                         field="puzzle.language")
    return lang


@dataclass(frozen=True)
class Tiles:
    """A checked board: its tiles and the language they are named in."""
    names: list[str]
    language: str


# --- records ---------------------------------------------------------------------------------

def check_puzzle(puzzle: dict) -> list[str]:
    """The puzzle's sixteen tiles, each a country of the library in the puzzle's language,
    none twice."""
    lang = puzzle_language(puzzle)
    tiles = require(puzzle, "tiles", list, "puzzle.")
    if len(tiles) != 16:
        raise InputError(f"expected 16 tiles, got {len(tiles)}", field="puzzle.tiles")
    known = set(tile_names(lang))
    for index, tile in enumerate(tiles):
        field = f"puzzle.tiles[{index}]"
        if not isinstance(tile, str):
            raise InputError(f"expected a string, got {type(tile).__name__}", field=field)
        if tile not in known:
            raise InputError(f"{tile!r} is not a country name of the library", field=field)
    if len(set(tiles)) != 16:
        raise InputError("a tile appears twice", field="puzzle.tiles")
    return Tiles(tiles, lang)


def check_solution(board: Tiles, solution: dict) -> None:
    """The solution's four groups: each a label of the library (in the board's language) at
    its tier, over the tiles."""
    tiles = board.names
    groups = require(solution, "groups", list, "solution.")
    if len(groups) != 4:
        raise InputError(f"expected 4 groups, got {len(groups)}", field="solution.groups")
    labels = {c.label: c.tier for c in load_library(board.language)}
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
