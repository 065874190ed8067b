"""Where the JSON of a response is, and where its quote objects are in it.

The JSON may be the whole response, sit in a code fence (```json or bare, closed or not),
or have prose around it. ``json.loads`` is tried first; only JSON it refuses goes through
``json_repair``, and the repair is noted. The bundle's ``response.quotes`` entries select
the quote objects with JSONPath (RFC 9535, via ``python-jsonpath``, which reports each
match's concrete location, e.g. ``$.topics[3]``). Reading the quotes of those objects is
:mod:`.parse_json`'s; what the export and the reviewer's page need of the JSON and its
objects is its ``JsonLayout``, found once with the quotes and stored with the results.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import json_repair
import jsonpath
from jsonpath.exceptions import JSONPathError

from ..json_paths import PathPart, format_path
from ..text import LazyPattern, trim_space
from ..types import JsonLayout, QuoteFields, QuoteObject

FENCE_OPEN = LazyPattern(r"^[ \t]{0,3}(?P<run>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)\n", re.MULTILINE)
# Where JSON starts inside prose: an object with a key (in double or single quotes, or a bare
# name and a colon, as models write JavaScript and Python), or an array of objects, arrays or
# strings (so "[1]" or "[S1]" in the prose is not taken for it).
JSON_START = LazyPattern(r"""\{\s*(?:["'}]|[A-Za-z_$][\w$]*\s*:)|\[\s*[\[{"'\]]""")
# Comment lines a model writes before the JSON in a fence (JSON5, JavaScript, Python).
LEADING_COMMENT = LazyPattern(r"(?://|#)[^\n]*|/\*.*?\*/", re.DOTALL)
NEXT_NON_SPACE = LazyPattern(r"\S")


class Members(dict[str, Any]):
    """A decoded JSON object that remembers the members the model wrote more than once with
    different values (``{"source": "D2", "source": "D1"}``): ``json`` keeps the last, and a
    quote object must not be read as if the first were never written."""

    repeated: dict[str, list[Any]]


def _members(pairs: list[tuple[str, Any]]) -> Members:
    members = Members(pairs)
    written: dict[str, list[Any]] = {}
    for key, value in pairs:
        written.setdefault(key, []).append(value)
    members.repeated = {
        key: values for key, values in written.items() if any(v != values[0] for v in values)
    }
    return members


DECODER = json.JSONDecoder(object_pairs_hook=_members)


@dataclass(frozen=True, slots=True)
class LocatedJson:
    """The JSON of a response: its decoded ``value`` (None when there is none) and the
    region ``[start, end)`` of ``text`` it was read from (what an export replaces)."""

    value: Any
    start: int
    end: int
    notes: tuple[str, ...] = ()
    unclosed_fence: bool = False
    # A response cut off (a model at its token limit): the containers still open where the
    # text ends, and the member or element it ends inside (see ``_scan``).
    unclosed: tuple[tuple[PathPart, ...], ...] = ()
    cut_value: tuple[PathPart, ...] | None = None
    # The JSON was encoded twice: the region is a JSON string whose content is ``value``.
    encoded_twice: bool = False


LEADING_INDENT = LazyPattern(r"\n([ \t]+)\S")


def json_layout(text: str, located: LocatedJson, objects: list[QuoteObject]) -> JsonLayout:
    r"""The layout of the JSON ``located`` in ``text``, with the quote ``objects`` in it.

    >>> text = '```json\n{"a": [\n  {"q": "x"}]}\n```'
    >>> found = locate_json(text)
    >>> layout = json_layout(text, found, [])
    >>> layout.value_json, text[layout.start : layout.end] == text[8:-4], layout.indent
    ('{"a": [{"q": "x"}]}', True, 2)
    """
    if located.value is None:
        return JsonLayout(None, located.start, located.end)
    region = text[located.start : located.end]
    written = DECODER.decode(region) if located.encoded_twice else region
    indent_run = LEADING_INDENT.search(written) if isinstance(written, str) else None
    unit = indent_run.group(1) if indent_run else None
    return JsonLayout(
        value_json=json.dumps(located.value, ensure_ascii=False),
        start=located.start,
        end=located.end,
        objects=tuple(objects),
        indent=None if unit is None else unit if "\t" in unit else len(unit),
        encoded_twice=located.encoded_twice,
        unclosed_fence=located.unclosed_fence,
    )


def json_kind(value: object) -> str:
    """What a decoded value is, in JSON's words.

    >>> [json_kind(v) for v in (None, True, 3, 2.5, "x", [], {})]
    ['null', 'a boolean', 'a number', 'a number', 'a string', 'an array', 'an object']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def select_quote_objects(
    data: Any, quote_fields: tuple[QuoteFields, ...]
) -> tuple[list[QuoteObject], list[str]]:
    """The objects the entries select, in document order, each once per text field (the
    first entry that selects an object with that text field decides its other fields; two
    entries that read two text fields of the same objects give two quotes of each).
    Non-objects are skipped with a note.

    An entry that selects no object in ``data`` is tried under the one member of a wrapper
    the model put around its answer (``{"result": {…}}``, ``[{…}]``), with a note. A field
    an object spells differently (``Quote``, ``original_quote`` for ``originalQuote``) is
    read under the object's spelling, with a note."""
    notes: list[str] = []
    found: dict[tuple[tuple[PathPart, ...], str], QuoteObject] = {}
    for index, fields in enumerate(quote_fields):
        try:
            matches = _matches_under_wrapper(fields.path, data, index, notes)
        except JSONPathError as exc:
            first_line = str(exc).splitlines()[0]
            notes.append(f"response.quotes[{index}].path: not valid JSONPath ({first_line})")
            continue
        if not matches:
            notes.append(f"response.quotes[{index}].path: {fields.path} selects nothing")
        respelled: dict[str, str] = {}
        for parts, obj in matches:
            if not isinstance(obj, dict):
                kind = json_kind(obj)
                notes.append(f"{format_path(parts)}: selected {kind}, not an object; skipped")
                continue
            spelled = _fields_as_spelled(obj, fields, respelled)
            if (parts, spelled.text) not in found:
                order = _document_order(data, parts)
                found[parts, spelled.text] = QuoteObject(parts, spelled, order, index)
        if respelled:
            read_as = ", ".join(f"{key!r} as {name!r}" for key, name in respelled.items())
            notes.append(
                f"response.quotes[{index}]: read {read_as} "
                "(the model spelled these fields differently)"
            )
    return sorted(found.values(), key=lambda q: q.order), notes


# How deep a wrapper around the answer is looked into: {"response": {"data": {…}}}.
MAX_WRAPPER_DEPTH = 2


def _matches_under_wrapper(
    path: str, data: Any, index: int, notes: list[str]
) -> list[tuple[tuple[PathPart, ...], Any]]:
    """What ``path`` selects in ``data`` (concrete parts and values); when that is no
    object, what it selects under the single member of a wrapper around the answer."""
    at_root = [(tuple(m.parts), m.obj) for m in jsonpath.finditer(path, data)]
    prefix: tuple[PathPart, ...] = ()
    inner = data
    while not any(isinstance(obj, dict) for _, obj in at_root) and _wrapped(inner):
        if len(prefix) == MAX_WRAPPER_DEPTH:
            break
        member = next(iter(inner)) if isinstance(inner, dict) else 0
        prefix, inner = (*prefix, member), inner[member]
        matches = [(prefix + tuple(m.parts), m.obj) for m in jsonpath.finditer(path, inner)]
        if any(isinstance(obj, dict) for _, obj in matches):
            notes.append(
                f"response.quotes[{index}].path: {path} selects nothing at the root; read "
                f"under {format_path(prefix)}, which wraps the answer"
            )
            return matches
    return at_root


def _wrapped(value: Any) -> bool:
    """Whether ``value`` is a wrapper: an object with one member or an array with one item,
    holding an object or array."""
    if not isinstance(value, dict | list) or len(value) != 1:
        return False
    inner = next(iter(value.values())) if isinstance(value, dict) else value[0]
    return isinstance(inner, dict | list)


_NAME_SEPARATORS = LazyPattern(r"[\s_-]")


@lru_cache(maxsize=4096)  # an answer's objects repeat a few keys thousands of times
def folded_name(name: str) -> str:
    return _NAME_SEPARATORS.sub("", name).casefold()


def _fields_as_spelled(
    obj: dict[str, Any], fields: QuoteFields, respelled: dict[str, str]
) -> QuoteFields:
    """``fields`` with each name ``obj`` lacks but has one key for that differs only in case
    and separators (``Quote``, ``original_quote``, ``Original-Quote`` for ``originalQuote``)
    replaced by that key: models vary the spelling of field names. ``respelled`` collects
    the replacements, key to name.

    >>> fields = QuoteFields(path="$", text="originalQuote", source="source")
    >>> _fields_as_spelled({"original_quote": "…", "Source": "D1"}, fields, {})
    QuoteFields(path='$', text='original_quote', source='Source', paragraph=None, url=None)
    """
    changes = {}
    for attribute in ("text", "source", "paragraph", "url"):
        name = getattr(fields, attribute)
        if name is None or name in obj:
            continue
        keys = [key for key in obj if folded_name(key) == folded_name(name)]
        if len(keys) == 1:
            changes[attribute] = keys[0]
            respelled[keys[0]] = name
    return replace(fields, **changes) if changes else fields


def _document_order(data: Any, parts: tuple[PathPart, ...]) -> tuple[int, ...]:
    order: list[int] = []
    for part in parts:
        order.append(part if isinstance(part, int) else list(data).index(part))
        data = data[part]
    return tuple(order)


def locate_json(text: str, quote_fields: tuple[QuoteFields, ...] = ()) -> LocatedJson:
    """Find and decode the JSON in a response.

    Candidates, in order: the whole response when it starts with a bracket; each code fence
    holding JSON (```json ones first); in prose, the span from the first JSON-looking
    bracket to the last closing one, then each value ``json`` decodes there (the last
    first: a draft comes before the final answer), then that span repaired. The first
    candidate holding objects that ``quote_fields`` select wins (an example object in the
    prose, or a fence with a schema, is passed over), else the first that decodes at all.
    """
    fallback: LocatedJson | None = None
    for candidate in _json_candidates(text):
        if candidate.value is not None:
            if not quote_fields or select_quote_objects(candidate.value, quote_fields)[0]:
                return _noting_other_answers(text, candidate, quote_fields)
            if fallback is None or fallback.value is None:
                fallback = candidate
        elif fallback is None:
            fallback = candidate
    return fallback or LocatedJson(None, 0, 0, ("no JSON object or array found in the response",))


def _noting_other_answers(
    text: str, chosen: LocatedJson, quote_fields: tuple[QuoteFields, ...]
) -> LocatedJson:
    """``chosen`` with a note when other JSON of the response (a code fence, or a value in
    the prose) holds quote objects too: their quotes are not checked, and the reviewer must
    know."""
    if not quote_fields:
        return chosen
    regions = [(start, end) for start, end, _ in _fenced_regions(text)]
    # not the chosen value again (decoding it is most of the work): values inside it are
    # its own, not other answers
    openings = [
        m.start() for m in JSON_START.finditer(text) if not chosen.start <= m.start() < chosen.end
    ]
    regions += [(value.start, value.end) for value in _decoded_values(text, openings)]
    others = set()
    for start, end in regions:
        if start in others or chosen.start <= start < chosen.end or start < chosen.start < end:
            continue
        value = _decode_region(text, start, end, []).value
        if value is not None and select_quote_objects(value, quote_fields)[0]:
            others.add(start)
    if not others:
        return chosen
    line = text.count("\n", 0, chosen.start) + 1
    note = (
        f"the response holds {len(others) + 1} JSON blocks with quotes; only the one at line "
        f"{line} is checked, the quotes of the others are not"
    )
    return replace(chosen, notes=(*chosen.notes, note))


def _json_candidates(text: str) -> Iterator[LocatedJson]:
    start, end = trim_space(text, 0, len(text))
    if text[start:end][:1] in ("{", "[", '"'):
        whole = _decode_region(text, start, end, [])
        following = [m.start() for m in JSON_START.finditer(text, whole.end)]
        # More JSON after the first value (a draft, then the final answer): as in prose.
        if next(_decoded_values(text, following), None) is None:
            yield whole
    for content_start, content_end, closed in _fenced_regions(text):
        located = _decode_region(
            text, content_start, content_end, [] if closed else ["code fence closed"], closed
        )
        yield replace(located, unclosed_fence=not closed)
    openings = [m.start() for m in JSON_START.finditer(text)]
    if not openings:
        return
    last_close = max(text.rfind("}"), text.rfind("]"))
    region_end = last_close + 1 if last_close > openings[0] else len(text)
    if _scan(text[openings[0] :]).end is None:
        region_end = len(text)  # cut off: its last value is not closed
    try:
        whole_span = DECODER.decode(text[openings[0] : region_end])
    except (json.JSONDecodeError, RecursionError):
        whole_span = None
    if whole_span is not None:
        yield _container(whole_span, openings[0], region_end, [])
    yield from reversed(list(_decoded_values(text, openings)))  # the last first, as fences
    yield _decode_region(text, openings[0], region_end, [])


MAX_DECODE_TRIES = 256  # openings tried one by one: broken JSON must not cost a scan per bracket
MAX_REPAIR_CHARS = 200_000  # json_repair's memory grows far faster than its input


def _decoded_values(text: str, openings: list[int]) -> Iterator[LocatedJson]:
    """Each object or array ``json`` decodes at one of ``openings`` (not inside another),
    trying at most ``MAX_DECODE_TRIES`` of them."""
    covered = tries = 0
    for opening in openings:
        if opening < covered:
            continue
        tries += 1
        if tries > MAX_DECODE_TRIES:
            return
        try:
            value, end = DECODER.raw_decode(text, opening)
        except (json.JSONDecodeError, RecursionError):
            continue
        covered = end
        yield _container(value, opening, end, [])


def _fenced_regions(text: str) -> list[tuple[int, int, bool]]:
    """The content of each fenced block holding JSON, ```json fences first, the last first
    (a model that writes a draft and then its final answer means the last), and whether
    its fence was closed."""
    found: list[tuple[bool, int, int, bool]] = []
    position = 0
    while (opening := FENCE_OPEN.search(text, position)) is not None:
        run = opening["run"]
        closing = re.compile(rf"^[ \t]{{0,3}}{re.escape(run[0])}{{{len(run)},}}[ \t]*$", re.M)
        closed = closing.search(text, opening.end())
        content_end = closed.start() if closed else len(text)
        start, end = trim_space(text, opening.end(), content_end)
        while (comment := LEADING_COMMENT.match(text, start, end)) is not None:
            start = trim_space(text, comment.end(), end)[0]
        if text[start:end][:1] in ("{", "[", '"'):
            is_json = opening["info"].strip().lower().startswith("json")
            found.append((not is_json, start, end, closed is not None))
        position = closed.end() if closed else len(text)
    found.sort(key=lambda fence: (fence[0], -fence[1]))
    return [(start, end, closed) for _, start, end, closed in found]


def _decode_region(
    text: str, start: int, end: int, fixes: list[str], in_closed_fence: bool = False
) -> LocatedJson:
    """Decode ``text[start:end]``: as it is; else the JSON value it starts with (prose may
    follow); else repaired by ``json_repair``. ``fixes`` already made (a closed fence) and
    those of the repair go into one note. JSON in a fence the model closed was not cut off
    at a token limit, whatever its brackets say."""
    region = text[start:end]
    try:
        return _container(DECODER.decode(region), start, end, fixes)
    except json.JSONDecodeError as exc:
        problem = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    except RecursionError:
        problem = "nested too deeply"
    try:
        value, length = DECODER.raw_decode(region)
        return _container(value, start, start + length, fixes)
    except (json.JSONDecodeError, RecursionError):
        pass
    if len(region) > MAX_REPAIR_CHARS:
        note = f"no JSON could be read ({problem}); too long to repair ({len(region):,} characters)"
        return LocatedJson(None, start, end, (note,))
    try:
        value, log = json_repair.repair_json(region, return_objects=True, logging=True)
    except (RecursionError, ValueError):
        value, log = None, []
    if not isinstance(value, dict | list) or not value:
        return LocatedJson(None, start, end, (f"no JSON could be read or repaired ({problem})",))
    scan = _scan(region)
    if in_closed_fence or _misread_as_cut(scan, region):
        scan = replace(scan, in_string=False, unclosed=(), cut_value=None)
    found = (
        scan.defects()
        or [e["text"] for e in log if e.get("text")]
        or [f"json.loads: {problem}; fixed by json_repair"]
    )
    located = _container(value, start, end, [*fixes, *dict.fromkeys(found)])
    return replace(located, unclosed=scan.unclosed, cut_value=scan.cut_value)


# How JSON whose quote objects sit in a container ends: two closing brackets ("}]", "]}").
CLOSING_RUN = LazyPattern(r"[}\]]\s*[}\]]\s*\Z")


def _misread_as_cut(scan: _Scan, region: str) -> bool:
    """Whether a scan that ends inside a string is misled by an unescaped quotation mark in
    a string (``"the „green" rule"``) rather than by a response cut off: the JSON still ends
    with the brackets that close its quote objects and its root, which a cut-off response
    would not (one bracket is not enough: a quote cut off after ``[cite: 12]`` ends in one).

    >>> misread, cut = '{"q": [{"t": "the „green" rule", "s": "D1"}]}', '{"q": [{"t": "A [cite: 1]'
    >>> _misread_as_cut(_scan(misread), misread), _misread_as_cut(_scan(cut), cut)
    (True, False)
    """
    closes_root = region.rstrip()[-1:] == {"{": "}", "[": "]"}.get(region[:1])
    return scan.in_string and closes_root and CLOSING_RUN.search(region) is not None


def _container(value: Any, start: int, end: int, fixes: list[str]) -> LocatedJson:
    notes = (f"JSON repaired: {'; '.join(fixes)}",) if fixes else ()
    encoded_twice = False
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        try:
            value = DECODER.decode(value)
            notes = (*notes, "the JSON is read from inside a JSON string (encoded twice)")
            encoded_twice = True
        except (json.JSONDecodeError, RecursionError):
            pass
    if isinstance(value, dict | list):
        return LocatedJson(value, start, end, notes, encoded_twice=encoded_twice)
    return LocatedJson(
        None,
        start,
        end,
        (*notes, f"the response's JSON is {json_kind(value)}, not an object or array"),
    )


@dataclass(frozen=True, slots=True)
class _Scan:
    """What a scan that knows JSON strings and brackets, nothing more, finds in JSON text."""

    trailing_commas: int
    in_string: bool  # the text ends inside a string
    unclosed: tuple[tuple[PathPart, ...], ...]  # containers open at the end, outermost first
    cut_value: tuple[PathPart, ...] | None  # the member or element the text ends inside
    end: int | None  # where the first value closes, None if it never does
    comments: int = 0  # "// …" and "/* … */" outside strings

    def defects(self) -> list[str]:
        """What a repair had to fix, in words."""
        defects = []
        if self.comments:
            defects.append(counted(self.comments, "comment") + " removed")
        if self.trailing_commas:
            defects.append(counted(self.trailing_commas, "trailing comma") + " removed")
        if self.in_string:
            defects.append("unterminated string closed")
        if self.unclosed:
            defects.append(counted(len(self.unclosed), "unclosed bracket") + " closed")
        return defects


@dataclass(slots=True)
class _Container:
    path: tuple[PathPart, ...]
    is_object: bool
    member: PathPart = 0  # the current key (object) or index (array)
    awaiting_key: bool = True
    value_done: bool = False  # the current member's value is complete


def _scan(text: str) -> _Scan:
    """Trailing commas and comments, and where ``text`` ends: inside which containers and
    value (the concrete paths, as ``select_quote_objects`` reports them), or where its first
    value closes. A comment is skipped: its brackets and quotation marks are not JSON's.

    >>> scan = _scan('{"q": [{"t": "a"}, {"s": "D1", "t": "The rent is du')
    >>> scan.unclosed, scan.cut_value
    (((), ('q',), ('q', 1)), ('q', 1, 't'))
    """
    stack: list[_Container] = []
    trailing = 0
    string_start: int | None = None
    escaped = False
    scalar = False  # the text is inside a number or literal
    comments = 0
    comment_end = 0
    for index, char in enumerate(text):
        if index < comment_end:
            continue
        top = stack[-1] if stack else None
        if string_start is not None:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                if top is not None and top.is_object and top.awaiting_key:
                    top.member = _decoded_key(text[string_start : index + 1])
                    top.awaiting_key = top.value_done = False
                elif top is not None:
                    top.value_done = True
                string_start = None
            continue
        scalar = False
        if char == "/" and text[index + 1 : index + 2] in ("/", "*"):
            closing = "\n" if text[index + 1] == "/" else "*/"
            found = text.find(closing, index + 2)
            comment_end = len(text) if found < 0 else found + len(closing)
            comments += 1
        elif char == '"':
            string_start = index
        elif char in "{[":
            path = (*top.path, top.member) if top is not None else ()
            stack.append(_Container(path, is_object=char == "{"))
        elif char in "}]" and stack:
            stack.pop()
            if not stack:
                return _Scan(trailing, False, (), None, index + 1, comments)
            stack[-1].value_done = True
        elif char == "," and top is not None:
            following = NEXT_NON_SPACE.search(text, index + 1)
            if following is not None and following.group() in ("}", "]"):
                trailing += 1
            if top.is_object:
                top.awaiting_key = True
            elif isinstance(top.member, int):
                top.member += 1
        elif not char.isspace() and char != ":" and top is not None:
            scalar = top.value_done = True
    top = stack[-1] if stack else None
    cut_value = None
    # inside a value, or after a key whose value never came
    if (
        top is not None
        and not (top.is_object and top.awaiting_key)
        and (string_start is not None or scalar or not top.value_done)
    ):
        cut_value = (*top.path, top.member)
    unclosed = tuple(container.path for container in stack)
    return _Scan(trailing, string_start is not None, unclosed, cut_value, None, comments)


def _decoded_key(token: str) -> str:
    try:
        return str(json.loads(token))
    except json.JSONDecodeError:
        return token[1:-1]


def counted(number: int, thing: str) -> str:
    """``number`` of ``thing`` in words, for notes; one is just the thing.

    >>> counted(2, "trailing comma"), counted(1, "comment")
    ('2 trailing commas', 'comment')
    """
    return f"{number} {thing}s" if number > 1 else f"{thing}"
