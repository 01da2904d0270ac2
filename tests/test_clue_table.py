"""The clue table (pipeline/engines/clues): every committed entry held to the clue rules,
each rule shown refusing a planted entry that breaks it (and passing the same entry mended),
the thesaurus build shown dropping what its checks are for on small thesauri written here,
the press file's entries and blocks, and one-line errors for its bad lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engines import clues, lexicon
from pipeline.engines.clues import build, rules, wordnet
from pipeline.errors import InputError

LANGUAGES = ("en", "de", "fr", "es")


def rule_of(problem: str | None) -> str | None:
    return problem.split(":")[0] if problem else None


# --- the committed tables ---------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_every_committed_entry_keeps_every_rule(language):
    table = clues.table(language)
    assert table.entries
    broken = [(e.answer, e.text, rules.entry_problem(e.answer, e.text, e.relation,
                                                     e.difficulty, language))
              for e in table.entries]
    assert [b for b in broken if b[2]] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_grid_forms_and_look_ups_agree_with_the_entries(language):
    table = clues.table(language)
    for entry in table.entries[::7]:
        assert entry.grid == lexicon.grid_spelling(entry.answer, language)
        assert entry in table.clues_for(entry.grid, entry.difficulty)
        assert entry.grid in table.answers_for(entry.text, len(entry.grid), entry.difficulty)
        assert entry.grid in table.answers(entry.difficulty)
        assert entry.source in clues.SOURCES
    easiest = table.answers(1)
    assert set(easiest) <= set(table.answers(3))
    # a clue of difficulty 1 is never given to an answer whose entries are all harder
    hard_only = [g for g in table.answers(3) if g not in set(easiest)]
    assert all(table.clues_for(g, 1) == () for g in hard_only[:200])


def test_a_look_up_is_by_length():
    table = clues.ClueTable("de", (
        clues.Clue("Villa", "VILLA", "Gebäude", "synonym", 1, "press"),
        clues.Clue("Bau", "BAU", "Gebäude", "synonym", 2, "press")))
    assert table.answers_for("Gebäude", 5) == ("VILLA",)
    assert table.answers_for("Gebäude", 3) == ("BAU",)
    assert table.answers_for("Gebäude", 3, difficulty=1) == ()
    assert table.answers(1) == ("VILLA",)


# --- each rule on a planted entry ---------------------------------------------------------

@pytest.mark.parametrize("language, answer, bad, good, rule", [
    ("de", "Haus", "Häuser", "Gebäude", "shares a stem"),
    ("en", "running", "runs", "racing", "shares a stem"),
    ("fr", "maison", "maisons", "demeure", "shares a stem"),
    ("es", "casa", "casas", "hogar", "shares a stem"),
    ("en", "arm", "warmth", "limb", "contains"),
    ("de", "Wohnhaus", "Wohngebäude", "Villa", "shares a part"),
    ("de", "Lastwagen", "Kraftwagen", "Brummi", "shares a part"),
    ("de", "kräftig", "kraftvoll", "stark", "shares a part"),
    ("de", "Mami", "Mama", "Mutter", "shares a part"),
    ("de", "Haus", "ein sehr großes und hohes Gebäude", "Gebäude", "clue length"),
    ("en", "house", "bastard", "home", "offensive"),
    ("en", "hundred", "c", "century", "clue length"),
    ("en", "gram", "gm", "weight", "clue length"),
    ("de", "Weltrekord", "WR", "Bestmarke", "clue length"),
    ("en", "twelve", "xii", "dozen", "clue length"),       # a number in Roman numerals
])
def test_each_clue_rule_refuses_a_planted_clue(language, answer, bad, good, rule):
    assert rule_of(rules.clue_problem(answer, bad, language)) == rule
    assert rules.clue_problem(answer, good, language) is None


@pytest.mark.parametrize("language, bad, good, difficulty, rule", [
    ("de", "Kemenate", "Zimmer", 3, "unfamiliar"),
    ("de", "Schloss", "Zimmer", 1, None),
    ("en", "bastard", "orphan", 3, "offensive"),
    ("de", "Arsch", "Gesäß", 3, "offensive"),
    ("de", "Verantwortungsbewusstsein", "Pflicht", 3, "too long"),
    ("de", "Bürgermeister", "Zimmer", 1, "too long"),
    ("de", "USA", "Zimmer", 3, "abbreviation"),
    ("de", "AStA", "Zimmer", 3, "abbreviation"),      # a capital inside: an abbreviation
    ("en", "xii", "dozen", 3, "abbreviation"),        # a number in Roman numerals
    ("en", "xl", "mix", 3, "abbreviation"),           # MIX is a word, not 1009
    ("en", "co-op", "shop", 3, None),
    ("fr", "S.N.C.F.", "train", 3, "form"),
])
def test_each_answer_rule_refuses_a_planted_answer(language, bad, good, difficulty, rule):
    assert rule_of(rules.answer_problem(bad, language, difficulty)) == rule
    assert rules.answer_problem(good, language, difficulty) is None


def test_an_abbreviation_is_an_answer_when_its_clue_says_so():
    assert rule_of(rules.answer_problem("USA", "de", 3, "Staaten")) == "abbreviation"
    assert rules.answer_problem("USA", "de", 3, "Staaten (Abk.)") is None
    assert rules.answer_problem("USA", "en", 3, "States (abbr.)") is None


def test_a_relation_is_held_to_its_difficulty():
    assert rules.entry_problem("Eiche", "Baum", "broader", 2, "de") is None
    assert rule_of(rules.entry_problem("Eiche", "Baum", "broader", 1, "de")) == "form"
    assert rule_of(rules.entry_problem("Eiche", "Baum", "definition", 2, "de")) == "form"
    assert rule_of(rules.entry_problem("Eiche", "Baum", "kind of", 3, "de")) == "form"


# --- the build on small thesauri written here ---------------------------------------------

def write_thesaurus(folder: Path, name: str, text: str, encoding: str = "UTF-8") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(f"{encoding}\n{text}".encode(encoding.replace(
        "ISO8859-1", "latin-1")))


# The Hunspell dictionaries' forms (stem/flags tags) the French and Spanish pairs need.
DICTIONARIES = {
    "fr": "5\nmaison/S. po:nom is:fem\ndemeure/S. po:nom is:fem\nlogis po:nom is:mas\n"
          "bâtir/a1p+ po:v1\nconstruire/a1p+ po:v3\n",
    "es": "9\ncasa/S\nhogar/S\nvivienda/S\nmorada/S\nmadre/S\nmamá/S\nmadrastra/S\n"
          "hermano/GS\nfraile/S\nbonito/GS\nlindo/GS\n",
}


def entries_of(tmp_path, monkeypatch, language, text, encoding="UTF-8", press="",
               broader_class=1):
    """The rows and rejections of a build of `text` (a small thesaurus); a broader term of
    one answer is a class here unless the test says otherwise."""
    monkeypatch.setitem(build.BROADER_CLASS, language, broader_class)
    write_thesaurus(tmp_path, build.THESAURI[language][0], text, encoding)
    monkeypatch.setattr(build, "MYTHES", tmp_path)
    (tmp_path / "press").mkdir(exist_ok=True)
    (tmp_path / "press" / f"{language}.txt").write_text(press, encoding="utf-8")
    monkeypatch.setattr(build, "PRESS", tmp_path / "press")
    if language in DICTIONARIES:
        dic = tmp_path / f"{language}.dic"
        dic.write_text(DICTIONARIES[language], encoding="utf-8")
        monkeypatch.setattr(build, "HUNSPELL", {language: (dic, "hunspell")})
    rows, rejected, _ = build.build(language)
    return {(r[0], r[1]): r for r in rows}, rejected


# OpenThesaurus writes each synset under each of its words; one is enough here.
GERMAN = """\
haus|2
-|Haus|Gebäude|Bude (ugs.)
-|Haus|Gebäude|Heim
gebäude|1
-|Haus|Gebäude|Bude (ugs.)
auto|3
-|Auto|Wagen|Karre (derb)|Fahrzeug (Oberbegriff)
-|Auto|Wagen|Kiste (ugs.)|Fahrzeug (Oberbegriff)
-|Auto|Automobil|Fahrzeug (Oberbegriff)
wagen|1
-|Auto|Wagen|Karre (derb)|Fahrzeug (Oberbegriff)
fahrzeug|1
-|Fahrzeug|Vehikel
bude|1
-|Haus|Gebäude|Bude (ugs.)
heim|1
-|Haus|Gebäude|Heim
frau|1
-|Frau|Dame|Weib (abwertend)
weib|1
-|Weib|Hausfrau
fähre|1
-|Fähre|Autofähre|Schiff (Oberbegriff)
schiff|1
-|Schiff|Dampfer
gattin|1
-|Gattin|Ehefrau|Frau (Oberbegriff)
anfangen|1
-|anfangen|beginnen|tun (Oberbegriff)
tun|1
-|tun|machen
zimmer|1
-|Zimmer|Raum|Gemach (veraltet)|Stube|Kammer|Saal|Halle|Diele|Flur|Gang|Kabine|Zelle|Ecke|Nische|Loch|Bau|Platz|Ort|Stelle|Punkt|Lage|Feld|Gebiet|Zone|Bereich|Sektor|Teil|Stück|Seite|Front|Kante|Rand|Grenze
"""


def test_the_build_keeps_agreed_synonyms_and_drops_what_its_checks_are_for(tmp_path,
                                                                          monkeypatch):
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", GERMAN)
    assert ("Haus", "Gebäude") in rows and ("Gebäude", "Haus") in rows
    # a colloquial sense only at the hardest difficulty
    assert rows[("Haus", "Bude")][3] == 3
    assert rows[("Haus", "Gebäude")][3] == 1
    # a word marked vulgar or derogatory in any sense is used in none
    assert not [key for key in rows if {"Karre", "Weib"} & set(key)]
    # an archaic term is no clue
    assert not [key for key in rows if "Gemach" in key]
    # a word in one loose synset of thirty-odd words is not agreed with any of them
    assert not [key for key in rows if "Zimmer" in key]
    # a broader term of a noun in one sense, common enough
    assert rows[("Fähre", "Schiff")][2] == "broader"
    assert rows[("Fähre", "Schiff")][3] >= rules.RELATIONS["broader"]
    assert rejected["vulgar sense"] and rejected["register"] and rejected["weak agreement"]


def test_a_broader_term_of_a_word_of_several_senses_or_a_verb_is_dropped(tmp_path,
                                                                        monkeypatch):
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", GERMAN)
    # AUTO stands in three synsets: which of them FAHRZEUG is broader to, the thesaurus
    # does not say of the answer alone
    assert ("Auto", "Fahrzeug") not in rows and ("Auto", "Wagen") in rows
    # AUTOMOBIL, in one synset, takes the same broader term
    assert rows[("Automobil", "Fahrzeug")][2] == "broader"
    assert ("anfangen", "tun") not in rows          # a verb's broader term


ANIMALS = "tier|1\n-|Tier|Lebewesen\n" + "".join(
    f"{word.lower()}|1\n-|{word}|Tier (Oberbegriff)\n"
    for word in ("Hund", "Katze", "Pferd", "Kuh", "Schwein"))


def test_a_broader_term_is_kept_only_as_the_class_of_enough_answers(tmp_path, monkeypatch):
    rows, _ = entries_of(tmp_path, monkeypatch, "de", ANIMALS,
                         broader_class=build.BROADER_CLASS["de"])
    assert [key for key, row in rows.items() if row[2] == "broader"] == [
        (word, "Tier") for word in ("Hund", "Katze", "Kuh", "Pferd", "Schwein")]
    four = ANIMALS.replace("schwein|1\n-|Schwein|Tier (Oberbegriff)\n", "")
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", four,
                                broader_class=build.BROADER_CLASS["de"])
    assert ("Hund", "Tier") not in rows
    assert [n for check, n in rejected.items() if check.startswith("no class")] == [4]


def test_a_broader_term_leads_only_to_a_familiar_answer(tmp_path, monkeypatch):
    # DACHS (Zipf 3.2) is familiar enough for a synonym at difficulty 3, not for a class
    text = ANIMALS + "dachs|1\n-|Dachs|Tier (Oberbegriff)\n"
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", text)
    assert ("Dachs", "Tier") not in rows and ("Esel", "Tier") not in rows
    assert rows[("Hund", "Tier")][2] == "broader" and rejected["unfamiliar"] == 1
    rows, _ = entries_of(tmp_path, monkeypatch, "de", text.replace("Dachs", "Esel").replace(
        "dachs", "esel"))
    assert rows[("Esel", "Tier")][2] == "broader"


PHRASES = """sofort|1
-|sofort|umgehend|auf der Stelle
umgehend|1
-|sofort|umgehend|auf der Stelle
auf der Stelle|1
-|sofort|umgehend|auf der Stelle
gering|1
-|gering|niedrig
niedrig|1
-|gering|niedrig
"""


def test_a_german_phrase_is_no_clue(tmp_path, monkeypatch):
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", PHRASES)
    assert ("sofort", "umgehend") in rows and ("umgehend", "sofort") in rows
    assert ("sofort", "auf der Stelle") not in rows and rejected["form"]
    # the English rule against -ing answers (the act of a verb) is no German rule: GERING
    assert ("gering", "niedrig") in rows


def test_a_broader_term_the_press_blocks_for_every_answer_is_never_chosen(tmp_path,
                                                                          monkeypatch):
    rows, _ = entries_of(tmp_path, monkeypatch, "de", GERMAN)
    assert ("Gattin", "Frau") in rows and ("Fähre", "Schiff") in rows
    rows, rejected = entries_of(tmp_path, monkeypatch, "de", GERMAN, press="- * | Frau\n")
    assert ("Gattin", "Frau") not in rows and ("Fähre", "Schiff") in rows
    assert rejected["blocked by the press"]


# WordNet's own files (wndb(5WN)), a few synsets: FOOTER stands with PEDESTRIAN only in a
# sense of it never met in the tagged texts; ROBIN is a bird in its one sense; KEY is a
# concrete thing first but names many other things.
WORDNET_DATA = {
    "noun": "00000001 03 n 01 entity 0 000 | x\n"
            "00000002 05 n 01 bird 0 001 @ 00000001 n 0000 | a flying animal; it has wings\n"
            "00000003 05 n 02 robin 0 redbreast 0 001 @ 00000002 n 0000 | x\n"
            "00000004 18 n 02 footer 0 pedestrian 0 000 | x\n"
            "00000005 18 n 02 walker 0 pedestrian 0 000 | x\n"
            "00000006 06 n 01 footer 0 000 | x\n"
            "00000007 06 n 01 key 0 001 @ 00000008 n 0000 | x\n"
            "00000008 06 n 01 device 0 000 | an instrumentality\n"
            "00000010 05 n 01 fish 0 000 | be caught by\n"
            "00000011 05 n 01 whale 0 000 | a very large marine mammal\n"
            "00000012 05 n 01 shark 0 000 | fish\n",
    "verb": "00000009 30 v 01 key 0 000 00 | lock with a key\n", "adj": "", "adv": ""}
WORDNET_INDEX = {
    "noun": "bird n 1 1 @ 1 1 00000002\nrobin n 1 1 @ 1 0 00000003\n"
            "redbreast n 1 1 @ 1 0 00000003\nfooter n 2 0 2 0 00000006 00000004\n"
            "pedestrian n 2 0 2 1 00000005 00000004\nwalker n 1 0 1 1 00000005\n"
            "key n 1 1 @ 1 1 00000007\ndevice n 1 0 1 1 00000008\n"
            "fish n 1 0 1 1 00000010\nwhale n 1 0 1 1 00000011\nshark n 1 0 1 1 00000012\n",
    "verb": "key v 1 0 1 1 00000009\n", "adj": "", "adv": ""}


def planted_wordnet(folder: Path, senses_of_key: int = 1) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for part in WORDNET_DATA:
        (folder / f"data.{part}").write_text(WORDNET_DATA[part], encoding="latin-1")
        index = WORDNET_INDEX[part]
        if part == "verb" and senses_of_key > 1:
            offsets = " ".join(["00000009"] * senses_of_key)
            index = f"key v {senses_of_key} 0 {senses_of_key} 0 {offsets}\n"
        (folder / f"index.{part}").write_text(index, encoding="latin-1")
    return folder


def test_an_english_pair_needs_a_sense_both_words_are_used_in(tmp_path):
    folder = planted_wordnet(tmp_path / "wn")
    assert wordnet.used_together("walker", "pedestrian", folder)
    # FOOTER's one used sense is its first (the page's foot): PEDESTRIAN is another
    assert not wordnet.used_together("footer", "pedestrian", folder)
    mended = planted_wordnet(tmp_path / "wn2")
    (mended / "index.noun").write_text(WORDNET_INDEX["noun"].replace(
        "footer n 2 0 2 0 00000006 00000004", "footer n 2 0 2 0 00000004 00000006").replace(
        "pedestrian n 2 0 2 1 00000005 00000004", "pedestrian n 2 0 2 2 00000005 00000004"),
        encoding="latin-1")
    assert wordnet.used_together("footer", "pedestrian", mended)


def test_an_english_broader_term_is_a_concrete_nouns_hypernym(tmp_path):
    folder = planted_wordnet(tmp_path / "wn")
    assert wordnet.broader_terms("robin", 2, folder) == ["bird"]    # not "entity": Tops
    assert wordnet.broader_terms("pedestrian", 2, folder) == []     # noun.person
    assert wordnet.broader_terms("key", 1, folder) == ["device"]
    # a noun never met in the tagged texts beside another part of speech: not KEY
    unmet = planted_wordnet(tmp_path / "wn3")
    (unmet / "index.noun").write_text(WORDNET_INDEX["noun"].replace(
        "key n 1 1 @ 1 1 00000007", "key n 1 1 @ 1 0 00000007"), encoding="latin-1")
    (unmet / "index.verb").write_text("key v 1 0 1 0 00000009\n", encoding="latin-1")
    assert wordnet.broader_terms("key", 1, unmet) == []
    (unmet / "index.verb").write_text("", encoding="latin-1")      # a noun alone: KEY
    wordnet._senses.cache_clear()
    assert wordnet.broader_terms("key", 1, unmet) == ["device"]
    # a word of more senses than MOST_SENSES is no concrete thing first of all
    many = planted_wordnet(tmp_path / "wn2", senses_of_key=wordnet.MOST_SENSES)
    assert wordnet.broader_terms("key", 1, many) == []


def test_an_english_definition_is_a_short_gloss_of_a_used_first_sense(tmp_path,
                                                                       monkeypatch):
    folder = planted_wordnet(tmp_path / "wn")
    assert wordnet.definitions("bird", folder) == [("n", "a flying animal")]
    assert wordnet.definitions("robin", folder) == []     # its sense was never met
    # KEY is met as a noun and as a verb, as often: the noun, the first part of speech
    assert wordnet.definitions("key", folder) == [("n", "x")]
    monkeypatch.setattr(wordnet, "FOLDER", folder)
    pairs = {}
    build.add_definitions(pairs, {w: [] for w in ("bird", "whale", "fish", "shark")})
    # a gloss of two or three words fitting a clue cell, not ending on a function word;
    # not a longer one, a one-word one, or one ending on "by"
    assert {key: c.relation for key, c in pairs.items()} == {
        ("bird", "a flying animal"): "definition"}
    (folder / "data.noun").write_text(WORDNET_DATA["noun"].replace(
        "a very large marine mammal", "a marine mammal"), encoding="latin-1")
    wordnet._synsets.cache_clear()
    pairs = {}
    build.add_definitions(pairs, {"whale": []})
    assert list(pairs) == [("whale", "a marine mammal")]


def test_the_english_build_names_the_package_missing_wordnet_comes_from(tmp_path):
    with pytest.raises(SystemExit, match="apt-get install wordnet-base"):
        wordnet.synsets(tmp_path)


# mythes-es lists a headword's senses without the headword; gender shows in the ending.
SPANISH = """\
casa|1
-|hogar|vivienda|morada
hogar|1
-|casa|vivienda|morada
vivienda|1
-|casa|hogar
madre|1
-|mamá|madrastra|hermana
hermana|1
-|madre|mamá|madrastra
hermano|1
-|fraile
bonito|1
-|hermosa|lindo
"""


def test_spanish_pairs_must_agree_in_two_senses_and_in_gender(tmp_path, monkeypatch):
    rows, rejected = entries_of(tmp_path, monkeypatch, "es", SPANISH, "ISO8859-1")
    assert ("casa", "hogar") in rows and ("casa", "vivienda") in rows
    # HERMANA is the feminine of HERMANO, not a dictionary form: no answer in a form not its
    # own
    assert not [key for key in rows if "hermana" in key]
    # one synset alone (madre, mamá, madrastra) does not vouch for a pair
    assert ("madre", "madrastra") not in rows
    # a masculine answer is not clued by a feminine word
    assert ("bonito", "hermosa") not in rows
    assert rejected["agreement"]


FRENCH = """\
maison|1
(Nom)|demeure|logis|bâtir
demeure|1
(Nom)|maison|logis
logis|1
(Nom)|maison|demeure
bâtir|1
(Verbe)|construire|maison
"""


def test_french_pairs_agree_in_part_of_speech(tmp_path, monkeypatch):
    rows, rejected = entries_of(tmp_path, monkeypatch, "fr", FRENCH)
    assert ("maison", "demeure") in rows
    assert ("maison", "bâtir") not in rows     # a verb for a noun
    assert rejected["agreement"]


def test_the_build_names_the_package_a_missing_thesaurus_comes_from(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "MYTHES", tmp_path)
    with pytest.raises(SystemExit, match="apt-get install mythes-de"):
        build.build("de")


# --- the press file ----------------------------------------------------------------------

def base_table(tmp_path: Path) -> Path:
    data = tmp_path / "de.tsv"
    data.write_text("# answer\tclue\trelation\tdifficulty\tsource\n"
                    "Haus\tGebäude\tsynonym\t1\tmythes-de\n"
                    "Haus\tHeim\tsynonym\t1\tmythes-de\n"
                    "Genugtuung\tStimmungsschwankung\tbroader\t2\tmythes-de\n"
                    "Genugtuung\tZufriedenheit\tsynonym\t2\tmythes-de\n", encoding="utf-8")
    return data


def test_press_entries_are_added_and_blocks_taken_out(tmp_path):
    press = tmp_path / "de.txt"
    press.write_text("# the press's own\n"
                     "+ Schloss | Burg\n"
                     "+ Eiche | Baum | broader\n"
                     "- Genugtuung | Stimmungsschwankung\n"
                     "- Haus\n", encoding="utf-8")
    table = clues.load("de", base_table(tmp_path), press)
    assert table.clues_for("HAUS") == ()
    assert [e.text for e in table.clues_for("GENUGTUUNG")] == ["Zufriedenheit"]
    burg = table.clues_for("SCHLOSS")[0]
    assert (burg.text, burg.relation, burg.difficulty, burg.source) == (
        "Burg", "synonym", 1, "press")
    assert table.clues_for("EICHE")[0].difficulty == 2
    assert table.answers_for("Baum", 5) == ("EICHE",)


def test_a_broader_term_blocked_for_every_answer_goes_from_the_table(tmp_path):
    press = tmp_path / "de.txt"
    press.write_text("- * | Stimmungsschwankung\n- * | Heim\n", encoding="utf-8")
    table = clues.load("de", base_table(tmp_path), press)
    # the broader term is gone; HEIM as a synonym is no broader term and stays
    assert [e.text for e in table.clues_for("GENUGTUUNG")] == ["Zufriedenheit"]
    assert [e.text for e in table.clues_for("HAUS")] == ["Gebäude", "Heim"]
    assert build.pressfile.blocked_broader(press) == {"Stimmungsschwankung", "Heim"}
    assert build.pressfile.blocked_broader(tmp_path / "none.txt") == frozenset()


@pytest.mark.parametrize("line, field, says", [
    ("Schloss | Burg", "line", "a line is"),
    ("+ Schloss", "line", "an entry is"),
    ("+ Schloss | Burg | synonym | 1 | mehr", "line", "an entry is"),
    ("+ Schloss | Burg | Art von", "relation", "relation"),
    ("+ Schloss | Burg | synonym | 4", "difficulty", "difficulty"),
    ("- Schloss", "answer", "unknown answer"),
    ("- Haus | Hütte", "clue", "does not give"),
    ("- Haus | Heim | Bau", "line", "a block is"),
    ("- * |", "clue", "a block of a broader term"),
    ("- * | Baum | Eiche", "clue", "a block of a broader term"),
    ("+ Haus | Häuser", "clue", "shares a stem"),
    ("+ Arsch | Gesäß", "answer", "offensive"),
    ("+ Kemenate | Zimmer", "answer", "unfamiliar"),
    ("+ Haus | ein sehr großes und hohes Gebäude", "clue", "clue length"),
    ("+ Haus | Heim | synonym | 1\n+ USA | Staaten", "answer", "abbreviation"),
    ("+ 4711 | Duftwasser", "answer", "alphabet"),
    ("+ Eiche | Baum | broader | 1", "difficulty", "from difficulty 2"),
])
def test_a_bad_press_line_is_one_line_naming_file_line_and_field(tmp_path, line, field, says):
    press = tmp_path / "de.txt"
    press.write_text("# the press's own\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        clues.load("de", base_table(tmp_path), press)
    error = raised.value
    assert error.file == str(press) and error.field == field
    assert error.line == 1 + len(line.splitlines())
    assert says in str(error) and "\n" not in str(error)


@pytest.mark.parametrize("line, field", [
    ("Haus\tGebäude\tsynonym\t1", "line"),
    ("Haus\tGebäude\tgleich\t1\tmythes-de", "relation"),
    ("Haus\tGebäude\tsynonym\tleicht\tmythes-de", "difficulty"),
    ("Haus\tGebäude\tsynonym\t1\tduden", "source"),
    ("Haus%\tGebäude\tsynonym\t1\tmythes-de", "answer"),
])
def test_a_bad_table_line_is_one_line_naming_file_line_and_field(tmp_path, line, field):
    data = base_table(tmp_path)
    data.write_text(data.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        clues.load("de", data, tmp_path / "none.txt")
    assert (raised.value.line, raised.value.field) == (6, field)


def test_the_repository_press_files_load():
    for language in LANGUAGES:
        assert (clues.PRESS / f"{language}.txt").is_file()
        clues.load(language)


# --- credits ------------------------------------------------------------------------------

def test_each_language_has_a_credit_line_naming_its_source():
    assert "OpenThesaurus" in clues.credit("de")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in clues.credit("en")
    assert "LibreOffice" in clues.credit("fr") and "LGPL" in clues.credit("fr")
    assert "LibreOffice" in clues.credit("es") and "LGPL" in clues.credit("es")
    assert all(clues.how_made(language) for language in LANGUAGES)
    with pytest.raises(InputError):
        clues.credit("it")
    sources = {e.source for language in LANGUAGES for e in clues.table(language).entries}
    assert sources <= set(clues.SOURCES)


def test_a_read_sample_is_drawn_from_the_table_and_repeats_with_its_seed():
    drawn = build.sample("de", 20, seed=45)
    assert drawn == build.sample("de", 20, seed=45) != build.sample("de", 20, seed=46)
    held = {(e.answer, e.text) for e in clues.table("de").entries}
    assert len(set(drawn)) == 20
    assert all((line.split("\t")[0], line.split("\t")[1]) in held for line in drawn)
