"""The word data: 100+ English themes of 25+ words, common words by wordfreq, none offensive
by better-profanity's list (nor holding one, either way round), themes true to their titles
where WordNet can say so, and hidden messages free of offensive words. Each guard is shown to
fail on a planted intruder."""

from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import pytest

from pipeline.engines.lexicon import alphabet, grid_spelling, offensive_words, zipf
from pipeline.wordsearch.board import Theme, message_letters, messages, themes

COMMON = 3.0          # Zipf: about once per million words
RARE = 2.0            # no theme word is rarer than this
WORDNET = Path("/usr/share/wordnet")   # Debian's wordnet-base
# lexnames(5): the 45 lexicographer files WordNet's data files number their synsets by. NLTK's
# reader needs the file beside the data; Debian's wordnet-base does not ship it, so the test
# writes it into a temporary copy (never into the system).
LEXNAMES = """adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact
noun.attribute noun.body noun.cognition noun.communication noun.event noun.feeling noun.food
noun.group noun.location noun.motive noun.object noun.person noun.phenomenon noun.plant
noun.possession noun.process noun.quantity noun.relation noun.shape noun.state
noun.substance noun.time verb.body verb.change verb.cognition verb.communication
verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion
verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl""".split()
SYNTACTIC_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}

THEMES = themes("en")


def test_a_hundred_themes_of_twenty_five_words_or_more():
    assert len(THEMES) >= 100
    assert min(len(theme.words) for theme in THEMES) >= 25
    assert len({theme.title for theme in THEMES}) == len(THEMES)


def frequency_problems(themes_, language: str = "en") -> list[str]:
    words = [(t.slug, w) for t in themes_ for w in t.words]
    scores = [(slug, w, zipf(w.lower(), language)) for slug, w in words]
    problems = [f"{slug}: {w} at Zipf {z:.2f}" for slug, w, z in scores if z < RARE]
    common = sum(1 for _s, _w, z in scores if z >= COMMON)
    if common < 0.9 * len(scores):
        problems.append(f"only {common} of {len(scores)} words at Zipf {COMMON} or more")
    return problems


def test_theme_words_are_common():
    assert frequency_problems(THEMES) == []


def test_the_frequency_guard_fails_on_a_rare_word():
    planted = Theme("planted", "Planted", "en", ("ROSE", "ZYZZYVA"), ("ROSE", "ZYZZYVA"))
    assert frequency_problems([planted]) == ["planted: ZYZZYVA at Zipf 0.00",
                                             "only 1 of 2 words at Zipf 3.0 or more"]


def offensive_problems(words, language: str = "en") -> list[str]:
    """A word that is on the list, or holds a list word of four letters or more either way."""
    bad = offensive_words(language)
    long_bad = [b for b in bad if len(b) >= 4]
    problems = []
    for word in words:
        spelling = grid_spelling(word, language)
        if spelling in bad:
            problems.append(f"{word} is on the list")
        for b in long_bad:
            if b in spelling or b in spelling[::-1]:
                problems.append(f"{word} holds {b}")
    return problems


def test_no_theme_word_is_or_holds_an_offensive_word():
    assert offensive_problems([w for t in THEMES for w in t.words]) == []


def test_the_offensive_guard_fails_on_a_planted_word():
    assert offensive_problems(["SEASHELL", "ROSE", "STOP"]) == ["SEASHELL holds HELL"]


def test_the_offensive_list_is_the_maintained_one_as_grid_spellings():
    bad = offensive_words()
    assert len(bad) > 500
    assert all(set(b) <= set(alphabet("en")) and len(b) >= 2 for b in bad)


def test_messages_spell_in_the_grid_alphabet_and_hold_no_long_offensive_word():
    said = messages("en")
    assert len(said) >= 100
    long_bad = [b for b in offensive_words() if len(b) >= 4]
    for message in said:
        letters = message_letters(message, "en")
        assert not [b for b in long_bad if b in letters or b in letters[::-1]], message


def test_grid_spellings_per_language():
    assert grid_spelling("ice cream", "en") == "ICECREAM"
    assert grid_spelling("Größe", "de") == "GROESSE"
    assert grid_spelling("Bäckerei", "de") == "BAECKEREI"
    assert grid_spelling("œuf à la crème", "fr") == "OEUFALACREME"
    assert grid_spelling("Señor Piñón", "es") == "SEÑORPIÑON"
    assert "Ñ" in alphabet("es") and len(alphabet("es")) == 27


# --- WordNet ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def wordnet(tmp_path_factory):
    if not (WORDNET / "data.noun").exists():
        pytest.skip("Debian's wordnet-base is not installed (.ci/system-packages.sh)")
    nltk = pytest.importorskip("nltk")
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    folder = tmp_path_factory.mktemp("wordnet")
    for entry in WORDNET.iterdir():
        if entry.is_file():
            shutil.copy(entry, folder)   # NLTK refuses files reached through links
    (folder / "lexnames").write_text("".join(
        f"{index:02d}\t{name}\t{SYNTACTIC_CATEGORY[name.split('.')[0]]}\n"
        for index, name in enumerate(LEXNAMES)))
    nltk.data.path.insert(0, str(folder))

    class Reader(WordNetCorpusReader):
        def map_wn(self, version="wordnet"):
            return None   # no mapping to the multilingual data: NLTK's own copy is absent

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield Reader(str(folder), None)
    nltk.data.path.remove(str(folder))
    os.environ.pop("NLTK_DATA", None)


def category(wordnet, header: str):
    """A theme's `wordnet:` header: the synsets every word is a kind of and, after "within",
    the wider synset a word must be a kind of to be judged at all. "insect.n.01 larva.n.01
    within animal.n.01" holds an insects theme to insects among animals (a spider is an animal
    and no insect), and leaves its wings and cocoons, which are no animals, unjudged."""
    kinds, _, within = header.partition(" within ")
    return ([wordnet.synset(name) for name in kinds.split()],
            wordnet.synset(within.strip()) if within else None)


def outsiders(wordnet, theme: Theme, english=lambda word: [word]) -> list[str]:
    """The theme's words no noun sense of which is a kind (or an instance) of its category's
    synsets. `english`: the English nouns a word is looked up by (the word itself, or its
    translations for a theme in another language)."""
    roots, within = category(wordnet, theme.wordnet)

    def kinds(synset):
        return synset.hypernyms() + synset.instance_hypernyms()

    def under(synset, tops) -> bool:
        return any(synset == top or top in synset.closure(kinds) for top in tops)

    found = []
    for word in theme.words:
        senses = [synset for noun in english(word)
                  for synset in wordnet.synsets(noun.replace(" ", "_").lower(), pos="n")]
        judged = within is None or any(under(synset, [within]) for synset in senses)
        if judged and not any(under(synset, roots) for synset in senses):
            found.append(word)
    return found


def test_the_lexnames_table_has_the_manual_pages_45_lines():
    assert len(LEXNAMES) == 45 and LEXNAMES[5] == "noun.animal" and LEXNAMES[44] == "adj.ppl"


def test_themes_are_true_to_their_titles_where_wordnet_says(wordnet):
    held = [theme for theme in THEMES if theme.wordnet]
    assert len(held) >= 10
    assert {theme.slug: outsiders(wordnet, theme) for theme in held} == \
        {theme.slug: [] for theme in held}


def test_the_wordnet_guard_fails_on_a_planted_intruder(wordnet):
    birds = next(theme for theme in THEMES if theme.slug == "birds")
    planted = Theme("birds", birds.title, "en", birds.words + ("TOASTER",),
                    birds.spellings + ("TOASTER",), birds.wordnet)
    assert outsiders(wordnet, planted) == ["TOASTER"]
