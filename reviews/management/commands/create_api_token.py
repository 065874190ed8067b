"""python manage.py create_api_token NAME [--team TEAM] — prints a new API token once; only its
digest is kept. Bundles posted with it belong to TEAM; without --team, only staff see them."""

from django.core.management.base import BaseCommand, CommandError

from reviews.models import ApiToken, Team
from reviews.tokens import api_token_create


class Command(BaseCommand):
    help = "Create an API token for POST /api/bundles and print it (it cannot be shown again)."

    def add_arguments(self, parser):
        parser.add_argument("name", help="Who uses the token, e.g. 'nightly-pipeline'.")
        parser.add_argument(
            "--team",
            dest="team_name",
            metavar="TEAM",
            help="The team whose reviewers see the bundles posted with it (admin: Teams). "
            "Without it, only staff see them.",
        )

    def handle(self, *args, name: str, team_name: str | None, **options):
        if ApiToken.objects.filter(name=name).exists():
            raise CommandError(f"name: a token named {name!r} exists already; pick another name")
        team = None
        if team_name is not None:
            team = Team.objects.filter(name=team_name).first()
            if team is None:
                # A typo must not make a token whose links open for nobody.
                known = ", ".join(repr(t) for t in Team.objects.values_list("name", flat=True))
                raise CommandError(
                    f"--team: no team named {team_name!r} (teams: {known or 'none yet'}); "
                    "add it in the admin under Teams"
                )
        _, token = api_token_create(name=name, team=team)
        self.stdout.write(token)
        self.stderr.write(f"Token {name!r} created. Keep it now: it is stored only as a digest.")
        if team is None:
            self.stderr.write(
                "It has no team: only staff see the bundles it posts "
                "(a token for a team's reviewers: --team TEAM)."
            )
