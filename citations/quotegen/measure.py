"""Running the engine on generated cases and counting what it said, per class and as the six
headline figures of issue "Engine v3", item 5.

Only the engine's public API is used: ``load_bundle``, ``verify_bundle``, ``report_to_dict``.
A case the engine raises on counts as ``error`` (not passing, no attention), so a half-built
engine is measured, not crashed on. ``attention`` is read as ``quote.get("attention") or []``:
a report without the field counts as no attention.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from citations.engine import ENGINE_NAME, ENGINE_VERSION, load_bundle, report_to_dict, verify_bundle

from .cases import Case
from .strategies import CLAIM_CLASSES, CLASSES, EDIT_CLASSES

PASSING = frozenset({"verified", "corrected"})


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the engine said about one case's quote."""

    case: Case
    status: str  # the report's status; "error" when the engine raised, "unread" when it
    # read no quote or several
    reason: str
    rules: tuple[str, ...] = ()
    attention: tuple[dict[str, Any], ...] = ()
    context: dict[str, Any] | None = None
    corrected: str | None = None
    hint: str | None = None

    @property
    def passing(self) -> bool:
        return self.status in PASSING

    @property
    def attended(self) -> bool:
        return bool(self.attention)

    @property
    def as_expected(self) -> bool:
        expect = self.case.expect
        if self.passing != expect.passing:
            return False
        if expect.corrected and self.status != "corrected":
            return False
        if expect.attention == "required":
            return self.attended
        if expect.attention == "forbidden":
            return not self.attended
        return True


def outcome_of(case: Case) -> Outcome:
    """Verify ``case``'s bundle in-process and read its one quote."""
    try:
        report = report_to_dict(verify_bundle(load_bundle(case.bundle())))
    except Exception as exc:  # the engine is measured, a failure is a finding
        return Outcome(case, "error", f"{type(exc).__name__}: {exc}")
    quotes = report.get("quotes") or []
    if len(quotes) != 1:
        return Outcome(case, "unread", f"the engine read {len(quotes)} quotes")
    quote = quotes[0]
    decision = quote.get("decision") or {}
    corrected = quote.get("corrected") or {}
    match = quote.get("match") or {}
    return Outcome(
        case,
        status=str(quote.get("status")),
        reason=str(quote.get("reason")),
        rules=tuple(decision.get("rules") or ()),
        attention=tuple(quote.get("attention") or ()),
        context=quote.get("context"),
        corrected=corrected.get("text"),
        hint=match.get("text"),
    )


def run(cases: Iterable[Case]) -> list[Outcome]:
    return [outcome_of(case) for case in cases]


# ---------------------------------------------------------------- the six figures


@dataclass(frozen=True, slots=True)
class Figure:
    """One headline figure: of the cases it ``selects``, how many ``counts`` holds for, and
    whether that meets its goal. ``failing`` are the outcomes that move it away from the goal
    (the counted ones, or for a figure that should be high, the uncounted ones)."""

    label: str
    goal: str
    selects: Callable[[Case], bool]
    counts: Callable[[Outcome], bool]
    met: Callable[[int, int], bool]
    higher_is_better: bool = False

    def tally(self, outcomes: Sequence[Outcome]) -> tuple[int, int]:
        chosen = [o for o in outcomes if self.selects(o.case)]
        return sum(1 for o in chosen if self.counts(o)), len(chosen)

    def failing(self, outcomes: Sequence[Outcome]) -> list[Outcome]:
        chosen = [o for o in outcomes if self.selects(o.case)]
        return [o for o in chosen if self.counts(o) != self.higher_is_better]


def _none(hits: int, total: int) -> bool:
    return hits == 0


def _share_at_most(share: float) -> Callable[[int, int], bool]:
    return lambda hits, total: hits <= share * total


def _share_at_least(share: float) -> Callable[[int, int], bool]:
    return lambda hits, total: total > 0 and hits >= share * total


FIGURES: tuple[Figure, ...] = (
    Figure(
        "faithful refused",
        "0 %",
        lambda c: c.expect.passing,
        lambda o: not o.passing,
        _none,
    ),
    Figure(
        "named edits corrected",
        ">= 90 %",
        lambda c: c.klass in EDIT_CLASSES,
        lambda o: o.status == "corrected",
        _share_at_least(0.90),
        higher_is_better=True,
    ),
    Figure(
        "claim changes passed",
        "0",
        lambda c: c.klass in CLAIM_CLASSES,
        lambda o: o.passing,
        _none,
    ),
    Figure(
        "attention on whole sentences",
        "0",
        lambda c: c.klass == "whole_sentence",
        lambda o: o.attended,
        _none,
    ),
    Figure(
        "attention on neutral partial quotes",
        "<= 5 %",
        lambda c: c.klass == "neutral_partial" and c.expect.attention == "forbidden",
        lambda o: o.attended,
        _share_at_most(0.05),
    ),
    Figure(
        "qualifying left-outs without attention",
        "0",
        lambda c: c.klass == "qualified_partial" and c.expect.attention == "required",
        lambda o: not o.attended,
        _none,
    ),
)


# ---------------------------------------------------------------- printing


def _share(part: int, whole: int) -> str:
    return f"({100 * part / whole:5.1f} %)" if whole else "(  -   )"


def class_lines(outcomes: Sequence[Outcome], classes: Sequence[str] = CLASSES) -> list[str]:
    header = (
        f"{'class':<26}{'cases':>6}  {'passing':<15}{'corrected':>9}  "
        f"{'attention':<15}{'as expected':<15}errors"
    )
    lines = [header]
    for klass in classes:
        mine = [o for o in outcomes if o.case.klass == klass]
        if not mine:
            continue
        total = len(mine)
        passing = sum(o.passing for o in mine)
        corrected = sum(o.status == "corrected" for o in mine)
        attended = sum(o.attended for o in mine)
        expected = sum(o.as_expected for o in mine)
        errors = sum(o.status in ("error", "unread") for o in mine)
        lines.append(
            f"{klass:<26}{total:>6}  {passing:>5} {_share(passing, total):<9}{corrected:>9}  "
            f"{attended:>5} {_share(attended, total):<9}{expected:>5} {_share(expected, total):<9}"
            f"{errors:>6}"
        )
    return lines


def _breakdown(outcomes: Sequence[Outcome], key: Callable[[Outcome], str]) -> str:
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(key(outcome), []).append(outcome)
    return "  ".join(
        f"{name} {sum(o.attended for o in group)}/{len(group)}"
        for name, group in sorted(groups.items())
    )


def breakdown_lines(outcomes: Sequence[Outcome]) -> list[str]:
    """For the partial classes: how many got attention, by language and by what the
    left-out lead or tail does (where the figures miss, this says where to look)."""
    lines = []
    for klass in ("qualified_partial", "neutral_partial"):
        mine = [o for o in outcomes if o.case.klass == klass]
        if not mine:
            continue
        lines.append(
            f"{klass} attention by language: {_breakdown(mine, lambda o: o.case.language)}"
        )
        lines.append(
            f"{klass} attention by kind: "
            + _breakdown(
                mine,
                lambda o: f"{o.case.frame.kind}-{o.case.frame.place}" if o.case.frame else "?",
            )
        )
    return lines


def figure_lines(outcomes: Sequence[Outcome]) -> list[str]:
    lines = []
    for figure in FIGURES:
        hits, total = figure.tally(outcomes)
        verdict = "met" if figure.met(hits, total) else "MISSED"
        count = f"{hits}/{total} {_share(hits, total)}"
        lines.append(f"{figure.label:<40}{count:<22}goal {figure.goal:<9}{verdict}")
    return lines


def _example(outcome: Outcome) -> list[str]:
    case = outcome.case
    lines = [
        f"  [{case.id}] {case.klass} ({case.language}, {case.split})",
        f"    quote:     {case.quote!r}",
        f"    sentence:  {case.sentence!r}",
    ]
    if case.left_out_before.strip() or case.left_out_after.strip(" ."):
        lines.append(
            f"    left out:  before {case.left_out_before!r}, after {case.left_out_after!r}"
        )
    if case.note:
        lines.append(f"    made by:   {case.note}")
    lines.append(f"    engine:    {outcome.status} ({outcome.reason})")
    if outcome.rules:
        lines.append(f"    rules:     {', '.join(outcome.rules)}")
    if outcome.corrected is not None:
        lines.append(f"    corrected: {outcome.corrected!r}")
    elif outcome.hint is not None and not outcome.passing:
        lines.append(f"    hint:      {outcome.hint!r}")
    for entry in outcome.attention:
        lines.append(f"    attention: {entry.get('rule')} {entry.get('words')!r}")
    if not outcome.attention:
        lines.append("    attention: none")
    return lines


def _spread(outcomes: Sequence[Outcome], most: int) -> list[Outcome]:
    """Up to ``most`` outcomes taken in turn from each class (so one class does not hide
    the others), in the order they came."""
    by_class: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        by_class.setdefault(outcome.case.klass, []).append(outcome)
    chosen: list[Outcome] = []
    depth = 0
    while len(chosen) < most and any(depth < len(group) for group in by_class.values()):
        for group in by_class.values():
            if depth < len(group) and len(chosen) < most:
                chosen.append(group[depth])
        depth += 1
    return chosen


def failure_lines(outcomes: Sequence[Outcome], most: int) -> list[str]:
    lines: list[str] = []
    for figure in FIGURES:
        failing = figure.failing(outcomes)
        if not failing or most <= 0:
            continue
        shown = _spread(failing, most)
        lines += ["", f"{figure.label}: {len(shown)} of {len(failing)} shown"]
        for outcome in shown:
            lines += _example(outcome)
    return lines


def report(
    outcomes: Sequence[Outcome],
    *,
    out: TextIO,
    seed: int,
    split: str,
    per_class: int,
    seconds: float,
    show_failures: int = 0,
) -> None:
    statuses = Counter(o.status for o in outcomes)
    print(
        f"{ENGINE_NAME} {ENGINE_VERSION} · quotegen seed {seed} · split {split} · "
        f"{per_class} per class · {len(outcomes)} cases in {seconds:.1f} s",
        file=out,
    )
    print("statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())), file=out)
    print(file=out)
    for line in class_lines(outcomes):
        print(line, file=out)
    print(file=out)
    for line in breakdown_lines(outcomes):
        print(line, file=out)
    print(file=out)
    for line in figure_lines(outcomes):
        print(line, file=out)
    for line in failure_lines(outcomes, show_failures):
        print(line, file=out)


def measure(cases: Iterable[Case]) -> tuple[list[Outcome], float]:
    started = time.perf_counter()
    outcomes = run(cases)
    return outcomes, time.perf_counter() - started
