"""``python -m citations.quotegen [--split tune|held_out|all] [--per-class N] [--seed S]
[--show-failures K] [--class NAME ...] [--language CODE ...] [--data DIR]``: generate,
verify in-process, print the per-class lines and the six headline figures. Exit 0 whatever
the figures (it measures, it does not gate); 2 on bad arguments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .devtext import DEFAULT_DATA_DIR
from .languages import LANGUAGES
from .measure import measure, report
from .strategies import CLASSES, generate

DEFAULT_PER_CLASS = 300


def _at_least(least: int) -> type[int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    parse.__name__ = f"integer >= {least}"
    return parse  # type: ignore[return-value]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m citations.quotegen",
        description="Measure the engine on generated quotes: faithful ones (whole sentences, "
        "clauses, list items, headings, cuts, named edits), claim changes, and partial "
        "quotes whose left-out lead or tail qualifies them or not. Held-out figures are "
        "never tuned to.",
    )
    p.add_argument("--split", choices=("tune", "held_out", "all"), default="tune")
    p.add_argument("--per-class", type=_at_least(1), default=DEFAULT_PER_CLASS, metavar="N")
    p.add_argument("--seed", type=_at_least(0), default=0, metavar="S")
    p.add_argument("--show-failures", type=_at_least(0), default=0, metavar="K")
    p.add_argument(
        "--class",
        dest="classes",
        action="append",
        choices=CLASSES,
        metavar="NAME",
        help="only this class (repeatable); one of: " + ", ".join(CLASSES),
    )
    p.add_argument(
        "--language",
        dest="languages",
        action="append",
        choices=[language.code for language in LANGUAGES],
        metavar="CODE",
        help="the written classes only in this language (repeatable); one of: "
        + ", ".join(language.code for language in LANGUAGES),
    )
    p.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    data = args.data.resolve()
    if not data.is_dir() or not any(data.glob("*.json")):
        p.error(f"--data {args.data}: no dev bundles there (set VERBATIM_SHARED_DIR?)")
    classes = tuple(args.classes) if args.classes else CLASSES
    cases = generate(
        per_class=args.per_class,
        seed=args.seed,
        split=args.split,
        classes=classes,
        data_dir=data,
        languages=tuple(args.languages or ()),
    )
    outcomes, seconds = measure(cases)
    report(
        outcomes,
        out=sys.stdout,
        seed=args.seed,
        split=args.split,
        per_class=args.per_class,
        seconds=seconds,
        show_failures=args.show_failures,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
