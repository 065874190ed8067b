"""Failed answers as a regression set (EV-8).

python manage.py generation_regressions export [--output FILE] [--all]
    JSON Lines, one execution record per line: request, raw answer, errors, sources.
    Invalid answers only, unless --all (valid ones too).
python manage.py generation_regressions revalidate [--input FILE]
    Validate stored answers (or an export) again with today's prompt, schemas and
    validator; one JSON line per record: status then and now, current errors, the errors
    gained and lost. Each record whose status or errors changed is summed up on stderr.
    Exit status 3 when a record that was valid is invalid now; 1 bad input.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from generation.models import RecordStatus
from generation.regressions import (
    regression_rows,
    rows_from_jsonl,
    rows_revalidate,
    rows_to_jsonl,
)

# As generate's: the result is not acceptable (here: an answer that passed fails now).
TURNED_INVALID = 3


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
            try:
                # A new file in a new folder, as "-o regressions/today.jsonl" is meant.
                output.parent.mkdir(parents=True, exist_ok=True)
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"--output: cannot write {output}: {exc.strerror}") from None
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
        for result in results:
            if result["was"] != result["now"] or result["errors_added"] or result["errors_gone"]:
                self.stderr.write(changed_line(result))
        changed = sum(r["was"] != r["now"] for r in results)
        self.stderr.write(f"revalidated {len(results)} record(s), {changed} changed status")
        turned_invalid = [
            r["record"]
            for r in results
            if (r["was"], r["now"]) == (RecordStatus.VALID, RecordStatus.INVALID)
        ]
        if turned_invalid:
            listed = ", ".join(map(str, turned_invalid))
            raise CommandError(
                f"{len(turned_invalid)} valid record(s) are invalid now: {listed}",
                returncode=TURNED_INVALID,
            )


def changed_line(result: dict) -> str:
    """One record's change in a line: its status, then each error gained (+) and lost (-)."""
    parts = [f"record {result['record']}: {result['was']} -> {result['now']}"]
    parts += [f"+ {e['path']} {e['rule']}" for e in result["errors_added"]]
    parts += [f"- {e['path']} {e['rule']}" for e in result["errors_gone"]]
    return "; ".join(parts)
