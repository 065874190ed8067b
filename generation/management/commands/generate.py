"""python manage.py generate --sources FILE.json --schema task-procedure-v1 [--model M] [--team T]

Runs one generation in this process against LLM_BASE_URL (settings) and prints where it
ended as JSON. The sources file format is documented in ``generation/sources.py``.
Exit status: 0 accepted or repaired (an assessment was handed over to verification, or a
re-run's identical answer was already stored under the sources file's id);
3 manual review or failed; 1 bad input (nothing stored).
"""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from citations.engine import BundleError
from generation.client import chat_client_from_settings
from generation.models import Generation, GenerationStatus
from generation.services import generation_create, generation_run
from generation.sources import load_sources
from reviews.models import Team

NOT_ACCEPTED = 3


class Command(BaseCommand):
    help = (
        "Generate a structured result from a sources file, validate it (one repair at most), "
        'hand a valid answer over to verification. Sources file: {"id"?, "title"?, '
        '"sources": [bundle source objects]}; "eligible": false keeps a source out of the '
        "prompt. Exit 0 accepted/repaired, 3 manual review/failed, 1 bad input."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--sources", required=True, type=Path, help="sources JSON file")
        parser.add_argument("--schema", required=True, help="a registered schema's name")
        parser.add_argument("--model", help="the model to ask (default: LLM_MODEL)")
        parser.add_argument(
            "--team",
            dest="team_name",
            help="the team whose reviewers see the assessment (admin: Teams); "
            "without it only staff do",
        )

    def handle(
        self,
        *args,
        sources: Path,
        schema: str,
        team_name: str | None,
        model: str | None,
        **options,
    ) -> None:
        team = None
        if team_name is not None:
            team = Team.objects.filter(name=team_name).first()
            if team is None:
                # A typo must not store an assessment nobody but staff can open.
                known = ", ".join(repr(t) for t in Team.objects.values_list("name", flat=True))
                raise CommandError(
                    f"--team: no team named {team_name!r} (teams: {known or 'none yet'})"
                )
        try:
            raw = sources.read_bytes()
        except OSError as exc:
            raise CommandError(f"--sources: cannot read {sources}: {exc.strerror}") from None
        try:
            sources_file = load_sources(raw)
        except BundleError as exc:
            raise CommandError(f"--sources {sources}: {exc}") from None
        try:
            generation = generation_create(
                sources_file=sources_file,
                schema_name=schema,
                model_name=model or settings.LLM_MODEL,
                team=team,
            )
        except KeyError as exc:
            raise CommandError(f"--schema: {exc.args[0]}") from None
        result = generation_run(generation_id=generation.pk, client=chat_client_from_settings())
        if not isinstance(result, Generation):  # only if another process took this new run
            raise CommandError(f"generation {generation.pk}: {result.value}")
        generation = result
        summary = {
            "generation": generation.pk,
            "status": generation.status,
            "assessment": generation.assessment_id or generation.reused_assessment_id,
            "records": [
                {"id": r.pk, "kind": r.kind, "status": r.status, "errors": r.errors}
                for r in generation.records.all()
            ],
            "failure": generation.failure,
        }
        self.stdout.write(json.dumps(summary, ensure_ascii=False, indent=2))
        if generation.status not in (GenerationStatus.ACCEPTED, GenerationStatus.REPAIRED):
            raise CommandError(
                f"generation {generation.pk} ended {generation.status}", returncode=NOT_ACCEPTED
            )
