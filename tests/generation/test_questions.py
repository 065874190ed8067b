"""Clarification questions (issue 32, item 4): a question names a required field left empty;
an answer must be a value the field's schema takes (``null`` is none); answers reach the
export and the API; a team's reviewers answer on the assessment page."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse

from citations.services import assessment_verify
from generation.models import GenerationStatus
from generation.schemas import TASK_PROCEDURE_V1
from generation.services import AnswerRefused, generation_create, generation_run, question_answer
from generation.sources import load_sources
from generation.validation import validate_answer
from reviews.models import Assessment, Team
from reviews.selectors import QuestionKeys, question_keys_for
from reviews.tokens import api_token_create
from tests.conftest import row_counts
from tests.reviews.review_data import user

from .conftest import client_for, dumps
from .fake_llm import Answer


def rules_of(answer, turn) -> list[tuple[str, str]]:
    return [
        (e.path, e.rule) for e in validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1).errors
    ]


@pytest.mark.parametrize(
    "field_path",
    ["processSteps[7].actorId", "processSteps[1].actorId", "rules", "approver"],
)
def test_a_question_names_a_required_field_of_the_schema(valid_answer, sources_data, field_path):
    """Issue 32: a question about processSteps[7].actorId passed and blocked approval for
    ever; one about a value no answer could fill is refused now."""
    turn = load_sources(sources_data).turn
    answer = copy.deepcopy(valid_answer)
    answer["missingFields"].append({"fieldPath": field_path, "question": "누구입니까?"})
    assert rules_of(answer, turn) == [
        ("$.missingFields[1].fieldPath", "completeness.unknown_field")
    ]


@pytest.fixture
def team(db) -> Team:
    return Team.objects.create(name="operations")


@pytest.fixture
def handed_over(team, sources_data, valid_answer, fake_llm) -> Assessment:
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="fake-model",
        team=team,
    )
    fake = fake_llm([Answer(dumps(valid_answer))])
    generation = generation_run(generation_id=generation.pk, client=client_for(fake))
    assert generation.status == GenerationStatus.ACCEPTED
    assessment_verify(assessment_id=generation.assessment.pk)
    return Assessment.objects.get(pk=generation.assessment.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("empty", [None, "", "  ", []])
def test_an_empty_value_is_no_answer(team, handed_over, empty):
    """Issue 32: typing null answered the question and unblocked approval."""
    reviewer = user("rita", teams=(team,))
    before = row_counts()
    with pytest.raises(AnswerRefused, match="is no answer"):
        question_answer(
            generation_id=handed_over.generation.pk,
            field="assignmentRule",
            value=empty,
            reviewer=reviewer,
        )
    assert row_counts() == before


@pytest.mark.django_db
def test_a_team_reviewer_answers_on_the_assessment_page_and_it_reaches_export_and_api(
    client, team, handed_over
):
    reviewer = user("rita", teams=(team,))
    client.force_login(reviewer)
    page_url = reverse("reviews:assessment_detail", args=[handed_over.pk])
    page = client.get(page_url).content.decode()
    answer_url = reverse("generation:assessment_question_answer", args=[handed_over.generation.pk])
    assert 'id="clarifications"' in page and f'action="{answer_url}"' in page

    refused = client.post(answer_url, {"field": "assignmentRule", "value": "null"}, follow=True)
    assert "Not recorded: assignmentRule: null is no answer" in refused.content.decode()
    response = client.post(answer_url, {"field": "assignmentRule", "value": "순번대로 배정한다."})
    assert response.status_code == 302 and response.url == f"{page_url}#clarifications"
    page = client.get(page_url).content.decode()
    assert "Answered by rita" in page

    _, token = api_token_create(name="ops", team=team)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    result = client.get(f"/api/assessments/{handed_over.pk}", **auth).json()
    [asked] = result["clarifications"]
    assert (asked["field"], asked["answer"]["value"], asked["answer"]["by"]) == (
        "assignmentRule",
        "순번대로 배정한다.",
        "rita",
    )
    exported = json.loads(client.get(f"/api/assessments/{handed_over.pk}/export", **auth).content)
    assert exported["assignmentRule"] == "순번대로 배정한다."
    assert exported["missingFields"] == []  # the question answered is no longer asked


@pytest.mark.django_db
def test_another_teams_reviewer_cannot_answer(client, handed_over):
    client.force_login(user("otto", teams=(Team.objects.create(name="other"),)))
    before = row_counts()
    answer_url = reverse("generation:assessment_question_answer", args=[handed_over.generation.pk])
    response = client.post(answer_url, {"field": "assignmentRule", "value": "x"})
    assert response.status_code == 404
    assert row_counts() == before


def test_answers_are_set_at_their_field_paths_under_the_schemas_question_keys():
    """The export applies each answer at its field path, nested too, and removes the
    questions about it from the list the registered schema names (not the article's)."""
    from reviews.verdicts import with_answers

    exported = json.dumps(
        {
            "steps": [{"who": None, "what": "정리한다."}],
            "asks": [
                {"path": "steps[0].who", "text": "누가?"},
                {"path": "deadline", "text": "언제?"},
            ],
            "missingFields": [{"fieldPath": "steps[0].who", "question": "kept: not this schema's"}],
        }
    )
    keys = QuestionKeys(array="asks", field_path="path")
    result = json.loads(
        with_answers(exported, {"steps[0].who": "검토자", "steps[9].who": "x"}, keys)
    )
    assert result["steps"] == [{"who": "검토자", "what": "정리한다."}]  # steps[9]: no place
    assert result["asks"] == [{"path": "deadline", "text": "언제?"}]
    assert len(result["missingFields"]) == 1


@pytest.mark.django_db
def test_the_exports_question_keys_are_read_from_the_registered_schema(handed_over):
    assert question_keys_for(assessment_id=handed_over.pk) == QuestionKeys(
        "missingFields", "fieldPath"
    )
    schema = handed_over.generation.schema
    schema.definition = {
        **schema.definition,
        "questions": {"path": "$.asks[*]", "field_path": "path", "question": "text"},
    }
    schema.save(update_fields=["definition"])
    assert question_keys_for(assessment_id=handed_over.pk) == QuestionKeys("asks", "path")
