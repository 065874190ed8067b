"""``python -m citations``: verify or export bundle files without a database or server.

    python -m citations verify BUNDLE.json [MORE.json ...]   report JSON (JSON Lines for several)
    python -m citations export BUNDLE.json                    the response with corrections applied
    python -m citations rules                                 the rule and citation-strategy tables

Exit status 0 on success, 2 with a message naming the file and field for a bad bundle.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from citations.engine import BundleError, load_bundle, report_to_dict, verify_bundle
from citations.engine.types import Bundle


class _Unusable(Exception):
    pass


def _read(path: str) -> Bundle:
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise _Unusable(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return load_bundle(raw)
    except BundleError as exc:
        raise _Unusable(f"{path}: bad bundle: {exc}") from None


def _verify(paths: list[str]) -> None:
    bundles = [_read(path) for path in paths]  # refuse a bad file before printing anything
    for bundle in bundles:
        report = report_to_dict(verify_bundle(bundle))
        indent = 2 if len(bundles) == 1 else None
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=indent) + "\n")


def _export(path: str) -> None:
    from citations.engine.writing.export import export_response  # written beside the parser

    bundle = _read(path)
    sys.stdout.write(export_response(bundle, verify_bundle(bundle)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m citations", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="print the verification report of each bundle")
    verify.add_argument("bundles", nargs="+", metavar="BUNDLE.json")
    export = commands.add_parser("export", help="print the response with corrections applied")
    export.add_argument("bundle", metavar="BUNDLE.json")
    commands.add_parser(
        "rules", help="print the rule and citation-strategy tables the engine decides by"
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "verify":
            _verify(args.bundles)
        elif args.command == "rules":
            from citations.engine.matching.rules import rules_markdown
            from citations.engine.reading.strategies import strategies_markdown

            sys.stdout.write(rules_markdown() + "\n\n" + strategies_markdown() + "\n")
        else:
            _export(args.bundle)
    except _Unusable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
