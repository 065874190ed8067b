"""python manage.py import_bundle [--wait] FILE [FILE ...]

Each file is stored whole or not at all; a bad file is reported (file, field, message) and
the others still go in. Exits non-zero when any file was refused.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from citations.engine import BundleError
from citations.imports import BundleConflict
from citations.models import VerificationState
from citations.services import assessment_verify
from reviews.imports import ImportResult, bundle_import


class Command(BaseCommand):
    help = "Import assessment bundles (bundle.schema.json); re-importing one is a no-op."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", type=Path)
        parser.add_argument(
            "--wait",
            action="store_true",
            help="verify in this process before returning (no worker needed), "
            "through the same service the worker runs",
        )

    def handle(self, *args, **options):
        refused = failed = 0
        for path in options["files"]:
            result = self.import_file(path, enqueue=not options["wait"])
            if result is None:
                refused += 1
                continue
            if options["wait"]:
                assessment_verify(assessment_id=result.assessment.pk)
                verification = result.assessment.verification
                verification.refresh_from_db()
                failed += verification.verification_state == VerificationState.FAILED
            self.report(path, result)
        if refused:
            raise CommandError(f"{refused} of {len(options['files'])} bundle(s) refused")
        if failed:
            raise CommandError(f"verification failed for {failed} bundle(s)")

    def import_file(self, path: Path, *, enqueue: bool = True) -> ImportResult | None:
        """The stored bundle, or None after saying on stderr why ``path`` was refused."""
        limit = settings.BUNDLE_MAX_BYTES
        try:
            size = path.stat().st_size
            if size > limit:
                raise BundleError("", f"bundle is {size} bytes; the limit is {limit}")
            return bundle_import(
                raw=path.read_bytes(), max_bytes=limit, enqueue_verification=enqueue
            )
        except OSError as exc:
            self.stderr.write(f"{path}: cannot read: {exc.strerror or exc}")
        except BundleError as exc:
            self.stderr.write(f"{path}: {exc.field or 'bundle'}: {exc.message}")
        except BundleConflict as exc:
            self.stderr.write(f"{path}: {exc}")
        return None

    def report(self, path: Path, result: ImportResult) -> None:
        assessment = result.assessment
        verification = assessment.verification
        what = "imported" if result.created else "already imported"
        self.stdout.write(
            f"{path}: {what} bundle {verification.bundle_id!r} as assessment {assessment.pk} "
            f"(verification {verification.verification_state})"
        )
        if verification.verification_error:
            self.stderr.write(f"{path}: verification failed: {verification.verification_error}")
