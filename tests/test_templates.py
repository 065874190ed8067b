"""The templates are plain Django templates (issue 35, item 1): no line continued with a
backslash, read by Django's own loaders only, formatted by djade (``bin/test``), and each line
under the house limit (issue 16, item 6; one line held a whole quote element in 2,600
characters), long parts split into partials (``{% partialdef %}``) instead."""

from pathlib import Path

import lxml.html
from django.template import engines
from django.template.loader import get_template

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 200


def template_files() -> list[Path]:
    """The project's templates and any app's ``templates/`` folder."""
    found = sorted({*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/templates/**/*.html")})
    assert found
    return found


def test_every_template_line_is_under_the_limit():
    too_long = [
        f"{path.relative_to(ROOT)}:{number} ({len(line)} characters)"
        for path in template_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LIMIT
    ]
    assert too_long == [], "break it inside an HTML tag, or move a piece into a partialdef"


def test_issue_35_no_template_line_is_continued_with_a_backslash():
    """A line ending in a backslash was joined to the next by a custom loader; Django renders
    it as written, backslash and line break included."""
    continued = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in template_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.endswith("\\")
    ]
    assert continued == []


def loader_classes(loaders) -> list[type]:
    """The classes of ``loaders``, those a cached loader wraps included."""
    found = []
    for loader in loaders:
        found.append(type(loader))
        found += loader_classes(getattr(loader, "loaders", []))
    return found


def test_issue_35_templates_are_read_by_djangos_own_loaders_only():
    engine = engines["django"].engine
    classes = loader_classes(engine.template_loaders)
    assert {cls.__module__ for cls in classes} <= {
        "django.template.loaders.cached",
        "django.template.loaders.filesystem",
        "django.template.loaders.app_directories",
    }
    assert engine.dirs and engine.app_dirs  # the project's folder, then the apps' (admin's)
    assert not (ROOT / "config" / "template_lines.py").exists()


def test_issue_35_the_quote_element_renders_from_its_partials():
    """The quote element, once one logical line of over 1,000 characters, is put together from
    named partials: one element with its attributes, words, citation and badge."""
    html = get_template("reviews/assessment_detail.html#quote_elements").render(
        {
            "quote_views": [
                {"n": 1, "form": "inline", "status": "verified", "text": "T", "cite": "D1"}
            ],
            "separator": "",
        }
    )
    quote = lxml.html.fragment_fromstring(html)
    assert (quote.tag, quote.get("class"), quote.get("id"), quote.get("data-quote")) == (
        "span",
        "quote quote--inline is-verified",
        "q1",
        "1",
    )
    assert quote.find("a").text_content() == "“T”"
    assert " ".join(quote.text_content().split()).startswith("“T” [D1] verified")
    assert "\\" not in html
