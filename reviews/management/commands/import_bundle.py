"""python manage.py import_bundle FILE [FILE ...]

Each file is stored whole or not at all; a bad file is reported (file, field, message) and
the others still go in. Exits non-zero when any file was refused.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from citations.engine import BundleError
from reviews.imports import BundleConflict, ImportResult, bundle_import


class Command(BaseCommand):
    help = "Import assessment bundles (bundle.schema.json); re-importing one is a no-op."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", type=Path)

    def handle(self, *args, **options):
        refused = 0
        for path in options["files"]:
            result = self.import_file(path)
            if result is None:
                refused += 1
                continue
            self.report(path, result)
        if refused:
            raise CommandError(f"{refused} of {len(options['files'])} bundle(s) refused")

    def import_file(self, path: Path) -> ImportResult | None:
        """The stored bundle, or None after saying on stderr why ``path`` was refused."""
        limit = settings.BUNDLE_MAX_BYTES
        try:
            size = path.stat().st_size
            if size > limit:
                raise BundleError("", f"bundle is {size} bytes; the limit is {limit}")
            return bundle_import(raw=path.read_bytes(), max_bytes=limit)
        except OSError as exc:
            self.stderr.write(f"{path}: cannot read: {exc.strerror or exc}")
        except BundleError as exc:
            self.stderr.write(f"{path}: {exc.field or 'bundle'}: {exc.message}")
        except BundleConflict as exc:
            self.stderr.write(f"{path}: {exc}")
        return None

    def report(self, path: Path, result: ImportResult) -> None:
        assessment = result.assessment
        what = "imported" if result.created else "already imported"
        self.stdout.write(
            f"{path}: {what} bundle {assessment.bundle_id!r} as assessment {assessment.pk} "
            f"(verification {assessment.verification_state})"
        )
