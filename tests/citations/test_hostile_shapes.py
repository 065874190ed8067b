"""The hostile shapes of ``citations.bench_hostile`` (generated, not stored), each read by
the engine without an error at its base size; their cost is the benchmark's to show (no
timed assertions here)."""

import pytest

from citations.bench_hostile import SHAPES
from citations.engine import BundleError, load_bundle, verify_bundle
from citations.engine.matching import approximate
from citations.engine.matching.approximate import places
from citations.engine.matching.match import PreparedSource
from citations.engine.matching.normalize import fold_text
from citations.engine.types import Source, SourceKind

# What each shape yields at its base size: its quotes, or the field the limits refuse.
EXPECTED = {
    "quotation marks": 0,
    "unclosed <q>": 0,
    "cited quotes on one line": 250,
    "table rows": 2_000,
    "block-quote lines": "response.text",  # one quote longer than LIMITS.quote_chars
    "JSON keys": 1,
    "JSON nested to the limit": 100,
    "broken JSON": "response.text",
    "broken JSON, shallow": 6_000,
    "JSON openings in prose": 0,
    "unfound quotes, many paragraphs": 20,
    # issue 30's audit, at an eighth of its size
    "numbered references": 500,
    "uncited quotes on one line": 1_000,
    "unclosed marks of ten styles": 1,
    "uncited quotes x 500 sources": 15,
    "unspaced CJK quotes, one paragraph": 125,
    "headings": 1_250,
    "diff-bomb": 1,
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_hostile_shape_is_read_or_refused_with_its_field(shape):
    base, build = SHAPES[shape]
    try:
        outcome: int | str = len(verify_bundle(load_bundle(build(base))).results)
    except BundleError as exc:
        outcome = exc.field
    assert outcome == EXPECTED[shape]


@pytest.mark.parametrize("mark", ["“", "„", "«", '"', "‚", "<q>"])
def test_thousands_of_opening_marks_in_a_row_are_no_quote_and_no_recursion(mark):
    """Issue 13: 500 opening marks in a row raised RecursionError in the inline reader."""
    data = {
        "bundle_version": 1,
        "id": "marks",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": ["a b c"]}],
        "response": {"format": "markdown", "text": mark * 5000},
    }
    assert verify_bundle(load_bundle(data)).results == ()


# A sentence with its article three times, repeated until the article stands in more places
# than the votes one quote may cast (voting._MAX_VOTES); a passage, quoted with a typo;
# and a quote whose only word in the source is that article.
COMMON_WORD_SOURCES = {
    "en": (
        "The tenant pays the rent to the landlord.",
        "The deposit is returned within thirty days after the end of the lease.",
        "The deposit is retuned within thirty days after the end of the lease",
        "an invented clause about the fee",
    ),
    "de": (
        "Die Mieterin zahlt die Miete an die Verwalterin.",
        "Die Kaution wird binnen dreißig Tagen nach dem Ende des Vertrags erstattet.",
        "Die Kaution wird binnen dreißig Tagen nach dem Ende des Vertrags erstatet",
        "eine erfundene Klausel über die Gebühr",
    ),
    "fr": (
        "La locataire paie la taxe à la propriétaire.",
        "La caution est restituée dans les trente jours suivant la fin du bail.",
        "La caution est restitué dans les trente jours suivant la fin du bail",
        "une clause inventée sur la redevance",
    ),
    "es": (
        "La inquilina paga la renta a la propietaria.",
        "La fianza se devuelve dentro de los treinta días siguientes a la fin del contrato.",
        "La fianza se devuelve dentro de los trenta días siguientes a la fin del contrato",
        "una cláusula inventada sobre la tarifa",
    ),
}
FILLER_PARAGRAPHS = 9_000  # three articles each: 27,000 places, more than the 25,600 votes


def _verified(paragraphs: list[str], quote: str):
    data = {
        "bundle_version": 1,
        "id": "common",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": paragraphs}],
        "response": {"format": "markdown", "text": f'"{quote}" [D1]'},
    }
    return verify_bundle(load_bundle(data)).results[0]


@pytest.mark.parametrize("language", COMMON_WORD_SOURCES)
def test_words_too_common_to_place_a_quote_cast_no_votes(language):
    """Issue 13: 20 invented quotes over 80,000 paragraphs took 19 s, every quote's common
    words ("the" in 240,000 places) voting for an alignment one by one. Such words are left
    out of the vote: a quote with rarer words is found as without the filler, one with none
    is nowhere, at no cost."""
    filler, passage, typo, invented = COMMON_WORD_SOURCES[language]
    alone = _verified([passage], typo)
    padded = _verified([filler] * FILLER_PARAGRAPHS + [passage], typo)
    assert alone.status.value == "corrected"
    assert (padded.status, padded.match.text) == (alone.status, alone.match.text)
    assert padded.match.paragraph == FILLER_PARAGRAPHS + 1
    searcher = PreparedSource(
        Source("D1", SourceKind.DOCUMENT, (filler,) * FILLER_PARAGRAPHS + (passage,))
    )
    assert places(fold_text(invented), searcher) == []


@pytest.mark.parametrize("times", [9, 40, 2_000])
@pytest.mark.parametrize("language", COMMON_WORD_SOURCES)
def test_a_quote_far_longer_than_any_paragraph_is_never_aligned(language, times, monkeypatch):
    """Issue 13: a block quote of 20,000 lines was aligned word by word against paragraphs
    of a sentence. An approximate match lies inside one paragraph, and a quote more than
    eight times its length cannot even be the hint of one there."""
    _, passage, typo, _ = COMMON_WORD_SOURCES[language]
    searcher = PreparedSource(Source("D1", SourceKind.DOCUMENT, (passage,)))

    def aligned(*args, **kwargs):
        raise AssertionError("aligned")

    monkeypatch.setattr(approximate, "_place", aligned)
    assert places(fold_text(" ".join([typo] * times)), searcher) == []
    with pytest.raises(AssertionError, match="aligned"):
        places(fold_text(" ".join([typo] * 2)), searcher)
