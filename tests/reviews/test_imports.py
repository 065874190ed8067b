import json
from pathlib import Path

import pytest
from django.conf import settings

from citations.engine import BundleError, load_bundle
from reviews.bundles import engine_bundle
from reviews.imports import BundleConflict, bundle_import
from reviews.models import Assessment, Source

SCENARIOS = sorted(
    p
    for p in (settings.SHARED_DIR / "data" / "scenarios").glob("*.json")
    if not p.name.endswith(".expected.json")
)


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_round_trips_through_the_database(path: Path):
    """012.3: eligibility is stored once with the turn and read back unchanged."""
    result = bundle_import(raw=path.read_bytes())
    assert result.created
    assert engine_bundle(result.assessment) == load_bundle(path.read_bytes())


@pytest.mark.django_db
def test_reimporting_the_same_bundle_creates_nothing_new_vb_4():
    path = SCENARIOS[0]
    first = bundle_import(raw=path.read_bytes())
    again = bundle_import(raw=path.read_bytes())
    assert not again.created and again.assessment.pk == first.assessment.pk
    assert Assessment.objects.count() == 1


@pytest.mark.django_db
def test_same_id_with_other_content_is_refused_and_changes_nothing_vb_4():
    data = json.loads(SCENARIOS[0].read_text())
    bundle_import(raw=data)
    data["title"] = "something else"
    before = Source.objects.count()
    with pytest.raises(BundleConflict, match="already submitted"):
        bundle_import(raw=data)
    assert Source.objects.count() == before


@pytest.mark.django_db
def test_bad_source_kind_names_the_field_and_stores_nothing_vb_3():
    data = json.loads(SCENARIOS[0].read_text())
    data["sources"][1]["kind"] = "pdf"
    with pytest.raises(BundleError) as raised:
        bundle_import(raw=data)
    assert raised.value.field == "sources[1].kind"
    assert Assessment.objects.count() == 0 and Source.objects.count() == 0
