"""demo_setup: the demo's bundles and logins, safe to run again (VB-4)."""

import re

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from reviews.models import Assessment
from reviews.selectors import assessments_for_reviewer
from tests.factories import SCENARIOS


def run_demo_setup(capsys) -> dict[str, str]:
    call_command("demo_setup")
    out = capsys.readouterr().out
    return dict(re.findall(r"user '(\w+)'  password '([^']+)'", out))


@pytest.mark.django_db
def test_demo_setup_twice_imports_once_and_prints_working_logins_vb_4(settings, capsys):
    settings.DEBUG = True
    run_demo_setup(capsys)
    logins = run_demo_setup(capsys)
    assert Assessment.objects.count() == len(SCENARIOS)
    reviewer = authenticate(username="reviewer", password=logins["reviewer"])
    admin = authenticate(username="admin", password=logins["admin"])
    assert reviewer is not None and not reviewer.is_staff
    assert admin is not None and admin.is_superuser
    assert assessments_for_reviewer(reviewer=reviewer).count() == len(SCENARIOS)


@pytest.mark.django_db
def test_demo_setup_refuses_to_run_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG only"):
        call_command("demo_setup")
