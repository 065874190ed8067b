"""Locating text: ``find_verbatim`` (exact and normalized only, EV-3), quotes across paragraph
breaks, and the fast matchers checked against slow, obviously correct ones."""

import re
from collections import Counter
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from citations.engine import MatchMethod, Source, SourceKind, Tier, find_verbatim
from citations.engine.context import sentences as sentence_reading
from citations.engine.matching import match
from citations.engine.matching import word_index as word_index_module
from citations.engine.matching.alignment import WORD
from citations.engine.matching.approximate import (
    HINT_SCORE,
    _in_paragraph,
    _place,
    assess,
    clean_quote,
    marker_differences,
    places,
)
from citations.engine.matching.match import (
    MARKS,
    PreparedSource,
    cuts_number,
    forget_source_texts,
    source_text,
    starts_inside,
)
from citations.engine.matching.normalize import fold_text
from citations.engine.matching.voting import vote
from citations.engine.matching.word_index import WORD_CHAR, WordIndex, word_index

DOC = Source(
    "D",
    SourceKind.DOCUMENT,
    (
        "Intro.",
        "Die  „Regel“ gilt\nimmer für Bürger-\ninnen.",
        "Ein Satz am Ende",
        "geht hier weiter.",
    ),
)
OTHER = Source("O", SourceKind.DOCUMENT, ("Nur hier steht dieser Satz.",))


def test_ev3_find_verbatim_exact():
    match = find_verbatim("Nur hier steht", [DOC, OTHER])
    assert match is not None
    assert (match.source, match.paragraph, match.start, match.end) == ("O", 1, 0, 14)
    assert match.method is MatchMethod.EXACT
    assert match.tier is Tier.SECONDARY


def test_ev3_find_verbatim_normalized_reports_the_raw_span():
    match = find_verbatim('die "regel" gilt immer für bürgerinnen', [DOC])
    assert match is not None
    assert match.method is MatchMethod.NORMALIZED
    assert match.tier is Tier.PRIMARY
    assert match.text == DOC.paragraphs[1][match.start : match.end]
    assert match.text == "Die  „Regel“ gilt\nimmer für Bürger-\ninnen"


def test_ev3_find_verbatim_is_never_approximate():
    assert find_verbatim("Die Regel gilt nie für Bürgerinnen.", [DOC]) is None
    assert find_verbatim("   ", [DOC]) is None


def test_a_quote_cut_at_a_line_break_hyphen_is_found_with_the_hyphen():
    match = find_verbatim('die "REGEL" gilt immer für Bürger-', [DOC])
    assert match is not None
    assert match.text == "Die  „Regel“ gilt\nimmer für Bürger-"
    assert match.text == DOC.paragraphs[1][match.start : match.end]


def test_a_quote_across_a_paragraph_break_reports_every_raw_span():
    match = find_verbatim("Ein Satz am Ende geht hier weiter.", [DOC])
    assert match is not None
    assert (match.paragraph, match.start, match.end, match.text) == (3, 0, 16, "Ein Satz am Ende")
    assert [(s.paragraph, s.start, s.end, s.text) for s in match.continues] == [
        (4, 0, 17, "geht hier weiter.")
    ]


def test_a_quote_running_into_the_next_list_item_without_its_bullet_is_found():
    """LLMs drop the bullet of the next item when a quote runs on through a list."""
    items = Source(
        "L",
        SourceKind.DOCUMENT,
        ("Wir wollen:", "• die Agentur abschaffen;", "\u2022 die Behörde ersetzen;"),
    )
    match = find_verbatim("die Agentur abschaffen; die Behörde ersetzen;", [items])
    assert match is not None
    assert (match.paragraph, match.text) == (2, "die Agentur abschaffen;")
    assert [(s.paragraph, s.text) for s in match.continues] == [(3, "die Behörde ersetzen;")]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["wir", "wollen", "keine", "Steuer", "für", "alle"]), min_size=2),
    st.sampled_from(["", ",", ", …", ", ...", ":", " –"]),
    st.sampled_from(["", "• ", "▪ ", "- ", "(a) "]),
    st.sampled_from(["", "… ", "... ", ") ", ", ", "; ", "% "]),
    st.lists(st.sampled_from(["macht", "Schluss", "mit", "der", "Abgabe"]), min_size=2),
    st.sampled_from(["\n", " ", " • ", "\n• ", "\r\n"]),
)
def test_a_quote_written_across_a_paragraph_break_folds_as_the_source_does(
    first, ending, bullet, opening, second, joint
):
    """Whatever the next paragraph opens with (an ellipsis, a bracket, a comma: punctuation
    the fold joins to the word before), a quote copying both paragraphs with the break as a
    line break, a space or a bullet is found verbatim across them, every span exact."""
    paragraphs = (" ".join(first) + ending, bullet + opening + " ".join(second) + ".")
    source = Source("S", SourceKind.DOCUMENT, ("Vorher.", *paragraphs))
    # a bullet glyph is layout a copy drops; a dash or a letter is text it keeps
    quote = paragraphs[0] + joint + paragraphs[1].removeprefix(bullet if bullet[:1] in "•▪" else "")
    match = find_verbatim(quote, [source])
    assert match is not None, quote
    assert match.paragraph == 2 and len(match.continues) == 1
    for span in (match, *match.continues):
        assert span.text == source.paragraphs[span.paragraph - 1][span.start : span.end]
    assert fold_text(match.text + " " + match.continues[0].text) == fold_text(quote)


WORDS = [
    "der",
    "die",
    "das",
    "und",
    "wir",
    "wollen",
    "keine",
    "neue",
    "Steuer",
    "für",
    "alle",
    "Bürger",
    "Straße",
    "Politik",
    "lehnen",
    "ab",
    "Schutz",
    "Wasser",
    "Energie",
    "Zukunft",
    "Arbeit",
    "Familien",
    "Kinder",
    "Schule",
    "Europa",
    "Gesetz",
    "Regel",
    "gilt",
    "immer",
    "nie",
    "mehr",
    "weniger",
    "sozial",
    "gerecht",
    "frei",
    "sicher",
    "Umwelt",
    "Landwirtschaft",
    "Forschung",
    "Gesundheit",
    "Rente",
    "Pflege",
    "Wohnung",
    "Miete",
    "Bahn",
    "Verkehr",
    "Klima",
    "Markt",
    "Bank",
    "Geld",
    "Recht",
    "Polizei",
    "Daten",
    "Netz",
    "Bildung",
    "Kultur",
    "Sport",
    "Frieden",
    "Hochschule",
    "Gemeinde",
    "Kommune",
    "Land",
    "Bund",
    "Staat",
    "Unternehmen",
    "Handwerk",
    "Mittelstand",
    "Wettbewerb",
    "Verbraucher",
    "Tierschutz",
    "Wald",
    "Meer",
    "Luft",
    "Lärm",
    "Sicherheit",
    "Freiheit",
    "Verantwortung",
    "Zusammenhalt",
    "Integration",
    "Migration",
    "Asyl",
    "Grenze",
    "Bundeswehr",
    "Abrüstung",
    "Export",
    "Handel",
    "Zoll",
    "Haushalt",
    "Schulden",
    "Zins",
    "Investition",
    "Innovation",
    "Digitalisierung",
    "Breitband",
    "Datenschutz",
    "Überwachung",
    "Vorratsdatenspeicherung",
    "Kamera",
    "Strafrecht",
    "Gericht",
    "Richter",
    "Verfassung",
    "Demokratie",
    "Wahl",
    "Parlament",
    "Bürgerbeteiligung",
    "Transparenz",
    "Korruption",
    "Lobby",
    "Medien",
    "Rundfunk",
    "Presse",
]
PUNCTUATION = ["", "", "", ",", ".", ";", ":"]


@st.composite
def sentences(draw, min_words=4, max_words=14):
    # Words do not repeat within a sentence, as in real prose more or less.
    words = draw(
        st.lists(st.sampled_from(WORDS), min_size=min_words, max_size=max_words, unique=True)
    )
    marks = draw(st.lists(st.sampled_from(PUNCTUATION), min_size=len(words), max_size=len(words)))
    return " ".join(w + m for w, m in zip(words, marks, strict=True))


@st.composite
def documents(draw, min_words=6):
    paragraphs = draw(
        st.lists(sentences(min_words=min_words, max_words=30), min_size=1, max_size=5)
    )
    return Source("S", SourceKind.DOCUMENT, tuple(paragraphs))


def slow_find(quote: str, source: Source) -> tuple[int, str] | None:
    """Obviously correct: the first paragraph holding the quote as written, else the first
    with a raw substring that folds to the quote."""
    wanted = fold_text(quote)
    raw = quote.strip()
    for cut_allowed in (False, True):  # a match at a word's start first, then a cut one
        for number, paragraph in enumerate(source.paragraphs, 1):
            for start in range(len(paragraph) - len(raw) + 1):
                if paragraph.startswith(raw, start) and is_whole(
                    paragraph, start, start + len(raw), raw, cut_allowed=cut_allowed
                ):
                    return number, raw
    for cut_allowed in (False, True):
        for number, paragraph in enumerate(source.paragraphs, 1):
            for start in range(len(paragraph)):
                for end in range(start + 1, len(paragraph) + 1):
                    cut = paragraph[start:end]
                    if cut[0].isspace() or cut[-1].isspace():
                        continue  # the fold drops it: the same text is tried without it
                    if fold_text(cut) == wanted and is_whole(
                        fold_text(paragraph),
                        *folded_at(paragraph, start, end),
                        wanted,
                        cut_allowed=cut_allowed,
                    ):
                        return number, cut
    return None


def is_whole(text: str, start: int, end: int, quote: str, *, cut_allowed: bool) -> bool:
    """Cutting no number, and no word either, or (when a cut is allowed) a word."""
    if cuts_number(text, start, end):
        return False
    cuts_word = starts_inside(text, start) or (
        0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum()
    )
    return cuts_word == cut_allowed


def folded_at(paragraph: str, start: int, end: int) -> tuple[int, int]:
    """Where ``paragraph[start:end]`` lies in the folded paragraph (slowly: by folding the
    text before it)."""
    before = fold_text(paragraph[:start] + "x")[:-1]  # "x" keeps a trailing space
    cut = fold_text(paragraph[start:end])
    return len(before), len(before) + len(cut)


NOISE = st.sampled_from(["same", "upper", "lower", "spaces", "newlines"])


def add_noise(text: str, noise: str) -> str:
    if noise == "upper":
        return text.upper().replace("SS", "ß") if "ß" in text else text.upper()
    if noise == "lower":
        return text.lower()
    if noise == "spaces":
        return text.replace(" ", "  \t")
    if noise == "newlines":
        return text.replace(" ", "\n")
    return text


@settings(max_examples=40, deadline=None)
@given(documents(), st.data(), NOISE)
def test_vb2_fast_normalized_search_agrees_with_the_slow_one(source, data, noise):
    """The fast search (raw find, then folded find with an offset map) finds a quote exactly
    when the brute-force search does, and its span folds to the quote (VB-2)."""
    paragraph = data.draw(st.sampled_from(source.paragraphs))
    start = data.draw(st.integers(0, max(0, len(paragraph) - 12)))
    end = data.draw(st.integers(start + 1, min(len(paragraph), start + 40)))
    quote = add_noise(paragraph[start:end], noise)
    assume(fold_text(quote))
    fast = find_verbatim(quote, [source])
    slow = slow_find(quote, source)
    assert (fast is None) == (slow is None)
    if fast is not None and not fast.continues:
        assert fast.text == source.paragraphs[fast.paragraph - 1][fast.start : fast.end]
        assert fold_text(fast.text) == fold_text(quote)
        assert fast.paragraph == slow[0]


def slow_best_paragraph(folded: str, source: Source) -> tuple[int, float, float]:
    """Obviously correct and slow: partial_ratio against every paragraph; the best
    paragraph number, its score and the runner-up's."""
    scores = sorted(
        ((fuzz.partial_ratio(folded, fold_text(p)), n) for n, p in enumerate(source.paragraphs, 1)),
        reverse=True,
    )
    runner_up = scores[1][0] if len(scores) > 1 else 0.0
    return scores[0][1], scores[0][0], runner_up


@st.composite
def prose(draw):
    """Paragraphs of 16-30 words, no word used twice in the document: no passage repeats,
    so the best place is a fact, not a tie (ties are the margin check's business)."""
    words = draw(st.permutations(WORDS))
    paragraphs, position = [], 0
    while len(paragraphs) < 4 and position + 16 <= len(words):
        size = draw(st.integers(16, 30))
        paragraphs.append(" ".join(words[position : position + size]) + ".")
        position += size
    return Source("S", SourceKind.DOCUMENT, tuple(paragraphs))


def assert_fast_agrees_with_slow(source, data):
    """A near-verbatim quote (one word dropped or changed): the indexed matcher's best place
    is the paragraph a brute-force partial_ratio over every paragraph picks (or holds the
    same words), whenever the slow one has a clear winner."""
    number = data.draw(st.integers(1, len(source.paragraphs)))
    words = source.paragraphs[number - 1].split(" ")
    size = data.draw(st.integers(6, min(16, len(words))))
    first = data.draw(st.integers(0, len(words) - size))
    chosen = words[first : first + size]
    position = data.draw(st.integers(1, size - 2))
    if data.draw(st.booleans()):
        del chosen[position]
    else:
        chosen[position] = "Xylophon"
    folded = fold_text(" ".join(chosen))
    slow_paragraph, slow_score, runner_up = slow_best_paragraph(folded, source)
    assume(slow_score - runner_up >= 10)
    found = places(folded, PreparedSource(source))
    assert found, "the indexed matcher found no place at all"
    best = found[0].span
    # The slow one's paragraph, or another holding the very same words.
    same_words = fold_text(best.text) in fold_text(source.paragraphs[slow_paragraph - 1])
    assert best.paragraph == slow_paragraph or same_words


@settings(max_examples=60, deadline=None)
@given(prose(), st.data())
def test_fast_approximate_search_agrees_with_the_slow_one(source, data):
    assert_fast_agrees_with_slow(source, data)


@settings(max_examples=60, deadline=None)
@given(documents(min_words=16), st.data())
def test_fast_approximate_search_agrees_with_the_slow_one_on_repetitive_text(source, data):
    """Paragraphs that repeat a passage with small differences (boilerplate): every place
    that votes nearly as well as the best is aligned, so the right one is not missed."""
    assert_fast_agrees_with_slow(source, data)


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ('Die "Regel" gilt immer für Bürgerinnen', 2),
        ("Die Regel gilt immer für Bürgerinnen", 2),  # quotation marks are ignored
        ("geht hier weiter", 4),
        ("Nur hier steht dieser Satz", None),
    ],
)
def test_find_verbatim_searches_only_the_given_sources(quote, expected):
    match = find_verbatim(quote, [DOC])
    assert (match.paragraph if match else None) == expected


@pytest.mark.parametrize(
    ("written", "quoted"),
    [
        ("The Team plan costs &euro;25 per user per month.", "The Team plan costs €25 per user"),
        ("Read the Terms &amp; Conditions before ordering.", "Read the Terms & Conditions"),
        ("Use the <code>--force</code> flag only when needed.", "Use the --force flag only"),
        (
            "See the [installation guide](https://x.org/install) first.",
            "See the installation guide",
        ),
        ("Staff **must** return their badges.", "Staff must return their badges"),
    ],
)
def test_a_quote_of_a_sources_markup_as_shown_is_verbatim(written, quoted):
    """A scraped page keeps its entities and inline tags, a markdown document its links and
    strong emphasis; a quote copies what they show, found at the raw span around them."""
    source = Source("S", SourceKind.DOCUMENT, ("Intro.", written))
    match = find_verbatim(quoted, [source])
    assert match is not None and match.paragraph == 2
    assert match.text == written[match.start : match.end]
    # the span holds the markup between the quote's words ("[" of a link), not around them
    assert match.text.startswith(quoted.split()[0])
    assert match.text.endswith(quoted.split()[-1])


# Pieces of text in several scripts and forms: a word inside a longer one ("wir" of
# "wirken"), a Ukrainian apostrophe, Chinese characters next to Latin ones, "%", digits, a
# paragraph opening with punctuation (joined to the one before without a space).
_INDEX_PIECES = [
    "wir",
    "wirken",
    "Wir",
    "we",
    "weather",
    "aa",
    "aaa",
    "für",
    "Bürger-",
    "innen",
    "п'ять",
    "ять",
    "中文",
    "a中",
    "5%",
    "12.5",
    "_x",
    "nous",
    "—",
    ", ",
    ". ",
    " ",
    "\n",
]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(_INDEX_PIECES), max_size=12).map("".join), min_size=1, max_size=5
    ),
    st.lists(st.sampled_from(_INDEX_PIECES), min_size=1, max_size=3).map("".join),
)
def test_word_index_answers_as_a_scan_of_the_text(paragraphs, word):
    """The word index, counted once when the source is prepared, answers as reading the
    whole normalized text would: ``str.count`` (inside longer words too; asked to stop past
    a bound, the bound and one), and the places
    where the word stands whole (nothing but a space, punctuation or the text's edge on
    either side that continues no spaced word)."""
    prepared = PreparedSource(Source("S", SourceKind.DOCUMENT, tuple(paragraphs)))
    index = word_index(prepared)
    text = prepared.norm_joined
    for asked in {fold_text(word).strip(), *WORD.findall(fold_text(word))} - {""}:
        exact = text.count(asked)
        for up_to in (0, 1, 3):  # stopped once past a bound, then asked in full again
            assert index.count(asked, up_to=up_to) == min(exact, up_to + 1)
        assert index.count(asked) == exact
        assert index.count(asked, up_to=1) == min(exact, 2)
        whole = [
            at
            for at in range(len(text))
            if text.startswith(asked, at)
            and (at == 0 or not WORD_CHAR.match(text, at - 1))
            and not WORD_CHAR.match(text, at + len(asked))
        ]
        scanned, at = [], text.find(asked)  # the scan the index replaces: no overlaps
        while at >= 0:
            if at in whole:
                scanned.append(at)
            at = text.find(asked, at + len(asked))
        assert index.positions(asked) == scanned


# Pieces of a source whose normalization reads its context: markup, an entity, a tag, a
# line-break hyphen, a tokenizer's spaces, a paragraph opening with "n't" (joined to the word
# before: "do" and "n't" read "don't"), words repeated inside longer ones.
_SOURCE_PIECES = [
    *_INDEX_PIECES,
    "do",
    "n't",
    "don",
    " .",
    "( ",
    "&amp;",
    "&euro;",
    "<b>",
    "</b>",
    "[guide](https://x.org/a)",
    "**",
    "\u00ad",
    "\u200b",
    "•",
    "-\n",
    "\n> ",
    "'",
    "’s",
    "´",
    "ﬁ",
    "e\u0301",
    "\u1100\u1161",
    "\u05d0\u05b0",
    "10²",
    " - ",
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(_SOURCE_PIECES), max_size=14).map("".join), min_size=1, max_size=4
    ),
    st.data(),
)
def test_the_word_index_never_rules_out_a_quote_that_stands_in_the_source(paragraphs, data):
    """``may_hold`` answers False only for a folded text the normalized text does not hold,
    and in a source without markup a quote stands in the raw text only where its folded
    form may stand: the searches it spares would have found nothing."""
    prepared = PreparedSource(Source("S", SourceKind.DOCUMENT, tuple(paragraphs)))
    word_index(prepared)
    text = prepared.norm_joined
    assume(text)
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    assert prepared.may_hold(text[start:end])
    index = data.draw(st.integers(0, len(paragraphs) - 1))
    raw = paragraphs[index]
    assume(raw.strip())
    start = data.draw(st.integers(0, len(raw) - 1))
    quote = raw[start : data.draw(st.integers(start + 1, len(raw)))].strip()
    if quote and not prepared.text.marked_up:
        assert prepared.holds_words_of(fold_text(quote), loose_words=2), quote


def test_a_quote_with_a_word_the_source_lacks_is_ruled_out_by_the_word_index():
    prepared = PreparedSource(
        Source("S", SourceKind.DOCUMENT, ("The tenant pays the rent monthly.", "It is due."))
    )
    assert prepared.may_hold("the tenant pays the rent")  # words not counted yet: may
    word_index(prepared)
    assert prepared.may_hold("tenant pays the rent monthly. it is")
    assert not prepared.may_hold("the tenant pays the fee monthly")  # no "fee"
    assert not prepared.may_hold("tenant pays monthly the rent")  # where "pays" stands, other words


@settings(max_examples=60, deadline=None)
@given(
    st.lists(sentences(min_words=6, max_words=20), min_size=2, max_size=3),
    st.lists(st.integers(0, 2), min_size=3, max_size=8),
    st.integers(0, 3),
    st.sampled_from(["same", "drop", "change"]),
)
def test_a_repeated_passage_aligns_as_each_place_alone(texts, order, first, edit):
    """A source repeating a paragraph (a clause in every section, a running header) gives
    a window in each place; each is aligned once per distinct paragraph and context and put
    in its own paragraph. The candidates are those of aligning every window afresh."""
    paragraphs = tuple(texts[k % len(texts)] for k in order)
    words = paragraphs[0].split()
    quoted = words[min(first, len(words) - 4) :][:10]
    if edit == "drop":
        del quoted[len(quoted) // 2]
    elif edit == "change":
        quoted[len(quoted) // 2] += "en"
    folded = fold_text(" ".join(quoted))
    searcher = PreparedSource(Source("S", SourceKind.DOCUMENT, paragraphs))
    found = places(folded, searcher)
    cleaned = clean_quote(folded)
    query = [(m.group(), m.start(), m.end()) for m in WORD.finditer(cleaned)]
    afresh = [
        aligned
        for window in vote(cleaned, query, word_index(searcher))
        if (
            aligned := _place(
                cleaned,
                query,
                searcher,
                _in_paragraph(searcher, window),
                sentence_start=False,
                marks=marker_differences(folded),
            )
        )
        is not None
    ]
    afresh.sort(key=lambda c: -c.score)
    assert found == afresh
    # and each reads edit by edit as the place aligned afresh does
    assert [assess(p, min_score=HINT_SCORE) for p in found] == [
        assess(p, min_score=HINT_SCORE) for p in afresh
    ]


def test_a_source_met_again_is_prepared_once_under_its_own_name(monkeypatch):
    """Issue 12, speed: a pipeline verifies many answers over one document; a source whose
    paragraphs were prepared for an earlier bundle is not normalized again, and each bundle
    still finds the text under its own id. The most recently used texts are kept up to
    ``_KEPT_CHARACTERS``, the least recently used dropped first."""
    forget_source_texts()
    paragraphs = ("Intro.", "Die  „Regel“ gilt\nimmer.")
    first = find_verbatim("die regel gilt immer", [Source("A", SourceKind.DOCUMENT, paragraphs)])
    normalized = []
    monkeypatch.setattr(match, "normalize_with_map", lambda raw: normalized.append(raw))
    again = find_verbatim("die regel gilt immer", [Source("B", SourceKind.EMAIL_BODY, paragraphs)])
    assert normalized == []
    assert (first.source, again.source) == ("A", "B")
    assert (again.paragraph, again.start, again.end) == (first.paragraph, first.start, first.end)

    monkeypatch.setattr(match, "_KEPT_CHARACTERS", 35)
    forget_source_texts()
    texts = {name: source_text((name * 10,)) for name in "abc"}  # 10 characters each
    assert source_text(("a" * 10,)) is texts["a"]  # used again: now the most recent
    source_text(("d" * 10,))  # 40 characters: the least recently used goes
    assert source_text(("b" * 10,)) is not texts["b"]
    assert source_text(("a" * 10,)) is texts["a"]
    assert source_text(("x" * 40,)) is not source_text(("x" * 40,))  # too long to keep
    forget_source_texts()


@settings(max_examples=30, deadline=None)
@given(documents(), st.data())
def test_a_kept_source_matches_as_one_prepared_afresh(source, data):
    """What a quote matches never depends on which bundle prepared its source before."""
    paragraph = data.draw(st.sampled_from(source.paragraphs))
    start = data.draw(st.integers(0, max(0, len(paragraph) - 12)))
    quote = paragraph[start : start + data.draw(st.integers(1, 40))]
    assume(fold_text(quote))
    forget_source_texts()
    afresh = find_verbatim(quote, [source])
    find_verbatim(paragraph[::-1], [source])  # an earlier bundle's quote prepares it
    assert find_verbatim(quote, [source]) == afresh


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        # and combining marks, inside a word, opening one and after a space
        st.sampled_from([*_SOURCE_PIECES, "क्षेत्र", "e\u0301t", "\u0301a", " \u0301", "x_1"]),
        max_size=30,
    ).map("".join),
    st.integers(1, 12),
)
def test_the_word_index_counts_stretch_by_stretch_as_the_whole_text(text, stretch):
    """The word index counts a source's words from its tokens between spaces, a stretch at a
    time, cut between words: the counts are those of the words of the whole text read at
    once, wherever the stretches end."""
    with mock.patch.object(word_index_module, "_STRETCH", stretch):
        index = WordIndex(text)
    assert index.frequency == Counter(match.WORD_RUN.findall(text))


# The pattern ``sentences.word_before`` replaces: tried at every start before the stop
_WORD_BEFORE_PATTERN = re.compile(
    rf"(?P<word>[^\W_](?:[^\W_]|[{MARKS}])*)[{re.escape(sentence_reading._CLOSING)}]*$"
)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(
        st.sampled_from([*"ab Z7_.\n)]\"'”»«」-", "\u0301", "\u093e", "हो", "2020", "x" * 30]),
        max_size=25,
    ).map("".join),
    st.data(),
)
def test_the_word_before_a_stop_is_the_one_the_end_anchored_pattern_finds(text, data):
    """``word_before`` reads back from a stop past closing marks to the word's first
    letter or digit, at most ``_WORD_BEFORE_REACH`` characters: the word a pattern anchored
    at the stop finds, searched from every start in that reach (a line break ending the
    text too, where "$" also matches)."""
    stop = data.draw(st.integers(0, len(text)))
    reach = max(0, stop - sentence_reading._WORD_BEFORE_REACH)
    found = _WORD_BEFORE_PATTERN.search(text, reach, stop)
    assert sentence_reading.word_before(text, stop) == (found["word"] if found else "")
