"""Verbatim settings: everything that varies between machines comes from the environment."""

import ipaddress
import json
import os
import re
from decimal import Decimal
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
# Shared specs and data live beside the project, never copied into it.
SHARED_DIR = Path(os.environ.get("VERBATIM_SHARED_DIR", BASE_DIR.parent / "shared"))


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {value!r}")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {number}")
    return number


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_prices(name: str) -> dict[str, dict[str, Decimal]]:
    """Model name -> its price per million tokens, read and written ({"input": …, "output":
    …}), from a JSON object: '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}'. A model not
    in it has no known price, so its calls have no cost (never a guessed one)."""
    value = os.environ.get(name, "").strip()
    if not value:
        return {}
    try:
        table = json.loads(value, parse_float=Decimal, parse_int=Decimal)
    except ValueError:
        raise ImproperlyConfigured(
            f'{name} must be a JSON object such as {{"model": {{"input": 0.15, "output": 0.6}}}}, '
            f"got {value[:80]!r}"
        ) from None
    if not isinstance(table, dict):
        raise ImproperlyConfigured(f"{name} must be a JSON object of models, got {value[:80]!r}")
    prices = {}
    for model, price in table.items():
        if not isinstance(price, dict) or set(price) != {"input", "output"}:
            raise ImproperlyConfigured(
                f'{name} must be exactly an "input" and an "output" price for {model!r}, '
                "per million tokens"
            )
        for side, amount in price.items():
            if not isinstance(amount, Decimal) or not amount.is_finite() or amount < 0:
                raise ImproperlyConfigured(
                    f"{name} must be a number of at least 0 as the {side} price of {model!r}, "
                    f"got {json.dumps(amount, default=str)}"
                )
        prices[model] = {"input": price["input"], "output": price["output"]}
    return prices


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off: export SECRET_KEY=<a long random "
            "string> (see .env.example), or DEBUG=1 on a development machine"
        )
    SECRET_KEY = "insecure-development-key-only-for-debug"
elif SECRET_KEY.startswith("change-me") and not DEBUG:
    # .env.example's placeholder is public: a deployment that kept it signs nothing safely
    raise ImproperlyConfigured("SECRET_KEY is still the placeholder of .env.example; set your own")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "citations",
    "reviews",
    "generation",
    "webhooks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Serves collected static files from gunicorn in production (docker-compose web).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Default: an SQLite file in the project, so the demo needs no server.
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'verbatim.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
        # A kept connection the server dropped (a restart, a failover, an idle timeout) is
        # tested before a request uses it and replaced, instead of failing that request with
        # a 500 in every web worker that held one.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web and worker processes share the file: wait for locks instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
# The tables' owner, for `manage.py migrate` only (citations/management/commands/migrate.py),
# which then grants DATABASE_URL's role DML and nothing more: a role that owns no table cannot
# drop, disable or truncate past the append-only triggers. Unset: migrate connects as
# DATABASE_URL (the embedded SQLite, or one PostgreSQL role for everything).
MIGRATION_DATABASE = None
if migration_database_url := env_str("MIGRATION_DATABASE_URL", ""):
    MIGRATION_DATABASE = dj_database_url.parse(migration_database_url)
    if (MIGRATION_DATABASE["ENGINE"], MIGRATION_DATABASE["NAME"]) != (
        DATABASES["default"]["ENGINE"],
        DATABASES["default"]["NAME"],
    ):
        raise ImproperlyConfigured(
            "MIGRATION_DATABASE_URL must be DATABASE_URL's database as another role, got "
            f"{MIGRATION_DATABASE['ENGINE']} {MIGRATION_DATABASE['NAME']!r}"
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Messages live in the session (the database), not in a cookie: the admin shows a new API
# token once as a message, and a signed cookie is readable by anyone holding it.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"
LOGIN_URL = "login"
# Every sign-in (the reviewers' page, the admin's, anything calling authenticate()) passes
# the throttle of reviews/login_throttle.py.
AUTHENTICATION_BACKENDS = ["reviews.login_throttle.ThrottledModelBackend"]
# Wrong passwords allowed for one username from one client address before that pair is
# locked for the lockout period (the same user elsewhere is not), and from one address over
# any usernames before the address is.
LOGIN_FAILURES_ALLOWED = env_int("LOGIN_FAILURES_ALLOWED", 10, minimum=1)
LOGIN_ADDRESS_FAILURES_ALLOWED = env_int(
    "LOGIN_ADDRESS_FAILURES_ALLOWED", 5 * LOGIN_FAILURES_ALLOWED, minimum=1
)
LOGIN_LOCKOUT_SECONDS = env_int("LOGIN_LOCKOUT_SECONDS", 900, minimum=1)
# Shared by every web worker in production (login throttling): CACHE_URL=redis://...
# Short socket timeouts: an unreachable cache leaves sign-in unthrottled (and logged) within
# a second or two instead of holding the request.
CACHE_URL = env_str("CACHE_URL", "")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Opening an assessment claims it for this long (reviews/claims.py): others see who reviews
# it, "next" skips it, and once it runs out anyone opening it takes it over.
REVIEW_CLAIM_SECONDS = env_int("REVIEW_CLAIM_SECONDS", 30 * 60, minimum=1)
LOGIN_REDIRECT_URL = "reviews:assessment_list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "staticfiles")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing one

# Bundles are JSON documents a pipeline posts; reject anything beyond this before parsing.
BUNDLE_MAX_BYTES = env_int("BUNDLE_MAX_BYTES", 20 * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = BUNDLE_MAX_BYTES
# A fair share per API token (reviews/submission_limit.py): bundles and bytes one token may
# post in each window; beyond either, 429 with Retry-After. At least one largest bundle's bytes,
# or a bundle the API accepts could never be posted.
API_TOKEN_WINDOW_SECONDS = env_int("API_TOKEN_WINDOW_SECONDS", 60, minimum=1)
API_TOKEN_BUNDLES_PER_WINDOW = env_int("API_TOKEN_BUNDLES_PER_WINDOW", 60, minimum=1)
API_TOKEN_BYTES_PER_WINDOW = env_int(
    "API_TOKEN_BYTES_PER_WINDOW", 5 * BUNDLE_MAX_BYTES, minimum=BUNDLE_MAX_BYTES
)

# Security: strict by default; DEBUG only relaxes what a local http:// demo needs.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# Trust X-Forwarded-Proto only behind a proxy that sets it (BEHIND_TLS_PROXY=1): gunicorn
# published directly would let any client claim HTTPS.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
# How many proxies in front of gunicorn append the address they received from to
# X-Forwarded-For: the client's address is that many entries from its end (what the
# outermost proxy wrote; entries before it are the client's own say). 0: REMOTE_ADDR, the
# header ignored. Default: 1 behind the TLS proxy. Sign-in throttling keys on this address.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 1 if BEHIND_TLS_PROXY else 0, minimum=0)

# Celery. Default broker: kombu's filesystem transport under var/, so the demo runs a real
# worker process without a Redis server. Production: CELERY_BROKER_URL=redis://...
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
# How long Redis waits for a delivered message's acknowledgement before delivering it again
# (the filesystem broker never does).
_visibility_timeout = (
    float("inf")
    if CELERY_BROKER_URL.startswith("filesystem")
    else env_int("CELERY_VISIBILITY_TIMEOUT", 3600)
)
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {
        "data_folder_in": str(VAR_DIR / "broker"),
        "data_folder_out": str(VAR_DIR / "broker"),
        "processed_folder": str(VAR_DIR / "broker-processed"),
        "store_processed": False,
        "control_folder": str(VAR_DIR / "broker-control"),
    }
    if CELERY_BROKER_URL.startswith("filesystem")
    else {"visibility_timeout": _visibility_timeout}
)
if CELERY_BROKER_URL.startswith("filesystem"):
    (VAR_DIR / "broker").mkdir(exist_ok=True)
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup opens a new database connection for every task unless this is set;
# a worker keeps its connection for this many tasks instead (config/celery.py drops a broken one).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 1000)
# Enforced by the worker that runs a task, with its own values (config/celery.py): a prefork
# child past the soft limit gets SoftTimeLimitExceeded, past the hard limit it is killed.
# 0 turns the soft limit off. The solo and threads pools enforce neither.
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 600)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 540)
# Verifying one assessment may take this long (seconds; 0: no budget) before it ends failed
# with the reason: one bundle cannot hold a worker until the time limits, which are the
# backstop. The bundle limits keep an ordinary bundle far below it. Default: 120 s, or 4/5
# of a soft limit set shorter than 150 s.
VERIFICATION_TIME_BUDGET_SECONDS = env_int(
    "VERIFICATION_TIME_BUDGET_SECONDS",
    min(120, (CELERY_TASK_SOFT_TIME_LIMIT or CELERY_TASK_TIME_LIMIT) * 4 // 5),
)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# Stale claims taken over in a row (each means the worker died holding it) before the
# assessment ends failed: a bundle that crashes its worker must not loop forever.
VERIFICATION_MAX_CRASHES = env_int("VERIFICATION_MAX_CRASHES", 3)
# A pool child using more than this (KiB) is replaced after its task: one bundle cannot
# grow a worker without bound (the bundle limits keep a task far below it).
CELERY_WORKER_MAX_MEMORY_PER_CHILD = env_int("CELERY_WORKER_MAX_MEMORY_PER_CHILD", 1_000_000)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# With acks_late a task cut off by a lost broker connection is redelivered anyway: stop it.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# A claim older than this is abandoned (its worker died) and may be taken over. It must
# outlast the hard time limit (a live task is never taken over). A task that meets a live
# claim retries one stale period later and may then run up to the time limit, unacknowledged
# all along: that must fit in the broker's visibility timeout, or Redis delivers it twice.
VERIFICATION_STALE_SECONDS = env_int("VERIFICATION_STALE_SECONDS", 900)
# A claim whose heartbeat is older than this (by the database's clock) is taken over by any
# worker, on any machine: its owner died, froze or lost the database. Its owner refreshes
# the heartbeat every VERIFICATION_HEARTBEAT_SECONDS while it works, at least three times
# per silent period. Defaults: 60 s and 10 s, less when the stale period is short.
VERIFICATION_SILENT_SECONDS = env_int(
    "VERIFICATION_SILENT_SECONDS", min(60, VERIFICATION_STALE_SECONDS // 2)
)
VERIFICATION_HEARTBEAT_SECONDS = env_int(
    "VERIFICATION_HEARTBEAT_SECONDS", max(1, min(10, VERIFICATION_SILENT_SECONDS // 3))
)
# How often beat's sweep re-sends what is stuck (a silent claim is found at the next sweep).
VERIFICATION_SWEEP_SECONDS = env_int("VERIFICATION_SWEEP_SECONDS", 60)
if not (
    0 < VERIFICATION_HEARTBEAT_SECONDS * 3 <= VERIFICATION_SILENT_SECONDS
    and VERIFICATION_SILENT_SECONDS < VERIFICATION_STALE_SECONDS
):
    raise ImproperlyConfigured(
        "need 0 < 3 * VERIFICATION_HEARTBEAT_SECONDS <= VERIFICATION_SILENT_SECONDS "
        "< VERIFICATION_STALE_SECONDS"
    )
if not (
    0 <= CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT < VERIFICATION_STALE_SECONDS
    and _visibility_timeout > VERIFICATION_STALE_SECONDS + 1 + CELERY_TASK_TIME_LIMIT
):
    raise ImproperlyConfigured(
        "need CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT < VERIFICATION_STALE_SECONDS "
        "and VERIFICATION_STALE_SECONDS + 1 + CELERY_TASK_TIME_LIMIT < CELERY_VISIBILITY_TIMEOUT"
    )
if not (
    0 <= VERIFICATION_TIME_BUDGET_SECONDS < (CELERY_TASK_SOFT_TIME_LIMIT or CELERY_TASK_TIME_LIMIT)
):
    raise ImproperlyConfigured(
        "VERIFICATION_TIME_BUDGET_SECONDS must be 0 (no budget) or below "
        "CELERY_TASK_SOFT_TIME_LIMIT (or CELERY_TASK_TIME_LIMIT without a soft limit)"
    )
CELERY_BEAT_SCHEDULE = {
    "sweep-verifications": {
        "task": "citations.sweep_verifications",
        "schedule": VERIFICATION_SWEEP_SECONDS,
    },
    # Generations whose task message was lost, or whose worker died: sent again.
    "sweep-generations": {
        "task": "generation.sweep",
        "schedule": VERIFICATION_SWEEP_SECONDS,
    },
}

# Webhooks (webhooks/): a delivery's connect and each read wait at most this long (an attempt
# holds its delivery for three times it); a failed one is tried again after BASE, 2 x BASE,
# 4 x BASE … seconds, at most MAX apart, WEBHOOK_MAX_ATTEMPTS times in all before it is given
# up (defaults: about 9 h). Beat's sweep sends what is due every WEBHOOK_SWEEP_SECONDS.
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 10, minimum=1)
WEBHOOK_RETRY_BASE_SECONDS = env_int("WEBHOOK_RETRY_BASE_SECONDS", 30, minimum=1)
WEBHOOK_RETRY_MAX_SECONDS = env_int("WEBHOOK_RETRY_MAX_SECONDS", 3600, minimum=1)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 16, minimum=1)
WEBHOOK_SWEEP_SECONDS = env_int("WEBHOOK_SWEEP_SECONDS", 15, minimum=1)
# Addresses or networks deliveries may go to although private, loopback, link-local …
# (webhooks/addresses.py refuses those otherwise: SSRF). Empty by default.
WEBHOOK_ALLOWED_NETWORKS = env_list("WEBHOOK_ALLOWED_NETWORKS", "")
for _network in WEBHOOK_ALLOWED_NETWORKS:
    try:
        ipaddress.ip_network(_network)
    except ValueError:
        raise ImproperlyConfigured(
            f"WEBHOOK_ALLOWED_NETWORKS must list addresses or networks such as 10.0.0.0/8, "
            f"got {_network!r}"
        ) from None
CELERY_BEAT_SCHEDULE["sweep-webhook-deliveries"] = {
    "task": "webhooks.sweep_deliveries",
    "schedule": WEBHOOK_SWEEP_SECONDS,
}

# Model endpoint for generation (any OpenAI-compatible chat-completions API).
LLM_BASE_URL = env_str("LLM_BASE_URL", "http://127.0.0.1:8001/v1")
LLM_MODEL = env_str("LLM_MODEL", "local-model")
LLM_API_KEY = env_str("LLM_API_KEY", "")
LLM_TIMEOUT_SECONDS = env_int("LLM_TIMEOUT_SECONDS", 60)
# Transport retries only (connection errors, timeouts, 429, 5xx); invalid answers get one
# repair call instead. Response format: json_schema, json_object, or none if unsupported.
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", 2)
LLM_RESPONSE_FORMAT = env_str("LLM_RESPONSE_FORMAT", "json_schema")
if LLM_RESPONSE_FORMAT not in {"json_schema", "json_object", "none"}:
    raise ImproperlyConfigured(
        f"LLM_RESPONSE_FORMAT must be json_schema, json_object or none, got {LLM_RESPONSE_FORMAT!r}"
    )

# What a generation's calls cost: a price per million tokens per model (JSON, see env_prices)
# in one currency. A model without a price, or a call that reported no token usage, has an
# unknown cost: shown as unknown, never as 0.
LLM_PRICES = env_prices("LLM_PRICES")
LLM_PRICE_CURRENCY = env_str("LLM_PRICE_CURRENCY", "USD")
if not re.fullmatch(r"[A-Z]{3}", LLM_PRICE_CURRENCY):
    raise ImproperlyConfigured(
        f"LLM_PRICE_CURRENCY must be a three-letter currency code such as USD, "
        f"got {LLM_PRICE_CURRENCY!r}"
    )

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
