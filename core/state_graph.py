"""A state graph written down once: each action, the states it may start from and the state it
leads to (Takahē's state graphs, in the house style's words: status is data).

Verification (``citations.services``), review (``reviews.services``) and generation
(``generation.services``) each declare their graph with this type and move their rows through
it: one conditional UPDATE guarded by the action's start states, so of two workers or
reviewers acting at once exactly one moves the row, and a move the graph does not hold matches
nothing. ``tests/test_state_graphs.py`` walks all three: from every state every action the
graph allows goes through and every other is refused.
"""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet


@dataclass(frozen=True, slots=True)
class Transition[S: str]:
    """One action's edges: from any of ``sources`` to ``target``."""

    sources: frozenset[S]
    target: S


def transition[S: str](sources: Iterable[S], target: S) -> Transition[S]:
    return Transition(frozenset(sources), target)


class StateGraph[A: str, S: str]:
    """The actions of a model's state ``field`` (a ``TextChoices`` column), each a
    ``Transition``; every state named must be one of ``states``."""

    def __init__(
        self, *, field: str, states: Iterable[S], transitions: Mapping[A, Transition[S]]
    ) -> None:
        self.field = field
        self.states = frozenset(states)
        self.transitions = dict(transitions)
        for action, edge in self.transitions.items():
            unknown = (edge.sources | {edge.target}) - self.states
            if unknown:
                raise ValueError(f"{field}: {action} names unknown states {sorted(unknown)}")

    def __iter__(self) -> Iterator[A]:
        return iter(self.transitions)

    def __len__(self) -> int:
        return len(self.transitions)

    def __getitem__(self, action: A) -> Transition[S]:
        return self.transitions[action]

    def sources(self, action: A) -> frozenset[S]:
        return self.transitions[action].sources

    def target(self, action: A) -> S:
        return self.transitions[action].target

    def allows(self, action: A, state: str) -> bool:
        return state in self.transitions[action].sources

    def actions_from(self, state: str) -> list[A]:
        """The actions a row in ``state`` may take, in the graph's order."""
        return [action for action, edge in self.transitions.items() if state in edge.sources]

    def targets_from(self, state: str) -> frozenset[S]:
        """Where a row in ``state`` may go."""
        return frozenset(edge.target for edge in self.transitions.values() if state in edge.sources)

    def guard(self, action: A) -> Q:
        """The rows ``action`` may start from."""
        return Q(**{f"{self.field}__in": sorted(self.sources(action))})

    def move(self, rows: QuerySet[Any], action: A, **fields: Any) -> int:
        """Move those of ``rows`` that ``action`` may start from (setting ``fields`` too) in
        one conditional UPDATE; how many moved (0: another state, or gone)."""
        return rows.filter(self.guard(action)).update(**{self.field: self.target(action)}, **fields)
