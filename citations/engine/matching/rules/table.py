"""A row of the rule table: a rule's id, kind, what it covers and the examples it decides.

>>> RuleKind("edit") is RuleKind.EDIT
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RuleKind(StrEnum):
    VERBATIM = "verbatim"  # the quote is the source's text after folding: verified
    EDIT = "edit"  # a claim-preserving difference: a correction may make it
    CLAIM = "claim"  # a difference that changes the claim: never verified or corrected


# (language, quote, source paragraph), then the source's title where the rule reads it and
# the answer's words before the quote where the rule reads them (the quote is then inline)
Example = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: RuleKind
    covers: str  # what the rule covers, in one sentence (shown to reviewers)
    examples: tuple[Example, ...]
    counterexamples: tuple[Example, ...]
