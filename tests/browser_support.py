"""Headless Debian Chromium through Playwright against pytest-django's live server.

The fixtures are registered once, by ``tests/conftest.py``, so every test folder shares one
session-scoped browser (a second ``sync_playwright()`` in the same process fails).

Every page records console errors, uncaught exceptions, dialogs and CSP violations; a test
fails if any happened (``page_problems``).
"""

import os
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import sync_playwright

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# around it are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# pytest-django binds the live server here, on a free port.
os.environ.setdefault("DJANGO_LIVE_TEST_SERVER_ADDRESS", "127.0.0.1")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"

RECORD_VIOLATIONS = """
window.__problems = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__problems.push("CSP " + e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (bin/test does)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1400, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.problems = []
    page.on(
        "console",
        lambda message: (
            page.problems.append(f"console {message.type}: {message.text}")
            if message.type in ("error", "warning")
            else None
        ),
    )
    page.on("pageerror", lambda error: page.problems.append(f"pageerror: {error}"))

    def on_dialog(dialog):
        page.problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    yield page
    context.close()


def page_problems(page) -> list[str]:
    """Console errors, exceptions, dialogs and CSP violations seen so far."""
    return page.problems + page.evaluate("window.__problems || []")


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def sign_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/assessments/")
