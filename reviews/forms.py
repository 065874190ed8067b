"""Input of the reviewer pages: filters, the source window and search, review decisions."""

from django import forms

from citations.engine import VerificationStatus

from .models import ReviewAction, Team
from .selectors import DEFAULT_QUEUE, DEFAULT_SORT, QUEUES, SORTS

STATUS_CHOICES = [("", "any quote status")] + [
    (status.value, f"has {status.value}") for status in VerificationStatus
]
QUEUE_CHOICES = [(name, queue.label) for name, queue in QUEUES.items()]
SORT_CHOICES = [(name, label) for name, (label, _) in SORTS.items()]


class AssessmentFilterForm(forms.Form):
    """The list's filters; what is left out is the reviewer's queue, longest waiting first."""

    queue = forms.ChoiceField(choices=QUEUE_CHOICES, required=False, label="Show")
    status = forms.ChoiceField(choices=STATUS_CHOICES, required=False, label="Quotes")
    search = forms.CharField(
        required=False,
        max_length=200,
        label="Search",
        widget=forms.SearchInput(attrs={"placeholder": "title or bundle id"}),
    )
    sort = forms.ChoiceField(choices=SORT_CHOICES, required=False, label="Sort")

    def clean_queue(self) -> str:
        return self.cleaned_data["queue"] or DEFAULT_QUEUE

    def clean_sort(self) -> str:
        return self.cleaned_data["sort"] or DEFAULT_SORT

    def chosen(self) -> dict[str, str]:
        """The filters to apply: when any does not validate, none (the page names those)."""
        if self.is_valid():
            return self.cleaned_data
        return {"queue": DEFAULT_QUEUE, "status": "", "search": "", "sort": DEFAULT_SORT}


MAX_PARAGRAPHS_SHOWN = 200  # one request renders at most this many paragraphs


class ParagraphRangeForm(forms.Form):
    """Which paragraphs of a source to show, 1-based and inclusive; at most
    ``MAX_PARAGRAPHS_SHOWN`` at once."""

    start = forms.IntegerField(min_value=1)
    end = forms.IntegerField(min_value=1)
    quote = forms.IntegerField(min_value=1, required=False)
    direction = forms.ChoiceField(
        choices=[("earlier", "earlier"), ("later", "later")], required=False
    )

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start"), cleaned.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", "end must not be before start.")
        elif start is not None and end is not None and end - start >= MAX_PARAGRAPHS_SHOWN:
            self.add_error("end", f"show at most {MAX_PARAGRAPHS_SHOWN} paragraphs at once.")
        return cleaned


class SourceViewForm(forms.Form):
    """A source opened on its own: at a paragraph, searched for words, perhaps from the
    citation of a quote (the pane then links back to it)."""

    at = forms.IntegerField(min_value=1, required=False)
    find = forms.CharField(required=False, max_length=200)
    quote = forms.IntegerField(min_value=1, required=False)


class ReviewForm(forms.Form):
    action = forms.ChoiceField(choices=ReviewAction.choices)
    comment = forms.CharField(required=False, max_length=5000, widget=forms.Textarea)
    confirm_unverified = forms.BooleanField(required=False)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == ReviewAction.RETURN and not cleaned.get("comment", "").strip():
            self.add_error("comment", "Say what needs to change before returning it.")
        return cleaned


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
