"""Failed answers as a regression set (EV-8).

python manage.py generation_regressions export [--output FILE] [--all]
    JSON Lines, one execution record per line: request, raw answer, errors, sources.
    Invalid answers only, unless --all (valid ones too).
python manage.py generation_regressions revalidate [--input FILE]
    Validate stored answers (or an export) again with today's prompt, schemas and
    validator; one JSON line per record: status then and now, current errors.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from generation.regressions import (
    regression_rows,
    rows_from_jsonl,
    rows_revalidate,
    rows_to_jsonl,
)


class Command(BaseCommand):
    help = "Export failed generation answers as JSON Lines, or re-validate them."

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        export = actions.add_parser("export", help="write the regression set as JSON Lines")
        export.add_argument("--output", type=Path, help="file to write (default: stdout)")
        export.add_argument("--all", action="store_true", help="include valid answers")
        revalidate = actions.add_parser("revalidate", help="validate stored answers again")
        revalidate.add_argument("--input", type=Path, help="an export (default: the database)")

    def handle(self, *args, action: str, **options) -> None:
        if action == "export":
            self._export(options["output"], include_valid=options["all"])
        else:
            self._revalidate(options["input"])

    def _export(self, output: Path | None, *, include_valid: bool) -> None:
        rows = regression_rows(include_valid=include_valid)
        text = rows_to_jsonl(rows)
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")
        self.stderr.write(f"exported {len(rows)} record(s)")

    def _revalidate(self, source: Path | None) -> None:
        if source is None:
            rows = regression_rows(include_valid=True)
        else:
            try:
                rows = rows_from_jsonl(source.read_text(encoding="utf-8"))
            except OSError as exc:
                raise CommandError(f"--input: cannot read {source}: {exc.strerror}") from None
            except ValueError as exc:
                raise CommandError(f"--input {source}: {exc}") from None
        try:
            results = rows_revalidate(rows)
        except ValueError as exc:
            raise CommandError(f"cannot revalidate: {exc}") from None
        for result in results:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        changed = sum(r["was"] != r["now"] for r in results)
        self.stderr.write(f"revalidated {len(results)} record(s), {changed} changed status")
