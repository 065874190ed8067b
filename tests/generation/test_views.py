"""Generation pages: the staff form, the list / manual-review queue, the record page."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from citations.services import assessment_verify
from generation.models import Generation, GenerationStatus
from generation.services import generation_create, generation_run
from generation.sources import load_sources
from generation.tasks import run_generation
from tests.conftest import row_counts
from tests.pages import page_html

from .conftest import SECRET, client_for, dumps
from .fake_llm import Answer, Status

pytestmark = pytest.mark.django_db

NEW_URL = reverse("generation:generation_new")
LIST_URL = reverse("generation:generation_list")


def record_url(record) -> str:
    return reverse("generation:record_detail", args=[record.pk])


def generation_url(generation) -> str:
    return reverse("generation:generation_detail", args=[generation.pk])


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("sam", password="pw", is_staff=True)


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def reviewer(db):
    return get_user_model().objects.create_user("rita", password="pw")


def generated(sources_data, fake, max_retries: int = 0, **overrides) -> Generation:
    generation = generation_create(
        sources_file=load_sources({**sources_data, **overrides}),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )
    return generation_run(
        generation_id=generation.pk, client=client_for(fake, max_retries=max_retries)
    )


@pytest.fixture
def accepted(sources_data, valid_answer, fake_llm) -> Generation:
    return generated(sources_data, fake_llm([Answer(dumps(valid_answer))]))


@pytest.fixture
def manual_review(sources_data, example_answer, fake_llm) -> Generation:
    raw = dumps(example_answer)
    return generated(sources_data, fake_llm([Answer(raw), Answer(raw)]), id="mr-1")


def upload(data, name="sources.json") -> SimpleUploadedFile:
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


def test_the_form_is_for_staff_only(client, reviewer, sources_data):
    for user in (None, reviewer):
        if user is not None:
            client.force_login(user)
        before = row_counts()
        response = client.post(NEW_URL, {"sources_file": upload(sources_data)})
        assert response.status_code == 302
        assert reverse("admin:login") in response["Location"]
        assert row_counts() == before


def test_staff_start_a_generation_and_a_worker_task_is_queued(
    staff_client, staff, sources_data, django_capture_on_commit_callbacks
):
    page = staff_client.get(NEW_URL)
    assert page.status_code == 200
    assert b"task-procedure-v1" in page.content
    with django_capture_on_commit_callbacks() as callbacks:
        response = staff_client.post(
            NEW_URL, {"sources_file": upload(sources_data), "schema": "task-procedure-v1"}
        )
    assert response.status_code == 302 and response["Location"] == LIST_URL
    generation = Generation.objects.get()
    assert generation.status == GenerationStatus.PENDING
    assert generation.created_by == staff
    assert [s["eligible"] for s in generation.sources] == [True, False]
    assert len(callbacks) == 1


def test_the_task_runs_the_generation_against_the_configured_endpoint(
    settings, sources_data, valid_answer, fake_llm
):
    """The Celery task body: settings name the endpoint, the run ends accepted."""
    fake = fake_llm([Answer(dumps(valid_answer))])
    settings.LLM_BASE_URL = fake.base_url
    settings.LLM_MODEL = "configured-model"
    settings.LLM_MAX_RETRIES = 0
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="configured-model",
    )
    assert run_generation(generation.pk) == "accepted"
    assert run_generation(generation.pk) == "skipped"  # a second delivery does nothing
    assert [body["model"] for body in fake.requests] == ["configured-model"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "not valid JSON"),
        (
            json.dumps({"sources": [{"id": "D", "kind": "pdf", "text": "x"}]}).encode(),
            "sources[0].kind",
        ),
        (json.dumps({"sources": [], "extra": 1}).encode(), "extra: unknown field"),
        (
            json.dumps(
                {"sources": [{"id": "D", "kind": "document", "eligible": False, "text": "x"}]}
            ).encode(),
            "no source is eligible",
        ),
    ],
    ids=["not-json", "bad-kind", "unknown-key", "nothing-eligible"],
)
def test_a_bad_sources_file_is_refused_naming_the_field_vb_3(staff_client, content, message):
    """VB-3: a clear error naming the field, status 400, nothing stored."""
    before = row_counts()
    response = staff_client.post(
        NEW_URL, {"sources_file": upload(content), "schema": "task-procedure-v1"}
    )
    assert response.status_code == 400
    assert message in page_html(response)
    assert row_counts() == before


@pytest.mark.parametrize(
    ("with_file", "schema", "message"),
    [
        (False, "task-procedure-v1", "Sources file (JSON): This field is required."),
        (True, "invoice-v9", "Output schema: Select a valid choice."),
        (True, None, "Output schema: This field is required."),
    ],
)
def test_missing_or_unknown_form_fields_are_named_vb_3(
    staff_client, sources_data, with_file, schema, message
):
    fields = {} if schema is None else {"schema": schema}
    if with_file:
        fields["sources_file"] = upload(sources_data)
    before = row_counts()
    response = staff_client.post(NEW_URL, fields)
    assert response.status_code == 400
    assert message in page_html(response)
    assert row_counts() == before


def test_the_list_filters_the_manual_review_queue_ev_7(
    staff_client, accepted, manual_review, django_assert_num_queries
):
    """EV-7: runs that failed twice are listed under manual review, with their calls and a
    link to their review page."""
    # session, user, count, rows, their records, tokens and cost of all the runs listed
    with django_assert_num_queries(6):
        response = staff_client.get(LIST_URL, {"status": "manual_review"})
    html = page_html(response)

    def row(generation) -> str:
        return f'<a href="{generation_url(generation)}">#{generation.pk} '

    assert row(manual_review) in html and row(accepted) not in html
    assert f'<a class="button" href="{generation_url(manual_review)}">Review</a>' in html
    for record in manual_review.records.all():
        assert record_url(record) in html
    everything = page_html(staff_client.get(LIST_URL))
    assert row(accepted) in everything
    assert reverse("reviews:assessment_detail", args=[accepted.assessment_id]) in everything


def test_the_list_fragment_for_htmx_is_only_the_rows(staff_client, accepted):
    response = staff_client.get(LIST_URL, headers={"HX-Request": "true"})
    html = page_html(response)
    assert html.lstrip().startswith('<div id="generation-rows"')
    assert "<html" not in html


def test_the_record_page_shows_coverage_and_clarification_questions_ev_5_ev_6(
    staff_client, accepted, django_assert_num_queries
):
    """EV-5/EV-6 for reviewers: which source sentences were mapped, and the questions."""
    record = accepted.records.get()
    with django_assert_num_queries(5):  # session, user, record, siblings, quotes
        response = staff_client.get(record_url(record))
    html = page_html(response)
    assert "여러 검토자 중 담당자는 어떤 기준으로 정합니까?" in html
    assert "MAPPED: 10" in html and "EXCLUDED: 7" in html and "UNMAPPED: 0" in html
    assert "DOC ¶5.3" in html and "processSteps[1]" in html
    assert reverse("reviews:assessment_detail", args=[accepted.assessment_id]) in html


def test_the_record_page_shows_the_verified_evidence_quotes_beside_coverage_003_4(
    staff_client, accepted, django_assert_num_queries
):
    """The handed-over answer's evidence excerpts with their verification status (003.4),
    each linked to the quote on the assessment page."""
    record = accepted.records.get()
    pending = page_html(staff_client.get(record_url(record)))
    assert "Verification of the evidence quotes: pending." in pending
    assert assessment_verify(assessment_id=accepted.assessment_id).value == "stored"
    with django_assert_num_queries(5):
        html = page_html(staff_client.get(record_url(record)))
    assert html.count('class="count is-verified"') == 10
    assessment_url = reverse("reviews:assessment_detail", args=[accepted.assessment_id])
    assert f'href="{assessment_url}?quote=3#q3"' in html
    assert "DOC ¶6" in html


def test_a_reruns_pages_link_the_assessment_it_found_identical(
    staff_client, sources_data, valid_answer, fake_llm, django_assert_num_queries
):
    """Issue 17 item 8: a re-run whose answer was already stored shows that assessment, in
    the list and on its record page with the verified quotes, in as many queries."""
    answer = dumps(valid_answer)
    first = generated(sources_data, fake_llm([Answer(answer)]), id="procedure-1")
    rerun = generated(sources_data, fake_llm([Answer(answer)]), id="procedure-1")
    assert rerun.reused_assessment_id == first.assessment_id
    assert assessment_verify(assessment_id=first.assessment_id).value == "stored"
    assessment_url = reverse("reviews:assessment_detail", args=[first.assessment_id])
    url = record_url(rerun.records.get())
    with django_assert_num_queries(5):
        html = page_html(staff_client.get(url))
    assert 'id="reused"' in html and "procedure-1" in html
    assert f'href="{assessment_url}"' in html
    assert html.count('class="count is-verified"') == 10
    listed = page_html(staff_client.get(LIST_URL))
    assert listed.count(f'href="{assessment_url}"') == 2
    assert "(re-run, identical)" in listed


@pytest.mark.parametrize(
    ("script", "says"),
    [
        ([Status(500)], "None: no answer arrived."),
        ([Answer("not json"), Answer("{")], "None: the answer is not one JSON object."),
    ],
    ids=["transport-error", "not-json"],
)
def test_a_record_without_a_validated_answer_does_not_claim_its_values_came_from_the_sources(
    staff_client, sources_data, fake_llm, script, says
):
    """Issue 17 item 10: a transport-error record said "every required value came from the
    sources"."""
    generation = generated(sources_data, fake_llm(script))
    for record in generation.records.all():
        html = page_html(staff_client.get(record_url(record)))
        assert "came from the sources" not in html
        assert says in html


def test_an_invalid_answer_without_questions_says_it_failed_validation(
    staff_client, sources_data, example_answer, fake_llm
):
    answer = copy.deepcopy(example_answer)
    answer["missingFields"] = []
    answer["assignmentRule"] = "검토자가 정합니다."
    raw = dumps(answer)
    generation = generated(sources_data, fake_llm([Answer(raw), Answer(raw)]))
    html = page_html(staff_client.get(record_url(generation.records.first())))
    assert "came from the sources" not in html
    assert "every required value was given, but the answer failed validation" in html


def test_the_coverage_fragment_filters_by_status(staff_client, accepted):
    record = accepted.records.get()
    response = staff_client.get(
        record_url(record), {"coverage": "MAPPED"}, headers={"HX-Request": "true"}
    )
    html = page_html(response)
    assert html.lstrip().startswith('<div id="coverage"')
    assert "DOC ¶5.3" in html and "DOC ¶1.1" not in html  # ¶1.1, the title, is excluded
    full = page_html(staff_client.get(record_url(record), {"coverage": "EXCLUDED"}))
    assert "DOC ¶1.1" in full and "DOC ¶5.3" not in full and "<html" in full


def test_the_record_page_shows_errors_of_a_failed_answer_ev_8(staff_client, manual_review):
    first = manual_review.records.get(kind="initial")
    html = page_html(staff_client.get(record_url(first)))
    assert "evidence.not_in_source" in html and "$.evidence[2].sourceExcerpt" in html
    assert "still invalid" in html


def test_untrusted_text_on_the_record_page_is_escaped_vb_6(
    staff_client, sources_data, valid_answer, fake_llm
):
    """VB-6: source text, answer values and questions from the model are escaped."""
    data = copy.deepcopy(sources_data)
    data["sources"][0]["text"] += "\n\n<script>alert('src')</script>"
    answer = copy.deepcopy(valid_answer)
    answer["missingFields"][0]["question"] = "<img src=x onerror=alert(1)>?"
    generation = generated(data, fake_llm([Answer(dumps(answer))]))
    html = page_html(staff_client.get(record_url(generation.records.get())))
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert" in html and "&lt;img src=x onerror=alert(1)&gt;?" in html


def test_reviewers_see_records_only_of_assessments_they_may_see_vb_7(
    client, reviewer, accepted, manual_review
):
    """VB-7: a reviewer sees a record only through an assessment visible to them."""
    client.force_login(reviewer)
    record = accepted.records.get()
    assert client.get(record_url(record)).status_code == 404
    accepted.assessment.assigned_to = reviewer
    accepted.assessment.save(update_fields=["assigned_to"])
    assert client.get(record_url(record)).status_code == 200
    for unhanded in manual_review.records.all():
        assert client.get(record_url(unhanded)).status_code == 404
    assert client.get(LIST_URL).status_code == 302  # the list is staff-only


def test_a_reviewer_sees_a_reruns_record_through_the_assessment_it_reused_vb_7(
    client, reviewer, sources_data, valid_answer, fake_llm
):
    answer = dumps(valid_answer)
    first = generated(sources_data, fake_llm([Answer(answer)]), id="procedure-1")
    rerun = generated(sources_data, fake_llm([Answer(answer)]), id="procedure-1")
    client.force_login(reviewer)
    url = record_url(rerun.records.get())
    assert client.get(url).status_code == 404
    first.assessment.assigned_to = reviewer
    first.assessment.save(update_fields=["assigned_to"])
    assert client.get(url).status_code == 200


def test_admin_lists_generations_links_records_and_starts_with_the_form(
    admin_client, accepted, manual_review
):
    changelist = reverse("admin:generation_generation_changelist")
    html = page_html(admin_client.get(changelist, {"status__exact": "manual_review"}))
    assert "still invalid" in html
    add = admin_client.get(reverse("admin:generation_generation_add"))
    assert add.status_code == 302 and add["Location"] == NEW_URL
    change = page_html(
        admin_client.get(reverse("admin:generation_generation_change", args=[manual_review.pk]))
    )
    for record in manual_review.records.all():
        assert record_url(record) in change
    records = admin_client.get(reverse("admin:generation_executionrecord_changelist"))
    assert record_url(accepted.records.get()) in page_html(records)
    schemas = admin_client.get(reverse("admin:generation_registeredschema_changelist"))
    assert "task-procedure-v1" in page_html(schemas)
    schema = accepted.schema
    detail = admin_client.get(reverse("admin:generation_registeredschema_change", args=[schema.pk]))
    assert detail.status_code == 200 and "sourceExcerpt" in page_html(detail)


def test_a_generated_assessment_links_its_coverage_and_questions_from_the_review_page(
    staff_client, accepted
):
    """Hand-over: reviewers reach coverage and clarification questions from the assessment."""
    record = accepted.records.get()
    page = staff_client.get(reverse("reviews:assessment_detail", args=[accepted.assessment_id]))
    assert record_url(record) in page_html(page)
    nav = page_html(staff_client.get(LIST_URL))
    assert 'aria-current="page"' in nav and 'href="/generation/"' in nav


def test_a_generation_started_for_a_team_is_seen_by_its_reviewers(
    staff_client, staff, reviewer, sources_data, valid_answer, fake_llm
):
    """Issue 17, item 10: a generated assessment had no team, so no reviewer saw it. The
    form offers the teams, the staff member's own one first."""
    from reviews.models import Team
    from reviews.selectors import assessments_for_reviewer

    team = Team.objects.create(name="Procurement")
    team.members.add(staff, reviewer)
    Team.objects.create(name="Legal")
    form_page = page_html(staff_client.get(NEW_URL))
    assert f'<option value="{team.pk}" selected>Procurement</option>' in form_page
    response = staff_client.post(
        NEW_URL,
        {"sources_file": upload(sources_data), "schema": "task-procedure-v1", "team": team.pk},
    )
    assert response.status_code == 302
    generation = Generation.objects.get()
    assert generation.team == team
    generation_run(
        generation_id=generation.pk, client=client_for(fake_llm([Answer(dumps(valid_answer))]))
    )
    generation.refresh_from_db()
    assert generation.assessment.team == team
    assert generation.assessment in assessments_for_reviewer(reviewer=reviewer)
    outsider = get_user_model().objects.create_user("olga")
    assert not assessments_for_reviewer(reviewer=outsider).exists()


def test_an_unknown_team_is_a_field_error_and_stores_nothing(staff_client, sources_data):
    response = staff_client.post(
        NEW_URL, {"sources_file": upload(sources_data), "schema": "task-procedure-v1", "team": 999}
    )
    assert response.status_code == 400
    assert 'id="team-error"' in page_html(response)
    assert not Generation.objects.exists()


def test_the_list_shows_repairing_and_token_totals(
    staff_client, manual_review, accepted, django_assert_num_queries
):
    """Issue 17, item 10: a run making its repair call showed only 'running', and the
    list had no token figures."""
    from generation.models import CallKind

    repairing = Generation.objects.get(pk=manual_review.pk)
    repairing.records.filter(kind=CallKind.REPAIR).update(status="calling", total_tokens=None)
    Generation.objects.filter(pk=repairing.pk).update(status=GenerationStatus.RUNNING)
    # session, user, count, rows, their records, the usage of all: the annotations add none
    with django_assert_num_queries(6):
        html = page_html(staff_client.get(LIST_URL))
    assert "repairing…" in html
    assert "<td>200</td>" in html  # the accepted run's one call: 120 + 80
    assert "repair: calling" in html


def test_the_record_page_lists_the_attempts_before_the_answer(
    staff_client, sources_data, valid_answer, fake_llm
):
    generation = generated(
        sources_data, fake_llm([Status(502), Answer(dumps(valid_answer))]), max_retries=1
    )
    record = generation.records.get()
    html = page_html(staff_client.get(record_url(record)))
    assert 'id="retried"' in html and "Attempts before this one" in html
    assert "InternalServerError" in html and "502" in html


def test_a_run_uses_the_model_chosen_on_the_form(
    staff_client, sources_data, valid_answer, fake_llm, settings
):
    """Issue 17, item 10: every run used LLM_MODEL; the form now names the model (it starts
    as LLM_MODEL, and empty means LLM_MODEL)."""
    settings.LLM_MODEL = "default-model"
    assert 'value="default-model"' in page_html(staff_client.get(NEW_URL))
    data = {"sources_file": upload(sources_data), "schema": "task-procedure-v1"}
    staff_client.post(NEW_URL, {**data, "model": " other-model "})
    staff_client.post(NEW_URL, {**data, "sources_file": upload(sources_data), "model": ""})
    chosen, default = Generation.objects.order_by("pk")
    assert (chosen.model_name, default.model_name) == ("other-model", "default-model")
    fake = fake_llm([Answer(dumps(valid_answer))])
    generation_run(generation_id=chosen.pk, client=client_for(fake))  # client's model: fake-model
    assert fake.requests[0]["model"] == "other-model"
    assert chosen.records.get().model_name == "other-model"


def test_the_prompt_preview_shows_what_would_be_sent_and_stores_nothing(staff_client, sources_data):
    before = row_counts()
    response = staff_client.post(
        NEW_URL,
        {"sources_file": upload(sources_data), "schema": "task-procedure-v1", "preview": "1"},
    )
    assert response.status_code == 200
    html = page_html(response)
    assert 'id="prompt-preview"' in html
    assert "&lt;sources&gt;" in html and "[DOC ¶1]" in html
    assert SECRET not in html  # the ineligible source stays out, as in the real prompt
    assert row_counts() == before
