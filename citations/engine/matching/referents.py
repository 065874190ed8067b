"""What a pronoun of the source stands for: the words a quote puts in its place, in brackets
("sie [die Grundsteuer]", ``edit.interpolation``) or instead of it ("The landlords must" for
"They must", ``edit.pronoun_referent``), are the source's only when the paragraph names them
before the pronoun, and only when it names nothing else the pronoun could mean there."""

from __future__ import annotations

import re
from functools import cache

from ..text import LazyPattern
from ..types import Match, Source
from .normalize import fold_text
from .spelling import same_word
from .words import ARTICLES, CONJUNCTIONS, DEMONSTRATIVES, FUNCTION_WORDS, PRONOUNS

INSERTION_CONTEXT = 2000  # characters before the passage in which a referent is looked for


def after_pronoun(text: str, position: int) -> bool:
    """Whether the word before ``position`` is a pronoun or demonstrative ("sie", "it")."""
    words = fold_text(text[max(0, position - 40) : position]).split()
    return bool(words) and words[-1].strip(",;:") in PRONOUNS | DEMONSTRATIVES


def text_before(source: Source, match: Match) -> str:
    """The passage's paragraph before it, where a referent it speaks of is named."""
    before = source.paragraphs[match.paragraph - 1][: match.start]
    return before[-INSERTION_CONTEXT:]


def named_before(inserted: str, before: str) -> bool:
    """Whether the source names, before the passage, every content word of an insertion."""
    named = set(_WORDS.findall(fold_text(before)))
    content = [w for w in _WORDS.findall(fold_text(inserted)) if w not in ARTICLES]
    return bool(content) and all(word in named for word in content)


def named_before_inflected(written: str, before: str, language: str | None) -> bool:
    """Whether the source names, before the passage, the words a quote put in a pronoun's
    place (``written``): each a word written there or an inflection of one ("Vertretern"
    of "Vertreter", "ihren" of "Ihre"), or an article, preposition or conjunction, and at
    least one of them more than that.

    >>> named_before_inflected("Ihren Vertretern", "Ihre Vertreter versagten. ", "de")
    True
    >>> named_before_inflected("L'association", "L'association a voté. ", "fr")
    True
    >>> named_before_inflected("The tenants", "The landlords met. ", "en")
    False
    """
    named = set(_WORDS.findall(fold_text(before)))
    words = _WORDS.findall(fold_text(written))

    def is_named(word: str) -> bool:
        return word in named or any(
            same_word(word, other, last=False, language=language) == "edit.inflection"
            for other in named
            if other[:2] == word[:2]
        )

    content = [w for w in words if w not in FUNCTION_WORDS]
    return (
        bool(content)
        and all(w in FUNCTION_WORDS or is_named(w) for w in words)
        and all(is_named(w) for w in content)
    )


_WORDS = LazyPattern(r"\w+")


def rival_referent(inserted: str, before: str) -> str:
    """Another thing the pronoun may mean, named from the sentence where the source last
    names the insertion's referent up to the passage, or "": then which one it means is not
    read. With the insertion's article, another thing named with it ("The Landlord shall
    notify the Tenant before it [the Tenant] terminates": it is the Landlord); without one,
    for a name another word there written with a capital ("Smith met Jones. He [Jones]
    agreed"), or a word joined to the referent by "and", "or" or a comma ("Tenants and landlords
    register. They [tenants] pay").

    >>> rival_referent("the Tenant", "The Landlord shall notify the Tenant before")
    'landlord'
    >>> rival_referent("Der Verein", "Der Verein schrieb an den Vorstand. ")
    'vorstand'
    >>> rival_referent("Le comité", "Le comité a voté mardi. "), rival_referent(
    ...     "die Grundsteuer", "Die Grundsteuer wurde geprüft. Das gilt seit 2020. ")
    ('', '')
    >>> rival_referent("die Grundsteuer", "Die Grundsteuer ist neu. Ihr Aufkommen fließt. Wenn")
    ''
    >>> rival_referent("Jones", "Smith met Jones on Monday. "), rival_referent("tenants",
    ...     "Tenants and landlords register by May. ")
    ('smith', 'landlords')
    """
    words = _WORDS.findall(fold_text(inserted))
    folded = fold_text(before)
    bare = len(words) < 2 or words[0] not in ARTICLES
    head = words[0] if bare else words[1]
    named = [found.start() for found in re.finditer(rf"\b{re.escape(head)}\b", folded)]
    if not words or not named:
        return ""
    opening = max((m.end() for m in _SENTENCE_END.finditer(folded, 0, named[-1])), default=0)
    if not bare:
        naming = _named_with_article(words[0])
        rivals = (m[1] or m[2] for m in naming.finditer(folded, opening))
        return next((r for r in rivals if r != head and r not in ARTICLES), "")
    # the raw text keeps the capitals; folding keeps its length where they stand
    stretch = before[-(len(folded) - opening) :] if len(folded) == len(before) else before
    capitals = (
        fold_text(word)
        for word in _CAPITAL_WORD.findall(stretch if inserted[:1].isupper() else "")
        if fold_text(word) not in words and fold_text(word) not in FUNCTION_WORDS
    )
    joined = (
        found[1] or found[2]
        for found in _coordinated(head).finditer(folded[opening:])
        if (found[1] or found[2]) not in FUNCTION_WORDS
    )
    return next(capitals, "") or next(joined, "")


# Articles that may name things one pronoun stands for, by language and gender: a thing named
# with any article of a group the referent's article is in is one the pronoun may mean ("der
# Ausschuss" and "den Vorstand": both "er"), with another not ("die Grundsteuer" and "das" of
# "das gilt", no noun). German's by the subject's and object's cases only: "sie" is rarely
# "der Gesetzgebungshoheit" named in the dative. The elided "l'" is either gender.
ARTICLE_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "the a an",
        "der den ein einen",
        "die eine",
        "das ein",
        "le l un",
        "la l une",
        "les des",
        "el los un unos",
        "la las una unas",
        "il lo l un uno gli i",
        "la l una le",
    )
)


@cache
def _named_with_article(article: str) -> re.Pattern[str]:
    """A thing named with an article of any group ``article`` is in (``ARTICLE_GROUPS``)."""
    naming = sorted(frozenset().union(*(g for g in ARTICLE_GROUPS if article in g)) or {article})
    elided = r"\bl'" if "l" in naming else "(?!)"  # "l'association"
    return re.compile(rf"\b(?:{'|'.join(a for a in naming if a != 'l')})\s+(\w+)|{elided}(\w+)")


_CAPITAL_WORD = LazyPattern(r"\b[^\W\d_a-z][\w'’-]*")


def _coordinated(head: str) -> re.Pattern[str]:
    """Words joined to ``head`` by a conjunction or a comma, before it or after it."""
    joining = "|".join(sorted(map(re.escape, CONJUNCTIONS)))
    return re.compile(
        rf"\b(\w+)\s*(?:,|\s(?:{joining}))\s+{re.escape(head)}\b"
        rf"|\b{re.escape(head)}\s*(?:,|\s(?:{joining}))\s+(\w+)"
    )


_SENTENCE_END = LazyPattern(r"[.!?;]\s")
