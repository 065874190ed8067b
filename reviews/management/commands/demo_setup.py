"""python manage.py demo_setup — the demo's data: scenario bundles, a team, two accounts.

Idempotent: bundles already imported are left alone; the accounts get fresh random passwords
on every run, which are printed (a demo on 127.0.0.1 only; never run this in production).
"""

import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from citations.engine import BundleError
from reviews.imports import BundleConflict, bundle_import
from reviews.models import Assessment, Team

DEMO_TEAM = "Demo reviewers"


class Command(BaseCommand):
    help = "Import the scenario bundles and create a demo reviewer and admin; prints logins."

    def add_arguments(self, parser):
        parser.add_argument(
            "--bundles",
            type=Path,
            default=settings.SHARED_DIR / "data" / "scenarios",
            help="Folder of bundle files (*.expected.json are skipped).",
        )
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="Where the demo runs.")

    def handle(self, *args, bundles: Path, url: str, **options):
        if not settings.DEBUG:
            raise CommandError("demo_setup makes accounts with printed passwords: DEBUG only")
        paths = sorted(p for p in bundles.glob("*.json") if not p.name.endswith(".expected.json"))
        if not paths:
            raise CommandError(f"--bundles: no bundle files in {bundles}")
        team, _ = Team.objects.get_or_create(name=DEMO_TEAM)
        for path in paths:
            try:
                result = bundle_import(raw=path.read_bytes(), max_bytes=settings.BUNDLE_MAX_BYTES)
            except (BundleError, BundleConflict) as exc:
                raise CommandError(f"{path}: {exc}") from None
            what = "imported" if result.created else "already there"
            self.stdout.write(f"  {what}: {result.assessment.bundle_id}")
        Assessment.objects.filter(team=None).update(team=team)
        logins = [
            ("reviewer", f"{url}/", self.account("reviewer", team=team)),
            ("admin", f"{url}/admin/", self.account("admin", team=None)),
        ]
        self.stdout.write("")
        for username, where, password in logins:
            self.stdout.write(f"  {where:<36} user {username!r}  password {password!r}")

    @transaction.atomic
    def account(self, username: str, *, team: Team | None) -> str:
        """Create or reset the account (admin when ``team`` is None); returns its password."""
        user, _ = get_user_model().objects.get_or_create(username=username)
        password = secrets.token_urlsafe(9)
        user.set_password(password)
        user.is_staff = user.is_superuser = team is None
        user.save()
        if team is not None:
            team.members.add(user)
        return password
