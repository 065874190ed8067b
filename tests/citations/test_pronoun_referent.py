"""A pronoun replaced by what it stands for (issue_29, PRODUCT.md "What may be corrected":
"a pronoun replaced by the noun it stands for"): corrected, the pronoun put back, when the
paragraph names that thing before the pronoun and nothing else the pronoun could mean; a
changed claim otherwise. Both ways, one row each; the generated classes
``edit_pronoun_for_referent`` and ``claim_referent_changed`` (``citations.quotegen``) measure
the same at scale."""

import json

import pytest

from citations.engine import load_bundle, verify_bundle
from citations.engine.types import VerificationStatus


def result_for(quote: str, paragraph: str):
    data = {
        "bundle_version": 1,
        "id": "referent",
        "sources": [{"id": "M", "kind": "document", "paragraphs": ["Intro.", paragraph]}],
        "response": {
            "format": "json",
            "text": json.dumps({"quotes": [{"quote": quote, "source": "M"}]}, ensure_ascii=False),
            "quotes": [{"path": "$.quotes[*]", "text": "quote", "source": "source"}],
        },
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


# (quote, paragraph, the source's words the correction puts back)
NAMED_ONCE = [
    (
        "The landlords must repair the roof within a month.",
        "The landlords met in May. They must repair the roof within a month.",
        "They must repair the roof within a month.",
    ),
    (
        "the landlords must repair the roof within a month",
        "The landlords met in May; they must repair the roof within a month.",
        "they must repair the roof within a month",
    ),
    (
        "Ihren Vertreterinnen und Vertretern darf das Land nicht länger überlassen werden.",
        "Ihre Vertreterinnen und Vertreter haben abgewirtschaftet. Ihnen darf das Land nicht "
        "länger überlassen werden.",
        "Ihnen darf das Land nicht länger überlassen werden.",
    ),
    (
        "Der Vorstand genehmigt den Haushalt.",
        "Der Vorstand tagte am Dienstag. Er genehmigt den Haushalt.",
        "Er genehmigt den Haushalt.",
    ),
    (
        "L'association finance le projet.",
        "L'association a voté mardi. Elle finance le projet.",
        "Elle finance le projet.",
    ),
    (
        "Smith must repair the roof within a month.",
        "Smith replied at once. He must repair the roof within a month.",
        "He must repair the roof within a month.",
    ),
]


@pytest.mark.parametrize(("quote", "paragraph", "restored"), NAMED_ONCE)
def test_a_pronoun_replaced_by_the_one_thing_named_before_is_corrected(quote, paragraph, restored):
    result = result_for(quote, paragraph)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.pronoun_referent" in result.decision.rules
    assert result.match is not None and result.match.text == restored
    assert result.corrected is not None and result.corrected.text == restored


# (quote, paragraph): the thing the quote names is not named before, or one of two things
# named there that the pronoun may mean, or the quote changes more than the pronoun
NOT_THE_PRONOUNS = [
    (
        "The tenants must repair the roof within a month.",
        "The landlords met in May. They must repair the roof within a month.",
    ),
    (
        "The tenant must repair the roof within a month.",
        "The landlord informed the tenant. He must repair the roof within a month.",
    ),
    (
        "The landlord must repair the roof within a month.",
        "The landlord informed the tenant. He must repair the roof within a month.",
    ),
    (
        "Der Ausschuss genehmigt den Haushalt.",
        "Der Ausschuss traf den Vorstand am Dienstag. Er genehmigt den Haushalt.",
    ),
    (
        "La société finance le projet.",
        "L'association a rencontré la société mardi. Elle finance le projet.",
    ),
    (
        "Smith must repair the roof within a month.",
        "Smith met Jones on Monday. He must repair the roof within a month.",
    ),
    (
        "Only the landlords must repair the roof within a month.",
        "The landlords met in May. They must repair the roof within a month.",
    ),
    (
        "Two landlords must repair the roof within a month.",
        "The landlords met in May. They must repair the roof within a month.",
    ),
    (
        "The landlords must not repair the roof within a month.",
        "The landlords met in May. They must repair the roof within a month.",
    ),
]


@pytest.mark.parametrize(("quote", "paragraph"), NOT_THE_PRONOUNS)
def test_a_pronoun_replaced_by_what_it_may_not_mean_changes_the_claim(quote, paragraph):
    result = result_for(quote, paragraph)
    assert result.status is VerificationStatus.UNVERIFIED, result.decision
    assert "edit.pronoun_referent" not in result.decision.rules
