"""The verification policy: one table, mirroring the table in ``spec/PRODUCT.md``.

A quote's outcome depends on two things only: what kind of source it cites
(:class:`Citation`) and where its text was found (:class:`Finding`). Everything that
searches lives elsewhere; this module only decides.

Decisions the product table leaves open, taken in its spirit:

- A quote that cites an email body and is verbatim only in *another* source (its own
  attachment included) is ``unverified/email_body_mismatch`` with that place as a hint:
  email citations are never corrected (003.7, 011.2), whichever source holds the text.
- A quote with no citation is checked against every eligible source; found verbatim
  anywhere it is ``verified``, found only approximately it is ``corrected/text_repaired``.
- A near-verbatim match inside an email body never repairs a quote, whatever it cites:
  corrections are made from documents and attachments only; the place stays a hint.
- A cited paragraph that the source does not have counts as a wrong paragraph.
- A cited page is checked only in a source with pages (else the citation names the source
  alone): a quote found verbatim on another page is relocated there, like one in another
  paragraph; so is one citing a page the source does not have, a finding of its own
  (``missing_page``) so that the report names it. An email body is never corrected.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .types import Reason, SourceKind, VerificationStatus


class Citation(StrEnum):
    """What the quote cites."""

    NONE = "none"  # no source named: every eligible source is searched
    DOCUMENT = "document"  # a document or an attachment
    EMAIL_BODY = "email_body"
    UNKNOWN = "unknown"  # a source the bundle does not have
    NOT_ELIGIBLE = "not_eligible"  # a source not given to the model in this turn


class Finding(StrEnum):
    """Where the quote's text was found."""

    AS_CITED = "as_cited"  # verbatim in the cited paragraph (or anywhere, when none cited)
    OTHER_PARAGRAPH = "other_paragraph"  # verbatim in another paragraph of the cited source
    OTHER_SOURCE = "other_source"  # verbatim only in another eligible source
    OTHER_PAGE = "other_page"  # verbatim in the cited source, on a page it does not cite
    MISSING_PAGE = "missing_page"  # verbatim in the cited source, which lacks the cited page
    APPROXIMATE = "approximate"  # only near-verbatim, clearly at one place
    # only near-verbatim, clearly at one place in an email body: an email's wording is never
    # written into a quote, so it stays a hint
    APPROXIMATE_IN_EMAIL = "approximate_in_email"
    # one passage, but a difference changes the claim (``rules.RULES``: a claim rule): the
    # same passage, another claim (a wrong correction is worse than a flag)
    CHANGED_CLAIM = "changed_claim"
    NOWHERE = "nowhere"
    NOT_SEARCHED = "not_searched"  # the citation alone decides


@dataclass(frozen=True, slots=True)
class Outcome:
    status: VerificationStatus
    reason: Reason
    corrects_location: bool = False  # source/paragraph replaced by where the text is
    corrects_text: bool = False  # text replaced by the source's wording


_V, _C, _U, _I = (
    VerificationStatus.VERIFIED,
    VerificationStatus.CORRECTED,
    VerificationStatus.UNVERIFIED,
    VerificationStatus.INELIGIBLE,
)

POLICY: dict[tuple[Citation, Finding], Outcome] = {
    # any | cited source not known, or not eligible in the turn (012.2)
    (Citation.UNKNOWN, Finding.NOT_SEARCHED): Outcome(_I, Reason.UNKNOWN_SOURCE),
    (Citation.NOT_ELIGIBLE, Finding.NOT_SEARCHED): Outcome(_I, Reason.SOURCE_NOT_ELIGIBLE),
    # document / attachment (003.2, 011.1, 003.3, 003.6)
    (Citation.DOCUMENT, Finding.AS_CITED): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.DOCUMENT, Finding.OTHER_PARAGRAPH): Outcome(
        _C, Reason.RELOCATED_PARAGRAPH, corrects_location=True
    ),
    (Citation.DOCUMENT, Finding.OTHER_PAGE): Outcome(
        _C, Reason.RELOCATED_PAGE, corrects_location=True
    ),
    (Citation.DOCUMENT, Finding.MISSING_PAGE): Outcome(
        _C, Reason.RELOCATED_PAGE, corrects_location=True
    ),
    (Citation.DOCUMENT, Finding.OTHER_SOURCE): Outcome(
        _C, Reason.RELOCATED_SOURCE, corrects_location=True
    ),
    (Citation.DOCUMENT, Finding.APPROXIMATE): Outcome(
        _C, Reason.TEXT_REPAIRED, corrects_location=True, corrects_text=True
    ),
    (Citation.DOCUMENT, Finding.APPROXIMATE_IN_EMAIL): Outcome(_U, Reason.NOT_FOUND),
    (Citation.DOCUMENT, Finding.CHANGED_CLAIM): Outcome(_U, Reason.CLAIM_CHANGED),
    (Citation.DOCUMENT, Finding.NOWHERE): Outcome(_U, Reason.NOT_FOUND),
    # email_body: never corrected (003.7, 011.2)
    (Citation.EMAIL_BODY, Finding.AS_CITED): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.EMAIL_BODY, Finding.OTHER_PARAGRAPH): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.EMAIL_BODY, Finding.OTHER_PAGE): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.EMAIL_BODY, Finding.MISSING_PAGE): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.EMAIL_BODY, Finding.OTHER_SOURCE): Outcome(_U, Reason.EMAIL_BODY_MISMATCH),
    (Citation.EMAIL_BODY, Finding.APPROXIMATE): Outcome(_U, Reason.EMAIL_BODY_MISMATCH),
    (Citation.EMAIL_BODY, Finding.APPROXIMATE_IN_EMAIL): Outcome(_U, Reason.EMAIL_BODY_MISMATCH),
    (Citation.EMAIL_BODY, Finding.CHANGED_CLAIM): Outcome(_U, Reason.EMAIL_BODY_MISMATCH),
    (Citation.EMAIL_BODY, Finding.NOWHERE): Outcome(_U, Reason.NOT_FOUND),
    # no citation: checked against all eligible sources
    (Citation.NONE, Finding.AS_CITED): Outcome(_V, Reason.FOUND_AS_CITED),
    (Citation.NONE, Finding.APPROXIMATE): Outcome(
        _C, Reason.TEXT_REPAIRED, corrects_location=True, corrects_text=True
    ),
    (Citation.NONE, Finding.APPROXIMATE_IN_EMAIL): Outcome(_U, Reason.NOT_FOUND),
    (Citation.NONE, Finding.CHANGED_CLAIM): Outcome(_U, Reason.CLAIM_CHANGED),
    (Citation.NONE, Finding.NOWHERE): Outcome(_U, Reason.NOT_FOUND),
}


def policy_rule(citation: Citation, finding: Finding) -> str:
    """The rule id of a row of the table, as the report names it.

    >>> policy_rule(Citation.DOCUMENT, Finding.OTHER_PARAGRAPH)
    'policy.document.other_paragraph'
    """
    return f"policy.{citation.value}.{finding.value}"


def citation_kind(kind: SourceKind | None) -> Citation:
    """The policy's view of a cited, eligible source's kind (``None``: nothing cited)."""
    if kind is None:
        return Citation.NONE
    if kind is SourceKind.EMAIL_BODY:
        return Citation.EMAIL_BODY
    return Citation.DOCUMENT


def decide(citation: Citation, finding: Finding) -> Outcome:
    """The outcome the policy table gives; a missing row is a programming error.

    >>> decide(Citation.EMAIL_BODY, Finding.APPROXIMATE).status.value
    'unverified'
    """
    return POLICY[(citation, finding)]
