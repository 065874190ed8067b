"""What one bundle may hold: the limits that keep its cost bounded, in one place.

Bundle content is untrusted (model output, documents, emails; a token holder is a
pipeline, not an administrator). ``load_bundle`` refuses a bundle beyond any of these
with the field that is too large, before anything reads it; the README lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import LazyPattern


@dataclass(frozen=True, slots=True)
class Limits:
    response_chars: int = 2_000_000  # the model's answer
    quote_paths: int = 20  # entries of response.quotes
    quotes: int = 10_000  # quotes the response holds, as the engine reads them
    quote_chars: int = 50_000  # one quote's text, as the engine reads it
    path_chars: int = 300  # one JSONPath
    path_segments: int = 16  # its steps ($.a[*].b is three)
    field_name_chars: int = 200  # response.quotes[].text / source / paragraph / url
    json_depth: int = 64  # brackets nested in a JSON answer
    sources: int = 500
    paragraphs: int = 100_000  # all sources together
    paragraph_chars: int = 200_000
    title_chars: int = 500
    label_chars: int = 500
    url_chars: int = 2_000
    integer_digits: int = 30  # a JSON integer anywhere in the bundle


LIMITS = Limits()

# The JSONPath forms a bundle may use: names, [*], [n] and quoted names, from the root.
# Filters (?(...)), recursive descent (..) and functions would let a bundle choose the
# work (or the regex) run on its own data.
_SEGMENT = r"(?:\.(?:[^\W\d][\w-]*|\*)|\[(?:\*|\d{1,6}|'[^'\\]{1,100}'|\"[^\"\\]{1,100}\")\])"
JSON_PATH = LazyPattern(rf"\$(?:{_SEGMENT})*")
_SEGMENTS = LazyPattern(_SEGMENT)


def json_path_problem(path: str, limits: Limits = LIMITS) -> str | None:
    """What is wrong with a bundle's JSONPath, or None when it is one of the plain forms.

    >>> json_path_problem("$.topics[*].originalQuote") is None
    True
    >>> json_path_problem("$.a[?match(@.b, '(a+)+b')]")
    "only names, [*], [n] and ['name'] steps from $ are allowed, e.g. $.topics[*]"
    >>> json_path_problem("$" + ".a" * 40)
    'has 40 steps; the limit is 16'
    """
    if len(path) > limits.path_chars:
        return f"is {len(path)} characters long; the limit is {limits.path_chars}"
    if JSON_PATH.fullmatch(path) is None:
        return "only names, [*], [n] and ['name'] steps from $ are allowed, e.g. $.topics[*]"
    steps = len(_SEGMENTS.findall(path))
    if steps > limits.path_segments:
        return f"has {steps} steps; the limit is {limits.path_segments}"
    return None


_JSON_TOKEN = LazyPattern(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth(text: str, *, stop_after: int) -> int:
    """How deep brackets nest in ``text``, strings skipped (linear; stops once deeper than
    ``stop_after``).

    >>> json_depth('{"a": [1, {"b": "[[["}]}', stop_after=64)
    3
    """
    depth = deepest = 0
    for token in _JSON_TOKEN.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_after:
                    break
        elif mark in "]}":
            depth = max(0, depth - 1)
    return deepest
