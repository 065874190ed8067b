"""A claim records the process holding it, so the claim of a process that is gone is taken
over at once rather than one stale period later (issue 13, reliability), in-process. The
real worker whose pool child is SIGKILLed is in ``test_workers.py``."""

import os
import subprocess

import pytest

from citations.models import Quote, VerificationState
from citations.services import (
    VerifyOutcome,
    assessment_claim,
    assessment_verify,
    assessments_sweep,
    claim_owner,
    claim_owner_is_gone,
)
from reviews.models import Assessment

from .conftest import import_scenario
from .test_workers import SCENARIO, assert_exactly_one_result_set

pytestmark = pytest.mark.django_db


def ended_process_owner() -> str:
    """The claim owner of a process of this machine that has ended since."""
    process = subprocess.Popen(["sleep", "30"])
    owner = claim_owner(pid=process.pid)
    process.kill()
    process.wait()
    return owner


def claimed_by(owner: str) -> Assessment:
    """A pending assessment claimed, and the claim handed to ``owner``."""
    assessment = import_scenario(SCENARIO, enqueue=False)
    assert assessment_claim(assessment_id=assessment.pk) is not None
    Assessment.objects.filter(pk=assessment.pk).update(verification_claimed_by=owner)
    return assessment


def test_this_process_is_alive_and_an_ended_one_is_gone():
    assert claim_owner().split(" ")[-2] == str(os.getpid())
    assert not claim_owner_is_gone(claim_owner())
    assert claim_owner_is_gone(ended_process_owner())


def test_a_pid_used_again_by_another_process_is_gone():
    """The start time tells a later process with the same pid from the claim's."""
    machine, pid, started = claim_owner().rsplit(" ", 2)
    assert started, "Linux records the start time"
    assert claim_owner_is_gone(f"{machine} {pid} {int(started) - 1}")


@pytest.mark.parametrize(
    "owner",
    [
        "another-machine:pid:[4026531836] 1 1",  # another machine: only its stale period tells
        "",  # recorded before claims had owners
        "not an owner",
    ],
)
def test_a_claim_this_machine_cannot_judge_is_not_gone(owner):
    assert not claim_owner_is_gone(owner)
    assessment = claimed_by(owner)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.BUSY
    assert not Quote.objects.filter(assessment=assessment).exists()


def test_the_claim_of_an_ended_process_is_taken_over_at_once_and_counts_as_a_crash():
    assessment = claimed_by(ended_process_owner())
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    assert assessment.verification_attempts == 2
    assert assessment.verification_crashes == 1  # a bundle killing every worker still ends
    assert assessment.verification_claimed_by == claim_owner()
    assert_exactly_one_result_set([assessment.pk])


def test_a_claim_taken_over_by_another_claimant_first_is_left_to_it():
    """Two claimants saw the same process gone: the second finds the first's live claim."""
    dead = ended_process_owner()
    assessment = claimed_by(dead)
    assert assessment_claim(assessment_id=assessment.pk, dead_owner=dead) is not None
    assert assessment_claim(assessment_id=assessment.pk, dead_owner=dead) is None
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.BUSY


def test_the_sweep_resends_a_claim_whose_process_is_gone_before_it_is_stale():
    gone = claimed_by(ended_process_owner())
    alive = import_scenario(SCENARIO, bundle_id="alive", enqueue=False)
    assert assessment_claim(assessment_id=alive.pk) is not None  # held by this process
    assert assessments_sweep() == [gone.pk]
    assert Assessment.objects.get(pk=gone.pk).verification_state == VerificationState.RUNNING
