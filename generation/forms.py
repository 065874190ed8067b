"""Forms for the staff pages: starting a generation, filtering lists."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings

from citations.engine import BundleError
from citations.engine.limits import LIMITS
from reviews.models import Team

from .models import GenerationStatus
from .registry import schema_names
from .sources import SourcesFile, load_sources

MAX_SOURCES_FILE_BYTES = 5 * 1024 * 1024


class GenerationForm(forms.Form):
    sources_file = forms.FileField(
        label="Sources file (JSON)",
        help_text='{"title": …, "sources": [bundle source objects]}; a source with '
        '"eligible": false is kept out of the prompt.',
    )
    schema = forms.ChoiceField(label="Output schema", help_text="Its newest version.")
    model = forms.CharField(
        max_length=200,
        required=False,
        help_text="The model the endpoint runs this generation with; empty: LLM_MODEL.",
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.order_by("name"),
        required=False,
        empty_label="no team (staff only)",
        help_text="The team whose reviewers see the assessment.",
    )

    def __init__(self, *args: Any, user=None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The usual case: the staff member's own team, when there is exactly one.
        teams = list(user.review_teams.all()[:2]) if user is not None else []
        if len(teams) == 1:
            self.fields["team"].initial = teams[0].pk
        self.fields["model"].initial = settings.LLM_MODEL
        self.fields["schema"].choices = [(name, name) for name in schema_names()]  # type: ignore[attr-defined]

    def clean_model(self) -> str:
        return self.cleaned_data["model"].strip() or settings.LLM_MODEL

    def clean_sources_file(self) -> SourcesFile:
        upload = self.cleaned_data["sources_file"]
        limit = min(MAX_SOURCES_FILE_BYTES, settings.BUNDLE_MAX_BYTES)
        if upload.size > limit:
            raise forms.ValidationError(f"the file has {upload.size} bytes; the limit is {limit}")
        try:
            return load_sources(upload.read())
        except BundleError as exc:
            raise forms.ValidationError(str(exc)) from None


class GenerationFilterForm(forms.Form):
    status = forms.ChoiceField(
        choices=[("", "any status"), *GenerationStatus.choices], required=False
    )


class CoverageFilterForm(forms.Form):
    coverage = forms.ChoiceField(
        choices=[
            ("", "all"),
            ("MAPPED", "mapped"),
            ("EXCLUDED", "excluded"),
            ("UNMAPPED", "unmapped"),
        ],
        required=False,
    )


class AnswerEditForm(forms.Form):
    answer = forms.CharField(
        label="Answer (JSON)",
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false"}),
        strip=False,
        max_length=LIMITS.response_chars,
        help_text="Validated again as a model's answer is; a valid one goes on to verification.",
    )


class RejectForm(forms.Form):
    reason = forms.CharField(
        label="Reason", widget=forms.Textarea(attrs={"rows": 3}), max_length=2000
    )


class QuestionAnswerForm(forms.Form):
    field = forms.CharField(widget=forms.HiddenInput, max_length=500)
    value = forms.CharField(
        label="Value",
        max_length=10_000,
        help_text='JSON (["…"], 3, null), or plain text for a text value.',
    )

    def clean_value(self) -> Any:
        text = self.cleaned_data["value"]
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text


class SchemaDefinitionForm(forms.Form):
    definition = forms.CharField(
        label="Schema definition (JSON)",
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false"}),
        max_length=1_000_000,
        help_text="name, version, json_schema, evidence {path, field_path, excerpt, source?, "
        "paragraph?}, questions {path, field_path, question}, excluded {path, excerpt, reason, "
        "reasons}, required, unique, references, orders, coverage, examples.",
    )

    def clean_definition(self) -> Any:
        try:
            return json.loads(self.cleaned_data["definition"])
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(f"not JSON: {exc}") from None
