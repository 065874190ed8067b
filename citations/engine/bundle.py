"""Reading a bundle (``bundle.schema.json``) into engine values, refusing bad input clearly.

Every refusal is a :class:`BundleError` naming the field (``sources[2].kind``) and what is
wrong with it; nothing is half-read.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .contract import contract
from .limits import LIMITS, json_depth, json_path_problem
from .text import LazyPattern
from .types import (
    Bundle,
    ParagraphPages,
    QuoteFields,
    Response,
    Source,
    SourceFile,
    SourceKind,
    Turn,
    VerificationStatus,
)

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

MAX_BUNDLE_BYTES = 20 * 1024 * 1024
MAX_NESTING = 64
PARAGRAPH_BREAK = LazyPattern(r"\n\s*\n")


class BundleError(ValueError):
    """A bundle that cannot be accepted; ``field`` is a path such as ``sources[2].kind``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


def bundle_schema() -> dict[str, Any]:
    """The bundle contract: ``spec/bundle.schema.json`` of the shared folder extended
    compatibly (a source may be a ``file``; paragraphs may carry their ``pages``)."""
    return contract("bundle")


def split_paragraphs(text: str) -> tuple[str, ...]:
    """Paragraphs of a source text: separated by one or more blank lines, blank ones dropped.

    >>> split_paragraphs("One.\\n\\n\\nTwo\\nlines.\\n")
    ('One.', 'Two\\nlines.\\n')
    """
    return tuple(p for p in PARAGRAPH_BREAK.split(text) if p.strip())


def decode_bundle(raw: str | bytes, *, max_bytes: int = MAX_BUNDLE_BYTES) -> dict[str, Any]:
    """JSON text to a dict, refusing oversized, non-UTF-8, malformed or non-object input."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise BundleError("", f"bundle is {size} bytes; the limit is {max_bytes}")
    try:
        data = json.loads(
            raw,
            parse_constant=_refused_constant,
            parse_int=_limited_integer,
            parse_float=_finite_number,
        )
    except UnicodeDecodeError as exc:
        raise BundleError("", f"bundle is not UTF-8: {exc.reason} at byte {exc.start}") from None
    except json.JSONDecodeError as exc:
        raise BundleError(
            "", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise BundleError("", f"nested deeper than {MAX_NESTING} levels") from None
    if not isinstance(data, dict):
        raise BundleError("", f"a bundle is a JSON object, not {type(data).__name__}")
    return data


@dataclass(frozen=True, slots=True)
class _Refused:
    """A JSON value the bundle may not hold, kept in place so the check names its field."""

    why: str


def _refused_constant(name: str) -> _Refused:
    return _Refused(f"holds {name}, which is not a JSON number")


def _limited_integer(digits: str) -> int | _Refused:
    if len(digits.lstrip("-")) > LIMITS.integer_digits:
        return _Refused(
            f"holds an integer of {len(digits)} digits; the limit is {LIMITS.integer_digits}"
        )
    return int(digits)


def _finite_number(text: str) -> float | _Refused:
    number = float(text)
    return number if math.isfinite(number) else _Refused(f"holds {text}, which overflows")


def load_bundle(
    raw: str | bytes | dict[str, Any],
    *,
    max_bytes: int = MAX_BUNDLE_BYTES,
    read_response: bool = True,
    read_files: bool | None = None,
) -> Bundle:
    """Parse and validate a bundle given as JSON text or an already-decoded object.

    Every check costs one pass over the bundle but the quotes' number and length, which take
    reading the response (``check_quote_limits``). ``read_response=False`` leaves those to
    whoever reads the response next: the web app accepts a bundle so and its worker reads it,
    so no request waits for the reader (issue 30).

    ``read_files`` (default: as ``read_response``): a file source is extracted here, in a
    child process bounded in time and memory; ``False`` leaves it unread (``Source.file``, no
    paragraphs: only its base64 and size are checked) for the worker to extract
    (``extraction.sources.read_file_sources``), as extraction never runs in a request."""
    data = raw if isinstance(raw, dict) else decode_bundle(raw, max_bytes=max_bytes)
    _check_values(data)
    _check_counts(data)
    _check_schema(data)
    _check_limits(data)
    bundle = _build(data)
    if read_files or (read_files is None and read_response):
        from .extraction.sources import read_file_sources

        bundle = read_file_sources(bundle)
    if read_response:
        check_quote_limits(bundle)
    return bundle


class QuoteLimitExceeded(BundleError):
    """A response whose reading found more or longer quotes than a limit allows; ``limit``
    names it (a field of ``limits.Limits``)."""

    def __init__(self, limit: str, message: str) -> None:
        super().__init__("response.text", message)
        self.limit = limit


def check_quote_limits(bundle: Bundle) -> None:
    """Refuse a response holding more quotes than ``LIMITS.quotes``, or a quote longer than
    ``LIMITS.quote_chars`` (``QuoteLimitExceeded``): each quote is searched in every eligible
    source, so their number and length bound a verification's time. The response is read
    here as verification will read it (``parse_response`` remembers the last few)."""
    from .reading.parse import parse_response

    quotes = parse_response(bundle.response).quotes
    if len(quotes) > LIMITS.quotes:
        raise QuoteLimitExceeded(
            "quotes", f"holds {len(quotes):,} quotes; the limit is {LIMITS.quotes:,}"
        )
    longest = max((len(quote.text) for quote in quotes), default=0)
    if longest > LIMITS.quote_chars:
        raise QuoteLimitExceeded(
            "quote_chars",
            f"holds a quote of {longest:,} characters; the limit is {LIMITS.quote_chars:,}",
        )


_ID = LazyPattern(r"[A-Za-z][A-Za-z0-9_.-]{0,63}")  # the schema's pattern, matched whole


def _check_counts(data: dict[str, Any]) -> None:
    """The limits on how many sources and paths there are, before the schema is checked:
    validating 100,000 sources one by one would itself take the time the limit saves."""
    sources = data.get("sources")
    if isinstance(sources, list) and len(sources) > LIMITS.sources:
        raise BundleError("sources", f"has {len(sources)} sources; the limit is {LIMITS.sources}")
    response = data.get("response")
    entries = response.get("quotes") if isinstance(response, dict) else None
    if isinstance(entries, list) and len(entries) > LIMITS.quote_paths:
        raise BundleError(
            "response.quotes", f"has {len(entries)} entries; the limit is {LIMITS.quote_paths}"
        )


def _check_limits(data: dict[str, Any]) -> None:
    """Refuse a bundle beyond ``limits.LIMITS``, naming the field (schema-valid data)."""
    check_response_limits(data["response"])
    _check_source_limits(data["sources"])


def check_response_limits(response: dict[str, Any]) -> None:
    """Refuse a bundle's ``response`` (schema-valid) beyond ``limits.LIMITS`` with a
    ``BundleError`` naming the field; also what a response stored before a limit existed is
    checked against before it is read again.

    >>> check_response_limits({"format": "json", "text": "[" * 65})
    Traceback (most recent call last):
    ...
    citations.engine.bundle.BundleError: response.text: nests JSON deeper than 64 levels
    """
    if len(response["text"]) > LIMITS.response_chars:
        raise BundleError(
            "response.text",
            f"is {len(response['text']):,} characters long; the limit is {LIMITS.response_chars:,}",
        )
    entries = response.get("quotes", ())
    if len(entries) > LIMITS.quote_paths:
        raise BundleError(
            "response.quotes", f"has {len(entries)} entries; the limit is {LIMITS.quote_paths}"
        )
    for index, entry in enumerate(entries):
        problem = json_path_problem(entry["path"])
        if problem is not None:
            raise BundleError(f"response.quotes[{index}].path", problem)
        for name, value in entry.items():
            if name != "path" and len(value) > LIMITS.field_name_chars:
                raise BundleError(
                    f"response.quotes[{index}].{name}",
                    f"is {len(value)} characters long; the limit is {LIMITS.field_name_chars}",
                )
    text = response["text"]
    # no more opening brackets than the limit cannot nest deeper (counting is a fast scan)
    if (
        response["format"] == "json"
        and text.count("[") + text.count("{") > LIMITS.json_depth
        and json_depth(text, stop_after=LIMITS.json_depth) > LIMITS.json_depth
    ):
        raise BundleError("response.text", f"nests JSON deeper than {LIMITS.json_depth} levels")


def _check_source_limits(sources: list[dict[str, Any]]) -> None:
    if len(sources) > LIMITS.sources:
        raise BundleError("sources", f"has {len(sources)} sources; the limit is {LIMITS.sources}")
    paragraphs = 0
    for index, source in enumerate(sources):
        path = f"sources[{index}]"
        if not _ID.fullmatch(source["id"]):
            raise BundleError(f"{path}.id", f"{source['id']!r} is not a source id (A-Z, 0-9, _.-)")
        for name, limit in (
            ("title", LIMITS.title_chars),
            ("label", LIMITS.label_chars),
            ("url", LIMITS.url_chars),
        ):
            if len(source.get(name, "")) > limit:
                raise BundleError(
                    f"{path}.{name}",
                    f"is {len(source[name]):,} characters long; the limit is {limit:,}",
                )
        texts = source["paragraphs"] if "paragraphs" in source else [source.get("text", "")]
        paragraphs += len(texts)
        if paragraphs > LIMITS.paragraphs:
            raise BundleError(
                f"{path}.paragraphs",
                f"the sources hold more than {LIMITS.paragraphs:,} paragraphs, the limit",
            )
        for number, text in enumerate(texts):
            if len(text) > LIMITS.paragraph_chars and "paragraphs" in source:
                raise BundleError(
                    f"{path}.paragraphs[{number}]",
                    f"is {len(text):,} characters long; the limit is {LIMITS.paragraph_chars:,}",
                )


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _check_values(data: Any) -> None:
    """Refuse what JSON allows but no text field should hold: NUL bytes, lone surrogates."""
    found = _value_problem(data, 0)
    if found is not None:
        keys, why = found
        path = ""
        for key in reversed(keys):
            path = _join(path, key)
        raise BundleError(path, why)


def _value_problem(value: Any, depth: int) -> tuple[list[str | int], str] | None:
    """The first value's problem and the keys leading to it, innermost first (the path is
    spelled only for a bundle that is refused: thousands of paragraphs are not)."""
    if depth > MAX_NESTING:
        return [], f"nested deeper than {MAX_NESTING} levels"
    if isinstance(value, _Refused):
        return [], value.why
    if isinstance(value, str):
        if "\x00" in value:
            return [], "contains a NUL character"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return [], "contains a lone surrogate (invalid Unicode)"
    elif isinstance(value, dict):
        for key, item in value.items():
            found = _value_problem(key, depth + 1)
            if found is None:
                found = _value_problem(item, depth + 1)
                if found is not None:
                    found[0].append(key)
            if found is not None:
                return found
    elif isinstance(value, list):
        if (
            depth < MAX_NESTING
            and all(isinstance(item, str) for item in value)
            and _value_problem("".join(value), depth + 1) is None
        ):
            return None  # a list of fine strings (paragraphs) checked in one go
        for index, item in enumerate(value):
            found = _value_problem(item, depth + 1)
            if found is not None:
                found[0].append(index)
                return found
    return None


@cache
def _validator() -> Draft202012Validator:
    """Imported here: jsonschema takes 40 ms to import, which ``python -m citations rules``
    and the web app's pages need not pay."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(bundle_schema())


def _check_schema(data: Any) -> None:
    errors = sorted(
        _validator().iter_errors(_without_plain_paragraphs(data)),
        key=lambda e: (len(e.absolute_path), e.path),
    )
    if not errors:
        return
    error = errors[0]
    path = ""
    for key in error.absolute_path:
        path = _join(path, key)
    raise BundleError(path, _describe(error))


def _without_plain_paragraphs(data: Any) -> Any:
    """The bundle with every all-string ``paragraphs`` list emptied, for schema validation.

    The schema asks nothing of a paragraph but to be a string; checking thousands of them
    one by one through jsonschema took most of the time of reading a large bundle. A list
    holding anything else is kept, so the schema still names the offending item."""
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        return data
    sources = [
        {**source, "paragraphs": []}
        if isinstance(source, dict)
        and isinstance(source.get("paragraphs"), list)
        and all(isinstance(p, str) for p in source["paragraphs"])
        else source
        for source in data["sources"]
    ]
    return {**data, "sources": sources}


def _describe(error: ValidationError) -> str:
    if error.validator == "oneOf" and isinstance(error.instance, dict):
        return "give exactly one of 'text', 'paragraphs' or 'file'"
    if error.validator == "additionalProperties":
        return str(error.message).replace("Additional properties are not allowed", "unknown field")
    return str(error.message)


def _compile_paths(quote_fields: tuple[QuoteFields, ...]) -> None:
    """Each path compiled as the reader will (plain forms only: ``limits.json_path_problem``
    checked them first); imported here, as only a JSON answer needs it."""
    import jsonpath
    from jsonpath.exceptions import JSONPathError

    for index, fields in enumerate(quote_fields):
        try:
            jsonpath.compile(fields.path)
        except JSONPathError as exc:
            first_line = str(exc).splitlines()[0]
            raise BundleError(
                f"response.quotes[{index}].path", f"not a JSONPath: {first_line}"
            ) from None


def _pages(item: dict[str, Any], path: str) -> tuple[ParagraphPages, ...]:
    """A source's ``pages`` (schema-valid), checked against its paragraphs."""
    if "pages" not in item:
        return ()
    if "paragraphs" not in item:
        raise BundleError(f"{path}.pages", "pages are given with 'paragraphs', one per paragraph")
    pages, paragraphs = item["pages"], item["paragraphs"]
    if len(pages) != len(paragraphs):
        raise BundleError(
            f"{path}.pages", f"has {len(pages)} entries for {len(paragraphs)} paragraphs"
        )
    for number, (entry, text) in enumerate(zip(pages, paragraphs, strict=True)):
        breaks = entry.get("breaks", [])
        if breaks != sorted(set(breaks)) or any(offset >= len(text) for offset in breaks):
            raise BundleError(
                f"{path}.pages[{number}].breaks",
                f"are not increasing offsets inside the paragraph's {len(text)} characters",
            )
    return tuple(ParagraphPages(entry["page"], tuple(entry.get("breaks", ()))) for entry in pages)


def _file(item: dict[str, Any], path: str) -> SourceFile:
    """A file source's bytes, decoded and measured (not read: that is extraction's)."""
    from .extraction.limits import EXTRACTION_LIMITS

    try:
        data = base64.b64decode(item["data"], validate=True)
    except (binascii.Error, ValueError) as exc:
        raise BundleError(f"{path}.data", f"is not base64: {exc}") from None
    if len(data) > EXTRACTION_LIMITS.file_bytes:
        raise BundleError(
            f"{path}.data",
            f"is a file of {len(data):,} bytes; the limit is {EXTRACTION_LIMITS.file_bytes:,}",
        )
    return SourceFile(item["media_type"], data)


def _build(data: dict[str, Any]) -> Bundle:
    sources: list[Source] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(data["sources"]):
        path = f"sources[{index}]"
        if item["id"] in seen:
            raise BundleError(
                f"{path}.id", f"{item['id']!r} is already used by sources[{seen[item['id']]}]"
            )
        seen[item["id"]] = index
        paragraphs = (
            tuple(item["paragraphs"])
            if "paragraphs" in item
            else split_paragraphs(item.get("text", ""))
        )
        sources.append(
            Source(
                id=item["id"],
                kind=SourceKind(item["kind"]),
                paragraphs=paragraphs,
                eligible=item.get("eligible", True),
                title=item.get("title", ""),
                label=item.get("label", ""),
                url=item.get("url", ""),
                parent=item.get("parent"),
                pages=_pages(item, path),
                file=_file(item["file"], f"{path}.file") if "file" in item else None,
            )
        )
    by_id = {s.id: s for s in sources}
    for index, source in enumerate(sources):
        if source.parent is None:
            continue
        parent = by_id.get(source.parent)
        if parent is None:
            raise BundleError(f"sources[{index}].parent", f"no source has the id {source.parent!r}")
        if parent.kind is not SourceKind.EMAIL_BODY:
            raise BundleError(f"sources[{index}].parent", f"{source.parent!r} is not an email_body")
    response = data["response"]
    quote_fields = tuple(QuoteFields(**entry) for entry in response.get("quotes", ()))
    if quote_fields:
        _compile_paths(quote_fields)
    if response["format"] == "json" and not quote_fields:
        raise BundleError(
            "response.quotes",
            "a json response needs at least one entry saying where its quotes are",
        )
    return Bundle(
        id=data["id"],
        title=data.get("title", ""),
        meta=MappingProxyType(dict(data.get("meta", {}))),
        drop=frozenset(VerificationStatus(s) for s in data.get("drop", ()) if s != "attention"),
        drop_attention="attention" in data.get("drop", ()),
        turn=Turn(tuple(sources)),
        response=Response(
            format=response["format"], text=response["text"], quote_fields=quote_fields
        ),
    )
