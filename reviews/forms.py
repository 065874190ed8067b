"""Input of the reviewer pages: filters, the source window, review decisions."""

from django import forms

from citations.engine import VerificationStatus

from .models import ReviewAction, ReviewState

STATUS_CHOICES = [("", "any quote status")] + [
    (status.value, f"has {status.value}") for status in VerificationStatus
]
REVIEW_CHOICES = [("", "any review state"), *ReviewState.choices]


class AssessmentFilterForm(forms.Form):
    review_state = forms.ChoiceField(choices=REVIEW_CHOICES, required=False, label="Review")
    status = forms.ChoiceField(choices=STATUS_CHOICES, required=False, label="Quotes")


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


class ReviewForm(forms.Form):
    action = forms.ChoiceField(choices=ReviewAction.choices)
    comment = forms.CharField(required=False, max_length=5000, widget=forms.Textarea)
    confirm_unverified = forms.BooleanField(required=False)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == ReviewAction.RETURN and not cleaned.get("comment", "").strip():
            self.add_error("comment", "Say what needs to change before returning it.")
        return cleaned
