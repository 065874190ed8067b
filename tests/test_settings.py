"""Settings and migrations as a deployment sees them (run in subprocesses, like production)."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "a-long-production-like-secret-" + "k3y!" * 12,
    "ALLOWED_HOSTS": "verbatim.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://verbatim.example.org",
    "SECURE_HSTS_PRELOAD": "true",
    "DJANGO_SETTINGS_MODULE": "config.settings",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """manage.py in a clean environment: only what a deployment sets, nothing the test run
    put into os.environ (test settings, flags other tests set)."""
    inherited = {
        k: os.environ[k] for k in ("PATH", "HOME", "VERBATIM_SHARED_DIR") if k in os.environ
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**inherited, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_with_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    done = manage("check", **env)
    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


def test_the_placeholder_secret_key_of_env_example_is_refused():
    """Issue 13: the public placeholder passed every check, so a deployment that kept it
    signed sessions with a key anyone can read."""
    example = (settings.BASE_DIR / ".env.example").read_text().splitlines()
    placeholder = next(line.split("=", 1)[1] for line in example if line.startswith("SECRET_KEY="))
    done = manage("check", **{**PRODUCTION_ENV, "SECRET_KEY": placeholder})
    assert done.returncode != 0
    assert "SECRET_KEY is still the placeholder of .env.example" in done.stderr


@pytest.mark.parametrize(
    ("behind", "trusted"), [("", "None"), ("true", "('HTTP_X_FORWARDED_PROTO', 'https')")]
)
def test_x_forwarded_proto_is_trusted_only_behind_a_proxy_said_to_set_it(behind, trusted):
    """Issue 13: the header was trusted while compose published gunicorn directly, so any
    client could claim HTTPS."""
    env = {**PRODUCTION_ENV, **({"BEHIND_TLS_PROXY": behind} if behind else {})}
    show = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"
    done = manage("shell", "-c", show, **env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == trusted


@pytest.mark.parametrize(
    ("env", "count"),
    [
        ({}, "0"),
        ({"BEHIND_TLS_PROXY": "true"}, "1"),
        ({"BEHIND_TLS_PROXY": "true", "TRUSTED_PROXY_COUNT": "2"}, "2"),
        ({"TRUSTED_PROXY_COUNT": "1"}, "1"),
    ],
)
def test_the_client_address_is_read_from_x_forwarded_for_behind_the_proxy(env, count):
    """Issue 30: sign-in throttling keyed on REMOTE_ADDR, which behind the TLS proxy the
    README requires is the proxy's for every client. Behind it, the proxy's entry of
    X-Forwarded-For counts; published directly, the header is the client's say."""
    show = "from django.conf import settings; print(settings.TRUSTED_PROXY_COUNT)"
    done = manage("shell", "-c", show, **{**PRODUCTION_ENV, **env})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == count


def test_every_sign_in_passes_the_throttle_backend():
    """Issue 30: the admin's sign-in was not throttled; the gate is now the only backend."""
    assert settings.AUTHENTICATION_BACKENDS == ["reviews.login_throttle.ThrottledModelBackend"]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEBUG", "maybe"),
        ("BUNDLE_MAX_BYTES", "lots"),
        ("LLM_PRICES", "{not json"),
        ("LLM_PRICES", '{"m": {"input": -1, "output": 0}}'),
        ("LLM_PRICE_CURRENCY", "dollars"),
        ("TRUSTED_PROXY_COUNT", "-1"),
        ("LOGIN_FAILURES_ALLOWED", "0"),
        ("LOGIN_LOCKOUT_SECONDS", "0"),
        ("API_TOKEN_WINDOW_SECONDS", "0"),
        ("REVIEW_CLAIM_SECONDS", "0"),
        ("API_TOKEN_BUNDLES_PER_WINDOW", "0"),
        # issue 30 item 2: below one largest bundle, a bundle the API accepts never fits
        ("API_TOKEN_BYTES_PER_WINDOW", "20971519"),
        # issue 30 item 6: the owner migrates the app's own database, never another one
        ("MIGRATION_DATABASE_URL", "postgres://owner@127.0.0.1:5432/another"),
    ],
)
def test_a_bad_setting_value_is_one_line_naming_the_variable(name, value):
    done = manage("check", **{**PRODUCTION_ENV, name: value})
    assert done.returncode != 0
    assert done.stderr.startswith(f"manage.py: {name} must be")
    assert len(done.stderr.splitlines()) == 1, done.stderr


@pytest.mark.parametrize(
    "timing",
    [
        {"VERIFICATION_HEARTBEAT_SECONDS": "30", "VERIFICATION_SILENT_SECONDS": "60"},
        {"VERIFICATION_SILENT_SECONDS": "900", "VERIFICATION_STALE_SECONDS": "900"},
        {"VERIFICATION_HEARTBEAT_SECONDS": "0"},
    ],
)
def test_a_claim_must_beat_three_times_per_silent_period_shorter_than_the_stale_one(timing):
    """Issue 13: fewer beats would let a live claim look silent; a silent period as long as
    the stale one would recover nothing sooner."""
    done = manage("check", **{**PRODUCTION_ENV, **timing})
    assert done.returncode != 0
    assert "VERIFICATION_HEARTBEAT_SECONDS <= VERIFICATION_SILENT_SECONDS" in done.stderr


def test_a_command_run_without_the_demos_environment_says_to_set_secret_key_in_one_line():
    """create_api_token in a plain shell (no SECRET_KEY, no DEBUG): no traceback (issue 15)."""
    done = manage("create_api_token", "nightly", DJANGO_SETTINGS_MODULE="config.settings")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("manage.py: SECRET_KEY must be set when DEBUG is off")
    assert "export SECRET_KEY=" in done.stderr and "DEBUG=1" in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_migrations_match_the_models():
    done = manage("makemigrations", "--check", "--dry-run", DEBUG="1")
    assert done.returncode == 0, done.stdout + done.stderr
