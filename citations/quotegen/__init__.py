"""Generated quotes that measure the engine both ways (issue "Engine v3", item 5).

``cases`` makes the inputs: faithful quotes of the dev sources' real sentences (whole
sentences, clauses, list items, headings, cuts at a character limit, each named edit), quotes
that change the claim, and partial quotes of sentences written here in thirty languages whose
left-out lead or tail qualifies them or qualifies nothing. ``measure`` runs the engine on
them through its public API and counts. ``python -m citations.quotegen`` prints the figures.

About 30 % of what is generated is held out (``cases.split_of``): the command reports on
``tune`` by default. **Held-out figures are never tuned to.**

Plain Python: no Django.
"""

from .cases import Case, Expectation, split_of
from .measure import FIGURES, Outcome, outcome_of
from .strategies import CLASSES, STRATEGIES, cases_of, generate

__all__ = [
    "CLASSES",
    "FIGURES",
    "STRATEGIES",
    "Case",
    "Expectation",
    "Outcome",
    "cases_of",
    "generate",
    "outcome_of",
    "split_of",
]
