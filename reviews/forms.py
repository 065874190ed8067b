"""Input of the reviewer pages: filters, the source window and search, review decisions."""

from datetime import date
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.utils import ErrorDict, pretty_name

from citations.engine import VerificationStatus

from .models import ReviewAction, ReviewState, Team, VerdictAction
from .selectors import DEFAULT_QUEUE, DEFAULT_SORT, PERIODS, QUEUES, SORTS, StatsFilters
from .verdicts import COMMENT_MAX_CHARS

STATUS_CHOICES = [("", "any quote status")] + [
    (status.value, f"has {status.value}") for status in VerificationStatus
]
QUEUE_CHOICES = [(name, queue.label) for name, queue in QUEUES.items()]
SORT_CHOICES = [(name, label) for name, (label, _) in SORTS.items()]


REVIEW_CHOICES = [("", "any review state"), *ReviewState.choices]

# Filters arrive in URLs: say which value is not offered, not "Select a valid choice".
NOT_A_CHOICE = {"invalid_choice": "“%(value)s” is not one of the choices."}


class PlainErrors:
    """Mixed into a form: its errors as sentences that name each field by what it is
    (``error_subjects``, else its label), never by its name in the URL (issue 31, item 8:
    ``queue: Select a valid choice …``)."""

    error_subjects: dict[str, str] = {}
    # what the form it is mixed into has (annotations only: no class attributes)
    errors: ErrorDict
    fields: dict[str, forms.Field]

    def error_sentences(self) -> list[str]:
        sentences = []
        for name, errors in self.errors.items():
            said = " ".join(str(error) for error in errors)
            if name == NON_FIELD_ERRORS:
                sentences.append(said)
                continue
            field = self.fields[name]
            subject = self.error_subjects.get(name) or field.label or pretty_name(name)
            sentences.append(f"{subject}: {said}")
        return sentences


class DateRangeForm(PlainErrors, forms.Form):
    """Assessments created from one day to another, both included; either end may be open."""

    error_subjects = {"since": "Start date", "until": "End date"}

    since = forms.DateField(required=False, label="From", widget=forms.DateInput({"type": "date"}))
    until = forms.DateField(required=False, label="To", widget=forms.DateInput({"type": "date"}))

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and until < since:
            self.add_error("until", "must not be before the start date.")
        return cleaned


class AssessmentFilterForm(DateRangeForm):
    """The list's filters; what is left out is the reviewer's queue, longest waiting first.
    Model, prompt version, dates and review state narrow it as a bar of the stats does (the
    bars link here with them)."""

    error_subjects = {
        **DateRangeForm.error_subjects,
        "queue": "Queue",
        "status": "Quote status",
        "sort": "Sort order",
        "model": "Model",
        "prompt": "Prompt version",
        "review": "Review state",
    }

    queue = forms.ChoiceField(
        choices=QUEUE_CHOICES, required=False, label="Show", error_messages=NOT_A_CHOICE
    )
    status = forms.ChoiceField(
        choices=STATUS_CHOICES, required=False, label="Quotes", error_messages=NOT_A_CHOICE
    )
    search = forms.CharField(
        required=False,
        max_length=200,
        label="Search",
        widget=forms.SearchInput(attrs={"placeholder": "title or bundle id"}),
    )
    sort = forms.ChoiceField(
        choices=SORT_CHOICES, required=False, label="Sort", error_messages=NOT_A_CHOICE
    )
    since = forms.DateField(required=False, widget=forms.HiddenInput)
    until = forms.DateField(required=False, widget=forms.HiddenInput)
    model = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)
    prompt = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    review = forms.ChoiceField(
        choices=REVIEW_CHOICES,
        required=False,
        widget=forms.HiddenInput,
        error_messages=NOT_A_CHOICE,
    )

    def clean_queue(self) -> str:
        return self.cleaned_data["queue"] or DEFAULT_QUEUE

    def clean_sort(self) -> str:
        return self.cleaned_data["sort"] or DEFAULT_SORT

    # A model or prompt version given empty is "none given", not "any": a bar of assessments
    # without a model links here with model= .
    def clean_model(self) -> str | None:
        return self.cleaned_data["model"] if "model" in self.data else None

    def clean_prompt(self) -> str | None:
        return self.cleaned_data["prompt"] if "prompt" in self.data else None

    def chosen(self) -> dict:
        """The filters to apply: when any does not validate, none (the page names those)."""
        if self.is_valid():
            return self.cleaned_data
        return {
            "queue": DEFAULT_QUEUE,
            "status": "",
            "search": "",
            "sort": DEFAULT_SORT,
            "model": None,
            "prompt": None,
            "since": None,
            "until": None,
            "review": "",
        }


class StatsFilterForm(DateRangeForm):
    """What the stats count: by day or week, a date range, a review state."""

    error_subjects = {**DateRangeForm.error_subjects, "period": "Period", "review": "Review state"}

    # The default first: a form bound to a query without it shows the first choice.
    period = forms.ChoiceField(
        choices=[(p, p) for p in sorted(PERIODS, key=lambda p: p != "week")],
        required=False,
        label="Per",
        error_messages=NOT_A_CHOICE,
    )
    review = forms.ChoiceField(
        choices=REVIEW_CHOICES, required=False, label="Review", error_messages=NOT_A_CHOICE
    )

    def clean_period(self) -> str:
        return self.cleaned_data["period"] or "week"

    def filters(self) -> StatsFilters:
        """The filters to apply: when any does not validate, none (the page names those)."""
        if not self.is_valid():
            return StatsFilters()
        data = self.cleaned_data
        return StatsFilters(
            period=data["period"],
            since=data["since"],
            until=data["until"],
            review_state=data["review"],
        )


class VerdictPeriodForm(PlainErrors, forms.Form):
    """The days whose verdicts the per-rule table counts (issue 31, item 6a), both included;
    either end may be open."""

    error_subjects = {"verdicts_since": "Verdicts from", "verdicts_until": "Verdicts to"}

    verdicts_since = forms.DateField(
        required=False, label="Verdicts from", widget=forms.DateInput({"type": "date"})
    )
    verdicts_until = forms.DateField(
        required=False, label="to", widget=forms.DateInput({"type": "date"})
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        since, until = cleaned.get("verdicts_since"), cleaned.get("verdicts_until")
        if since and until and until < since:
            self.add_error("verdicts_until", "must not be before the start date.")
        return cleaned

    def period(self) -> tuple[date | None, date | None]:
        """The days to count: when either does not validate, all (the page names it)."""
        if not self.is_valid():
            return None, None
        return self.cleaned_data["verdicts_since"], self.cleaned_data["verdicts_until"]


MAX_PARAGRAPHS_SHOWN = 200  # one request renders at most this many paragraphs


class ParagraphRangeForm(PlainErrors, forms.Form):
    """Which paragraphs of a source to show, 1-based and inclusive; at most
    ``MAX_PARAGRAPHS_SHOWN`` at once."""

    error_subjects = {
        "start": "First paragraph",
        "end": "Last paragraph",
        "quote": "Quote number",
        "direction": "Direction",
        "whole": "Whole paragraph",
    }

    start = forms.IntegerField(min_value=1)
    end = forms.IntegerField(min_value=1)
    quote = forms.IntegerField(min_value=1, required=False)
    direction = forms.ChoiceField(
        choices=[("earlier", "earlier"), ("later", "later")], required=False
    )
    # each paragraph whole, not its excerpt: one at a time (a paragraph is at most
    # LIMITS.paragraph_chars long)
    whole = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        start, end = cleaned.get("start"), cleaned.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", "must not be before the first paragraph.")
        elif start is not None and end is not None and end - start >= MAX_PARAGRAPHS_SHOWN:
            self.add_error("end", f"show at most {MAX_PARAGRAPHS_SHOWN} paragraphs at once.")
        elif cleaned.get("whole") and start != end:
            self.add_error("whole", "show one paragraph whole at a time.")
        return cleaned


class SourceViewForm(PlainErrors, forms.Form):
    """A source opened on its own: at a paragraph, searched for words, perhaps from the
    citation of a quote (the pane then links back to it)."""

    error_subjects = {"at": "Paragraph", "find": "Search", "quote": "Quote number"}

    at = forms.IntegerField(
        min_value=1,
        required=False,
        error_messages={"min_value": "paragraphs are numbered from 1."},
    )
    find = forms.CharField(required=False, max_length=200)
    quote = forms.IntegerField(min_value=1, required=False)


class QuoteSearchForm(PlainErrors, forms.Form):
    """Words searched in every eligible source for a quote found in none; absent: the
    quote's rarest words."""

    error_subjects = {"find": "Search"}

    find = forms.CharField(required=False, max_length=200, strip=True)

    def find_or_default(self) -> str | None:
        return self.cleaned_data["find"] if "find" in self.data else None


class ReviewForm(PlainErrors, forms.Form):
    error_subjects = {"action": "Decision", "comment": "Comment"}

    action = forms.ChoiceField(choices=ReviewAction.choices, error_messages=NOT_A_CHOICE)
    comment = forms.CharField(required=False, max_length=5000, widget=forms.Textarea)
    confirm_unverified = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("action") == ReviewAction.RETURN and not cleaned.get("comment", "").strip():
            self.add_error("comment", "Say what needs to change before returning it.")
        return cleaned


class ClaimTakeOverForm(PlainErrors, forms.Form):
    """Taking over another reviewer's claim is asked for explicitly."""

    confirm = forms.BooleanField(
        error_messages={"required": "tick the box to take the assessment over."}
    )
    error_subjects = {"confirm": "Take over"}


class VerdictForm(forms.Form):
    """A reviewer's word on one quote (issue 31)."""

    action = forms.ChoiceField(
        choices=VerdictAction.choices,
        error_messages={
            "required": "Choose confirm, overrule or clear.",
            "invalid_choice": "Choose confirm, overrule or clear.",
        },
    )
    comment = forms.CharField(
        required=False,
        max_length=COMMENT_MAX_CHARS,
        error_messages={"max_length": f"A comment has at most {COMMENT_MAX_CHARS} characters."},
    )


class TeamAssignForm(forms.Form):
    """The admin's bulk assignment: the team the selected assessments go to."""

    team = forms.ModelChoiceField(
        queryset=Team.objects.order_by("name"),
        empty_label="choose a team",
        error_messages={
            "required": "Choose the team the assessments go to.",
            "invalid_choice": "That team does not exist (any more); choose another.",
        },
    )
