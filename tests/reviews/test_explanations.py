"""Issue 31, item 4: a quote's explanation is plain words under 200 characters, built from
its own differences ("changed: must → may", "left out: des Versicherers"), never a rule's
definition; the rule ids stay one hover away."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.html import escape
from hypothesis import given
from hypothesis import strategies as st

from citations.engine.matching.rules import RULE
from reviews.explanations import LIMIT, explanation

from ..factories import make_assessment, make_quote
from .test_reason_texts import reasons_assessment


def diff(kind: str, quote: str, source: str) -> dict[str, str]:
    return {"kind": kind, "quote": quote, "source": source}


def note(rule: str, words: str) -> dict[str, str]:
    return {"rule": rule, "words": words, "why": "(the engine's sentence, not shown)"}


LONG_QUOTE = "the deposit of 500 eur is payable on signing the lease"
LONG_SOURCE = "the deposit of 1,500 eur is payable on signing the lease"
APPEAL_QUOTE = "appeals may be filed within 60 days of the decision, in writing."
APPEAL_SOURCE = "appeals must be filed within 30 days of the decision, in writing."
MANY = [diff("claim.word_changed", f"quoteword{i:02}", f"sourceword{i:02}") for i in range(9)]

CASES = [
    # (status, reason, differences, attention, places), the explanation
    pytest.param(
        "unverified", "claim_changed", [diff("claim.word_changed", "geschickt", "verschifft")],
        [], {}, "changed: verschifft → geschickt", id="word_changed",
    ),
    pytest.param(
        "unverified", "claim_changed", [diff("claim.modal", "may", "must")], [], {},
        "changed: must → may", id="modal",
    ),
    pytest.param(
        "unverified", "claim_changed", [diff("claim.negation", "", "des Versicherers nicht")],
        [], {}, "left out: des Versicherers nicht", id="negation_left_out",
    ),
    pytest.param(
        "unverified", "claim_changed", [diff("claim.negation", "nicht", "")], [], {},
        "added: nicht", id="negation_added",
    ),
    pytest.param(
        "unverified", "claim_changed", [diff("claim.number", LONG_QUOTE, LONG_SOURCE)], [], {},
        "changed: 1,500 → 500", id="number_in_a_long_sentence",
    ),
    pytest.param(
        "unverified", "claim_changed",
        [diff("claim.number", APPEAL_QUOTE, APPEAL_SOURCE), diff("claim.modal", "may", "must"),
         diff("claim.number", "60", "30")], [], {},
        "changed: must → may; changed: 30 → 60", id="sentence_left_to_its_narrower_differences",
    ),
    pytest.param(
        "corrected", "text_repaired", [diff("edit.typo", "freirwilligkeit", "freiwilligkeit")],
        [], {}, "corrected: freirwilligkeit → freiwilligkeit", id="typo",
    ),
    pytest.param(
        "corrected", "text_repaired", [diff("edit.marked_omission", "…", "25")],
        [note("attention.omission_hid", "25")], {}, "left out, marked …: 25",
        id="marked_omission_named_once",
    ),
    pytest.param(
        "verified", "found_as_cited", [], [note("attention.omission_hid", "25")],
        {"found": "D1 ¶2"}, "found as cited, D1 ¶2; hidden by the omission: 25",
        id="attention_hidden_by_omission",
    ),
    pytest.param(
        "unverified", "claim_changed",
        [diff("claim.hidden_by_omission", "...", "not under any circumstances")], [], {},
        "hidden by the omission ...: not under any circumstances", id="hidden_by_omission",
    ),
    pytest.param(
        "corrected", "relocated_paragraph", [], [], {"found": "¶4", "cited": "¶2"},
        "found in ¶4, cited ¶2", id="relocated_paragraph",
    ),
    pytest.param(
        "unverified", "not_found", [], [], {}, "found in no source", id="not_found",
    ),
    pytest.param(
        "ineligible", "source_not_eligible", [], [], {"cited": "D3 ¶1"},
        "cited D3 ¶1, not given to the model", id="ineligible",
    ),
    pytest.param(
        "verified", "found_as_cited", [], [note("attention.negation_left_out", "nicht")],
        {"found": "D1 ¶2"}, "found as cited, D1 ¶2; left out: nicht (a negation)",
        id="attention_negation",
    ),
    pytest.param(
        "corrected", "text_repaired",
        [diff("edit.citation_marker", "[cite: 12]", ""), diff("edit.article", "", "the"),
         diff("edit.punctuation", "", "")],
        [], {}, "removed: [cite: 12]; restored: the", id="edits_without_words_skipped",
    ),
    pytest.param(
        "unverified", "claim_changed",
        [diff("edit.article", "", "the"), diff("claim.word_changed", "no", "written")], [], {},
        "changed: written → no; left out: the", id="refused_edits_say_what_the_model_did",
    ),
    pytest.param(
        "unverified", "claim_changed",
        [diff("claim.word_swap", "supplier", "buyer"),
         diff("claim.word_swap", "buyer", "supplier")],
        [], {}, "changed: buyer → supplier; changed: supplier → buyer", id="word_swap",
    ),
    pytest.param(
        "unverified", "claim_changed", MANY, [], {},
        "; ".join(f"changed: sourceword{i:02} → quoteword{i:02}" for i in range(5))
        + " … and 4 more",
        id="many_differences_counted",
    ),
    pytest.param(
        "unverified", "claim_changed", [], [], {}, "a difference changes the claim",
        id="claim_without_stored_differences",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("status", "reason", "differences", "attention", "places", "expected"),
                         CASES)  # fmt: skip
def test_an_explanation_names_the_quotes_own_differences(
    status, reason, differences, attention, places, expected
):
    explained = explanation(status, reason, differences, attention, **places)
    assert explained.text == expected
    assert len(explained.text) <= LIMIT
    for d in differences:  # the rules stay one hover away, with their definitions
        assert d["kind"] in explained.rules
        assert RULE[d["kind"]].covers not in explained.text


KINDS = ["claim.word_changed", "claim.modal", "claim.negation", "claim.number", "edit.typo",
         "edit.marked_omission", "claim.hidden_by_omission", "edit.article"]  # fmt: skip
# Words as a model or a source writes them, markup-like characters included; one space
# between words (the explanation folds runs of white space).
WORD = st.text(st.characters(categories=["L", "N", "P", "S"]), min_size=1, max_size=12)
WORDS = st.lists(WORD, min_size=0, max_size=3).map(" ".join)
DIFFERENCES = st.lists(st.builds(diff, st.sampled_from(KINDS), WORDS, WORDS), max_size=12)


@given(
    status=st.sampled_from(["verified", "corrected", "unverified", "ineligible"]),
    reason=st.sampled_from(
        [
            "found_as_cited",
            "relocated_paragraph",
            "text_repaired",
            "claim_changed",
            "not_found",
            "source_not_eligible",
        ]
    ),
    differences=DIFFERENCES,
    attention=st.lists(st.builds(note, st.just("attention.negation_left_out"), WORDS), max_size=3),
)
def test_every_explanation_is_short_and_shows_each_differences_words(
    status, reason, differences, attention
):
    text = explanation(status, reason, differences, attention, found="D1 ¶4", cited="¶2").text
    assert len(text) <= LIMIT
    more = re.search(r" … and (\d+) more$", text)
    shown = text[: more.start()] if more else text
    named = {(d["quote"], d["source"]) for d in differences if d["quote"] or d["source"]}
    missing = [
        words
        for words in named
        if not (words[0] in shown and words[1] in shown)
        and not any(  # or a narrower difference inside it is shown
            (quote, source) != words
            and quote.strip()
            and source.strip()
            and quote in words[0]
            and source in words[1]
            and quote in shown
            and source in shown
            for quote, source in named
        )
    ]
    assert len(missing) <= (int(more[1]) if more else 0), (text, missing)


@pytest.fixture
def staff_client(client, db):
    client.force_login(get_user_model().objects.create_user("sam", password="pw", is_staff=True))
    return client


def popover(html: str, n: int) -> str:
    """The explanation row of quote ``n``'s popover, as HTML, and its title."""
    element = html[html.index(f'id="q{n}-info"') :]
    return re.search(r'<span\s+class="info-row info-explanation"[^>]*>.*?</span>', element, re.S)[0]


def test_a_refused_quotes_popover_says_what_the_quote_changed(staff_client):
    """The reasons scenario's quote 6 writes "needs no approval" where the lease has "needs
    the written approval": the popover names those words, claim first, the rules one hover
    away."""
    assessment = reasons_assessment()
    html = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk])).text
    row = popover(html, 6)
    text = " ".join(re.sub(r"<[^>]+>", " ", row).split())
    assert text == "Changed: written → no; left out: the."
    title = re.search(r'title="([^"]*)"', row)[1]
    assert "claim.negation: " in title  # the rule and its definition, on hover
    assert "a difference changes the claim" not in text


def test_the_popover_escapes_the_words_it_names(staff_client):
    assessment = make_assessment()
    make_quote(
        assessment, 3, status="unverified", reason="claim_changed",
        decision={"rules": ["claim.modal"],
                  "differences": [diff("claim.modal", "<b>may</b>", "must & 'shall'")]},
    )  # fmt: skip
    html = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk])).text
    row = popover(html, 3)
    assert escape("Changed: must & 'shall' → <b>may</b>.") in row
    assert "<b>may</b>" not in row
