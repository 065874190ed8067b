"""A page's HTML as tests match it: Django renders a template as written, and a template
breaks a long tag over lines between its attributes (issue 35: plain templates, no joining
loader), where HTML reads any run of whitespace as one space. So tests that match tags as
text read each tag's whitespace outside quoted values as one space, none before ``>``."""

import re

from django.http import HttpResponse

TAG = re.compile(r"<[A-Za-z/][^<>]*>")
OUTSIDE_QUOTES = re.compile(r"(\"[^\"]*\"|'[^']*')|\s+")


def tags_joined(html: str) -> str:
    """``html`` with the whitespace inside each tag, outside quoted attribute values, as one
    space, and none before the tag's ``>`` or ``/>``; text between tags is left as it is."""

    def join(tag: re.Match) -> str:
        joined = OUTSIDE_QUOTES.sub(lambda m: m.group(1) or " ", tag.group(0))
        return re.sub(r" (/?>)$", r"\1", joined)

    return TAG.sub(join, html)


def page_html(response: HttpResponse) -> str:
    """The response's HTML, its tags each read as one line (``tags_joined``)."""
    return tags_joined(response.content.decode())
