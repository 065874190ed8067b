"""bin/with_services.py: the test command's guarantee that real servers exist.

With nothing answering at the configured addresses it must start its own PostgreSQL and
Redis, hand their URLs to the command (and so to anything the command spawns), and stop
them afterwards; with servers answering it must use them.
"""

import os
import socket
import subprocess
import sys

from django.conf import settings

SCRIPT = settings.BASE_DIR / "bin" / "with_services.py"

PROBE = """
import os, psycopg, redis
from urllib.parse import urlsplit
db, broker = os.environ["DATABASE_URL"], os.environ["CELERY_BROKER_URL"]
u = urlsplit(db)
with psycopg.connect(host=u.hostname, port=u.port, user=u.username, dbname="postgres") as c:
    assert c.execute("select 1").fetchone() == (1,)
assert redis.Redis.from_url(broker).ping()
print("URLS", db, broker)
"""


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def with_services(command: list[str], **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--", *command],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_starts_throwaway_postgres_and_redis_when_none_answer_and_stops_them():
    done = with_services(
        [sys.executable, "-c", PROBE],
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{unused_port()}/verbatim_probe",
        CELERY_BROKER_URL=f"redis://127.0.0.1:{unused_port()}/4",
    )
    assert done.returncode == 0, done.stderr
    assert "starting a throwaway PostgreSQL" in done.stderr
    assert "starting a throwaway Redis" in done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("URLS "))
    _, database_url, broker_url = line.split()
    assert database_url.endswith("/verbatim_probe") and broker_url.endswith("/4")
    for url in (database_url, broker_url):
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        assert not answers(port), f"{url} still answers after the command ended"


def test_uses_servers_that_answer_and_passes_the_exit_status_through():
    done = with_services(
        [sys.executable, "-c", PROBE + "\nraise SystemExit(3)"],
        DATABASE_URL=os.environ["DATABASE_URL"],
        CELERY_BROKER_URL=os.environ["CELERY_BROKER_URL"],
    )
    assert done.returncode == 3, done.stderr
    assert "throwaway" not in done.stderr
    assert f"URLS {os.environ['DATABASE_URL']} {os.environ['CELERY_BROKER_URL']}" in done.stdout
