"""Run as a script against an empty database (DATABASE_URL): migrate it to the schema before
issue 16, store rows through those historical models, migrate to the latest schema and print
what is found as JSON (``test_upgrade.py`` compares it)."""

import json
import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
sys.path.insert(0, os.getcwd())

django.setup()

from django.db import DatabaseError, connection, transaction  # noqa: E402
from django.db.migrations.executor import MigrationExecutor  # noqa: E402

BEFORE = [
    ("reviews", "0010_assessment_verification_claimed_by"),
    ("generation", "0006_record_calling_and_retries"),
    ("auth", "0012_alter_user_first_name_max_length"),
    ("contenttypes", "0002_remove_content_type_name"),
]


class Rollback(Exception):
    pass


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def store_old_rows(apps):
    User = apps.get_model("auth", "User")
    Team = apps.get_model("reviews", "Team")
    Turn = apps.get_model("reviews", "Turn")
    Source = apps.get_model("reviews", "Source")
    Assessment = apps.get_model("reviews", "Assessment")
    Quote = apps.get_model("reviews", "Quote")
    Correction = apps.get_model("reviews", "Correction")
    Decision = apps.get_model("reviews", "ReviewDecision")
    Generation = apps.get_model("generation", "Generation")
    reviewer = User.objects.create(username="rita")
    team = Team.objects.create(name="legal")
    for n, state in enumerate(["approved", "pending"], start=1):
        turn = Turn.objects.create()
        source = Source.objects.create(
            turn=turn, key="D1", kind="document", paragraphs=["One.", "Two."], position=0
        )
        assessment = Assessment.objects.create(
            bundle_id=f"b{n}",
            bundle_sha256="0" * 64,
            turn=turn,
            response_format="markdown",
            response_text='"Two." [D1 ¶1]',
            verification_state="done",
            verification_run=1,
            quotes_found=1,
            quotes_corrected=1,
            review_state=state,
            team=team,
            assigned_to=reviewer,
            reviewed_by=reviewer if state == "approved" else None,
        )
        quote = Quote.objects.create(
            assessment=assessment,
            n=1,
            form="inline",
            text="Two.",
            status="corrected",
            reason="relocated_paragraph",
            match_source=source,
            match_paragraph=2,
            corrected_source=source,
            corrected_paragraph=2,
        )
        Correction.objects.create(
            assessment=assessment,
            quote=quote,
            run=1,
            field="paragraph",
            old_value="1",
            new_value="2",
            reason="relocated_paragraph",
            engine_version="old",
        )
        if state == "approved":
            Decision.objects.create(assessment=assessment, reviewer=reviewer, action="approve")
            Generation.objects.create(
                bundle_id="g1",
                schema_name="s",
                model_name="m",
                prompt_version="v",
                sources=[],
                assessment=assessment,
            )


def read_new_rows():
    from citations.models import Correction, Quote, Source, Verification
    from generation.models import Generation
    from reviews.models import Assessment, ReviewDecision

    found = {
        "assessments": [
            [
                a.bundle_id,
                a.verification_state,
                a.quotes_corrected,
                a.review_state,
                a.team.name,
                a.assigned_to.username,
                a.reviewed_by and a.reviewed_by.username,
                [q.text for q in a.quotes.all()],
                a.turn.sources.get().key,
            ]
            for a in Assessment.objects.order_by("bundle_id")
        ],
        "verifications": Verification.objects.count(),
        "sources": Source.objects.count(),
        "quotes": [
            [q.assessment.bundle_id, q.match_source.key, q.corrected_paragraph]
            for q in Quote.objects.order_by("pk")
        ],
        "corrections": [
            [c.assessment.bundle_id, c.quote.n, c.old_value, c.new_value]
            for c in Correction.objects.order_by("pk")
        ],
        "decisions": [
            [d.assessment.bundle_id, d.assessment.review_state, d.reviewer.username]
            for d in ReviewDecision.objects.all()
        ],
        "generations": [g.assessment.bundle_id for g in Generation.objects.all()],
        # Issue 30 item 4: bundle ids stored before are their assessment's team's.
        "owners": [
            [a.bundle_id, a.owner == f"team:{a.team_id}"]
            for a in Assessment.objects.order_by("bundle_id")
        ],
        # Issue 13: results stored before layouts get theirs, read once by the migration.
        "layouts": [
            [v.bundle_id, [q["text"] for q in v.layout["quotes"]]]
            for v in Verification.objects.order_by("bundle_id")
        ],
    }
    # PostgreSQL's append-only triggers (on the tables kept by name) still refuse both.
    refused = {}
    for name, rows, column in (
        ("correction", Correction.objects, "new_value"),
        ("decision", ReviewDecision.objects, "comment"),
    ):
        for action in ("update", "delete"):
            try:
                with transaction.atomic():
                    rows.update(
                        **{column: "changed"}
                    ) if action == "update" else rows.all().delete()
                    raise Rollback  # SQLite has no triggers: keep the rows all the same
            except DatabaseError:
                refused[f"{name} {action}"] = True
            except Rollback:
                refused[f"{name} {action}"] = False
    found["append_only_refused"] = refused
    return found


def main():
    store_old_rows(migrate(BEFORE))
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())
    print(json.dumps({"vendor": connection.vendor, **read_new_rows()}))


main()
