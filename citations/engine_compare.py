"""The current engine over a reviewed set (issue 31, item 6c): what would change.

A set is a folder of ``NAME.json`` bundles with ``NAME.expected.json`` beside them, as
``manage.py export_reviewed`` writes it (and ``shared/tools/check_report.py`` scores it).
Each bundle is verified in this process by ``citations.engine``, and each expected quote is
compared with the engine's result now as ``check_report.py`` compares it: its status (or one
the expectation accepts), for a passing quote its place and its correction, an attention a
reviewer checked, and a reason where the expectation names one. A quote whose expectation
accepts every status and names nothing else is not checked."""

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citations.engine import (
    BundleError,
    VerificationStatus,
    load_bundle,
    report_to_dict,
    verify_bundle,
)

PASSING = {VerificationStatus.VERIFIED.value, VerificationStatus.CORRECTED.value}
ALL_STATUSES = {status.value for status in VerificationStatus}


class UnusableSet(Exception):
    """The folder is no set this can compare; the message says which file and why."""


@dataclass(frozen=True)
class QuoteComparison:
    bundle: str  # the bundle's file name without .json
    n: int
    change: str  # what differs, in words; "" when the result is as expected
    critical: bool  # a quote expected not to pass passes now, or passes at another place
    rules_now: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.change)


@dataclass(frozen=True)
class SetComparison:
    quotes: list[QuoteComparison]
    not_checked: int
    bundles: int

    @property
    def changed(self) -> list[QuoteComparison]:
        return [quote for quote in self.quotes if quote.changed]

    def per_rule(self) -> list[tuple[str, int, int]]:
        """(rule id, quotes compared, quotes that would change) for every rule id the
        engine decides or flags a compared quote by now, the most changes first."""
        compared: Counter[str] = Counter()
        changed: Counter[str] = Counter()
        for quote in self.quotes:
            compared.update(set(quote.rules_now))
            if quote.changed:
                changed.update(set(quote.rules_now))
        return sorted(
            ((rule, compared[rule], changed[rule]) for rule in compared),
            key=lambda row: (-row[2], -row[1], row[0]),
        )


def set_compare(folder: Path) -> SetComparison:
    """Compare every expected quote of the set in ``folder`` with the engine now. Every file
    is read and checked before any bundle is verified; raises ``UnusableSet``."""
    pairs = _read_set(folder)
    quotes: list[QuoteComparison] = []
    not_checked = 0
    for name, bundle, expected in pairs:
        report = report_to_dict(verify_bundle(bundle))
        got_by_n = {quote["n"]: quote for quote in report["quotes"]}
        paragraphs = {
            (source.id, number): text
            for source in bundle.turn.sources
            for number, text in enumerate(source.paragraphs, 1)
        }
        for want in expected["quotes"]:
            if _not_checked(want):
                not_checked += 1
                continue
            quotes.append(quote_compare(name, want, got_by_n.get(want["n"]), paragraphs))
    return SetComparison(quotes=quotes, not_checked=not_checked, bundles=len(pairs))


def _read_set(folder: Path) -> list[tuple[str, Any, dict[str, Any]]]:
    if not folder.is_dir():
        raise UnusableSet(f"{folder}: not a folder")
    expected_paths = sorted(folder.glob("*.expected.json"))
    if not expected_paths:
        raise UnusableSet(f"{folder}: holds no NAME.expected.json")
    pairs = []
    for expected_path in expected_paths:
        name = expected_path.name.removesuffix(".expected.json")
        bundle_path = expected_path.with_name(f"{name}.json")
        try:
            expected = json.loads(expected_path.read_text(encoding="utf-8"))
            raw = bundle_path.read_bytes()
        except OSError as exc:
            raise UnusableSet(f"{exc.filename}: cannot read: {exc.strerror}") from None
        except ValueError as exc:
            raise UnusableSet(f"{expected_path}: not JSON: {exc}") from None
        if not isinstance(expected, dict) or not isinstance(expected.get("quotes"), list):
            raise UnusableSet(f"{expected_path}: has no list of 'quotes'")
        for index, want in enumerate(expected["quotes"]):
            if not isinstance(want, dict) or not isinstance(want.get("n"), int):
                raise UnusableSet(f"{expected_path}: quotes[{index}] has no number 'n'")
            if want.get("status") not in ALL_STATUSES:
                raise UnusableSet(
                    f"{expected_path}: quotes[{index}].status is not one of "
                    f"{', '.join(sorted(ALL_STATUSES))}"
                )
        try:
            bundle = load_bundle(raw)
        except BundleError as exc:
            raise UnusableSet(f"{bundle_path}: bad bundle: {exc}") from None
        pairs.append((name, bundle, expected))
    return pairs


def _not_checked(want: dict[str, Any]) -> bool:
    accepted = {want["status"], *want.get("acceptable", ())}
    named = want.get("match") or want.get("corrected") or "attention" in want
    return accepted >= ALL_STATUSES and not named


Paragraphs = Mapping[tuple[str, int], str]


def quote_compare(
    name: str, want: dict[str, Any], got: dict[str, Any] | None, paragraphs: Paragraphs
) -> QuoteComparison:
    """One expected quote against the engine's result for it now (None: not read now);
    ``paragraphs``: the bundle's texts by source id and paragraph number."""
    if got is None:
        missing = "the engine reads no such quote now"
        return QuoteComparison(name, want["n"], missing, False, ())
    rules_now = tuple((got.get("decision") or {}).get("rules", ()))
    rules_now += tuple(entry["rule"] for entry in got.get("attention") or () if "rule" in entry)
    change, critical = _difference(want, got, paragraphs)
    return QuoteComparison(name, want["n"], change, critical, rules_now)


def _difference(
    want: dict[str, Any], got: dict[str, Any], paragraphs: Paragraphs
) -> tuple[str, bool]:
    """What differs from the expectation, and whether it is critical (the scorer's sense)."""
    status = got["status"]
    if "text" in want and _squash(want["text"]) != _squash(got.get("text", "")):
        return f"the engine reads other text as this quote now: {got.get('text', '')!r}", False
    if status not in {want["status"], *want.get("acceptable", ())}:
        critical = want["status"] not in PASSING and status in PASSING
        return f"expected {want['status']}, now {status}", critical
    place = want.get("match")
    have = got.get("match") or {}
    if place and status in PASSING and not _same_passage(have, place, paragraphs):
        if (have.get("source"), have.get("paragraph")) != (place["source"], place["paragraph"]):
            return (
                f"expected at {place['source']} ¶{place['paragraph']}, "
                f"now at {have.get('source')} ¶{have.get('paragraph')}"
            ), True
        if "start" in place and (have.get("start"), have.get("end")) != (
            place["start"],
            place["end"],
        ):
            overlaps = have.get("start", -1) < place["end"] and place["start"] < have.get("end", -1)
            return (
                f"expected at [{place['start']},{place['end']}), "
                f"now at [{have.get('start')},{have.get('end')})"
            ), not overlaps
    if want.get("attention") is True and status in PASSING and not got.get("attention"):
        return "passes without the attention a reviewer checked", True
    reasons = want.get("reason") or []
    reasons = [reasons] if isinstance(reasons, str) else reasons
    if status == want["status"] and reasons and got.get("reason") not in reasons:
        return f"expected reason {' or '.join(reasons)}, now {got.get('reason')}", False
    correction = want.get("corrected")
    if status == VerificationStatus.CORRECTED and correction:
        now = got.get("corrected") or {}
        for key, value in correction.items():
            same = (
                _squash(now.get(key) or "") == _squash(value)
                if key == "text"
                else now.get(key) == value
            )
            if not same:
                return f"expected the correction's {key} {value!r}, now {now.get(key)!r}", False
    return "", False


def _same_passage(have: dict[str, Any], place: dict[str, Any], paragraphs: Paragraphs) -> bool:
    """The same words, squashed and casefolded, at another place (a sentence the source
    repeats, a span one space longer): the scorer counts it as the place expected."""
    if "start" not in place or have.get("start") is None:
        return False
    there = paragraphs.get((have.get("source", ""), have.get("paragraph", 0)), "")
    real = paragraphs.get((place["source"], place["paragraph"]), "")
    there, real = there[have["start"] : have.get("end", 0)], real[place["start"] : place["end"]]
    return bool(there.strip()) and _squash(there).casefold() == _squash(real).casefold()


def _squash(text: str) -> str:
    """Text as the scorer compares it: NFKC, runs of whitespace as one space."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()
