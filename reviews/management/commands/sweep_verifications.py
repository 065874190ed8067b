"""python manage.py sweep_verifications [--outdated]

What celery beat runs every VERIFICATION_SWEEP_SECONDS (task ``citations.sweep_verifications``),
for cron or by hand: re-send assessments stuck in pending/running past the stale timeout.
``--outdated`` also verifies again those done by another engine version (not approved ones:
which results are final is review's to say, so the command lives here).
"""

from django.core.management.base import BaseCommand

from citations.services import assessments_sweep
from reviews.selectors import assessments_outdated
from reviews.services import assessment_reverify


class Command(BaseCommand):
    help = "Re-send stuck verifications; with --outdated, re-verify results of older engines."

    def add_arguments(self, parser):
        parser.add_argument(
            "--outdated",
            action="store_true",
            help="also verify again assessments verified by another engine version",
        )

    def handle(self, *args, **options):
        stuck = assessments_sweep()
        self.stdout.write(f"re-sent {len(stuck)} stuck assessment(s){_ids(stuck)}")
        if options["outdated"]:
            again = [pk for pk in assessments_outdated() if assessment_reverify(assessment_id=pk)]
            self.stdout.write(f"verifying {len(again)} outdated assessment(s) again{_ids(again)}")


def _ids(ids: list[int]) -> str:
    return f": {', '.join(map(str, ids))}" if ids else ""
