"""Credit grants: the usage allowance a subscription gives its customer, one row per feature
and period (billing/usage/models.py ``CreditGrant``).

Where grants come from: each plan-feature link of the subscription's plan version with
``has_credit_allowance`` and ``credit_allowance_amount > 0``, for a feature the subscription
version still grants (a feature override that drops a feature drops its credits; one that adds
a feature the plan gives no allowance for adds none). The feature's ``metric_ids`` are copied
onto the grant, so the entitlement check knows which usage to subtract.

Periods follow ``credit_allowance_renewal``: ``monthly`` / ``yearly`` periods are clamped at
month ends like billing dates (a Jan 31 anchor gives Feb 28, then Mar 31: never a drifting
day), ``none`` has no end (``period_end`` null) and never expires on its own. At subscription
start the anchor is ``start_timestamp`` and the grant covers the period containing now (or the
start, when later): a backdated subscription gets this period's credits, not a lapsed first
period. Trials: while the subscription is in trial (``trial_end_date`` in the future) a feature
named in the plan's ``trial_credit_overrides`` ([{featureId, amount}]) gets that amount with
source ``trial`` for its first grant (0 is allowed: "no credits during the trial"); renewals
always use the plan's amount.

Status: ``active``; ``expired`` (its period passed and the renewal job replaced it, or a new
version changed its terms); ``cancelled`` (the subscription ended). Only status decides:
``period_end`` keeps the period the grant was issued for, ``updated_at`` says when it changed.
``subscription_id`` is the version that carries the grant now: every active grant belongs to
the live version.

Renewal (the next period of a monthly or yearly grant) is the due-work pass's part in
billing/subscriptions/credit_grant_renewal.py; a new version's grants (the subscriber's and its
seat members') are ``version_grants.sync_version``'s.
"""

import math
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from tortoise.expressions import Q

from billing.catalog.models import Plan, PlanFeature
from billing.core.models import utcnow
from billing.subscriptions import billing_dates
from billing.subscriptions.models import (
    CreditGrant,
    CreditGrantStatus,
    Subscription,
    SubscriptionFeature,
)

MONTHLY, YEARLY, NONE = "monthly", "yearly", "none"
RULES = {MONTHLY: "FREQ=MONTHLY", YEARLY: "FREQ=YEARLY"}


@dataclass(frozen=True)
class Terms:
    """What a subscription version entitles its customer to for one feature."""

    feature_id: str
    metric_ids: list
    plan_amount: int
    trial_amount: int | None
    renewal: str

    def first_grant(self, in_trial: bool) -> tuple[int, str]:
        """(allowance, source) of a first grant: the trial amount while in trial."""
        if in_trial and self.trial_amount is not None:
            return self.trial_amount, "trial"
        return self.plan_amount, "plan"

    def carries(self, grant: CreditGrant) -> bool:
        """Whether ``grant`` was issued under these same terms, so a new version keeps it
        instead of handing out a fresh allowance."""
        if grant.feature_id != self.feature_id or grant.renewal != self.renewal:
            return False
        expected = self.trial_amount if grant.source == "trial" else self.plan_amount
        return grant.allowance == expected


def _renewal(value: str | None) -> str:
    """Plan input defaults a missing renewal to monthly; anything unknown never renews."""
    value = value or MONTHLY
    return value if value in (MONTHLY, YEARLY, NONE) else NONE


def _trial_amounts(plan: Plan | None) -> dict[str, int]:
    if plan is None or not plan.trial_enabled:
        return {}
    amounts = {}
    for item in plan.trial_credit_overrides or []:
        if not isinstance(item, dict):
            continue
        feature_id, amount = item.get("featureId"), item.get("amount")
        if isinstance(feature_id, str) and type(amount) is int and amount >= 0:
            amounts[feature_id] = amount
    return amounts


async def version_terms(
    merchant_id: str, subscription: Subscription, plan: Plan | None = None
) -> dict[str, Terms]:
    """Terms per feature id for a subscription version (see the module docstring)."""
    if plan is None or plan.id != subscription.plan_id:
        plan = await Plan.filter(merchant_id=merchant_id, id=subscription.plan_id).first()
    granted = set(
        await SubscriptionFeature.scoped(merchant_id)
        .filter(subscription_id=subscription.id)
        .values_list("feature_id", flat=True)
    )
    links = await (
        PlanFeature.scoped(merchant_id)
        .filter(
            plan_id=subscription.plan_id,
            has_credit_allowance=True,
            credit_allowance_amount__gt=0,
            feature__deleted_at=None,
        )
        .prefetch_related("feature")
        .order_by("created_at", "id")
    )
    trial = _trial_amounts(plan)
    return {
        link.feature_id: Terms(
            feature_id=link.feature_id,
            metric_ids=list(link.feature.metric_ids or []),
            plan_amount=link.credit_allowance_amount,
            trial_amount=trial.get(link.feature_id),
            renewal=_renewal(link.credit_allowance_renewal),
        )
        for link in links
        if link.feature_id in granted
    }


def period(
    renewal: str, anchor: datetime, at: datetime, *, day: int | None = None
) -> tuple[datetime, datetime | None]:
    """The grant period of ``renewal`` anchored at ``anchor`` that contains ``at`` (or starts
    at the anchor when ``at`` is earlier); ``day`` pins the day of month (renewals)."""
    if renewal not in RULES:
        return anchor, None
    rule = RULES[renewal] + (f";BYMONTHDAY={day}" if day else "")
    return billing_dates.period_at(rule, anchor, max(at, anchor))


def in_trial(subscription: Subscription, now: datetime) -> bool:
    return subscription.trial_end_date is not None and subscription.trial_end_date > now


async def issue_grants(
    merchant_id: str,
    subscription: Subscription,
    terms: list[Terms],
    *,
    anchor: datetime,
    now: datetime,
    customer_id: str | None = None,
) -> int:
    """First grants of ``terms`` for ``subscription``, anchored at ``anchor``, to its
    customer or to the seat member ``customer_id``."""
    trial = in_trial(subscription, now)
    rows = []
    for item in terms:
        allowance, source = item.first_grant(trial)
        start, end = period(item.renewal, anchor, now)
        rows.append(
            CreditGrant(
                merchant_id=merchant_id,
                customer_id=customer_id or subscription.customer_id,
                stable_subscription_id=subscription.stable_subscription_id,
                subscription_id=subscription.id,
                feature_id=item.feature_id,
                metric_ids=item.metric_ids,
                allowance=allowance,
                renewal=item.renewal,
                source=source,
                status=CreditGrantStatus.ACTIVE,
                period_start=start,
                period_end=end,
                created_at=now,
            )
        )
    if rows:
        await CreditGrant.bulk_create(rows)
    return len(rows)


async def grant_for_subscription(
    merchant_id: str,
    subscription: Subscription,
    *,
    plan: Plan | None = None,
    now: datetime | None = None,
) -> int:
    """Grants of a new subscription (version 1), after its features are copied. Answers how
    many were created (``credit_grants_created`` of the free-subscription response)."""
    now = now or utcnow()
    terms = await version_terms(merchant_id, subscription, plan)
    return await issue_grants(
        merchant_id,
        subscription,
        list(terms.values()),
        anchor=subscription.start_timestamp,
        now=now,
    )


async def cancel_for_subscription(
    merchant_id: str, stable_subscription_id: str, *, now: datetime | None = None
) -> int:
    """Cancel the subscription's active grants (it ended), in the caller's transaction.
    Answers how many were cancelled."""
    return await (
        CreditGrant.scoped(merchant_id)
        .filter(stable_subscription_id=stable_subscription_id, status=CreditGrantStatus.ACTIVE)
        .update(status=CreditGrantStatus.CANCELLED, updated_at=now or utcnow())
    )


async def active_grants(
    merchant_id: str,
    customer_id: str,
    *,
    feature_id: str | None = None,
    at: datetime | None = None,
) -> list[CreditGrant]:
    """The customer's grants in force at ``at`` (now): status active and a period covering
    it. A grant whose period has passed is left out even before the renewal job marks it."""
    at = at or utcnow()
    query = CreditGrant.scoped(merchant_id).filter(
        Q(period_end=None) | Q(period_end__gt=at),
        customer_id=customer_id,
        status=CreditGrantStatus.ACTIVE,
        period_start__lte=at,
    )
    if feature_id is not None:
        query = query.filter(feature_id=feature_id)
    return await query.order_by("period_start", "id")


def credits_remaining(grant: CreditGrant, usage: int | float | Decimal | None) -> int:
    """Allowance minus usage in whole credits, never below 0 (fractional usage rounds the
    remainder down: a credit partly used is not available any more). No usage means none."""
    left = Decimal(grant.allowance) - Decimal(str(usage or 0))
    return max(0, math.floor(left))


async def count_for_subscription(merchant_id: str, subscription_id: str) -> int:
    """How many active grants a subscription version carries (for responses that report
    ``credit_grants_created`` after the subscription service made them)."""
    return await (
        CreditGrant.scoped(merchant_id)
        .filter(subscription_id=subscription_id, status=CreditGrantStatus.ACTIVE)
        .count()
    )
