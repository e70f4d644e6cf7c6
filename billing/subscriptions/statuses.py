"""The statuses a subscription is stored in, and which of them count for what.

The moves between them (each recorded as a ``SubscriptionEvent`` at the clock of whoever made
the move: a due pass's ``now``, a request's present; the README's "Subscription statuses"
table says the same):

- ``incomplete``: sold by checkout, waiting for its first payment, or, for a plan with a
  trial, for the card the trial collects (``checkout_states``). Paid or card confirmed →
  ``active``, or ``trialing`` while the trial lies ahead. Nobody pays → ``ended``.
- ``trialing``: in its trial (``trial_end_date`` ahead). The due pass makes it ``active`` when
  the first paid period starts; if the card kept for it is declined then, it is ``past_due``
  at once (the same pass).
- ``active``: paying. A renewal's charge fails → ``past_due`` (``past_due`` event).
- ``past_due``: a renewal's charge failed; its retries and grace period run (dunning:
  billing/payments/collection/payment_dunning.py). The invoice paid (a retry, a webhook,
  retry-payment, a new card set for the subscription, which is charged at once) → ``active``
  (``payment_recovered``); the grace period ends unpaid → the merchant's end action
  (``paused``, ``unpaid`` or ``ended``: ``dunning_paused``, ``dunning_unpaid``,
  ``cancelled``). It counts in MRR and grants features while the merchant keeps a past-due
  customer's access (the dunning config's ``pastDueAccess``, true by default).
- ``paused``: by the merchant (from ``trialing``, ``active`` or ``past_due``: ``PAUSABLE``),
  or by the dunning end action ``pause``; resumed → ``trialing`` while its trial still lies
  ahead, else ``active``; one dunning paused is ``active`` again when paid. A trial's end date
  does not move while it is paused.
- ``unpaid``: the dunning end action ``unpaid``; a later payment → ``active``.
- ``ended``: cancelled (the version is soft-deleted too).

What a merchant may do in each (one rule, so the API and the dashboard agree): pause one that
the customer has now (``PAUSABLE``); override its price or features (the spec's rows for an
``active`` subscription) while it is ``trialing``, ``active`` or ``past_due`` (``CHANGEABLE``:
a past-due customer moved to a cheaper plan is a common rescue; the new version keeps the
status, the retries and the grace period, and its unpaid invoices stay owed); move one to
another plan on the dashboard in any open status (``OPEN``, as a plan migration moves paused
subscribers too). An ``incomplete`` one waits for its checkout and an ``ended`` one is over:
neither is changed.

Readers never compare a status with a bare word: they use the sets below, so a new status is
placed in each of them once, here.
"""

from enum import StrEnum


class SubscriptionStatus(StrEnum):
    """What ``Subscription.status`` (and ``SubscriptionEvent.status_after``) may hold.

    A ``StrEnum``: a member equals, hashes, renders and serialises as its word, so the column
    stays a plain string and JSON answers are unchanged."""

    INCOMPLETE = "incomplete"
    TRIALING = "trialing"
    ACTIVE = "active"
    PAST_DUE = "past_due"
    PAUSED = "paused"
    UNPAID = "unpaid"
    ENDED = "ended"


# The members under short names, as readers have used them (``statuses.ACTIVE``).
INCOMPLETE = SubscriptionStatus.INCOMPLETE
TRIALING = SubscriptionStatus.TRIALING
ACTIVE = SubscriptionStatus.ACTIVE
PAST_DUE = SubscriptionStatus.PAST_DUE
PAUSED = SubscriptionStatus.PAUSED
UNPAID = SubscriptionStatus.UNPAID
ENDED = SubscriptionStatus.ENDED

ALL = tuple(SubscriptionStatus)

# A customer with one of these has a subscription: a second one is refused (409).
OPEN = (TRIALING, ACTIVE, PAST_DUE, PAUSED, UNPAID)
# These grant features and credits, count in MRR and answer hasActiveSubscription. A past-due
# customer keeps access during the grace period unless the merchant turned that off
# (entitlements check the merchant's setting for ``past_due``).
CURRENT = (TRIALING, ACTIVE, PAST_DUE)
# The merchant may pause these, and override their price or features (see above).
PAUSABLE = CURRENT
CHANGEABLE = CURRENT
