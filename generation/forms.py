"""Forms for the staff pages: starting a generation, filtering lists."""

from __future__ import annotations

from django import forms
from django.conf import settings

from citations.engine import BundleError

from .models import GenerationStatus
from .schemas import OUTPUT_SCHEMAS
from .sources import SourcesFile, load_sources

MAX_SOURCES_FILE_BYTES = 5 * 1024 * 1024


class GenerationForm(forms.Form):
    sources_file = forms.FileField(
        label="Sources file (JSON)",
        help_text='{"title": …, "sources": [bundle source objects]}; a source with '
        '"eligible": false is kept out of the prompt.',
    )
    schema = forms.ChoiceField(
        choices=[(name, name) for name in sorted(OUTPUT_SCHEMAS)], label="Output schema"
    )

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
