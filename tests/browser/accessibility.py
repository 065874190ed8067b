"""axe-core 4.14.1 (vendored in tests/browser/vendor/axe.min.js, run through the
axe-playwright-python package, whose own copy is older) on the page states the browser tests
visit: every state a test saves a screenshot of must have no violation (issue 15, section 6;
issue 31, item 7)."""

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

from tests.browser_support import screenshot

AXE_CORE = Path(__file__).parent / "vendor" / "axe.min.js"
_AXE = Axe.from_file(AXE_CORE)


def axe_violations(page) -> list[str]:
    """Each rule axe-core finds broken on the page as it is now, with the first elements."""
    found = _AXE.run(page).response["violations"]
    return [
        f"{rule['id']} ({rule['impact']}): {', '.join(str(n['target']) for n in rule['nodes'][:5])}"
        for rule in found
    ]


def checked_screenshot(page, name: str) -> Path:
    """A screenshot of a page state in which axe-core finds no violation."""
    path = screenshot(page, name)
    found = axe_violations(page)
    assert not found, f"axe-core on {name}: {found}"
    return path
