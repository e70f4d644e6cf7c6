"""Changing one subscription's plan: another plan (or version) at one of its prices, now or at
the end of the current billing period.

A plan migration moves every subscriber of a version; this is the same move for one
subscription, chosen by the merchant on its page. ``now`` makes the new version at once
(``new_version``, event ``plan_changed``: the new plan's features replace the plan's, while
features the merchant overrode for this customer stay); ``next_billing_cycle`` records a
``ScheduledChange`` of kind ``plan_change`` effective at the end of the current period, which
the due-work pass applies. Either way the newest decision wins: pending moves of the
subscription (a scheduled migration or an earlier change) are cancelled.
"""

from dataclasses import dataclass
from datetime import datetime

from tortoise.transactions import in_transaction

from billing.catalog.models import Plan, Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.lookup import find_scoped
from billing.subscriptions.models import Subscription
from billing.subscriptions.scheduled_changes import PLAN_MOVES, cancel_pending, schedule
from billing.subscriptions.subscription_versions import PRICE_NOT_FOUND, lock_live, new_version

WHEN = ("now", "next_billing_cycle")
SAME = "The subscription is already on this plan and price"


@dataclass
class PlanChange:
    """What happened: the new live version (``now``), or the live one and the date the
    change will happen (``next_billing_cycle``)."""

    subscription: Subscription
    plan: Plan
    price: Price
    effective_date: datetime | None = None


async def change_plan(merchant_id: str, stable_id: str, *, price_id: str, when: str) -> PlanChange:
    """Move the subscription to the plan version ``price_id`` belongs to, at that price.

    Refused: an unknown price or plan (404 as their own reads), the plan and price the
    subscription already has (409), an ended subscription (409, ``lock_live``).
    """
    if when not in WHEN:
        raise Invalid("when must be now or next_billing_cycle", code="bad_when", field="when")
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        price = await find_scoped(Price, merchant_id, price_id, PRICE_NOT_FOUND, field="priceId")
        plan = await Plan.scoped(merchant_id).filter(id=price.plan_id).first()
        if plan is None:
            raise NotFound(PRICE_NOT_FOUND, code="price_not_found", field="priceId")
        if live.plan_id == plan.id and live.effective_price_id == price.id:
            raise Conflict(SAME, code="already_on_plan", field="priceId")
        for kind in PLAN_MOVES:
            await cancel_pending(
                merchant_id, live.stable_subscription_id, "Replaced by a plan change", kind
            )
        if when == "now":
            new = await new_version(merchant_id, live, plan=plan, price=price, kind="plan_changed")
            return PlanChange(new, plan, price)
        change = await schedule(
            merchant_id,
            live,
            plan=plan,
            price=price,
            effective_date=live.current_period_end,
            kind="plan_change",
        )
        return PlanChange(live, plan, price, change.effective_date)
