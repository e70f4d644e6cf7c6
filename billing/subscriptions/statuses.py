"""The statuses a subscription is stored in, and which of them count for what.

The moves between them (each recorded as a ``SubscriptionEvent`` at the clock of whoever made
the move: a due pass's ``now``, a request's present; the README's "Subscription statuses"
table says the same):

- ``incomplete``: sold by checkout, waiting for its first payment, or, for a plan with a
  trial, for the card the trial collects (``checkout_states``). Paid or card confirmed →
  ``active``, or ``trialing`` while the trial lies ahead. Nobody pays → ``ended``.
- ``trialing``: in its trial (``trial_end_date`` ahead). The due pass makes it ``active`` when
  the first paid period starts.
- ``active``: paying. A renewal's charge fails → ``past_due`` (``past_due`` event).
- ``past_due``: a renewal's charge failed; its retries and grace period run (dunning:
  billing/payments/payment_dunning.py). The invoice paid (a retry, a webhook, retry-payment,
  a new card set for the subscription, which is charged at once) → ``active``
  (``payment_recovered``); the grace period ends unpaid → the merchant's end action
  (``paused``, ``unpaid`` or ``ended``: ``dunning_paused``, ``dunning_unpaid``,
  ``cancelled``). It counts in MRR and grants features while the merchant keeps a past-due
  customer's access (the dunning config's ``pastDueAccess``, true by default).
- ``paused``: by the merchant (from ``active`` or ``past_due``), or by the dunning end action
  ``pause``; resumed → ``active``, and one dunning paused is ``active`` again when paid.
- ``unpaid``: the dunning end action ``unpaid``; a later payment → ``active``.
- ``ended``: cancelled (the version is soft-deleted too).

Readers never compare a status with a bare word: they use the sets below, so a new status is
placed in each of them once, here.
"""

INCOMPLETE = "incomplete"
TRIALING = "trialing"
ACTIVE = "active"
PAST_DUE = "past_due"
PAUSED = "paused"
UNPAID = "unpaid"
ENDED = "ended"

ALL = (INCOMPLETE, TRIALING, ACTIVE, PAST_DUE, PAUSED, UNPAID, ENDED)

# A customer with one of these has a subscription: a second one is refused (409).
OPEN = (TRIALING, ACTIVE, PAST_DUE, PAUSED, UNPAID)
# These grant features and credits, count in MRR and answer hasActiveSubscription. A past-due
# customer keeps access during the grace period unless the merchant turned that off
# (entitlements check the merchant's setting for ``past_due``).
CURRENT = (TRIALING, ACTIVE, PAST_DUE)
