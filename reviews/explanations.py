"""A quote's explanation in plain words, under 200 characters (issue 31, item 4): built from
the quote's own differences and attention ("changed: must → may", "left out: des
Versicherers"), never from a rule's definition. The rule ids (and their definitions) stay one
hover away, in ``Explanation.rules``.

Plain text: the template escapes it (the words are the model's and the source's).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from citations.engine import Reason, VerificationStatus
from citations.engine.context.checks import CHECKS_BY_ID
from citations.engine.matching.rules import RULE

LIMIT = 200
SEPARATOR = "; "
# One side of a difference longer than this is trimmed to the words that differ.
LONG_WORDS = 40
# A side still longer after trimming is cut to this many characters.
MAX_WORDS = 80


@dataclass(frozen=True, slots=True)
class Explanation:
    text: str  # at most LIMIT characters
    rules: str  # the rule ids and their definitions, for a title attribute


def explanation(
    status: str,
    reason: str,
    differences: Iterable[Mapping[str, str]],
    attention: Iterable[Mapping[str, str]] = (),
    *,
    found: str = "",
    cited: str = "",
    rules: Iterable[str] = (),
    where: bool = True,
) -> Explanation:
    """``differences`` as the report stores them (kind, quote, source), ``attention`` too
    (rule, words, why); ``found`` and ``cited`` are places ("¶4", "D1 ¶2"). With ``where``
    false, the place is left to the caller (the popover says it in its own line)."""
    differences = list(differences)
    attention = list(attention)
    parts = [_where(status, reason, found, cited)] if where else []
    parts += _difference_parts(differences, corrected=status == VerificationStatus.CORRECTED)
    shown_words = {d.get("source", "") for d in differences} | {
        d.get("quote", "") for d in differences
    }
    parts += [_attention_part(a) for a in attention if a.get("words", "") not in shown_words]
    parts = [p for p in dict.fromkeys(parts) if p]
    if not parts and reason == Reason.CLAIM_CHANGED:
        parts = ["a difference changes the claim"]
    ids = list(dict.fromkeys([*rules, *(d["kind"] for d in differences)]))
    ids += [a["rule"] for a in attention if a.get("rule") and a["rule"] not in ids]
    return Explanation(_joined(parts), _rule_titles(ids))


def _where(status: str, reason: str, found: str, cited: str) -> str:
    if reason == Reason.FOUND_AS_CITED:
        return f"found as cited, {found}" if found else "found as cited"
    if reason in (Reason.RELOCATED_PARAGRAPH, Reason.RELOCATED_SOURCE):
        return f"found in {found or 'another place'}, cited {cited or 'nothing'}"
    if reason == Reason.NOT_FOUND:
        return f"found in no source; closest: {found}" if found else "found in no source"
    if reason == Reason.EMAIL_BODY_MISMATCH:
        return "not word for word in the cited email"
    if reason == Reason.SOURCE_NOT_ELIGIBLE:
        return f"cited {cited or 'a source'}, not given to the model"
    if reason == Reason.UNKNOWN_SOURCE:
        return f"cited {cited or 'a source'}, which is unknown"
    if status == VerificationStatus.INELIGIBLE:
        return "its source was not given to the model"
    return ""


def _difference_parts(differences: list[Mapping[str, str]], *, corrected: bool) -> list[str]:
    """Claims first: they decided a refusal. A difference that only spans narrower ones
    listed too (a sentence whose modal and number changed) is left to them."""
    parts = []
    differences = [d for d in differences if not _spans_narrower(d, differences)]
    for d in sorted(differences, key=lambda d: not d["kind"].startswith("claim.")):
        kind, quote, source = d["kind"], _trimmed(d["quote"]), _trimmed(d["source"])
        if quote and source:
            quote, source = _differing(quote, source)
        if not quote and not source:
            continue
        parts.append(_difference_part(kind, quote, source, corrected=corrected))
    return parts


def _spans_narrower(wide: Mapping[str, str], differences: list[Mapping[str, str]]) -> bool:
    def words(text: str) -> str:
        return f" {' '.join(text.split())} "

    return any(
        d is not wide
        and len(d["quote"]) + len(d["source"]) < len(wide["quote"]) + len(wide["source"])
        and d["quote"].strip()
        and d["source"].strip()
        and words(d["quote"]) in words(wide["quote"])
        and words(d["source"]) in words(wide["source"])
        for d in differences
    )


def _difference_part(kind: str, quote: str, source: str, *, corrected: bool) -> str:
    """What the model did to the source's words; in a corrected quote, an edit says what the
    correction did to the model's words."""
    if kind == "claim.hidden_by_omission" and source:
        return f"hidden by the omission {quote}: {source}" if quote else f"hidden: {source}"
    if kind == "edit.marked_omission" and source:
        return f"left out, marked {quote}: {source}" if quote else f"left out: {source}"
    if not corrected or not kind.startswith("edit."):
        if quote and source:
            return f"changed: {source} → {quote}"
        return f"left out: {source}" if source else f"added: {quote}"
    if quote and source:
        return f"corrected: {quote} → {source}"
    return f"restored: {source}" if source else f"removed: {quote}"


def attention_line(attention: Iterable[Mapping[str, str]]) -> str:
    """A quote's attention in one line beside its marker: the left-out or hidden words
    ("left out: Se la membroj konsentos (a condition)"), under ``LIMIT`` characters."""
    return _joined([p for p in dict.fromkeys(_attention_part(a) for a in attention) if p])


def _attention_part(attention: Mapping[str, str]) -> str:
    words = _trimmed(attention.get("words", ""))
    check = CHECKS_BY_ID.get(attention.get("rule", ""))
    if not words:
        return ""
    if attention.get("rule") == "attention.omission_hid":
        return f"hidden by the omission: {words}"
    if attention.get("rule") == "attention.cut_word":
        return f"cut inside a word: {words}"
    if check is not None and check.kind:
        return f"left out: {words} (a {check.kind})"
    return f"left out: {words}"


def _trimmed(words: str) -> str:
    words = " ".join(words.split())
    return words if len(words) <= MAX_WORDS else words[: MAX_WORDS - 1] + "…"


def _differing(quote: str, source: str) -> tuple[str, str]:
    """Long sides (a whole sentence whose one number changed) trimmed to the words that
    differ, so the difference itself shows."""
    if max(len(quote), len(source)) <= LONG_WORDS:
        return quote, source
    q, s = quote.split(), source.split()
    start = 0
    while start < min(len(q), len(s)) - 1 and q[start] == s[start]:
        start += 1
    end = 0
    while end < min(len(q), len(s)) - start - 1 and q[-1 - end] == s[-1 - end]:
        end += 1
    return " ".join(q[start : len(q) - end]), " ".join(s[start : len(s) - end])


def _joined(parts: list[str]) -> str:
    """``parts`` joined, as many as fit under LIMIT, the rest counted."""
    text = ""
    for shown, part in enumerate(parts):
        rest = len(parts) - shown - 1
        candidate = f"{text}{SEPARATOR if text else ''}{part}"
        more = f" … and {rest} more" if rest else ""
        if len(candidate + more) > LIMIT:
            if not text:  # a first part too long on its own (never, with MAX_WORDS)
                return candidate[: LIMIT - 1] + "…"
            return f"{text} … and {len(parts) - shown} more"
        text = candidate
    return text


def _rule_titles(ids: list[str]) -> str:
    return "\n".join(f"{i}: {RULE[i].covers}" if i in RULE else i for i in ids)


def quote_explanation(quote, *, where: bool = True) -> Explanation:
    """``explanation`` for a stored quote (``citations.models.Quote``): places are written
    "¶4" within the cited source, "D2 ¶4" in another."""
    same_source = quote.cited_source_id is not None and quote.match_source_id == (
        quote.cited_source_id
    )
    found = _place(None if same_source else quote.match_source, quote.match_paragraph)
    if not quote.match_source_id:
        found = ""
    cited = _place(quote.cited_source, quote.cited_paragraph) or quote.cited_ref or ""
    if same_source and quote.cited_paragraph:
        cited = f"¶{quote.cited_paragraph}"
    decision = quote.decision or {}
    return explanation(
        quote.status,
        quote.reason,
        decision.get("differences", ()),
        quote.attention or (),
        found=found,
        cited=cited,
        rules=decision.get("rules", ()),
        where=where,
    )


def _place(source, paragraph) -> str:
    name = source.key if source is not None else ""
    return " ".join(p for p in (name, f"¶{paragraph}" if paragraph else "") if p)
