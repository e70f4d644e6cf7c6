"""A subscription the due pass cannot bill: recorded on its row and shown to the merchant.

The billing step settles each due subscription in a savepoint of its own; one that raises is
left due and tried again on the next pass (``core/claims.py``). Retrying alone would let a
row fail silently for ever (a usage value too large to bill did exactly that), so each failed
attempt is also written on the row, outside the undone savepoint and with the pass's clock:

- ``billing_problem``: the reason in words a merchant can act on (the message of a typed
  error, such as ``money_math.AmountTooLarge`` naming the line; for anything unexpected a
  general sentence, never a traceback, which stays in the server's log);
- ``billing_problem_since``: the first failed pass of this run of failures;
- ``billing_problem_last_at`` and ``billing_problem_attempts``: the latest one, and how many.

The first pass that bills the row (or finds it fully billed) clears all four. The API shows
them as ``billingProblem`` on a subscription and lists the rows that have one
(``GET /v1/subscriptions?billingProblem=true``); the dashboard warns on the subscription's
page and marks it in the list.
"""

from datetime import datetime

from billing.core.errors import ServiceError
from billing.subscriptions.models import Subscription

UNEXPECTED = (
    "Tally could not bill this subscription because of an unexpected error; it tries again on "
    "every billing pass, and the error is in the server's log"
)
MAX_REASON = 500


def reason_of(error: BaseException) -> str:
    """What a merchant is told: a typed error's own message, else a general sentence."""
    if isinstance(error, ServiceError) and isinstance(error.message, str) and error.message:
        return error.message[:MAX_REASON]
    return UNEXPECTED


async def record(subscription: Subscription, error: BaseException, now: datetime) -> None:
    """Note one failed attempt on ``subscription`` at ``now`` (in the caller's transaction)."""
    problem = subscription.billing_problem_since is not None
    subscription.billing_problem = reason_of(error)
    subscription.billing_problem_since = subscription.billing_problem_since if problem else now
    subscription.billing_problem_last_at = now
    subscription.billing_problem_attempts = (subscription.billing_problem_attempts or 0) + 1
    await Subscription.filter(id=subscription.id).update(
        billing_problem=subscription.billing_problem,
        billing_problem_since=subscription.billing_problem_since,
        billing_problem_last_at=now,
        billing_problem_attempts=subscription.billing_problem_attempts,
    )


async def clear(subscriptions: list[Subscription]) -> None:
    """Forget the problem of every row here that had one (a pass billed them)."""
    ids = [s.id for s in subscriptions if s.billing_problem_since is not None]
    if ids:
        await Subscription.filter(id__in=ids).update(
            billing_problem=None,
            billing_problem_since=None,
            billing_problem_last_at=None,
            billing_problem_attempts=0,
        )
