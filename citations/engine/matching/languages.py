"""Which language a source is written in: the sentence-cut check reads only that language's
negations, conditions and bounds (``words.*_BY_LANGUAGE``), so a word of another language
does not count ("mai" is May in French, never in Italian; "se" is impersonal in Spanish,
"if" in Italian), and attention reads that language's signal words, or, for a language the
engine has no words for, shows what is long enough to matter.

Scripts that only one listed language writes are told by the script. A language without a
profile of commonest words here is told by CLD2 (Chromium's compact language detector,
through ``pycld2``: 83 languages by their letter sequences) when it is sure, so Esperanto,
Catalan or Welsh are not taken for the Spanish their commonest words resemble. A profiled
language is named when its commonest words clearly outnumber every other's in the text's
first words and CLD2 does not name another whose words the text holds too, or when CLD2
names it and the few commonest words are all its own (more than one word's worth);
otherwise (a short or mixed text) it is ``None`` and every language's words count. (CLD2
alone would name a short mixed sentence, or words of no language, by one language, and its
other words would go unread.) Danish, Norwegian and Swedish share most of their commonest
words: the words tell the family, CLD2 which of its members.

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
        "fr": "le la les et de des est une un du dans que qui pour pas par sur au sont ne ce "
        "avec à aux ou être cette il elle nous vous leur leurs mais aussi sans sous entre "
        "depuis",
        "es": "el la los las y de que en un una es por con para del al lo como su más se "
        "está son este esta estos pero también sin sobre entre cuando hasta desde",
        "it": "il la di che è un una per non del della sono con le gli alla al nel dei delle "
        "degli essere ma anche senza tra quando fino dalla sul sulla questo questa",
        "pt": "o a os as de que do da em um uma para com não por na no dos das ao é são mas "
        "também sem sobre entre quando até desde pelo pela este esta",
        "nl": "de het een en van is dat niet in op te voor met zijn wordt worden aan er ook "
        "bij maar zonder onder tussen wanneer sinds naar uit door dit deze geen",
        "sv": "och att det som en är av för på med inte till den har de ett men också utan "
        "i om från efter ska kan vid så sig var blev eller när",
        "da": "og at det som en er af for på med ikke til den har de et men også uden "
        "i om fra efter skal kan ved så sig var blev eller når",
        "no": "og at det som en er av for på med ikke til den har de et men også uten "
        "i om fra etter skal kan ved så seg var ble eller når",
        "pl": "i w nie na z że się do jest to o jak dla od przez lub oraz ale także bez po przy",
        "cs": "a je se na v že to s z do jako pro ale není by také bez po při jsou byl bylo "
        "který která které nebo jen už ve ze",
        "ro": "și de la în nu este o un că cu pe care pentru sunt dar fără din prin după sau "
        "fost al ale lui această acest a",
        "hu": "a az és hogy nem is egy van meg de csak mint volt lesz vagy mert már még "
        "ez azt ezt amely szerint között után",
        "fi": "ja on ei se että oli hän ovat mutta myös kun jos tai sekä kuin joka jotka "
        "mukaan tämä sen niin vain kanssa",
        "tr": "ve bir bu da de için ile olarak olan değil gibi daha ama şu çok her ise kadar "
        "sonra önce göre veya ya hem olduğu tarafından arasında",
        "id": "dan yang di ini itu dengan untuk tidak dari ke akan pada adalah atau juga "
        "oleh dalam tersebut bahwa sebagai telah sudah dapat karena tetapi setelah",
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
# when they clearly lead, name the text; a language without signal words reads its relatives'
# (Bosnian, which CLD2 names for short Croatian, reads Croatian and Serbian)
CLOSE_RELATIVES = {
    "gl": ("pt", "es"),
    "ms": ("id",),
    "af": ("nl",),
    "fy": ("nl",),
    "lb": ("de",),
    "nn": ("no",),
    "bs": ("hr", "sr"),
}
# Languages whose commonest words are nearly the same (Danish and Norwegian differ in "af"
# and "uden"): their words tell the family, which one of it only CLD2 can; by the family's
# first member, its members
_TWINS = {"da": frozenset({"da", "no", "sv"})}
_FAMILY_OF = {member: family for family, members in _TWINS.items() for member in members}
# what CLD2 cannot read: controls, and unpaired surrogates that are no UTF-8 at all
_UNREADABLE = LazyPattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def language_of(text: str) -> str | None:
    """The language ``text`` is written in, or None when that is not clear."""
    sample = text[:_SAMPLE]
    if len(_ANY_SCRIPT.findall(sample)) * 4 > len(sample):  # one scan for the usual case
        for language, script in _SCRIPTS:
            if len(script.findall(sample)) * 4 > len(sample):
                return language
    listed = _listed_words(sample)
    ranked = _ranked(listed)
    by_words = _told_by_words(ranked)
    told = _told_by_cld2(sample)
    if by_words in _TWINS and told in _TWINS[by_words]:
        return told  # the commonest words tell the family, CLD2 which of it
    if by_words is None and told in _FUNCTION_WORDS and _only_words_of(listed, ranked, told):
        return told  # too few words to be sure alone, but every one of them CLD2's language's
    if told is not None and by_words not in (None, told) and _family(told) in dict(ranked):
        # each sure of another, and the text holds words of both: mixed, or unclear (a
        # short text CLD2 names without one of its language's words is a guess of CLD2's)
        return None
    if told is None or told in _FUNCTION_WORDS or by_words in CLOSE_RELATIVES.get(told, ()):
        return by_words if by_words not in _TWINS else None
    return told  # a language the commonest words cannot name (Esperanto's "la" and "de")


def _family(language: str) -> str:
    return _FAMILY_OF.get(language, language)


def _told_by_words(ranked: list[tuple[str, float]]) -> str | None:
    """The language whose commonest words clearly outnumber every other's (``_ranked``),
    else None; a family of twins (``_TWINS``) counts as one language, named by its first
    member."""
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


def _only_words_of(listed: dict[str, int], ranked: list[tuple[str, float]], language: str) -> bool:
    """Whether the commonest words of a text are more than one word's worth of
    ``language``'s and every one of them is ``language``'s too: none is a sign of another
    language (a mixed sentence's "que" or "the"), and one shared word alone ("eine") is as
    likely a loan."""
    family = _family(language)
    hits = dict(ranked).get(family, 0.0)
    return hits > 1 and all(
        family in {_family(other) for other in _WEIGHTS[word]} for word in listed
    )


def _listed_words(sample: str) -> dict[str, int]:
    """The words of ``sample`` a profile lists, with how often each stands (listed words
    need no other fold)."""
    counts = Counter(_WORD.findall(sample.lower()))
    return {word: counts[word] for word in sorted(counts.keys() & _WEIGHTS.keys())}


def _ranked(listed: dict[str, int]) -> list[tuple[str, float]]:
    """The languages holding ``listed`` words (``_listed_words``), with their share, largest
    first: every distinct word counted once with its occurrences (a long sample repeats its
    common words)."""
    hits: dict[str, float] = {}
    for word, times in listed.items():
        for language, weight in _WEIGHTS[word].items():
            family = _family(language)
            hits[family] = hits.get(family, 0.0) + weight * times
    return sorted(hits.items(), key=lambda hit: -hit[1])


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
