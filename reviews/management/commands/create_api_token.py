"""python manage.py create_api_token NAME — prints a new API token once; only its digest is kept."""

from django.core.management.base import BaseCommand, CommandError

from reviews.models import ApiToken
from reviews.tokens import api_token_create


class Command(BaseCommand):
    help = "Create an API token for POST /api/bundles and print it (it cannot be shown again)."

    def add_arguments(self, parser):
        parser.add_argument("name", help="Who uses the token, e.g. 'nightly-pipeline'.")

    def handle(self, *args, name: str, **options):
        if ApiToken.objects.filter(name=name).exists():
            raise CommandError(f"name: a token named {name!r} exists already; pick another name")
        _, token = api_token_create(name=name)
        self.stdout.write(token)
        self.stderr.write(f"Token {name!r} created. Keep it now: it is stored only as a digest.")
