"""Which language a source is written in: the sentence-cut check reads only that language's
negations, conditions and bounds (``words.*_BY_LANGUAGE``), so a word of another language
does not count ("mai" is May in French, never in Italian; "se" is impersonal in Spanish,
"if" in Italian), and attention reads that language's signal words, or, for a language the
engine has no words for, shows what is long enough to matter.

Scripts that only one listed language writes are told by the script. A language without a
profile of commonest words here is told by CLD2 (Chromium's compact language detector,
through ``pycld2``: 83 languages by their letter sequences) when it is sure, so Esperanto,
Catalan or Welsh are not taken for the Spanish their commonest words resemble. A profiled
language is named only when its commonest words clearly outnumber every other's in the
text's first words; otherwise (a short or mixed text) it is ``None`` and every language's
words count. (CLD2 alone would name a short mixed sentence, or words of no language, by
one language, and its other words would go unread.)

>>> language_of("Se establece que el arrendatario deberá pagar la renta de cada mes.")
'es'
>>> language_of("Si comunica che il servizio sarà sospeso per lavori di manutenzione.")
'it'
>>> language_of("Am 12. Mai wurde der Beitrag für die Mitglieder auf 96 Euro erhöht.")
'de'
>>> language_of("Se la membroj de la asocio konsentos, la asocio financas la projekton.")
'eo'
>>> language_of("OK.") is None
True
"""

from __future__ import annotations

import re
from collections import Counter

import pycld2

from ..text import LazyPattern
from .match import PreparedSource

# The commonest words of each language (articles, prepositions, pronouns, auxiliaries):
# a few hundred words of a text hold many of its language's and few of another's.
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    language: frozenset(words.split())
    for language, words in {
        "en": "the of and to in is that for it with as was on be by this are or from which "
        "have has an not will shall may but also these those their its were been",
        "de": "der die das und ist nicht ein eine zu den von mit sich auf für dem des im auch "
        "werden wird sind oder bei nach wir aber ohne zwischen wenn seit durch dieser diese "
        "kein keine",
        "fr": "le la les et des est une un du dans que qui pour pas par sur au sont ne ce avec "
        "aux ou être cette il elle nous vous leur leurs mais aussi sans sous entre depuis",
        "es": "el la los las y de que en un una es por con para del al lo como su más se "
        "está son este esta estos pero también sin sobre entre cuando hasta desde",
        "it": "il la di che è un una per non del della sono con le gli alla al nel dei delle "
        "degli essere ma anche senza tra quando fino dalla sul sulla questo questa",
        "pt": "o a os as de que do da em um uma para com não por na no dos das ao é são mas "
        "também sem sobre entre quando até desde pelo pela este esta",
        "nl": "de het een en van is dat niet in op te voor met zijn wordt worden aan er ook "
        "bij maar zonder onder tussen wanneer sinds naar uit door dit deze geen",
        "sv": "och att det som en är av för på med inte till den har de ett men också utan",
        "da": "og at det som en er af for på med ikke til den har de et men også uden",
        "no": "og at det som en er av for på med ikke til den har de et men også uten",
        "pl": "i w nie na z że się do jest to o jak dla od przez lub oraz ale także bez po przy",
        "cs": "a je se na v že to s z do jako pro ale není by také bez po při",
        "ro": "și de la în nu este o un că cu pe care pentru sunt dar fără",
        "hu": "a az és hogy nem is egy van meg de csak mint",
        "fi": "ja on ei se että oli hän ovat mutta myös",
        "tr": "ve bir bu da de için ile olarak olan değil gibi daha ama şu",
        "id": "dan yang di ini itu dengan untuk tidak dari ke akan pada",
    }.items()
}
_SCRIPTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ko", re.compile("[\uac00-\ud7a3]")),
    ("ja", re.compile("[\u3040-\u30ff]")),
    ("zh", re.compile("[\u4e00-\u9fff]")),
    ("ru", re.compile("[\u0400-\u04ff]")),
    ("el", re.compile("[\u0370-\u03ff]")),
    ("he", re.compile("[\u0590-\u05ff]")),
    ("ar", re.compile("[\u0600-\u06ff]")),
    ("hi", re.compile("[\u0900-\u097f]")),
    ("th", re.compile("[\u0e00-\u0e7f]")),
)
_ANY_SCRIPT = re.compile("[" + "".join(script.pattern[1:-1] for _, script in _SCRIPTS) + "]")
# Every language's commonest words: no number word may be one ("to" is two in Danish)
COMMON_WORDS = frozenset().union(*_FUNCTION_WORDS.values())
# A word listed for several languages tells each of them less ("la": French, Spanish, Italian)
_WEIGHTS: dict[str, dict[str, float]] = {}
for _language, _words in _FUNCTION_WORDS.items():
    for _word in _words:
        _WEIGHTS.setdefault(_word, {})[_language] = 0.0
for _word, _languages in _WEIGHTS.items():
    for _language in _languages:
        _languages[_language] = 1 / len(_languages)
_WORD = LazyPattern(r"[^\W\d_]+")
_SAMPLE = 3000  # characters read: enough words to tell a language, cheap for a long source
_MIN_HITS = 1.5  # words of one language alone; a shared word counts for each in part
_MARGIN = 1.5  # the best language's hits over the runner-up's
_CLD2_SHARE = 70  # percent of a text CLD2 must give one language (a bilingual one: neither)
# CLD2's older codes for the ISO 639-1 ones the engine's data is named by
_CLD2_CODES = {"iw": "he", "in": "id", "jw": "jv", "nb": "no"}
# Languages CLD2 may name for a short text of a close relative whose commonest words are
# profiled here ("Los críticos … que la asociación …" read as Galician): the relative's words,
# when they clearly lead, name the text
CLOSE_RELATIVES = {
    "gl": ("pt", "es"),
    "ms": ("id",),
    "af": ("nl",),
    "fy": ("nl",),
    "lb": ("de",),
    "nn": ("no",),
}
# what CLD2 cannot read: controls, and unpaired surrogates that are no UTF-8 at all
_UNREADABLE = LazyPattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def language_of(text: str) -> str | None:
    """The language ``text`` is written in, or None when that is not clear."""
    sample = text[:_SAMPLE]
    if len(_ANY_SCRIPT.findall(sample)) * 4 > len(sample):  # one scan for the usual case
        for language, script in _SCRIPTS:
            if len(script.findall(sample)) * 4 > len(sample):
                return language
    by_words = _told_by_words(sample)
    told = _told_by_cld2(sample)
    if told is None or told in _FUNCTION_WORDS or by_words in CLOSE_RELATIVES.get(told, ()):
        return by_words
    return told  # a language the commonest words cannot name (Esperanto's "la" and "de")


def _told_by_words(sample: str) -> str | None:
    """The language whose commonest words clearly outnumber every other's, else None."""
    ranked = _ranked(sample)
    if not ranked or ranked[0][1] < _MIN_HITS:
        return None
    best, count = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    return best if count >= _MARGIN * runner_up else None


def _told_by_cld2(text: str) -> str | None:
    """The language CLD2 finds in most of ``text`` when it is sure, else None."""
    try:
        reliable, _, details = pycld2.detect(_UNREADABLE.sub(" ", text[:_SAMPLE]))
    except pycld2.error:  # text it cannot read: the commonest words tell
        return None
    code: str = details[0][1]
    if not reliable or code == "un" or details[0][2] < _CLD2_SHARE:
        return None
    base = code.split("-")[0]  # "zh-Hant"
    return _CLD2_CODES.get(base, base)


def _ranked(sample: str) -> list[tuple[str, float]]:
    """The two languages with the largest share of the listed words of ``sample``, largest
    first: every distinct word counted once with its occurrences (a long sample repeats its
    common words)."""
    hits: dict[str, float] = {}
    counts = Counter(_WORD.findall(sample.lower()))
    for word in sorted(counts.keys() & _WEIGHTS.keys()):  # listed words need no other fold
        times = counts[word]
        for language, weight in _WEIGHTS[word].items():
            hits[language] = hits.get(language, 0.0) + weight * times
    return sorted(hits.items(), key=lambda hit: -hit[1])[:2]


def paragraph_language(prepared: PreparedSource, index: int) -> str | None:
    """The language of paragraph ``index`` (0-based) of a prepared source: its own when it
    tells (a bilingual contract), else the source's (``language_of`` its first paragraphs);
    each found once."""
    languages = prepared.cache.setdefault("languages", {})
    assert isinstance(languages, dict)
    if index not in languages:
        languages[index] = language_of(prepared.source.paragraphs[index]) or _source_language(
            prepared
        )
    found = languages[index]
    return found if isinstance(found, str) else None


def _source_language(prepared: PreparedSource) -> str | None:
    if "language" not in prepared.cache:
        sample, size = [], 0
        for paragraph in prepared.source.paragraphs:
            sample.append(paragraph)
            size += len(paragraph) + 1
            if size >= _SAMPLE:
                break
        prepared.cache["language"] = language_of("\n".join(sample))
    found = prepared.cache["language"]
    return found if isinstance(found, str) else None
