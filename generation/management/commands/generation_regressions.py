"""Failed answers as a regression set (EV-8).

python manage.py generation_regressions export [--output FILE] [--all]
    JSON Lines, one execution record per line: request, raw answer, errors, sources.
    Invalid answers only, unless --all (valid ones too).
python manage.py generation_regressions revalidate [--input FILE]
    Validate stored answers (or an export) again with today's prompt, schemas and
    validator; one JSON line per record: status then and now, current errors, the errors
    gained and lost. Each record whose status or errors changed is summed up on stderr.
    Exit status 3 when a record that was valid is invalid now; 1 bad input.
python manage.py generation_regressions replay --model M --prompt-version V [--input FILE]
    Send each stored input (or an export's) again to model M, one call each, with today's
    prompt (V names it) or the stored request (V = stored); report, as revalidate does,
    what validates now versus then. Stores nothing.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from generation.client import chat_client_from_settings
from generation.models import RecordStatus
from generation.prompt import PROMPT_VERSION
from generation.regressions import (
    regression_rows,
    rows_from_jsonl,
    rows_replay,
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
        replay = actions.add_parser("replay", help="send stored inputs to a model again")
        replay.add_argument("--model", required=True, help="the model to ask")
        replay.add_argument(
            "--prompt-version",
            required=True,
            help=f"today's prompt ({PROMPT_VERSION}) or 'stored' (each request as sent)",
        )
        replay.add_argument("--input", type=Path, help="an export (default: the database)")
        replay.add_argument("--all", action="store_true", help="include valid answers")

    def handle(self, *args, action: str, **options) -> None:
        if action == "export":
            self._export(options["output"], include_valid=options["all"])
        elif action == "replay":
            self._replay(
                options["input"],
                model=options["model"],
                prompt_version=options["prompt_version"],
                include_valid=options["all"],
            )
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

    def _rows(self, source: Path | None, *, include_valid: bool) -> list[dict]:
        if source is None:
            return regression_rows(include_valid=include_valid)
        try:
            return rows_from_jsonl(source.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"--input: cannot read {source}: {exc.strerror}") from None
        except ValueError as exc:
            raise CommandError(f"--input {source}: {exc}") from None

    def _replay(
        self, source: Path | None, *, model: str, prompt_version: str, include_valid: bool
    ) -> None:
        rows = self._rows(source, include_valid=include_valid)
        try:
            results = rows_replay(
                rows,
                client=chat_client_from_settings(),
                model=model,
                prompt_version=prompt_version,
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        self._report(results, "replayed")

    def _revalidate(self, source: Path | None) -> None:
        rows = self._rows(source, include_valid=True)
        try:
            results = rows_revalidate(rows)
        except ValueError as exc:
            raise CommandError(f"cannot revalidate: {exc}") from None
        self._report(results, "revalidated")

    def _report(self, results: list[dict], done: str) -> None:
        for result in results:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        for result in results:
            if result["was"] != result["now"] or result["errors_added"] or result["errors_gone"]:
                self.stderr.write(changed_line(result))
        changed = sum(r["was"] != r["now"] for r in results)
        self.stderr.write(f"{done} {len(results)} record(s), {changed} changed status")
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
