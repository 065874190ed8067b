"""What review tells the apps around it (webhooks/), which reviews/ never imports.

Each is sent inside the transaction that records the row, after the verification's row was
locked (as every decision and verdict locks it): a receiver's writes commit or roll back
with the row, one assessment's in the order they were made.
"""

from django.dispatch import Signal

# A review decision was recorded. Argument: decision (a ReviewDecision).
review_decided = Signal()
# A quote verdict was given. Argument: verdict (a QuoteVerdict).
quote_verdict_given = Signal()
