"""python manage.py demo_setup — the demo's data: scenario bundles, a bundle whose sources
are files (a PDF lease and an e-mail with an attachment, ``reviews/demo/``), a team, two
accounts and an API token for the team.

Idempotent: bundles already imported are left alone; the accounts get fresh random passwords
and the API token a fresh secret on every run, which are printed with a curl line posting a
bundle (a demo on 127.0.0.1 only; never run this in production).
"""

import base64
import json
import secrets
import shlex
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from citations.engine import BundleError
from citations.imports import BundleConflict
from reviews.imports import bundle_import
from reviews.models import ApiToken, Team
from reviews.tokens import api_token_create

DEMO_TEAM = "Demo reviewers"
DEMO_TOKEN = "demo pipeline"
DEMO_FILES = Path(__file__).resolve().parents[2] / "demo"


def demo_files_bundle() -> dict[str, Any]:
    """``reviews/demo/bundle.json`` with each file source's ``data`` (a file name there) as
    the file's bytes in base64, as a pipeline posts them (made by bin/make_demo_files.py)."""
    bundle = json.loads((DEMO_FILES / "bundle.json").read_text())
    for source in bundle["sources"]:
        if "file" in source:
            content = (DEMO_FILES / source["file"]["data"]).read_bytes()
            source["file"]["data"] = base64.b64encode(content).decode()
    return bundle


class Command(BaseCommand):
    help = (
        "Import the scenario bundles, create a demo reviewer, admin and API token; "
        "prints the logins, the token and a curl line."
    )

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
        bundles_to_import: list[tuple[str, bytes | dict[str, Any]]] = [
            (str(path), path.read_bytes()) for path in paths
        ]
        bundles_to_import.append((str(DEMO_FILES / "bundle.json"), demo_files_bundle()))
        for name, raw in bundles_to_import:
            try:
                # The team's bundles, as its token would post them: posting one with the
                # printed token finds it (200), for bundle ids are the team's.
                result = bundle_import(raw=raw, max_bytes=settings.BUNDLE_MAX_BYTES, team=team)
            except (BundleError, BundleConflict) as exc:
                raise CommandError(f"{name}: {exc}") from None
            what = "imported" if result.created else "already there"
            self.stdout.write(f"  {what}: {result.assessment.verification.bundle_id}")
        logins = [
            ("reviewer", f"{url}/", self.account("reviewer", team=team)),
            ("admin", f"{url}/admin/", self.account("admin", team=None)),
        ]
        self.stdout.write("")
        for username, where, password in logins:
            self.stdout.write(f"  {where:<36} user {username!r}  password {password!r}")
        token = self.api_token(team=team)
        curl = [
            *("curl", "-sS", "-X", "POST", f"{url}/api/bundles"),
            *("-H", f"Authorization: Bearer {token}", "-H", "Content-Type: application/json"),
            *("--data-binary", f"@{paths[0].resolve()}"),
        ]
        self.stdout.write("")
        self.stdout.write(f"  API token of team {team.name!r} (new on every run): {token}")
        self.stdout.write(
            "  Post a bundle with it; its links.page opens for 'reviewer' (this one is "
            "imported already: 200, the same assessment; a new id gets 201):"
        )
        self.stdout.write(f"    {shlex.join(curl)}")

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

    @transaction.atomic
    def api_token(self, *, team: Team) -> str:
        """A new token for the demo team, replacing the last run's. Only a token's digest is
        stored, so the last one cannot be printed again: like the passwords, it is fresh."""
        ApiToken.objects.filter(name=DEMO_TOKEN).delete()
        return api_token_create(name=DEMO_TOKEN, team=team)[1]
