"""What the rule-property tests (``test_rule_properties_*.py``) share: the dev paragraphs and
windows of them, a quote's result, the attention asserts and hypothesis settings.

Those tests are classes of input, generated over the real dev sources (German manifestos):
each verbatim variant comes back verified at the exact span, each safe edit corrected at
it, and each claim-changing variant is never verified or corrected (rules/ names the
classes). A quote whose text is there passes whatever it leaves out of its sentence; what
it leaves out that may qualify it is attention (context/checks.py names the kinds), and a
row whose qualifying words get none is kept, marked ``ATTENTION_GAP``."""

import json
import re
from functools import cache

import pytest
from django.conf import settings
from hypothesis import HealthCheck, assume
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from citations.engine import load_bundle, verify_bundle
from citations.engine.context.sentences import sentence_ends
from citations.engine.matching.words import cut_words
from citations.engine.types import VerificationStatus

GERMAN = cut_words("de")  # the dev paragraphs are German

DEV = settings.SHARED_DIR / "data" / "dev" / "verbote"
needs_dev = pytest.mark.skipif(not DEV.is_dir(), reason="shared/ is not beside the project")
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
PASSING = (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)

# A status says whether the text is there; what a quote leaves out of its sentence (a
# negation, condition, limitation … around it, a word it cuts, what an omission hid) is
# attention (PRODUCT.md "What a quote leaves out"). A row whose left-out words qualify the
# quote but get no attention shows a gap of the word data: kept, and marked.
ATTENTION_GAP = pytest.mark.xfail(
    strict=True,
    reason="Engine v3: a status says whether the text is there; what a quote leaves out is "
    "shown, not decided",
)
NEGATION = "attention.negation_left_out"
CONDITION = "attention.condition_left_out"
EXCEPTION = "attention.exception_left_out"
LIMITATION = "attention.limitation_left_out"
COUNT = "attention.count_left_out"
ATTRIBUTION = "attention.attribution_left_out"
HEDGE = "attention.hedge_left_out"
CONTEXT = "attention.context_left_out"
CUT_WORD = "attention.cut_word"


def gap(*values):
    """A row of a table whose left-out words get no attention (``ATTENTION_GAP``)."""
    return pytest.param(*values, marks=ATTENTION_GAP)


def assert_passes_with_attention(result, *rules: str) -> None:
    """The quote passes (its text is there) and carries attention, of one of ``rules`` when
    any is given."""
    assert result.status in PASSING, result.decision
    assert result.attention, (result.status, result.decision, result.context)
    if rules:
        assert {a.rule for a in result.attention} & set(rules), result.attention


@cache
def dev_paragraphs() -> tuple[str, ...]:
    """Paragraphs of the dev sources that hold a long plain sentence."""
    found: list[str] = []
    for path in sorted(DEV.glob("2021-claude-*.json")) + sorted(DEV.glob("2009-gemini-*.json")):
        if path.name.endswith(".expected.json"):
            continue
        source = json.loads(path.read_text())["sources"][0]
        for paragraph in source["paragraphs"]:
            if 120 <= len(paragraph) <= 600 and paragraph.isprintable() and "-" not in paragraph:
                found.append(paragraph)
    return tuple(dict.fromkeys(found))


@st.composite
def windows(draw, min_words: int = 10, max_words: int = 18):
    """A paragraph and a run of whole words of it: (paragraph, start, end)."""
    paragraph = draw(st.sampled_from(dev_paragraphs()))
    words = list(re.finditer(r"\S+", paragraph))
    assume(len(words) >= min_words)
    size = draw(st.integers(min_words, min(max_words, len(words))))
    first = draw(st.integers(0, len(words) - size))
    start, end = words[first].start(), words[first + size - 1].end()
    while end > start and not paragraph[end - 1].isalnum():
        end -= 1
    assume(paragraph[start].isalpha())
    # a passage that stands once in its paragraph, so the span expected is unambiguous
    assume(paragraph.count(paragraph[start:end]) == 1)
    # whatever its sentence says around it: what a quote leaves out is attention, never its
    # status (test_a_quote_starting_after_a_negation_is_verified_with_attention)
    return paragraph, start, end


def result_for(
    quote: str,
    paragraph: str = "",
    *,
    form: str = "field",
    paragraphs: list[str] | None = None,
    cited: int = 2,
):
    """The result of ``quote`` against ``paragraph`` between two others, or against
    ``paragraphs``; the markdown form cites paragraph ``cited``."""
    paragraphs = paragraphs or ["Einleitung.", paragraph, "Schluss."]
    if form == "field":
        response = {
            "format": "json",
            "text": json.dumps({"quotes": [{"quote": quote, "source": "M"}]}, ensure_ascii=False),
            "quotes": [{"path": "$.quotes[*]", "text": "quote", "source": "source"}],
        }
    else:
        response = {"format": "markdown", "text": f"Sie schreiben: „{quote}“ [M ¶{cited}]\n"}
    data = {
        "bundle_version": 1,
        "id": "generated",
        "sources": [{"id": "M", "kind": "document", "paragraphs": paragraphs}],
        "response": response,
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


def assert_at(result, start: int, end: int) -> None:
    assert (result.match.paragraph, result.match.start, result.match.end) == (2, start, end)


SETTINGS = hypothesis_settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
FEW = hypothesis_settings(SETTINGS, max_examples=10)  # for each row of a parametrized table


@st.composite
def sentence_windows(draw):
    """A paragraph and a run of whole words of it that starts one of its sentences."""
    paragraph, start, end = draw(windows())
    assume(start == 0 or start in {begins for _, begins in sentence_ends(paragraph)})
    return paragraph, start, end
