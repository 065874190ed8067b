"""python manage.py export_reviewed --since DATE DIR

Write the assessments reviewed from DATE on as a set ``shared/tools/check_report.py --dir``
scores and ``manage.py engine_compare`` reads (``reviews/reviewed_export.py``): per
assessment, the bundle ``assessment-<id>.json`` and ``assessment-<id>.expected.json`` with
the reviewers' verdicts as the expectation. All teams' assessments. A bad DATE, or a DIR that
cannot be written or is not empty: the reason, exit status 1, nothing written.
"""

from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from reviews.reviewed_export import ExportError, reviewed_set, reviewed_set_write


class Command(BaseCommand):
    help = "Write reviewed assessments as bundles with .expected.json (verdicts as expected)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--since",
            required=True,
            metavar="DATE",
            help="the first day (YYYY-MM-DD) whose verdicts and decisions count",
        )
        parser.add_argument("folder", metavar="DIR", type=Path, help="a new or empty folder")

    def handle(self, *args, **options):
        try:
            since = date.fromisoformat(options["since"])
        except ValueError:
            raise CommandError(
                f"--since: {options['since']!r} is not a date; write it YYYY-MM-DD"
            ) from None
        folder = options["folder"]
        reviewed = reviewed_set(since=since)
        try:
            reviewed_set_write(reviewed, folder)  # an empty set checks the folder all the same
        except ExportError as exc:
            raise CommandError(str(exc)) from None
        if not reviewed:
            self.stdout.write(
                f"no assessment reviewed since {since} has a quote to expect: nothing written"
            )
            return
        for item in reviewed:
            self.stdout.write(
                f"{item.name}: bundle {item.expected['bundle']!r}, "
                f"{item.expected['review_state']}, {item.counted('verdict')} by verdict, "
                f"{item.counted('approval')} by approval, {item.counted('none')} not checked"
            )
        self.stdout.write(
            f"wrote {len(reviewed)} assessment(s) to {folder}: "
            f"{sum(item.counted('verdict') for item in reviewed)} quotes expected by verdict, "
            f"{sum(item.counted('approval') for item in reviewed)} by approval, "
            f"{sum(item.counted('none') for item in reviewed)} not checked"
        )
