"""Badges and citations for quotes: icon + word + tooltip, readable without colour (003.5);
a correction's changed letters for the admin."""

import difflib

from django import template

# DiffPart re-exported: the admin's correction detail shows char_diff's parts
from citations.diffs import DiffPart as DiffPart
from citations.diffs import word_diff
from citations.engine import Reason, VerificationStatus

from ..explanations import Explanation, quote_explanation

register = template.Library()

STATUS_ICONS: dict[str, str] = {
    VerificationStatus.VERIFIED: "✓",
    VerificationStatus.CORRECTED: "✎",
    VerificationStatus.UNVERIFIED: "?",
    VerificationStatus.INELIGIBLE: "⊘",
}

REASON_TEXT = {
    "found_as_cited": "found where it was cited",
    "relocated_paragraph": "found in another paragraph of the cited source",
    "relocated_page": "found on another page of the cited source",
    "relocated_source": "found in another eligible source",
    "text_repaired": "wording replaced by the source's own",
    "not_found": "not found in any eligible source",
    "claim_changed": "one passage, but a difference changes the claim, so not corrected",
    "email_body_mismatch": "not verbatim in the cited email; kept as written",
    "source_not_eligible": "the cited source was not given to the model in this turn",
    "unknown_source": "the cited source is unknown",
}


@register.filter
def status_icon(status: str) -> str:
    return STATUS_ICONS.get(status, "•")


@register.filter
def reason_text(reason: str) -> str:
    return REASON_TEXT.get(reason, reason.replace("_", " "))


@register.filter
def status_tooltip(quote) -> str:
    return f"{quote.status.capitalize()}: {quote_reason(quote)}"


def _at(source, paragraph) -> str:
    return _cite(source, paragraph) or "the source"


@register.filter
def quote_reason(quote) -> str:
    """Why the quote has its status, in words that hold for this quote: where its text was
    found, and what the model cited (or that it cited nothing). ``reason_text`` names the
    reason in general; this never says "where it was cited" of a quote that cited nothing, or
    of an email quote found in another paragraph."""
    reason, cited = quote.reason, quote.cited_source
    found = _at(quote.match_source, quote.match_paragraph) if quote.match_source_id else ""
    if reason == Reason.FOUND_AS_CITED and found:
        if cited is None:
            return f"found in {found}; the model cited no source"
        if quote.cited_paragraph is None:
            return f"found in {found}, the source it cited"
        if quote.match_source_id != quote.cited_source_id:
            return f"found in {found}; the model cited {original_citation(quote)}"
        if quote.match_paragraph != quote.cited_paragraph:
            # an email body: verified anywhere in it, the citation left as written (011.2)
            return (
                f"found in the cited email, in {found}, not ¶{quote.cited_paragraph} as cited "
                "(an email citation is left as written)"
            )
        return f"found where it was cited, {found}"
    if reason == Reason.RELOCATED_PARAGRAPH and found and cited is not None:
        return f"found in {found}, not ¶{quote.cited_paragraph} as cited"
    if reason == Reason.RELOCATED_SOURCE and found and cited is not None:
        return (
            f"found in {found}, another eligible source; the model cited {original_citation(quote)}"
        )
    if reason == Reason.TEXT_REPAIRED and found:
        origin = (
            "the model cited no source" if cited is None else f"cited {original_citation(quote)}"
        )
        return f"wording replaced by the source's own, from {found}; {origin}"
    text = reason_text(reason)
    if quote.status == VerificationStatus.UNVERIFIED and found and quote.match_start is not None:
        return f"{text} (closest passage, shown as a hint: {found})"
    return text


def _cite(source, paragraph, fallback: str = "") -> str:
    name = source.key if source is not None else fallback
    if not name:
        return ""
    return f"{name} ¶{paragraph}" if paragraph else name


@register.simple_tag
def original_citation(quote) -> str:
    """The citation as the model gave it (as the parser read it)."""
    return _cite(quote.cited_source, quote.cited_paragraph, quote.cited_ref)


@register.simple_tag
def shown_citation(quote) -> str:
    """The citation the reader should trust: corrected ones point where the text really is
    (011.4); the rest stay as the model wrote them (011.2)."""
    if quote.status == VerificationStatus.CORRECTED and quote.corrected_source_id:
        return _cite(quote.corrected_source, quote.corrected_paragraph)
    return original_citation(quote)


@register.filter
def shown_text(quote) -> str:
    if quote.status == VerificationStatus.CORRECTED and quote.corrected_text:
        return quote.corrected_text
    return quote.text


@register.filter
def percent(share: float) -> str:
    return f"{share * 100:.0f}%"


@register.filter
def get_count(counts: dict, key: str) -> int:
    return counts.get(key, 0)


@register.filter
def explained(quote) -> Explanation:
    """The quote's differences and attention in plain words, its place left to the page
    (``reviews.explanations``): the rules' definitions only in ``rules``, for a title."""
    return quote_explanation(quote, where=False)


# -- word diffs -----------------------------------------------------------------------------
# The page's diffs are computed by the worker and stored (``citations.diffs``); the admin's
# correction detail splits one correction's changed words into letters.


# A changed word is shown letter by letter when it is mostly the same word ("recieve" ->
# "receive"); a word replaced by another is shown whole, which reads better than the letters
# two unrelated words happen to share.
_LETTERS_ALIKE = 0.5
# difflib on letters is quadratic at worst: a replaced stretch longer than this (no word is)
# is shown whole.
MAX_LETTERS_ALIGNED = 200


def char_diff(before: str, after: str) -> list[DiffPart]:
    """``before`` turned into ``after`` character by character, for the admin's correction
    detail: the word diff first, then each changed word that is mostly the same word split
    into the letters that changed. The same and removed runs are exactly ``before``, the same
    and added ones exactly ``after``: char_diff("the colour of the fee", "the color of the
    fees") is same "the colo", removed "u", same "r of the fee", added "s"."""
    parts: list[DiffPart] = []
    words = word_diff(before, after)
    index = 0
    while index < len(words):
        part = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if part.kind == "removed" and following is not None and following.kind == "added":
            parts += _letters_changed(part.text, following.text)
            index += 2
        else:
            parts.append(part)
            index += 1
    merged: list[DiffPart] = []
    for part in parts:
        if merged and merged[-1].kind == part.kind:
            merged[-1] = DiffPart(part.kind, merged[-1].text + part.text)
        else:
            merged.append(part)
    return merged


def _letters_changed(removed: str, added: str) -> list[DiffPart]:
    if max(len(removed), len(added)) > MAX_LETTERS_ALIGNED:
        return [DiffPart("removed", removed), DiffPart("added", added)]
    matcher = difflib.SequenceMatcher(None, removed, added, autojunk=False)
    if matcher.ratio() < _LETTERS_ALIKE:
        return [DiffPart("removed", removed), DiffPart("added", added)]
    parts = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            parts.append(DiffPart("same", removed[i1:i2]))
            continue
        if i2 > i1:
            parts.append(DiffPart("removed", removed[i1:i2]))
        if j2 > j1:
            parts.append(DiffPart("added", added[j1:j2]))
    return parts
