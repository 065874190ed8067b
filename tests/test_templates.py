"""Template lines stay under the house limit without changing a byte of the pages (issue 16,
item 6; one line held a whole quote element in 2,600 characters). ``bin/wrap_templates.py``
wraps long lines, ``config.template_lines.Loader`` joins them again when a template is read."""

import importlib.util
import subprocess
import sys
from pathlib import Path

from django.template.loader import get_template
from hypothesis import given, settings
from hypothesis import strategies as st

from config.template_lines import LIMIT, join_wrapped

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("wrap_templates", ROOT / "bin/wrap_templates.py")
assert _spec and _spec.loader
wrap_templates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wrap_templates)


def test_every_template_line_is_under_the_limit():
    templates = sorted((ROOT / "templates").rglob("*.html"))
    assert templates
    too_long = [
        f"{path.relative_to(ROOT)}:{number} ({len(line)} characters)"
        for path in templates
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LIMIT
    ]
    assert too_long == [], "wrap them: bin/wrap_templates.py"


# Template-like lines: tags with attributes (some quoted values with spaces), template tags
# and variables, text, long runs of any of them.
PIECES = st.sampled_from(
    [
        '<span class="a b" id="x{{ n }}">',
        '<a href="{% url "v" 1 %}?q={{ q|urlencode }}" hx-get="/x y">',
        "</span>",
        "</a> ",
        '{% if q.form == "inline" %}“{% endif %}',
        "{{ part.text }}",
        "words in between, ",
        "  ",
        '<p class="para{% if p.is_focus %} is-focus{% endif %}" data-x="1"\n    hidden>',
        "\\",
        " → ",
    ]
)


@settings(deadline=None)  # no timing in tests: the machine is shared
@given(st.lists(PIECES, min_size=1, max_size=60), st.integers(0, 12))
def test_wrapping_then_loading_gives_the_template_as_it_was(pieces, indent):
    line = " " * indent + "".join(pieces)
    wrapped = wrap_templates.wrap(line)
    assert join_wrapped(wrapped) == join_wrapped(line)
    if "\n" not in line:
        assert all(len(piece) <= LIMIT for piece in wrapped.split("\n"))


def test_the_wrapper_breaks_between_attributes_first_and_never_in_a_template_tag():
    value = "x" * 150
    line = f'<p class="a b" title="{value} y">Text {{% url "v" 1 %}}<span id="s" data-x="1">' * 2
    wrapped = wrap_templates.wrap(line)
    assert join_wrapped(wrapped) == line
    assert f'title="{value} y"' in wrapped  # a value is never broken
    assert wrapped.count('{% url "v" 1 %}') == 2  # nor a template tag
    assert "\\\n" not in wrapped  # attribute breaks sufficed


def test_the_loader_joins_what_the_wrapper_broke():
    """The project's templates are read through the joining loader: the quote element,
    wrapped over many lines in the source, is one piece of HTML on the page."""
    source = (ROOT / "templates/reviews/assessment_detail.html").read_text(encoding="utf-8")
    assert "\\\n" in source or "\n    class=" in source  # wrapped in the source
    html = get_template("reviews/assessment_detail.html#quote_elements").render(
        {
            "quote_views": [
                {"n": 1, "form": "inline", "status": "verified", "text": "T", "cite": "D1"}
            ],
            "separator": "",
        }
    )
    assert '<span class="quote quote--inline is-verified" id="q1" data-quote="1"' in html
    assert "\\" not in html


def test_the_wrapper_reports_a_line_it_cannot_wrap(tmp_path):
    path = tmp_path / "t.html"
    path.write_text("{{ " + "x" * 250 + " }}\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(ROOT / "bin" / "wrap_templates.py"), str(path)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1 and "t.html:1: longer than 200" in run.stderr
