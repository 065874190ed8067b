"""Normalization and its offset map (VB-2): what a faithful copy may change is ignored, and
every normalized span maps back to an exact raw span."""

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine.matching import normalize
from citations.engine.matching.normalize import fold_text, normalize_with_map

FOLDS = [
    ("NFKC ligature and full width", "ﬁnal １０ km", "final 10 km"),
    ("case", "Die FDP", "die fdp"),
    # every quotation mark is ignored; an apostrophe inside a word folds to one form
    ("typographic double quotes", "„Nein“ «non» »Ja«", "nein non ja"),
    ("typographic apostrophes", "days’ notice, Ich-AG´s", "days notice, ich-ag's"),
    ("dash variants", "2020–2024 — gut − schlecht", "2020-2024 - gut - schlecht"),
    ("soft hyphen", "Bür\u00adger", "bürger"),
    ("soft hyphen at a line break", "Bür\u00ad\nger", "bürger"),
    ("hyphenation at a line break", "Bürger-\ninnen", "bürgerinnen"),
    ("PDF hyphen copied with a space", "Bürger- innen", "bürgerinnen"),
    ("hyphen inside a word stays", "four-hour E-Mail", "four-hour e-mail"),
    ("zero-width characters", "Wa\u200bsser\u2060werk\ufeff", "wasserwerk"),
    ("emoji variation selector", "Frist \u26a0\ufe0f endet", "frist \u26a0 endet"),
    ("whitespace runs and line breaks", "  one \t two\n\nthree\u00a0four  ", "one two three four"),
    ("German sharp s kept", "Straße", "straße"),
    ("final sigma", "ΟΔΟΣ οδος", "οδοσ οδοσ"),
    ("Turkish dotted and dotless i", "DEPOZİTO AYLIK Hatalı İade", "depozito aylik hatali iade"),
    ("HTML entities as shown", "costs &euro;25 &amp; more&nbsp;now", "costs €25 & more now"),
    (
        "inline HTML tags as shown",
        "Use the <code>--force</code> flag<br>now",
        "use the --force flag now",
    ),
    (
        "a markdown link as shown",
        "See the [install guide](https://x.org/a_(b)) first",
        "see the install guide first",
    ),
    ("strong emphasis as shown", "You **must** not __ever__ do it", "you must not ever do it"),
    (
        "comparisons and names stay",
        "a < b and c > d, snake_case, x&y; z",
        "a < b and c > d, snake_case, x&y; z",
    ),
    ("Korean", "요청자가  검토를\n요청합니다.", "요청자가 검토를 요청합니다."),
    ("decomposed Hangul jamo", "\u1112\u1161\u11ab", "한"),
    ("emoji", "Gut 👍🏽 so", "gut 👍🏽 so"),
    ("right-to-left with bidi marks", "\u200fשלום\u200e עולם", "שלום עולם"),
    ("combining accent", "Cafe\u0301", "café"),
    ("bullets read as a space", "• eins\n\u25e6 zwei \uf0b7\tdrei", "eins zwei drei"),
    (
        "email reply prefixes",
        "wrote:\n> Please confirm\n>> the date",
        "wrote: please confirm the date",
    ),
    (
        "an empty reply line between two quoted lines",
        "> Können wir den Termin verschieben?\n>\n> Und gibt es schon einen neuen Raum?",
        "> können wir den termin verschieben? und gibt es schon einen neuen raum?",
    ),
    ("a reply prefix before a number stays", "Fees:\n> 500 EUR", "fees: > 500 eur"),
    ("after an empty reply line too", "Fees:\n>\n> 500 EUR", "fees: > > 500 eur"),
]


@pytest.mark.parametrize(("raw", "folded"), [f[1:] for f in FOLDS], ids=[f[0] for f in FOLDS])
def test_fold_ignores_what_a_faithful_copy_may_change(raw, folded):
    assert fold_text(raw) == folded


@pytest.mark.parametrize(("raw", "folded"), [f[1:] for f in FOLDS], ids=[f[0] for f in FOLDS])
def test_vb2_whole_normalized_text_maps_back_to_the_trimmed_raw_text(raw, folded):
    normalized = normalize_with_map(raw)
    start, end = normalized.raw_span(0, len(normalized.text))
    assert fold_text(raw[start:end]) == folded
    marks = "„“«»"  # quotation marks are ignored: the span may start after one
    assert raw[:start].strip("\u200f\u200e\u200b •" + marks) == ""  # layout before the text
    assert raw[end:].strip("\ufeff\u200b\u2060 " + marks) == ""


def test_vb2_span_of_a_word_after_collapsed_whitespace_and_a_joined_hyphen():
    raw = "Die  Bürger-\ninnen „wählen“ heute."
    normalized = normalize_with_map(raw)
    assert normalized.text == "die bürgerinnen wählen heute."
    at = normalized.text.index("wählen")
    start, end = normalized.raw_span(at, at + len("wählen"))
    assert raw[start:end] == "wählen"
    at = normalized.text.index("bürgerinnen")
    start, end = normalized.raw_span(at, at + len("bürgerinnen"))
    assert raw[start:end] == "Bürger-\ninnen"


def test_vb2_an_expanded_character_maps_to_the_whole_raw_character():
    raw = "the ﬁrm"
    normalized = normalize_with_map(raw)
    assert normalized.text == "the firm"
    at = normalized.text.index("i")  # the second half of the "ﬁ" ligature
    assert normalized.raw_span(at, at + 1) == (4, 5)
    assert normalized.raw_span(at, at + 3) == (4, 7)


def test_check_marks_and_middle_dots_are_content_not_bullets():
    assert fold_text("☑ genehmigt") != fold_text("☐ genehmigt")
    assert fold_text("Col·legi") == "col·legi"


def test_raw_span_refuses_an_empty_or_outside_span():
    normalized = normalize_with_map("abc")
    with pytest.raises(ValueError):
        normalized.raw_span(1, 1)
    with pytest.raises(ValueError):
        normalized.raw_span(0, 4)


NOISY_TEXT = st.lists(
    st.sampled_from(
        [
            *"aAbBzZßİΣςσéÉ\u0301 \n\t-‐–'’\"„“\u00ad\u200b\u00a0ﬁ１",
            *"가\u1100\u1161한😀\u05d0\u200f.,",
            # markup a page or a markdown document keeps
            *("&", "amp;", "&amp;", "&lt;", "&euro;", "<", ">", "<b>", "</b>", "*", "**"),
            *("_", "__", "[", "]", "(", ")", "](x)"),
        ]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=1000)
@given(
    st.lists(
        st.sampled_from(
            [
                *"aZ1 \n\t\r\x0b\x1c\u3000\u2028-.,;:!?%)]}([{'&<>*_²⁻•\u05b0\u0640\u200b\u00ad",
                *("n't", "amp;", "](", "**", "__", "  "),
            ]
        ),
        max_size=30,
    ).map("".join)
)
def test_the_quick_tests_for_layout_to_fold_miss_nothing(text):
    """``_special_spans`` searches a pattern only where the quick tests find a character
    it starts with (``_starts``), and skips a text they find none in: the spans found with
    every start assumed present are the same."""
    found = normalize._special_spans(text)
    everything = normalize._Starts(special_char=True, opening_spaced=True, tokenizer_hint=True)
    with mock.patch.object(normalize, "_starts", return_value=everything):
        assert normalize._special_spans(text) == found


@settings(max_examples=1000)
@given(
    st.lists(
        # ASCII, Latin-1 and wider characters, in and out of the classes
        st.sampled_from([*'aZ1 \t\n&<"`´«»\xa0\xad²é\x85ßÿ', *"„“’\u200b•⁵\u05b0ıς漢Ā"]),
        max_size=20,
    ).map("".join)
)
def test_a_class_of_characters_is_found_as_the_regex_engine_finds_it(text):
    """A text of ASCII or Latin-1 characters only is searched for a class's members below
    U+0100 by substring tests; any text, so searched or not, holds a member exactly when
    the class's pattern finds one."""
    for found in (normalize._FOLDABLE, normalize._SPECIAL_CHAR):
        assert found.found_in(text) == (found.pattern.search(text) is not None)


@settings(max_examples=500)
@given(NOISY_TEXT)
def test_normalization_is_idempotent(text):
    folded = fold_text(text)
    assert fold_text(folded) == folded


@settings(max_examples=500)
@given(NOISY_TEXT, st.data())
def test_vb2_every_normalized_span_maps_to_a_raw_span_inside_the_text(text, data):
    normalized = normalize_with_map(text)
    if not normalized.text:
        return
    start = data.draw(st.integers(0, len(normalized.text) - 1))
    end = data.draw(st.integers(start + 1, len(normalized.text)))
    raw_start, raw_end = normalized.raw_span(start, end)
    assert 0 <= raw_start < raw_end <= len(text)
    # Wider normalized spans never map to narrower raw ones.
    if end < len(normalized.text):
        assert normalized.raw_span(start, end + 1)[1] >= raw_end


HAN_KANA_TEXT = (
    "本日の会議では新製品の発売日を来年四月に延期することが決定された会议决定将新产品的发布日期推迟"
)


@given(
    start=st.integers(0, 20),
    length=st.integers(8, 30),
    breaks=st.sets(st.integers(1, 7), min_size=1, max_size=3),
    spaces=st.sampled_from(["", " ", "  ", "\t"]),
)
def test_a_line_break_inside_han_or_kana_text_folds_to_nothing(start, length, breaks, spaces):
    """Chinese and Japanese sources wrapped at their line length break inside words."""
    text = HAN_KANA_TEXT[start : start + length]
    wrapped = text
    for at in sorted(breaks, reverse=True):  # each between two characters, once
        wrapped = wrapped[:at] + f"{spaces}\n{spaces}" + wrapped[at:]
    assert fold_text(wrapped) == fold_text(text)


def test_a_line_break_between_hangul_or_latin_words_stays_a_space():
    assert fold_text("계약은\n해지된다") == "계약은 해지된다"
    assert fold_text("the\nlease") == "the lease"


def test_the_ideographic_comma_and_full_stop_fold_as_the_latin_ones():
    assert fold_text("賃借人は、承諾なしに転貸してはならない。") == fold_text(
        "賃借人は,承諾なしに転貸してはならない."
    )


def test_the_word_lists_are_written_folded():
    """Every word list is compared with folded text, so its words must be folded too."""
    from citations.engine.matching import number_words, words

    unfolded = [
        (name, word)
        for module in (words, number_words)
        for name in dir(module)
        if name.isupper() and isinstance(getattr(module, name), frozenset)
        for word in getattr(module, name)
        if fold_text(word) != word
    ]
    assert unfolded == []


@pytest.mark.parametrize(
    ("pointed", "plain"),
    [
        ("הַשּׂוֹכֵר יְשַׁלֵּם", "השוכר ישלם"),  # Hebrew vowel points
        ("يَلْتَزِمُ المُسْتَأْجِرُ", "يلتزم المستأجر"),  # Arabic harakat
        ("شـــهريا", "شهريا"),  # the tatweel stretching a word
        ("所谓「不可抗力」", "所谓“不可抗力”"),  # corner brackets are quotation marks
        ('צה"ל', "צה״ל"),  # the gershayim
        ("10〜20日", "10～20日"),  # wave dash and full-width tilde
    ],
)
def test_typography_of_other_scripts_folds_away(pointed, plain):
    assert fold_text(pointed) == fold_text(plain)


@pytest.mark.parametrize(
    ("one", "other"),
    [("10⁶", "106"), ("10′", "10″"), ("f′(x)", "f(x)")],
)
def test_signs_that_carry_a_claim_stay(one, other):
    """An exponent, a unit's prime, a derivative's prime are no typography."""
    assert fold_text(one) != fold_text(other)
