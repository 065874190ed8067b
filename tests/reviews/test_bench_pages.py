"""manage.py bench_pages runs and measures what issue 15's "Done when" names: the assessment
page and the source pane at growing quote counts with constant queries, and a 1 MB source
opened whole and searched. A smoke test on small sizes; the figures are not checked."""

import io

import pytest
from django.core.management import call_command

from citations.models import Verification


@pytest.mark.django_db
def test_bench_pages_measures_every_page_it_names_and_leaves_nothing_behind():
    out = io.StringIO()
    call_command("bench_pages", quotes=[4, 8], megabytes=0.05, repeat=2, stdout=out)
    lines = out.getvalue().splitlines()
    for name in ("assessment page", "source pane", "1 MB source view", "1 MB source find"):
        measured = [line for line in lines if line.startswith(name)]
        assert len(measured) == 2, (name, lines)  # once per quote count
        assert all("queries" in line and "target <" in line for line in measured)
    assert lines[-1] == "query counts constant across quote counts: yes"
    assert not Verification.objects.exists()  # rolled back
