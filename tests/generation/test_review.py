"""Manual review as a workflow (issue 17, item 9): the review page of a run shows its answer
beside every layer's errors and its coverage; a reviewer edits the answer (validated again,
recorded as a human edit), re-runs the generation or rejects it, and answers clarification
questions; an assessment with an open question cannot be approved."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from citations.services import assessment_verify
from generation.models import (
    CallKind,
    ClarificationQuestion,
    ExecutionRecord,
    Generation,
    GenerationStatus,
)
from generation.services import (
    GENERATION_TRANSITIONS,
    ReviewRefused,
    generation_create,
    generation_edit,
    generation_reject,
    generation_rerun,
    generation_run,
    question_answer,
)
from generation.sources import load_sources
from reviews.models import Assessment, ReviewState
from reviews.services import ReviewError, assessment_approve
from tests.conftest import row_counts
from tests.pages import page_html

from .conftest import client_for, dumps
from .fake_llm import Answer

pytestmark = pytest.mark.django_db

QUESTION = "여러 검토자 중 담당자는 어떤 기준으로 정합니까?"


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("sam", password="pw", is_staff=True)


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def run(sources_data, fake) -> Generation:
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )
    result = generation_run(generation_id=generation.pk, client=client_for(fake))
    assert isinstance(result, Generation)
    return result


@pytest.fixture
def in_review(sources_data, example_answer, fake_llm) -> Generation:
    """The seed's example answer, twice: invented evidence, values without any."""
    fake = fake_llm([Answer(dumps(example_answer)), Answer(dumps(example_answer))])
    generation = run(sources_data, fake)
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    return generation


def detail_url(generation, action: str = "") -> str:
    name = f"generation:generation_{action}" if action else "generation:generation_detail"
    if action == "answer":
        name = "generation:question_answer"
    return reverse(name, args=[generation.pk])


def test_every_move_out_of_manual_review_is_in_the_transition_table():
    assert GENERATION_TRANSITIONS.targets_from(GenerationStatus.MANUAL_REVIEW) == {
        GenerationStatus.MANUAL_REVIEW,
        GenerationStatus.EDITED,
        GenerationStatus.REJECTED,
        GenerationStatus.RERUN,
    }
    for decided in (GenerationStatus.EDITED, GenerationStatus.REJECTED, GenerationStatus.RERUN):
        assert GENERATION_TRANSITIONS.targets_from(decided) == frozenset()


def test_the_review_page_shows_the_answer_beside_each_layers_errors_and_coverage(
    staff_client, in_review, django_assert_num_queries
):
    # session, user, the run, its records, its questions, its re-runs
    with django_assert_num_queries(6):
        response = staff_client.get(detail_url(in_review))
    assert response.status_code == 200
    page = page_html(response)
    record = in_review.records.get(kind=CallKind.REPAIR)
    assert "Validate the edited answer" in page
    # the answer, escaped in the edit box, and its errors by layer with their paths
    assert "documentPurpose" in page
    for error in record.errors:
        assert error["rule"] in page
    assert "<h3>EV-3</h3>" in page and "<h3>EV-4</h3>" in page
    assert "evidence.not_in_source" in page
    assert 'id="coverage-counts"' in page and "UNMAPPED:" in page
    assert QUESTION in page
    assert "Re-run the generation" in page and "Reject" in page


def test_the_review_page_shows_each_value_beside_its_excerpts_in_the_source(
    staff_client, sources_data, valid_answer, fake_llm
):
    """Seed 002, stage 3 (issue 32, item 2): a real sentence borrowed as evidence for an
    invented participant is flagged and shown beside the value; every other value shows the
    source text it was read from, highlighted in its paragraph."""
    answer = copy.deepcopy(valid_answer)
    answer["participants"].append({"id": "teamLeader", "name": "팀장"})
    answer["evidence"].append(
        {
            "fieldPath": "participants[2]",
            "sourceExcerpt": "검토자는 검토가 요청된 작업 내용을 확인합니다.",
        }
    )
    generation = run(sources_data, fake_llm([Answer(dumps(answer)), Answer(dumps(answer))]))
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    page = page_html(staff_client.get(detail_url(generation)))
    assert "evidence.unsupported" in page
    assert 'id="values"' in page
    row = page[page.index("<code>participants[2]</code>") :].split("</tr>")[0]
    assert "Not supported by its evidence: 팀장" in row
    assert "<mark>검토자는 검토가 요청된 작업 내용을 확인합니다.</mark>" in row
    step = page[page.index("<code>processSteps[1]</code>") :].split("</tr>")[0]
    assert "<mark>요청자가 검토를 요청합니다.</mark>" in step and "Not supported" not in step
    assert page.count('class="value--unsupported"') == 1


def test_the_review_page_lists_every_unmapped_and_excluded_sentence(
    staff_client, sources_data, valid_answer, fake_llm
):
    """Issue 32 item 3: a dropped sentence is an error and is shown, with the excluded ones
    and their reasons."""
    dropped = "검토자는 검토가 요청된 작업을 승인하거나 보완을 요청할 수 있어야 합니다."
    answer = copy.deepcopy(valid_answer)
    answer["excluded"] = [e for e in answer["excluded"] if e["sourceExcerpt"] != dropped]
    generation = run(sources_data, fake_llm([Answer(dumps(answer)), Answer(dumps(answer))]))
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    page = page_html(staff_client.get(detail_url(generation)))
    unmapped = page[page.index('id="unmapped"') :].split("</ul>")[0]
    excluded = page[page.index('id="excluded"') :].split("</ul>")[0]
    assert "DOC ¶3.3" in unmapped and dropped in unmapped
    assert excluded.count("<li>") == 6 and "(heading)" in excluded
    assert "coverage.unmapped" in page


def test_the_review_page_is_for_staff_only(client, in_review):
    reviewer = get_user_model().objects.create_user("rita", password="pw")
    client.force_login(reviewer)
    assert client.get(detail_url(in_review)).status_code == 302  # to the admin login
    before = row_counts()
    assert client.post(detail_url(in_review, "reject"), {"reason": "no"}).status_code == 302
    assert row_counts() == before


def test_a_valid_edit_is_its_own_record_and_goes_on_to_hand_over(
    staff_client, staff, in_review, valid_answer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = staff_client.post(detail_url(in_review, "edit"), {"answer": dumps(valid_answer)})
    assert response.status_code == 302
    in_review.refresh_from_db()
    assert in_review.status == GenerationStatus.EDITED
    assert (in_review.reviewed_by, in_review.reviewed_at is not None) == (staff, True)
    edit = in_review.records.get(kind=CallKind.HUMAN_EDIT)
    assert (edit.edited_by, edit.status, edit.request) == (staff, "valid", {})
    assert list(in_review.records.values_list("kind", flat=True)) == [
        "initial",
        "repair",
        "human_edit",
    ]
    assessment = in_review.assessment
    assert assessment.verification.meta["execution_record"] == edit.pk
    assert json.loads(assessment.verification.response_text) == valid_answer
    assert len(callbacks) == 1  # its verification, queued like any hand-over
    # the valid answer's question is now the assessment's, open
    assert list(in_review.questions.values_list("field", "answered_at")) == [
        ("assignmentRule", None)
    ]


def test_an_edit_that_still_fails_is_recorded_and_stays_in_review(
    staff_client, in_review, example_answer
):
    edited = copy.deepcopy(example_answer)
    edited["documentPurpose"] = "<script>alert(1)</script>"
    response = staff_client.post(detail_url(in_review, "edit"), {"answer": dumps(edited)})
    assert response.status_code == 302
    in_review.refresh_from_db()
    assert in_review.status == GenerationStatus.MANUAL_REVIEW
    assert "answer edited by sam still invalid" in in_review.failure
    assert in_review.records.filter(kind=CallKind.HUMAN_EDIT, status="invalid").count() == 1
    page = page_html(staff_client.get(detail_url(in_review)))
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "human edit by sam" in page


@pytest.mark.parametrize(
    ("action", "data", "error"),
    [
        ("edit", {"answer": ""}, 'id="answer-error"'),
        ("reject", {"reason": ""}, 'id="reason-error"'),
        ("reject", {}, 'id="reason-error"'),
    ],
)
def test_bad_input_is_a_field_error_and_changes_nothing(
    staff_client, in_review, action, data, error
):
    before = row_counts()
    response = staff_client.post(detail_url(in_review, action), data)
    assert response.status_code == 400
    assert error in page_html(response)
    assert row_counts() == before
    in_review.refresh_from_db()
    assert in_review.status == GenerationStatus.MANUAL_REVIEW


def test_reject_records_who_when_and_why(staff_client, staff, in_review):
    response = staff_client.post(detail_url(in_review, "reject"), {"reason": " invented steps "})
    assert response.status_code == 302
    in_review.refresh_from_db()
    assert in_review.status == GenerationStatus.REJECTED
    assert (in_review.reviewed_by, in_review.review_comment) == (staff, "invented steps")
    assert in_review.assessment is None
    page = page_html(staff_client.get(detail_url(in_review)))
    assert "Rejected: invented steps" in page
    assert "Validate the edited answer" not in page  # decided: no more actions


def test_a_rerun_ends_this_run_and_queues_a_new_one_that_can_pass(
    staff_client, staff, in_review, valid_answer, fake_llm, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = staff_client.post(detail_url(in_review, "rerun"))
    in_review.refresh_from_db()
    rerun = in_review.reruns.get()
    assert response.status_code == 302 and response.url == detail_url(rerun)
    assert (in_review.status, in_review.reviewed_by) == (GenerationStatus.RERUN, staff)
    assert (rerun.status, rerun.created_by, rerun.sources) == ("pending", staff, in_review.sources)
    assert (rerun.schema_name, rerun.model_name) == (in_review.schema_name, in_review.model_name)
    assert len(callbacks) == 1  # its task
    fake = fake_llm([Answer(dumps(valid_answer))])
    finished = generation_run(generation_id=rerun.pk, client=client_for(fake))
    assert finished.status == GenerationStatus.ACCEPTED
    page = page_html(staff_client.get(detail_url(in_review)))
    assert f'Re-run as <a href="{detail_url(rerun)}">#{rerun.pk}</a>' in page


def test_only_a_run_in_manual_review_can_be_decided(
    staff, sources_data, valid_answer, fake_llm, in_review
):
    accepted = run(sources_data, fake_llm([Answer(dumps(valid_answer))]))
    generation_reject(generation_id=in_review.pk, reviewer=staff, reason="no")
    for generation in (accepted, in_review):
        before = row_counts()
        with pytest.raises(ReviewRefused, match="not in manual review"):
            generation_edit(generation_id=generation.pk, text=dumps(valid_answer), editor=staff)
        with pytest.raises(ReviewRefused):
            generation_rerun(generation_id=generation.pk, reviewer=staff)
        with pytest.raises(ReviewRefused):
            generation_reject(generation_id=generation.pk, reviewer=staff, reason="again")
        assert row_counts() == before


def test_a_late_second_decision_is_refused_on_the_page(staff_client, in_review, staff):
    generation_reject(generation_id=in_review.pk, reviewer=staff, reason="first")
    response = staff_client.post(detail_url(in_review, "rerun"))
    assert response.status_code == 400
    assert "is rejected in review now, not in manual review" in page_html(response)
    assert not Generation.objects.filter(rerun_of=in_review).exists()


def test_htmx_posts_answer_with_the_review_fragment(staff_client, in_review):
    htmx = {"HX-Request": "true"}
    refused = staff_client.post(detail_url(in_review, "reject"), {}, headers=htmx)
    assert refused.status_code == 200  # htmx swaps 2xx only: the field error is in the fragment
    assert 'id="reason-error"' in page_html(refused)
    in_review.refresh_from_db()
    assert in_review.status == GenerationStatus.MANUAL_REVIEW
    response = staff_client.post(
        detail_url(in_review, "reject"), {"reason": "made up"}, headers=htmx
    )
    assert response.status_code == 200
    body = page_html(response).strip()
    assert body.startswith('<div id="generation-review">') and "<html" not in body
    assert "Rejected: made up" in body and 'id="review-notice"' in body


def handed_over_with_question(sources_data, valid_answer, fake_llm) -> Assessment:
    generation = run(sources_data, fake_llm([Answer(dumps(valid_answer))]))
    assert generation.status == GenerationStatus.ACCEPTED
    assessment_verify(assessment_id=generation.assessment.pk)
    return Assessment.objects.get(pk=generation.assessment.pk)


def test_an_assessment_with_an_open_question_cannot_be_approved_until_it_is_answered(
    staff_client, staff, sources_data, valid_answer, fake_llm
):
    assessment = handed_over_with_question(sources_data, valid_answer, fake_llm)
    generation = assessment.generation
    with pytest.raises(ReviewError, match="Open clarification questions: 1"):
        assessment_approve(assessment=assessment, reviewer=staff, confirm_unverified=True)
    assessment.refresh_from_db()
    assert assessment.review_state == ReviewState.PENDING

    response = staff_client.post(
        detail_url(generation, "answer"),
        {"field": "assignmentRule", "value": "The team lead assigns a reviewer."},
    )
    assert response.status_code == 302
    question = ClarificationQuestion.objects.get(generation=generation)
    assert (question.answer, question.answered_by) == ("The team lead assigns a reviewer.", staff)
    assert question.question == QUESTION
    page = page_html(staff_client.get(detail_url(generation)))
    assert "Answered by sam" in page
    assessment_approve(assessment=assessment, reviewer=staff, confirm_unverified=True)
    assert assessment.review_state == ReviewState.APPROVED


def test_a_value_the_schema_refuses_is_a_field_error_and_changes_nothing(
    staff_client, sources_data, valid_answer, fake_llm
):
    assessment = handed_over_with_question(sources_data, valid_answer, fake_llm)
    before = row_counts()
    response = staff_client.post(
        detail_url(assessment.generation, "answer"), {"field": "assignmentRule", "value": "42"}
    )
    assert response.status_code == 400
    assert "Value: assignmentRule: 42 is not of type" in page_html(response)
    for field in ("documentPurpose", "nope"):
        response = staff_client.post(
            detail_url(assessment.generation, "answer"), {"field": field, "value": "x"}
        )
        assert response.status_code == 400
        assert "there is no open question about this value" in page_html(response)
    assert row_counts() == before


def test_an_answer_in_manual_review_goes_into_the_answer_with_the_reviewer_as_evidence(
    staff, sources_data, valid_answer, fake_llm
):
    """The answer is otherwise broken (an invented excerpt): the reviewer answers the
    question (a human edit, still invalid), then mends the excerpt: valid, handed over."""
    broken = copy.deepcopy(valid_answer)
    broken["evidence"][0]["sourceExcerpt"] = "팀장이 최종 승인합니다."
    generation = run(sources_data, fake_llm([Answer(dumps(broken)), Answer(dumps(broken))]))
    assert generation.status == GenerationStatus.MANUAL_REVIEW

    generation = question_answer(
        generation_id=generation.pk, field="assignmentRule", value="Round robin.", reviewer=staff
    )
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    edit = ExecutionRecord.objects.get(generation=generation, kind=CallKind.HUMAN_EDIT)
    assert edit.parsed["assignmentRule"] == "Round robin."
    assert edit.parsed["missingFields"] == []
    assert {
        "field": "assignmentRule",
        "status": "PRESENT",
        "question": "",
        "answered_by": "sam",
    } in (edit.completeness)
    assert {e["rule"] for e in edit.errors} == {
        "evidence.not_in_source",
        "evidence.missing",
        "coverage.unmapped",  # the step's sentence
    }

    mended = copy.deepcopy(edit.parsed)
    mended["evidence"][0]["sourceExcerpt"] = valid_answer["evidence"][0]["sourceExcerpt"]
    generation = generation_edit(generation_id=generation.pk, text=dumps(mended), editor=staff)
    assert generation.status == GenerationStatus.EDITED
    assert (
        json.loads(generation.assessment.verification.response_text)["assignmentRule"]
        == "Round robin."
    )
    # answered before the hand-over: nothing left open, so the assessment may be approved
    assert not generation.questions.filter(answered_at__isnull=True).exists()


def test_an_assessment_not_generated_is_approved_as_before(staff):
    from reviews.imports import bundle_import

    bundle = {
        "bundle_version": 1,
        "id": "plain",
        "sources": [{"id": "S1", "kind": "document", "text": "The fee is ten euros."}],
        "response": {"format": "markdown", "text": 'It says "The fee is ten euros" [S1].'},
    }
    assessment = bundle_import(raw=bundle).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assessment_approve(assessment=assessment, reviewer=staff)
    assert assessment.review_state == ReviewState.APPROVED


def test_a_rerun_keeps_the_team(staff, in_review):
    from reviews.models import Team

    in_review.team = Team.objects.create(name="Procurement")
    in_review.save(update_fields=["team"])
    rerun = generation_rerun(generation_id=in_review.pk, reviewer=staff)
    assert rerun.team == in_review.team
