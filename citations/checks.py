"""Checks of verification's services. On every start: the bundle and report contracts can be
read from the shared folder (without them no bundle is accepted). Deployment checks
(``manage.py check --deploy --database default``, run on the live system): beat is
load-bearing, so its sweep must be running; the app's database role must not be able to undo
the audit trail."""

from datetime import timedelta

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.db import DatabaseError, connections
from django.utils import timezone

from citations.database_roles import append_only_bypasses
from citations.engine.contract import ContractError, contract

CONTRACTS = ("bundle", "report")
SWEEPS_MISSED = 3  # sweep periods without a sweep before the check warns

HINT = (
    "run celery beat (celery -A config beat, or one worker with --beat), or "
    "manage.py sweep_verifications from cron every VERIFICATION_SWEEP_SECONDS: without the "
    "sweep a verification whose message was lost with a killed worker is never finished"
)


@register()
def contracts_can_be_read(app_configs=None, **kwargs) -> list[Error]:
    """The shared folder's contracts, with the engine's extensions, as every request and task
    that reads a bundle or writes a report needs them."""
    errors = []
    for name in CONTRACTS:
        try:
            contract(name)
        except ContractError as exc:
            hint = "mount the shared folder's spec/ (docker-compose.yml does) or set it right"
            errors.append(Error(str(exc), hint=hint, id="citations.E001"))
    return errors


@register(Tags.database, deploy=True)
def sweep_is_running(app_configs=None, databases=None, **kwargs) -> list[Warning]:
    """Warn when the sweep of stuck verifications has not run for ``SWEEPS_MISSED`` periods
    (a database check: it runs with ``--database``)."""
    if not databases or "default" not in databases:
        return []
    from citations.models import SweepRun

    try:
        last = SweepRun.objects.filter(pk=1).values_list("ran_at", flat=True).first()
    except DatabaseError as exc:
        return [Warning(f"cannot tell whether beat runs: {exc}", hint=HINT, id="citations.W001")]
    period = timedelta(seconds=settings.VERIFICATION_SWEEP_SECONDS)
    if last is None:
        return [
            Warning(
                "the sweep of stuck verifications has never run", hint=HINT, id="citations.W001"
            )
        ]
    if timezone.now() - last > SWEEPS_MISSED * period:
        return [
            Warning(
                f"the sweep of stuck verifications last ran at {last:%Y-%m-%d %H:%M:%S} UTC, "
                f"more than {SWEEPS_MISSED} sweep periods "
                f"({SWEEPS_MISSED * settings.VERIFICATION_SWEEP_SECONDS} s) ago",
                hint=HINT,
                id="citations.W001",
            )
        ]
    return []


ROLE_HINT = (
    "connect the app (DATABASE_URL) as a role with DML grants only and migrate as the tables' "
    "owner (MIGRATION_DATABASE_URL): manage.py migrate then grants the app's role"
)


@register(Tags.database, deploy=True)
def app_role_cannot_undo_the_audit_trail(
    app_configs=None, databases=None, **kwargs
) -> list[Warning]:
    """Warn when the app's PostgreSQL role could drop or disable the append-only triggers
    (issue 30): a superuser, or the owner of the corrections' or decisions' table."""
    if not databases or "default" not in databases:
        return []
    connection = connections["default"]
    if connection.vendor != "postgresql":
        return []
    try:
        bypasses = append_only_bypasses(connection=connection)
    except DatabaseError as exc:
        return [Warning(f"cannot tell the app role's rights: {exc}", id="citations.W002")]
    if not bypasses:
        return []
    return [
        Warning(
            f"the app's database role can undo the append-only audit trail: {'; '.join(bypasses)}",
            hint=ROLE_HINT,
            id="citations.W002",
        )
    ]
