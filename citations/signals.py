"""What verification tells the apps around it (webhooks/), which citations/ never imports.

Each is sent inside the transaction that changes the row, while the verification's row is
locked: a receiver's writes commit or roll back with the change, and the receivers of one
assessment's signals run one at a time, in the order of its changes.
"""

from django.dispatch import Signal

# A result set was stored. Arguments: assessment_id, run.
verification_done = Signal()
# The verification ended failed. Arguments: assessment_id, error.
verification_failed = Signal()
