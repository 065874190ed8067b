"""python manage.py engine_compare DIR

Run the current engine (``citations.engine``, in this process, no database) over a reviewed
set (``manage.py export_reviewed``: ``NAME.json`` bundles with ``NAME.expected.json``) and
print what would change: per quote, what the reviewers expect and what the engine says now;
then, per rule id the engine decides or flags those quotes by now, how many would change.

Exit status: 0 when every checked quote comes out as expected, 1 when some would change,
2 when DIR is no usable set (the file and the reason on stderr; nothing verified).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from citations.engine import ENGINE_NAME, ENGINE_VERSION
from citations.engine_compare import UnusableSet, set_compare


class Command(BaseCommand):
    help = "What the current engine would change in a reviewed set (export_reviewed)."

    def add_arguments(self, parser):
        parser.add_argument("folder", metavar="DIR", type=Path)

    def handle(self, *args, **options):
        try:
            comparison = set_compare(options["folder"])
        except UnusableSet as exc:
            raise CommandError(str(exc), returncode=2) from None
        for quote in comparison.changed:
            label = " [critical]" if quote.critical else ""
            rules = ", ".join(quote.rules_now) or "none"
            self.stdout.write(
                f"{quote.bundle} quote {quote.n}{label}: {quote.change} (rules now: {rules})"
            )
        self.stdout.write("per rule id, as the engine decides now: quotes compared, would change")
        for rule, compared, differing in comparison.per_rule():
            self.stdout.write(f"  {rule}: {compared} compared, {differing} would change")
        changed = comparison.changed
        critical = sum(quote.critical for quote in changed)
        self.stdout.write(
            f"{len(comparison.quotes)} quotes compared in {comparison.bundles} bundle(s) by "
            f"{ENGINE_NAME} {ENGINE_VERSION}: {len(comparison.quotes) - len(changed)} as "
            f"expected, {len(changed)} would change ({critical} critical); "
            f"{comparison.not_checked} not checked"
        )
        if changed:
            raise CommandError(f"{len(changed)} quote(s) would change", returncode=1)
