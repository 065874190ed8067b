"""A claim records the process holding it, so the claim of a process that is gone is taken
over at once rather than one stale period later, and its owner's heartbeat, so the claim of
an owner that fell silent on another machine is taken over too (issue 13, reliability),
in-process. Real workers killed mid-claim are in ``test_workers.py``."""

import os
import subprocess
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models.functions import Now

from citations.models import Quote, Verification, VerificationState
from citations.services import (
    Claim,
    VerifyOutcome,
    _beat,
    _heartbeat,
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
    Verification.objects.filter(pk=assessment.pk).update(verification_claimed_by=owner)
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
    assert not Quote.objects.filter(assessment=assessment.verification).exists()


def test_the_claim_of_an_ended_process_is_taken_over_at_once_and_counts_as_a_crash():
    assessment = claimed_by(ended_process_owner())
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    assert assessment.verification.verification_attempts == 2
    assert (
        assessment.verification.verification_crashes == 1
    )  # a bundle killing every worker still ends
    assert assessment.verification.verification_claimed_by == claim_owner()
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
    assert Verification.objects.get(pk=gone.pk).verification_state == VerificationState.RUNNING


# -- Heartbeats: what another machine can know ------------------------------------------------
# Another machine cannot see the claim's process, but its owner refreshes the claim's
# heartbeat while it works: a claim whose heartbeat fell silent is taken over by any worker.

FOREIGN = "another-machine:pid:[4026531836] 4242 1"


def silent(assessment: Assessment, *, extra: int = 1) -> None:
    """The claim's last heartbeat, by the database's clock, past the silent period."""
    Verification.objects.filter(pk=assessment.pk).update(
        verification_heartbeat_at=Now()
        - timedelta(seconds=settings.VERIFICATION_SILENT_SECONDS + extra)
    )


def test_a_silent_claim_of_another_machine_is_taken_over_and_counts_as_a_crash(caplog):
    assessment = claimed_by(FOREIGN)
    silent(assessment)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    assert (
        assessment.verification.verification_attempts,
        assessment.verification.verification_crashes,
    ) == (2, 1)
    assert assessment.verification.verification_claimed_by == claim_owner()
    assert "its claim's owner fell silent" in caplog.text
    assert_exactly_one_result_set([assessment.pk])


def test_a_claim_of_another_machine_whose_owner_beats_is_left_to_it():
    """The claim itself is the first beat: a claim just made is not silent, wherever it is."""
    assessment = claimed_by(FOREIGN)
    silent(assessment, extra=-2)  # beat two seconds inside the silent period
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.BUSY
    assert not Quote.objects.filter(assessment=assessment.verification).exists()
    assert Verification.objects.get(pk=assessment.pk).verification_attempts == 1


def test_a_claim_made_before_heartbeats_waits_for_the_stale_period():
    assessment = claimed_by(FOREIGN)
    Verification.objects.filter(pk=assessment.pk).update(verification_heartbeat_at=None)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.BUSY
    assert assessments_sweep() == []


def test_a_silent_claim_is_taken_over_once_by_two_claimants():
    """Both saw it silent: the first takeover beats, so the second finds a live claim."""
    assessment = claimed_by(FOREIGN)
    silent(assessment)
    database_now = Verification.objects.annotate(now=Now()).values_list("now", flat=True)[0]
    bound = database_now - timedelta(seconds=settings.VERIFICATION_SILENT_SECONDS)
    assert assessment_claim(assessment_id=assessment.pk, silent_before=bound) is not None
    assert assessment_claim(assessment_id=assessment.pk, silent_before=bound) is None
    assert Verification.objects.get(pk=assessment.pk).verification_attempts == 2


def test_the_sweep_resends_a_silent_claim_of_another_machine_before_it_is_stale():
    beating = claimed_by(FOREIGN)
    quiet = import_scenario(SCENARIO, bundle_id="quiet", enqueue=False)
    assert assessment_claim(assessment_id=quiet.pk) is not None
    Verification.objects.filter(pk=quiet.pk).update(verification_claimed_by=FOREIGN)
    silent(quiet)
    assert assessments_sweep() == [quiet.pk]
    assert Verification.objects.get(pk=beating.pk).verification_state == VerificationState.RUNNING


@pytest.mark.django_db(transaction=True)
def test_the_owner_beats_while_it_works_and_stops_once_its_claim_is_gone(settings):
    """The heartbeat thread refreshes a claim it holds, by the database's clock, and a beat
    of a claim taken over changes nothing."""
    settings.VERIFICATION_HEARTBEAT_SECONDS = 0.2
    assessment = claimed_by(FOREIGN)
    silent(assessment)
    claim = Claim(
        assessment_id=assessment.pk,
        attempt=1,
        assessment=Assessment.objects.get(pk=assessment.pk),
    )
    with _heartbeat(claim):
        time.sleep(1.5)
    fresh = Verification.objects.filter(
        pk=assessment.pk,
        verification_heartbeat_at__gt=Now()
        - timedelta(seconds=settings.VERIFICATION_SILENT_SECONDS),
    )
    assert fresh.exists(), "no beat came"
    silent(assessment)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assert not _beat(claim)  # the old owner's beat matches nothing
