"""A new subscription version's credit grants: the subscriber's and its seat members'.

Every active grant under the subscription moves to the new version or is replaced, per
holder: the subscriber, and each seat member holding grants of its own under it
(``member_grants``: credits are per customer, so a member's allowance is its own). A price
override, a plan migration or a plan change must not strip members of their credits (nor hand
them out twice), so the rule below is applied to each holder alike.

Which members: the live members of the subscriber's organization who hold an active grant
under this subscription. That is "the seats this subscription carries": a seat added grants
its member here and a seat removed cancels them, and a subscriber's other subscription (an
add-on without seats) never gave members anything, so it gives them nothing on a new version
either.
"""

from datetime import datetime

from billing.catalog.models import Plan
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.subscriptions.credit_grants import issue_grants, version_terms
from billing.subscriptions.models import CreditGrant, CreditGrantStatus, Subscription


async def _holders(merchant_id: str, subscription: Subscription, grants: list) -> list[str]:
    """The subscriber first, then its organization's live members holding ``grants``."""
    subscriber = await Customer.scoped(merchant_id).filter(id=subscription.customer_id).first()
    holders = [subscription.customer_id]
    others = {g.customer_id for g in grants} - {subscription.customer_id}
    if subscriber is None or subscriber.organization_id is None or not others:
        return holders
    members = await (
        Customer.scoped(merchant_id)
        .filter(organization_id=subscriber.organization_id, id__in=sorted(others))
        .order_by("created_at", "id")
        .values_list("id", flat=True)
    )
    return holders + list(members)


async def sync_version(
    merchant_id: str,
    subscription: Subscription,
    *,
    plan: Plan | None = None,
    now: datetime | None = None,
) -> int:
    """Bring the active grants in line with a new version ``subscription``, in the caller's
    transaction (which holds the subscription's lock). Answers how many grants were created.

    The rule, per holder (the module docstring): a grant whose feature the new version still
    grants under the same terms (allowance, renewal, and trial amount for a trial grant) is
    kept, period and usage included, and moves to the new version. So a price override, or a
    migration to a plan version with the same allowance, never hands out a fresh allowance.
    Every other active grant is expired, and each feature with changed or new terms gets a
    grant starting now, for every holder.
    """
    now = now or utcnow()
    terms = await version_terms(merchant_id, subscription, plan)
    grants = await (
        CreditGrant.scoped(merchant_id)
        .filter(
            stable_subscription_id=subscription.stable_subscription_id,
            status=CreditGrantStatus.ACTIVE,
        )
        .order_by("period_start", "id")
        .select_for_update()
    )
    holders = await _holders(merchant_id, subscription, grants)
    kept: set[tuple[str, str]] = set()
    for grant in grants:
        item = terms.get(grant.feature_id)
        key = (grant.customer_id, grant.feature_id)
        holds = grant.customer_id in holders and key not in kept
        if holds and item is not None and item.carries(grant):
            kept.add(key)
            grant.subscription_id = subscription.id
            await grant.save(update_fields=["subscription_id", "updated_at"])
            continue
        grant.status = CreditGrantStatus.EXPIRED
        await grant.save(update_fields=["status", "updated_at"])
    created = 0
    for holder in holders:
        fresh = [item for feature_id, item in terms.items() if (holder, feature_id) not in kept]
        created += await issue_grants(
            merchant_id, subscription, fresh, anchor=now, now=now, customer_id=holder
        )
    return created
