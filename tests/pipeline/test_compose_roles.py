"""Issue 30, item 6: "docker-compose uses two roles", run without Docker. docker-compose.yml,
.env.example (as the .env compose reads) and the Dockerfile are parsed, and their services
run as local processes on the real PostgreSQL and the suite's Redis: compose's ``migrate``
command with the environment compose gives it, then web (gunicorn), worker and beat with
theirs (x-app's). Compose's hosts become the local servers, its roles and database
throwaway ones (the owner a superuser, as the postgres image makes POSTGRES_USER), /app (the
image's WORKDIR) a temporary folder, and SECRET_KEY a fresh key, as its header asks;
everything else is as the files say, so a change that breaks the two roles fails here."""

import os
import re
import secrets
import shlex
import signal
import subprocess
import sys
import tomllib
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import redis
import yaml
from django.conf import settings
from psycopg import errors

from citations.database_roles import APPEND_ONLY_TABLES

from .conftest import BROKER_KEYS, ROOT, WORKER_READY_SECONDS, scenario, wait_until
from .test_gunicorn_requests import call, free_port, post_bundle

pytestmark = pytest.mark.worker

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
DOCKERFILE = [
    shlex.split(line)
    for line in (ROOT / "Dockerfile").read_text().splitlines()
    if line.strip() and not line.lstrip().startswith("#")
]
WORKDIR = next(words[1] for words in DOCKERFILE if words[0] == "WORKDIR")
# The app's processes, as compose runs them from the image it builds.
APP_SERVICES = sorted(name for name, service in SERVICES.items() if "build" in service)
POSTGRES = next(
    name for name, service in SERVICES.items() if service.get("image", "").startswith("postgres")
)
REDIS = next(
    name for name, service in SERVICES.items() if service.get("image", "").startswith("redis")
)
# The app's volumes ("HOST:CONTAINER[:MODE]", the host side relative to the compose file).
MOUNTS = {
    volume.split(":")[1]: str((ROOT / volume.split(":")[0]).resolve())
    for volume in SERVICES[APP_SERVICES[0]].get("volumes", [])
}
OWNER = SERVICES[POSTGRES]["environment"]  # the postgres image's superuser and its database


def env_file(path: Path) -> dict[str, str]:
    """Compose's env_file format as .env.example uses it: KEY=VALUE lines, # comments."""
    lines = (line.strip() for line in path.read_text().splitlines())
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


def compose_environment(name: str) -> dict[str, str]:
    """What compose gives the service: its env_files (.env is the copy of .env.example the
    README makes), then its ``environment``, which wins."""
    service = SERVICES[name]
    files = service.get("env_file", [])
    values: dict[str, str] = {}
    for file in [files] if isinstance(files, str) else files:
        values |= env_file(ROOT / (".env.example" if file == ".env" else file))
    environment = service.get("environment", {})
    if isinstance(environment, list):
        environment = dict(item.split("=", 1) for item in environment)
    return values | {key: "" if value is None else str(value) for key, value in environment.items()}


def image_env() -> dict[str, str]:
    return dict(
        pair.split("=", 1) for words in DOCKERFILE if words[0] == "ENV" for pair in words[1:]
    )


def database_user(url: str) -> str | None:
    return urlsplit(url).username


@dataclass(frozen=True)
class Local:
    """Where compose's services run here: the suite's servers, throwaway names, a folder."""

    server: dict[str, str]  # host, port and the suite's superuser
    tag: str
    folder: Path
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(50))

    @property
    def database(self) -> str:
        return f"compose_{self.tag}"

    def role(self, compose_role: str) -> str:
        return f"{compose_role}_{self.tag}"

    def value(self, key: str, value: str) -> str:
        if key == "SECRET_KEY":
            return self.secret_key
        parts = urlsplit(value)
        if parts.scheme in ("postgres", "postgresql") and parts.hostname == POSTGRES:
            assert parts.path == f"/{OWNER['POSTGRES_DB']}", f"{key} names another database"
            credentials = f"{self.role(parts.username or '')}:{parts.password or ''}"
            netloc = f"{credentials}@{self.server['host']}:{self.server['port']}"
            return urlunsplit((parts.scheme, netloc, f"/{self.database}", "", ""))
        if parts.scheme == "redis" and parts.hostname == REDIS:
            return settings.CELERY_BROKER_URL  # the suite's Redis, as the other pipeline tests
        return self.path(value)

    def path(self, text: str) -> str:
        """A path in the image (under its WORKDIR), alone or as an option's value, moved to
        the folder; a path under a volume compose mounts, to the folder it mounts."""
        moves = {WORKDIR: str(self.folder)} | MOUNTS
        for inside, outside in moves.items():
            text = re.sub(rf"(^|=){re.escape(inside)}(?=/|$)", rf"\g<1>{outside}", text)
        return text

    def command(self, service: str) -> list[str]:
        return [self.path(word) for word in SERVICES[service]["command"]]

    def environment(self, service: str) -> dict[str, str]:
        """The service's environment as compose makes it, moved to the local servers; the
        process sees nothing of the test's own (no DJANGO_SETTINGS_MODULE: the image's)."""
        moved = {key: self.value(key, value) for key, value in compose_environment(service).items()}
        path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
        return {"PATH": path, "HOME": str(self.folder)} | image_env() | moved

    def run(self, service: str, *command: str) -> subprocess.CompletedProcess:
        """``docker compose run SERVICE COMMAND``: compose's command when none is given."""
        return subprocess.run(
            list(command) or self.command(service),
            cwd=ROOT,
            env=self.environment(service),
            capture_output=True,
            text=True,
            timeout=300,
        )

    def connect(self, url: str) -> psycopg.Connection:
        return psycopg.connect(url, autocommit=True)

    def superuser(self) -> psycopg.Connection:
        return psycopg.connect(dbname="postgres", autocommit=True, **self.server)


@dataclass(frozen=True)
class Deployed:
    local: Local
    owner_url: str  # migrate's MIGRATION_DATABASE_URL, here
    app_url: str  # web's DATABASE_URL, here

    @property
    def app(self) -> str:
        return database_user(self.app_url) or ""

    @property
    def owner(self) -> str:
        return database_user(self.owner_url) or ""

    def trail(self) -> dict[str, int]:
        """Rows of the append-only tables, as the app's role selects them."""
        with self.local.connect(self.app_url) as app:
            counts = {
                table: app.execute(f"SELECT count(*) FROM {table}").fetchone()
                for table in APPEND_ONLY_TABLES
            }
        return {table: count[0] for table, count in counts.items() if count}


@pytest.fixture(scope="module")
def deployed(tmp_path_factory) -> Iterator[Deployed]:
    """A fresh database owned by the postgres image's user, then compose's ``migrate``."""
    db = settings.DATABASES["default"]
    server = {"host": db["HOST"] or "127.0.0.1", "port": str(db["PORT"] or 5432)}
    server |= {key: db[key.upper()] for key in ("user", "password") if db.get(key.upper())}
    local = Local(server=server, tag=uuid.uuid4().hex[:8], folder=tmp_path_factory.mktemp("app"))
    owner = local.role(OWNER["POSTGRES_USER"])
    deployment = Deployed(
        local=local,
        owner_url=local.environment("migrate")["MIGRATION_DATABASE_URL"],
        app_url=local.environment("web")["DATABASE_URL"],
    )
    with local.superuser() as superuser:
        superuser.execute(
            f"CREATE ROLE {owner} LOGIN SUPERUSER PASSWORD '{OWNER['POSTGRES_PASSWORD']}'"
        )
        superuser.execute(f"CREATE DATABASE {local.database} OWNER {owner}")
    try:
        migrated = local.run("migrate")
        assert migrated.returncode == 0, migrated.stderr[-3000:]
        assert f"App role '{deployment.app}' created and granted DML" in migrated.stdout
        yield deployment
    finally:
        with local.superuser() as superuser:
            superuser.execute(f"DROP DATABASE IF EXISTS {local.database} WITH (FORCE)")
            superuser.execute(f"DROP ROLE IF EXISTS {deployment.app}")
            superuser.execute(f"DROP ROLE IF EXISTS {owner}")


@dataclass
class Process:
    name: str
    process: subprocess.Popen
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def web_command(local: Local, port: int) -> list[str]:
    """Compose's web command, bound to a free local port instead of 0.0.0.0:8000."""
    command = local.command("web")
    at = command.index("--bind") + 1
    command[at] = f"127.0.0.1:{port}"
    return command


@dataclass(frozen=True)
class Running:
    base: str
    processes: dict[str, Process]


@pytest.fixture(scope="module")
def running(deployed: Deployed, tmp_path_factory) -> Iterator[Running]:
    """Compose's web, worker and beat, each with its compose environment, until the module
    ends; the web answering its login page and the worker ready before any test."""
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(*BROKER_KEYS)
    logs = tmp_path_factory.mktemp("logs")
    port = free_port()
    commands = {
        "web": web_command(deployed.local, port),
        "worker": deployed.local.command("worker"),
        "beat": deployed.local.command("beat"),
    }
    processes = {}
    try:
        for name, command in commands.items():
            log_path = logs / f"{name}.log"
            with log_path.open("wb") as log:
                popen = subprocess.Popen(
                    command,
                    cwd=ROOT,
                    env=deployed.local.environment(name),
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own process group: the stop reaches children
                )
            processes[name] = Process(name=name, process=popen, log_path=log_path)
        base = f"http://127.0.0.1:{port}"

        def web_answers() -> bool:
            try:
                return call(f"{base}/accounts/login/").status == 200
            except OSError:
                return False

        for name, started in (
            ("web", web_answers),
            ("worker", lambda: " ready." in processes["worker"].log()),
            ("beat", lambda: "beat: Starting" in processes["beat"].log()),
        ):
            process = processes[name]
            wait_until(
                lambda started=started, process=process: (
                    process.process.poll() is not None or started()
                ),
                timeout=WORKER_READY_SECONDS,
                message=lambda process=process: f"{process.name} did not start:\n{process.log()}",
            )
            assert process.process.poll() is None, f"{name} exited:\n{process.log()}"
        yield Running(base=base, processes=processes)
    finally:
        for process in processes.values():
            process.stop()
        broker.delete(*BROKER_KEYS)


# A reviewer's verdict and decision on the verified bundle, by the app's code as the web
# service's role (``docker compose exec web python manage.py shell``).
REVIEW = """
from django.contrib.auth import get_user_model
from reviews.models import Assessment
from reviews.services import assessment_reject
from reviews.verdicts import quote_verdict_give
assessment = Assessment.objects.get(pk={pk})
reviewer = get_user_model().objects.create_user("rita", is_staff=True)
quote = assessment.verification.quotes.get(n=5)
quote_verdict_give(assessment=assessment, quote=quote, reviewer=reviewer, action="overrule")
assessment_reject(assessment=assessment, reviewer=reviewer, comment="wrong")
print("reviewed")
"""


@pytest.fixture(scope="module")
def worked(deployed: Deployed, running: Running) -> dict[str, int]:
    """The app's work through compose's services: a token made as the README says
    (``exec web python manage.py create_api_token``), a bundle posted to the web and
    verified by the worker (its corrections inserted), a verdict and a decision stored."""
    made = deployed.local.run("web", "python", "manage.py", "create_api_token", "compose-roles")
    assert made.returncode == 0, made.stderr[-3000:]
    posted = post_bundle(running.base, made.stdout.strip(), scenario("procurement_review"))
    assert posted.status == 201, posted.text
    assessment = posted.json()["links"]["self"]
    headers = {"Authorization": f"Bearer {made.stdout.strip()}"}

    def verified() -> bool:
        state = call(f"{running.base}{assessment}", headers=headers).json()
        return state["verification_state"] == "done"

    wait_until(
        verified,
        timeout=120,
        message=lambda: f"not verified; the worker's log:\n{running.processes['worker'].log()}",
    )
    reviewed = deployed.local.run(
        "web", "python", "manage.py", "shell", "-c", REVIEW.format(pk=posted.json()["id"])
    )
    assert reviewed.returncode == 0, reviewed.stderr[-3000:]
    assert reviewed.stdout.split()[-1] == "reviewed"
    return deployed.trail()


@pytest.mark.parametrize("name", APP_SERVICES)
def test_only_migrate_gets_the_owner_issue_30_6(name):
    """Issue 30, item 6: compose's ``migrate`` connects as the postgres image's user (the
    owner) to the app's database; every other service of the app's image holds the app's
    role and an empty MIGRATION_DATABASE_URL, and starts once migrate has succeeded."""
    environment = compose_environment(name)
    app_url = urlsplit(environment["DATABASE_URL"])
    assert (app_url.hostname, app_url.path) == (POSTGRES, f"/{OWNER['POSTGRES_DB']}")
    assert app_url.username != OWNER["POSTGRES_USER"]
    if name == "migrate":
        owner_url = urlsplit(environment["MIGRATION_DATABASE_URL"])
        assert (owner_url.username, owner_url.password) == (
            OWNER["POSTGRES_USER"],
            OWNER["POSTGRES_PASSWORD"],
        )
        assert (owner_url.hostname, owner_url.path) == (app_url.hostname, app_url.path)
    else:
        assert environment["MIGRATION_DATABASE_URL"] == ""
        waits_for = SERVICES[name]["depends_on"]["migrate"]
        assert waits_for == {"condition": "service_completed_successfully"}


def test_the_web_serves_on_the_port_compose_publishes_issue_30_6():
    """Issue 30, item 6: the one port the test moves (gunicorn's) is the one compose
    publishes."""
    command = SERVICES["web"]["command"]
    bound = command[command.index("--bind") + 1].rsplit(":", 1)[1]
    assert [bound] == [published.rsplit(":", 1)[1] for published in SERVICES["web"]["ports"]]


def test_the_image_holds_every_package_the_app_installs_issue_30_6():
    """The image ``pip install .`` builds from what the Dockerfile copied before it: every
    package pyproject.toml installs (an app missing there fails at collectstatic)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {
        pattern.rstrip("*")
        for pattern in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    }
    install = next(
        i for i, words in enumerate(DOCKERFILE) if words[:3] == ["RUN", "pip", "install"]
    )
    copied = {
        source for words in DOCKERFILE[:install] if words[0] == "COPY" for source in words[1:-1]
    }
    assert packages <= copied, f"not copied before pip install: {sorted(packages - copied)}"


def test_migrate_made_the_app_role_which_owns_nothing_issue_30_6(deployed: Deployed):
    """Issue 30, item 6: compose's migrate, as the owner, created DATABASE_URL's role: no
    superuser, and every table of the app is the owner's."""
    with deployed.local.connect(deployed.owner_url) as owner:
        role = owner.execute(
            "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = %s",
            [deployed.app],
        ).fetchone()
        owners = owner.execute(
            "SELECT DISTINCT pg_get_userbyid(relowner) FROM pg_class "
            "WHERE relnamespace = 'public'::regnamespace"
        ).fetchall()
    assert role == (False, False, False)
    assert owners == [(deployed.owner,)]


def test_web_worker_and_beat_work_as_the_app_role_issue_30_6(
    deployed: Deployed, running: Running, worked: dict[str, int]
):
    """Issue 30, item 6: compose's web, worker and beat run with x-app's environment: the
    web answers, the worker answers a ping and verified a posted bundle, a verdict and a
    decision were stored, and every connection to the database is the app's role."""
    assert call(f"{running.base}/accounts/login/").status == 200
    worker = SERVICES["worker"]["command"]
    ping = deployed.local.run(
        "worker", *worker[: worker.index("worker")], "inspect", "ping", "--timeout=10"
    )
    assert ping.returncode == 0 and "pong" in ping.stdout, ping.stdout + ping.stderr
    assert all(count > 0 for count in worked.values()), worked
    with deployed.local.superuser() as superuser:
        roles = superuser.execute(
            "SELECT DISTINCT usename FROM pg_stat_activity "
            "WHERE datname = %s AND backend_type = 'client backend'",
            [deployed.local.database],
        ).fetchall()
    assert roles == [(deployed.app,)]
    for process in running.processes.values():
        assert process.process.poll() is None, f"{process.name} exited:\n{process.log()}"


@pytest.mark.parametrize("table", APPEND_ONLY_TABLES)
@pytest.mark.parametrize(
    ("statement", "error"),
    [
        ("UPDATE {table} SET id = id", errors.RestrictViolation),
        ("DELETE FROM {table}", errors.RestrictViolation),
        ("TRUNCATE {table}", errors.InsufficientPrivilege),
    ],
)
def test_the_web_role_cannot_change_the_trail_issue_30_6(
    deployed: Deployed, worked: dict[str, int], table, statement, error
):
    """Issue 30, item 6: with the web service's DATABASE_URL, the rows the app inserted
    cannot be updated, deleted or truncated, and stay as they were."""
    with deployed.local.connect(deployed.app_url) as app, pytest.raises(error):
        app.execute(statement.format(table=table))
    assert deployed.trail() == worked


@pytest.mark.parametrize(
    "statement",
    [
        "CREATE TABLE squatter (id bigint)",
        "ALTER TABLE reviews_correction ADD COLUMN note text",
        "DROP TRIGGER reviews_correction_append_only ON reviews_correction",
        "ALTER TABLE reviews_quoteverdict DISABLE TRIGGER ALL",
    ],
)
def test_the_web_role_cannot_change_the_schema_issue_30_6(deployed: Deployed, statement):
    """Issue 30, item 6: the web service's DATABASE_URL runs no DDL."""
    with (
        deployed.local.connect(deployed.app_url) as app,
        pytest.raises(errors.InsufficientPrivilege),
    ):
        app.execute(statement)


def test_the_web_service_cannot_migrate_only_migrate_can_issue_30_6(deployed: Deployed):
    """Issue 30, item 6: with a migration pending (the owner unapplied sessions'),
    ``manage.py migrate`` in the web service's environment is refused; compose's migrate
    applies it, and the app's role may use the table it made."""
    unapplied = deployed.local.run(
        "migrate", "python", "manage.py", "migrate", "--noinput", "sessions", "zero"
    )
    assert unapplied.returncode == 0, unapplied.stderr[-3000:]
    refused = deployed.local.run("web", "python", "manage.py", "migrate", "--noinput")
    assert refused.returncode != 0
    assert "permission denied for schema public" in refused.stderr, refused.stderr[-3000:]
    migrated = deployed.local.run("migrate")
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    with deployed.local.connect(deployed.app_url) as app:
        assert app.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
