"""Credit grants of seat members: each member of an organization has an allowance of its own
under the organization's subscription (credits are per customer, counted against the
customer's own usage; ``usage/entitlements.py``). The seat flows grant them when a seat is
added and cancel them when it is removed; renewals keep a member's grant the member's
(``credit_grant_renewal``), and so does a new version of the subscription (a price
override, a plan migration or change: ``version_grants``). The terms are the subscription
version's (``credit_grants``).
"""

from datetime import datetime

from billing.subscriptions.credit_grants import issue_grants, version_terms
from billing.subscriptions.models import CreditGrant, CreditGrantStatus, Subscription


async def grant_for_member(
    merchant_id: str, subscription: Subscription, member_id: str, *, now: datetime
) -> int:
    """A seat member's own grants under the organization's subscription (the seat flows),
    for the grant periods containing ``now`` as the subscriber's run. Credits are per
    customer, so each member has an allowance of its own. Answers how many were created."""
    terms = await version_terms(merchant_id, subscription)
    return await issue_grants(
        merchant_id,
        subscription,
        list(terms.values()),
        anchor=subscription.start_timestamp,
        now=now,
        customer_id=member_id,
    )


async def cancel_for_member(
    merchant_id: str, stable_subscription_id: str, member_id: str, *, now: datetime
) -> int:
    """Cancel a seat member's active grants under the subscription (the seat was removed)."""
    return await (
        CreditGrant.scoped(merchant_id)
        .filter(
            stable_subscription_id=stable_subscription_id,
            customer_id=member_id,
            status=CreditGrantStatus.ACTIVE,
        )
        .update(status=CreditGrantStatus.CANCELLED, updated_at=now)
    )
