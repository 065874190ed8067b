"""``import_bundle --wait``: verified in the calling process, through the same service."""

from io import StringIO

import pytest
from django.core.management import call_command

from citations.engine import load_bundle, report_to_dict, verify_bundle
from citations.models import Quote
from reviews.models import Assessment

from .conftest import SCENARIOS, queued_assessment_ids

pytestmark = pytest.mark.django_db(transaction=True)


def test_import_wait_verifies_before_returning_without_a_worker_003_4(broker):
    """003.4: the results are stored when the command returns; no task was sent."""
    path = SCENARIOS / "procurement_review.json"
    out = StringIO()
    call_command("import_bundle", "--wait", str(path), stdout=out)
    assessment = Assessment.objects.get()
    assert "(verification done)" in out.getvalue()
    verification = assessment.verification
    assert verification.verification_state == "done" and verification.verification_run == 1
    report = verify_bundle(load_bundle(path.read_bytes()))
    assert verification.report == report_to_dict(report)
    assert Quote.objects.filter(assessment=assessment.verification).count() == len(report.results)
    assert queued_assessment_ids(broker) == []


def test_import_without_wait_leaves_it_pending_for_a_worker(broker):
    path = SCENARIOS / "procurement_review.json"
    out = StringIO()
    call_command("import_bundle", str(path), stdout=out)
    assessment = Assessment.objects.get()
    assert "(verification pending)" in out.getvalue()
    assert queued_assessment_ids(broker) == [assessment.pk]
