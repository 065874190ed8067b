"""Layered validation of a model's structured answer (EV-1 … EV-6). Plain Python, no Django.

Errors are data: ``ValidationError(path, rule, message)``, with every rule and its layer
listed once in ``RULES``. The answer must be one JSON object (``json.syntax``); then every
layer runs and reports, the meaning layers (EV-2 … EV-6) over the list items that passed the
schema, so the one repair request lists an invented excerpt beside a schema error instead
of finding it after the repair is spent.
Seed 002's three stages of evidence: (1) the excerpt exists in a source (EV-3), (2) it names
a value of the result that exists, and every value has one (EV-4), (3) the value says only
what its excerpts say (``support``: its names, numbers and content words occur in them,
``evidence.unsupported``). Stage 3 is a deterministic reading of words; whether the sentence
really supports the value stays the reviewer's, who sees each value beside its excerpts.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError as SchemaError

from citations.engine import Match, Turn, find_verbatim
from citations.engine.limits import LIMITS, json_depth

from .coverage import (
    CoverageStatus,
    SentenceCoverage,
    Span,
    sentence_coverage,
    source_sentences,
)
from .schemas import OutputSchema
from .support import value_support

VALIDATOR_VERSION = "ev-5"  # stored per record: bump when an answer can get other errors

# rule -> (layer, what it checks)
RULES: dict[str, tuple[str, str]] = {
    "json.syntax": ("EV-1", "the answer is exactly one JSON object"),
    "schema.required": ("EV-1", "a required field is present"),
    "schema.type": ("EV-1", "a value has the declared type"),
    "schema.enum": ("EV-1", "a value is one of the allowed values"),
    "schema.unknown_field": ("EV-1", "no fields beyond the schema"),
    "schema.constraint": ("EV-1", "other schema constraints (length, minimum, …)"),
    "reference.duplicate_id": ("EV-2", "ids are unique"),
    "reference.unresolved": ("EV-2", "a reference names an existing object"),
    "order.duplicate": ("EV-2", "no order number is used twice"),
    "order.inversion": ("EV-2", "order numbers increase along the list"),
    "evidence.not_in_source": ("EV-3", "the excerpt exists in an eligible source"),
    "evidence.too_short": ("EV-3", "an excerpt is a phrase of the source, not a word or two"),
    "evidence.unknown_source": ("EV-3", "the cited source is eligible in this turn"),
    "evidence.citation_mismatch": ("EV-3", "the excerpt is where its citation says"),
    "evidence.field_missing": ("EV-4", "the evidence points at an existing result field"),
    "evidence.empty_value": ("EV-4", "the evidence points at a value, not an empty one"),
    "evidence.missing": ("EV-4", "every value of the result has evidence in the sources"),
    "evidence.unsupported": (
        "EV-4",
        "every name, number and content word of a value occurs in its evidence (stage 3)",
    ),
    "evidence.reference_unsupported": (
        "EV-4",
        "the object a value refers to (a step's actor) is named in the value's evidence",
    ),
    "coverage.unmapped": (
        "EV-5",
        "every statement of the sources is evidence or excluded (the schema's threshold)",
    ),
    "coverage.excluded_share": (
        "EV-5",
        "at most the schema's share of the statements is excluded instead of converted",
    ),
    "excluded.not_in_source": ("EV-5", "an excluded sentence exists in an eligible source"),
    "completeness.question_missing": ("EV-6", "a missing required value has a question"),
    "completeness.value_and_question": ("EV-6", "a question goes with an empty value"),
    "completeness.unknown_field": ("EV-6", "a question names a required field of the schema"),
}


@dataclass(frozen=True, slots=True)
class ValidationError:
    path: str  # JSONPath-like location in the answer, "$" for the whole answer
    rule: str  # a key of RULES
    message: str

    @property
    def layer(self) -> str:
        return RULES[self.rule][0]

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "rule": self.rule, "message": self.message}


class Completeness(StrEnum):
    PRESENT = "PRESENT"
    NEEDS_INPUT = "NEEDS_INPUT"


@dataclass(frozen=True, slots=True)
class FieldCompleteness:
    field: str
    status: Completeness
    question: str = ""
    answered_by: str = ""  # a reviewer who gave the value: its evidence

    def as_dict(self) -> dict[str, str]:
        row = {"field": self.field, "status": self.status.value, "question": self.question}
        if self.answered_by:
            row["answered_by"] = self.answered_by
        return row


@dataclass(frozen=True, slots=True)
class Excerpt:
    """Where one evidence excerpt of a value stands in its source (raw paragraph offsets)."""

    source: str
    paragraph: int
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class ValueEvidence:
    """One value of the result beside its evidence: what the reviewer reads side by side."""

    path: str  # "processSteps[1]"
    value: Any
    excerpts: tuple[Excerpt, ...]
    unsupported: tuple[str, ...] = ()  # its words the excerpts do not say (stage 3)
    answered_by: str = ""  # a reviewer's answer is its evidence

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "value": self.value,
            "excerpts": [
                {"source": e.source, "paragraph": e.paragraph, "start": e.start, "end": e.end}
                | {"text": e.text}
                for e in self.excerpts
            ],
            "unsupported": list(self.unsupported),
            "answered_by": self.answered_by,
        }


@dataclass(frozen=True, slots=True)
class Validation:
    parsed: Any  # the decoded answer, None when it is not JSON
    errors: tuple[ValidationError, ...]
    coverage: tuple[SentenceCoverage, ...] = ()
    completeness: tuple[FieldCompleteness, ...] = ()
    values: tuple[ValueEvidence, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.errors


# An excerpt this short proves nothing: "the", one letter, one noun would mark a sentence
# as covered and show as a verified quote after hand-over.
MIN_EXCERPT_WORDS = 3
MIN_EXCERPT_CHARACTERS = 12  # for scripts written without spaces between words


def validate_answer(
    text: str, turn: Turn, schema: OutputSchema, *, answered: Mapping[str, str] | None = None
) -> Validation:
    """Run EV-1 … EV-6 over one raw answer against the turn's eligible sources.

    ``answered``: field path -> the reviewer who answered its clarification question. Such a
    value has the reviewer as its evidence instead of an excerpt, and is ``PRESENT``."""
    answered = answered or {}
    try:
        parsed = json.loads(
            _answer_json(text), parse_constant=_refuse_constant, parse_float=_finite_float
        )
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        return Validation(None, (ValidationError("$", "json.syntax", f"{exc.msg} ({where})"),))
    except (NotJSON, RecursionError) as exc:
        message = str(exc) if isinstance(exc, NotJSON) else "nested too deeply"
        return Validation(None, (ValidationError("$", "json.syntax", message),))
    if not isinstance(parsed, dict):
        message = f"expected one JSON object, got {type(parsed).__name__}"
        return Validation(parsed, (ValidationError("$", "json.syntax", message),))
    if "\x00" in text or _holds_nul(parsed):
        # No stored text may hold NUL (PostgreSQL refuses it, so does the bundle contract).
        message = "the answer contains a NUL character (\\u0000)"
        return Validation(None, (ValidationError("$", "json.syntax", message),))
    found = sorted(
        Draft202012Validator(schema.json_schema).iter_errors(parsed),
        key=lambda e: _path(e.absolute_path),
    )
    items = WellFormedItems(parsed, frozenset(tuple(e.absolute_path)[:2] for e in found))
    evidence_errors, mapped = _evidence(parsed, items, turn, schema)
    exclusion_errors, excluded = _exclusions(items, turn, schema)
    completeness_errors, completeness = _completeness(parsed, items, schema, answered)
    coverage = sentence_coverage(source_sentences(turn), mapped, excluded)
    value_errors, values = _value_evidence(parsed, turn, schema, mapped, answered)
    errors = (
        *(_schema_error(error) for error in found),
        *_references(items, schema),
        *evidence_errors,
        *value_errors,
        *exclusion_errors,
        *_coverage_errors(coverage, schema),
        *completeness_errors,
    )
    return Validation(parsed, tuple(errors), coverage, completeness, values)


def _value_paths(parsed: dict[str, Any], schema: OutputSchema) -> Iterator[str]:
    """The values a result claims from its sources: each present scalar field, each item of
    a list field ("participants[0]")."""
    for name in schema.json_schema["properties"]:
        if name in schema.bookkeeping:
            continue
        value = parsed.get(name)
        if isinstance(value, list):
            yield from (f"{name}[{index}]" for index in range(len(value)))
        elif not is_missing(value):
            yield name


def within(path: str, outer: str) -> bool:
    """Whether ``path`` is ``outer`` or lies inside it ("processSteps[1].action" in
    "processSteps[1]")."""
    return path == outer or path.startswith((f"{outer}.", f"{outer}["))


def _value_evidence(
    parsed: dict[str, Any],
    turn: Turn,
    schema: OutputSchema,
    mapped: list[Span],
    answered: Mapping[str, str],
) -> tuple[list[ValidationError], tuple[ValueEvidence, ...]]:
    """EV-4: no value without evidence, and no value saying more than its evidence (stage 3).
    A value's evidence is every excerpt found in a source whose fieldPath is the value or lies
    inside it ("processSteps[1].action"); a reviewer's answer to the question about it (or
    about a list it is an item of) is evidence too."""
    errors: list[ValidationError] = []
    values: list[ValueEvidence] = []
    for path in _value_paths(parsed, schema):
        value = _value_at(parsed, path)
        who = next((w for field, w in answered.items() if within(path, field)), "")
        excerpts = tuple(
            Excerpt(span.source, span.paragraph, span.start, span.end, _span_text(turn, span))
            for span in mapped
            if within(span.label, path)
        )
        if who:
            values.append(ValueEvidence(path, value, excerpts, answered_by=who))
            continue
        if not excerpts:
            if path in schema.required_values:
                otherwise = f"give {_empty_with_question(path, schema)}"
            else:
                otherwise = "remove it"
            errors.append(
                ValidationError(
                    f"$.{path}",
                    "evidence.missing",
                    f"{path} has no evidence: add an evidence entry with a verbatim excerpt of "
                    f"the source that says it, or {otherwise}",
                )
            )
            values.append(ValueEvidence(path, value, ()))
            continue
        support = value_support(
            _value_texts(value, schema.structural_keys(path)), [e.text for e in excerpts]
        )
        values.append(ValueEvidence(path, value, excerpts, support.missing))
        if not support.supported:
            said = ", ".join(repr(word) for word in support.missing[:6])
            verb = "is" if len(support.missing) == 1 else "are"
            if path in schema.required_values:
                otherwise = f"give {_empty_with_question(path, schema)}"
            else:
                otherwise = "remove the value"
            errors.append(
                ValidationError(
                    f"$.{path}",
                    "evidence.unsupported",
                    f"{path} is not supported by its evidence: {said} {verb} not in its "
                    f"excerpts; cite the sentence that says it, or {otherwise}",
                )
            )
            continue
        for key, target, missing in _reference_support(parsed, path, value, schema, excerpts):
            said = ", ".join(repr(word) for word in missing[:6])
            errors.append(
                ValidationError(
                    f"$.{path}.{key}",
                    "evidence.reference_unsupported",
                    f"{path}.{key} refers to {target}, but its evidence does not name it "
                    f"({said} not in its excerpts): cite the sentence that says who, or refer "
                    "to the one its evidence names",
                )
            )
    return errors, tuple(values)


def _reference_support(
    parsed: dict[str, Any],
    path: str,
    value: Any,
    schema: OutputSchema,
    excerpts: tuple[Excerpt, ...],
) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """A list item's references (the schema's, e.g. a step's ``actorId``) whose target is not
    named in the item's evidence: a real sentence about one actor borrowed for a step given
    to another. Yields (key, target path, the target's words missing)."""
    if not isinstance(value, dict):
        return
    array = path.split("[", 1)[0]
    for ref in schema.references:
        if ref.from_array != array or ref.from_key not in value:
            continue
        targets = parsed.get(ref.to_array)
        if not isinstance(targets, list):
            continue
        for index, target in enumerate(targets):
            if not isinstance(target, dict) or target.get(ref.to_key) != value[ref.from_key]:
                continue
            target_path = f"{ref.to_array}[{index}]"
            texts = _value_texts(target, schema.structural_keys(target_path))
            support = value_support(texts, [e.text for e in excerpts])
            if texts and not support.supported:
                yield ref.from_key, target_path, support.missing
            break


def _value_at(parsed: dict[str, Any], path: str) -> Any:
    value: Any = parsed
    for part in _field_path_parts(path) or []:
        value = value[part]
    return value


def _value_texts(value: Any, structural: frozenset[str]) -> list[str]:
    """The words a value claims: its strings and numbers, not its ids, references and order
    numbers (``structural``: keys of a list item), which name things rather than say them."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, str | int | float):
        return [str(value)]
    if isinstance(value, dict):
        return [
            text
            for key, item in value.items()
            if key not in structural
            for text in _value_texts(item, frozenset())
        ]
    if isinstance(value, list):
        return [text for item in value for text in _value_texts(item, frozenset())]
    return []


def _span_text(turn: Turn, span: Span) -> str:
    source = turn.source(span.source)
    paragraph = source.paragraph(span.paragraph) if source else None
    return paragraph[span.start : span.end] if paragraph else ""


def _empty_with_question(name: str, schema: OutputSchema) -> str:
    """How to leave a required value empty, in the schema's own terms (null, or [] for a
    list)."""
    empty = json.dumps(schema.missing_value(name))
    return f"{empty} plus a {schema.missing_array} entry with a clarification question"


def _coverage_errors(
    coverage: tuple[SentenceCoverage, ...], schema: OutputSchema
) -> Iterator[ValidationError]:
    """EV-5 gates, on statements (sentences with a verb; headings may stay unmapped): none
    UNMAPPED beyond the schema's threshold (0 by default), and no more EXCLUDED than its cap,
    so a result can neither drop content silently nor exclude it all."""
    statements = [c for c in coverage if c.sentence.statement]
    if not statements:
        return
    unmapped = [c for c in statements if c.status is CoverageStatus.UNMAPPED]
    if len(unmapped) > schema.max_unmapped_share * len(statements):
        listed = "; ".join(f"[{c.sentence.id}] {c.sentence.text[:80]!r}" for c in unmapped[:5])
        more = f" and {len(unmapped) - 5} more" if len(unmapped) > 5 else ""
        yield ValidationError(
            "$.evidence",
            "coverage.unmapped",
            f"{len(unmapped)} of {len(statements)} source statements are neither evidence nor "
            f"excluded (at most {schema.max_unmapped_share:.0%}): {listed}{more}; cite each as "
            "the evidence of the value it gives, or exclude it with a reason of "
            f"{', '.join(schema.exclusion_reasons)}",
        )
    excluded = [c for c in statements if c.status is CoverageStatus.EXCLUDED]
    if len(excluded) > schema.max_excluded_share * len(statements):
        yield ValidationError(
            f"$.{schema.excluded_array}",
            "coverage.excluded_share",
            f"{len(excluded)} of {len(statements)} source statements are excluded (at most "
            f"{schema.max_excluded_share:.0%}); convert what they say into the result",
        )


# A reasoning model's drafts before its answer (as the engine reads them: parse_markdown)
_REASONING = re.compile(r"\A\s*<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)


def _answer_json(text: str) -> str:
    """The JSON text of an answer as the engine finds it: without a byte-order mark or a
    leading reasoning block, else in a code fence or in prose (``json_locate``), taken as
    written (never repaired: a cut-off answer must fail, not be guessed). The whole text when
    nothing better is found, so the error names the answer's own syntax problem."""
    text = _REASONING.sub("", text.lstrip("\ufeff")).strip()
    if text.startswith("{"):
        return _without_prose_after(text)
    if not _within_limits(text):
        return text
    from citations.engine.reading.json_locate import locate_json

    located = locate_json(text)
    repaired = any(note.startswith("JSON repaired") for note in located.notes)
    # the outermost value only: an object nested in a cut-off answer is not the answer
    first = min((at for at in (text.find("{"), text.find("[")) if at >= 0), default=-1)
    if located.value is not None and not repaired and located.start == first:
        return text[located.start : located.end]
    return text


def _without_prose_after(text: str) -> str:
    """An object followed by prose ("… Let me know if you need more."): the object. Followed
    by more JSON, or cut off, the whole text, whose error says what is wrong."""
    try:
        _, end = json.JSONDecoder().raw_decode(text)
    except (json.JSONDecodeError, RecursionError):
        return text
    after = text[end:].lstrip()
    return text[:end] if after and after[0] not in '{["' else text


def _within_limits(text: str) -> bool:
    """Whether the engine's JSON locating may read ``text``: the bundle limits (size, nesting)
    a submitted answer must keep, so a hostile answer costs no more here than there."""
    return len(text) <= LIMITS.response_chars and (
        json_depth(text, stop_after=LIMITS.json_depth) <= LIMITS.json_depth
    )


class NotJSON(ValueError):
    """What Python's json module accepts but JSON (and PostgreSQL's jsonb) does not."""


def _refuse_constant(name: str) -> float:
    raise NotJSON(f"{name} is not a JSON value")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise NotJSON(f"the number {literal[:40]} is too large")
    return value


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_nul(item) for item in value)
    return False


def _path(parts: Any) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


@dataclass(frozen=True, slots=True)
class WellFormedItems:
    """The items of the answer's top-level lists that the schema accepted, at their indexes:
    what the meaning layers can read without guessing at a malformed item."""

    parsed: dict[str, Any]
    malformed: frozenset[tuple[str | int, ...]]  # (list, index) under which the schema failed

    def __call__(self, array: str) -> Iterator[tuple[int, dict[str, Any]]]:
        value = self.parsed.get(array)
        if isinstance(value, list):
            for index, item in enumerate(value):
                if (array, index) not in self.malformed:
                    yield index, item

    def complete(self, array: str) -> bool:
        """Whether the schema accepted the list as a whole, every item included."""
        return isinstance(self.parsed.get(array), list) and not any(
            path[:1] == (array,) for path in self.malformed
        )


def _schema_error(error: SchemaError) -> ValidationError:
    path = _path(error.absolute_path)
    match error.validator:
        case "required":
            missing = re.match(r"'(.+)' is a required property", error.message)
            name = missing.group(1) if missing else ""
            return ValidationError(f"{path}.{name}", "schema.required", error.message)
        case "type":
            return ValidationError(path, "schema.type", error.message)
        case "enum" | "const":
            return ValidationError(path, "schema.enum", error.message)
        case "additionalProperties":
            message = error.message.replace("Additional properties are not allowed", "unknown")
            return ValidationError(path, "schema.unknown_field", message)
    return ValidationError(path, "schema.constraint", error.message)


def _references(items: WellFormedItems, schema: OutputSchema) -> Iterator[ValidationError]:
    for array, key in schema.unique_keys:
        seen: dict[Any, int] = {}
        for index, item in items(array):
            value = item[key]
            if value in seen:
                yield ValidationError(
                    f"$.{array}[{index}].{key}",
                    "reference.duplicate_id",
                    f"{value!r} is already the {key} of {array}[{seen[value]}]",
                )
            seen.setdefault(value, index)
    for ref in schema.references:
        if not items.complete(ref.to_array):
            continue  # a reference may name the malformed target: the schema error says enough
        targets = {item[ref.to_key] for _, item in items(ref.to_array)}
        for index, item in items(ref.from_array):
            if item[ref.from_key] not in targets:
                yield ValidationError(
                    f"$.{ref.from_array}[{index}].{ref.from_key}",
                    "reference.unresolved",
                    f"{item[ref.from_key]!r} is not the {ref.to_key} of any {ref.to_array} entry",
                )
    for array, key in schema.orders:
        highest: int | None = None
        used: set[int] = set()
        for index, item in items(array):
            order = item[key]
            path = f"$.{array}[{index}].{key}"
            if order in used:
                yield ValidationError(path, "order.duplicate", f"order {order} is used twice")
            elif highest is not None and order < highest:
                yield ValidationError(
                    path, "order.inversion", f"order {order} comes after order {highest}"
                )
            used.add(order)
            highest = order if highest is None else max(highest, order)


def _locate(text: str, turn: Turn, source_id: str | None, paragraph: int | None) -> Match | None:
    """Find ``text`` where it is cited first, so a sentence that appears twice is not reported
    at the wrong copy; then anywhere among the eligible sources."""
    cited = turn.source(source_id) if source_id else None
    if cited is not None and cited.eligible:
        if paragraph is not None and cited.paragraph(paragraph) is not None:
            # Blank the other paragraphs: numbering stays, only the cited one can match.
            only = tuple(p if n == paragraph else "" for n, p in enumerate(cited.paragraphs, 1))
            if match := find_verbatim(text, (replace(cited, paragraphs=only),)):
                return match
        if match := find_verbatim(text, (cited,)):
            return match
    return find_verbatim(text, turn.eligible_sources)


def _evidence(
    parsed: dict[str, Any], items: WellFormedItems, turn: Turn, schema: OutputSchema
) -> tuple[list[ValidationError], list[Span]]:
    errors: list[ValidationError] = []
    spans: list[Span] = []
    for index, item in items(schema.evidence_array):
        path = f"$.{schema.evidence_array}[{index}]"
        field_path = item[schema.evidence_field_path]
        if not _field_exists(parsed, field_path, schema):
            errors.append(
                ValidationError(
                    f"{path}.{schema.evidence_field_path}",
                    "evidence.field_missing",
                    f"{field_path!r} is not a field of the result",
                )
            )
        elif is_missing(_value_at(parsed, field_path)):
            errors.append(
                ValidationError(
                    f"{path}.{schema.evidence_field_path}",
                    "evidence.empty_value",
                    f"{field_path!r} is empty: evidence supports a value, not its absence "
                    "(an unknown value takes a clarification question instead)",
                )
            )
        source_id = item.get(schema.evidence_source) if schema.evidence_source else None
        paragraph = item.get(schema.evidence_paragraph) if schema.evidence_paragraph else None
        if source_id is not None and not turn.is_eligible(source_id):
            errors.append(
                ValidationError(
                    f"{path}.{schema.evidence_source}",
                    "evidence.unknown_source",
                    f"{source_id!r} is not one of the provided sources",
                )
            )
            source_id = None
        excerpt = item[schema.evidence_excerpt].strip()
        if len(excerpt.split()) < MIN_EXCERPT_WORDS and len(excerpt) < MIN_EXCERPT_CHARACTERS:
            errors.append(
                ValidationError(
                    f"{path}.{schema.evidence_excerpt}",
                    "evidence.too_short",
                    f"{excerpt!r} is too short to be evidence; copy the phrase or sentence "
                    "that says it",
                )
            )
            continue
        match = _locate(item[schema.evidence_excerpt], turn, source_id, paragraph)
        if match is None:
            errors.append(
                ValidationError(
                    f"{path}.{schema.evidence_excerpt}",
                    "evidence.not_in_source",
                    "this text is not in any provided source; copy the excerpt verbatim",
                )
            )
            continue
        spans.append(Span(match.source, match.paragraph, match.start, match.end, field_path))
        cited_elsewhere = source_id is not None and (
            match.source != source_id or (paragraph is not None and match.paragraph != paragraph)
        )
        if cited_elsewhere:
            cited = f"[{source_id} ¶{paragraph}]" if paragraph is not None else f"[{source_id}]"
            errors.append(
                ValidationError(
                    path,
                    "evidence.citation_mismatch",
                    f"cited {cited}, but the text is in [{match.source} ¶{match.paragraph}]",
                )
            )
    return errors, spans


def _exclusions(
    items: WellFormedItems, turn: Turn, schema: OutputSchema
) -> tuple[list[ValidationError], list[Span]]:
    errors: list[ValidationError] = []
    spans: list[Span] = []
    for index, item in items(schema.excluded_array):
        match = find_verbatim(item[schema.excluded_excerpt], turn.eligible_sources)
        if match is None:
            errors.append(
                ValidationError(
                    f"$.{schema.excluded_array}[{index}].{schema.excluded_excerpt}",
                    "excluded.not_in_source",
                    "an excluded sentence must be copied verbatim from a provided source",
                )
            )
            continue
        reason = item[schema.excluded_reason]
        spans.append(Span(match.source, match.paragraph, match.start, match.end, reason))
    return errors, spans


FIELD_PATH_TOKEN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|(\.)")


def _field_path_parts(field_path: str) -> list[str | int] | None:
    """``"processSteps[1].action"`` → ``["processSteps", 1, "action"]``; None when malformed."""
    parts: list[str | int] = []
    position = 0
    expect_name = True
    while position < len(field_path):
        token = FIELD_PATH_TOKEN.match(field_path, position)
        if token is None:
            return None
        name, index, dot = token.groups()
        if name is not None and expect_name:
            parts.append(name)
            expect_name = False
        elif index is not None and not expect_name:
            parts.append(int(index))
        elif dot is not None and not expect_name:
            expect_name = True
        else:
            return None
        position = token.end()
    return parts if parts and not expect_name else None


def _field_exists(parsed: dict[str, Any], field_path: str, schema: OutputSchema) -> bool:
    parts = _field_path_parts(field_path)
    if not parts or parts[0] in schema.bookkeeping:
        return False
    value: Any = parsed
    for part in parts:
        if isinstance(part, int):
            if not isinstance(value, list) or part >= len(value):
                return False
        elif not isinstance(value, dict) or part not in value:
            return False
        value = value[part]
    return True


def is_missing(value: Any) -> bool:
    return value is None or value == [] or (isinstance(value, str) and not value.strip())


def _completeness(
    parsed: dict[str, Any],
    items: WellFormedItems,
    schema: OutputSchema,
    answered: Mapping[str, str],
) -> tuple[list[ValidationError], tuple[FieldCompleteness, ...]]:
    errors: list[ValidationError] = []
    questions: dict[str, str] = {}
    for index, item in items(schema.missing_array):
        field_path, question = item[schema.question_field_path], item[schema.question_text].strip()
        path = f"$.{schema.missing_array}[{index}].{schema.question_field_path}"
        if field_path not in schema.required_values:
            # A question nobody can answer into the result would block approval for ever.
            errors.append(
                ValidationError(
                    path,
                    "completeness.unknown_field",
                    f"{field_path!r} is not a required field of the schema; a question names "
                    f"one of {', '.join(schema.required_values)}, left empty",
                )
            )
        elif question:
            questions.setdefault(field_path, question)
    completeness: list[FieldCompleteness] = []
    for name in schema.required_values:
        value = parsed.get(name)
        if not is_missing(value):
            completeness.append(
                FieldCompleteness(name, Completeness.PRESENT, answered_by=answered.get(name, ""))
            )
            if name in questions:
                errors.append(
                    ValidationError(
                        f"$.{name}",
                        "completeness.value_and_question",
                        f"{name} has a value and a clarification question; give "
                        f"{json.dumps(schema.missing_value(name))} with the question, or the "
                        "value without it",
                    )
                )
        elif name in questions:
            completeness.append(
                FieldCompleteness(name, Completeness.NEEDS_INPUT, questions.pop(name))
            )
        else:
            errors.append(
                ValidationError(
                    f"$.{name}",
                    "completeness.question_missing",
                    f"{name} is empty: give the value from the sources, or "
                    f"{_empty_with_question(name, schema)}",
                )
            )
    return errors, tuple(completeness)


def answer_with_value(
    parsed: dict[str, Any], field_path: str, value: Any, schema: OutputSchema
) -> dict[str, Any]:
    """The answer with a reviewer's value at ``field_path`` and the clarification question
    about it removed. ``ValueError`` when the path names no place in the answer."""
    parts = _field_path_parts(field_path)
    if not parts or parts[0] not in schema.json_schema["properties"]:
        raise ValueError(f"{field_path!r} is not a field of the result")
    answer = json.loads(json.dumps(parsed))  # a deep copy the caller may keep
    *parents, last = parts
    holder: Any = answer
    for part in parents:
        try:
            holder = holder[part]
        except (KeyError, IndexError, TypeError):
            raise ValueError(f"{field_path!r} is not a place in the answer") from None
    fits = (isinstance(holder, list) and isinstance(last, int) and last < len(holder)) or (
        isinstance(holder, dict) and isinstance(last, str)
    )
    if not fits:
        raise ValueError(f"{field_path!r} is not a place in the answer")
    holder[last] = value
    questions = answer.get(schema.missing_array)
    if isinstance(questions, list):
        answer[schema.missing_array] = [
            q
            for q in questions
            if not (isinstance(q, dict) and q.get(schema.question_field_path) == field_path)
        ]
    return answer
