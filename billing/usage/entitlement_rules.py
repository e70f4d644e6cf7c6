"""The entitlement decision table: pure functions from what a customer holds to one answer.

No database here: ``billing/usage/entitlements.py`` reads the rows (what the live, active
subscription versions grant, their plan links, the customer's active credit grants),
:func:`resolve` turns them into the facts of each feature, the service measures the metrics
:func:`measured_metrics` names, and :func:`decide` turns facts and usage into the Entitlement
record. Keeping the table pure lets it be tested
row by row without events or subscriptions.

Resolution (spec rules 1-4; first matching row wins):

=====  =============================  ======================================  ===========
row    what the customer holds         entitled                                source
=====  =============================  ======================================  ===========
1      no active subscription grants   false (feature null, usages [])         null
       the feature (unknown slug,
       not in the plan, ended, paused,
       unpaid or cancelled subscription)
2      active credit grants, number    one metric: usage < allowance;          credits
       feature                         no metric: 0 < allowance; several
                                       metrics: null (client decides)
3      active credit grants, boolean   creditsRemaining > 0                    credits
       (or string) feature
4      an override row with a value    by value (below)                        override
5      a plan row whose plan link has  by value (below)                        plan
       a value
6      a granted row without a value   by value of the feature's own           default
       (override or plan link empty)   default value
=====  =============================  ======================================  ===========

"By value": a boolean is entitled when the value is ``true``; a number is a limit: with one
metric entitled is usage (this billing period) < value, with several metrics null, with no
metric true (a setting the client reads); a string is entitled when it has a value.

Our choices where the spec is silent:
- A feature no active subscription grants is not entitled: ``default`` is the source only when
  a granting row exists but names no value (row 6), never for a feature nobody granted. This is
  what the spec's POST row says ("entitled false, feature null, source null").
- ``feature`` is null whenever ``entitled`` is false (the spec's field note), credits included;
  ``creditInfo`` still tells how many credits there were.
- Credit usage counts from the earliest active grant's ``period_start`` to the latest
  ``period_end`` (open when a grant never expires); metrics are the grants' ``metric_ids``
  (copied from the feature when granted), else the feature's. A boolean feature's usages stay
  ``[]`` (only numeric features list usages) although its credits are measured.
- Every answer carries ``featureSlug`` so clients can match results to what they asked.
"""

import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from billing.subscriptions.credit_grants import credits_remaining
from billing.usage.metric_values import json_number

PLAN, OVERRIDE, CREDITS, DEFAULT = "plan", "override", "credits", "default"


@dataclass(frozen=True)
class Credits:
    """The customer's active grants for one feature, summed."""

    allowance: int
    metric_ids: tuple[str, ...] = ()
    next_expiry: datetime | None = None


@dataclass(frozen=True)
class FeatureFacts:
    """What decides one feature for one customer. ``source`` and ``value`` come from the live
    subscription version's feature row, ``plan_value`` from its plan version's link (None when
    the link has no value)."""

    slug: str
    feature_type: str
    source: str = PLAN
    value: Any = None
    plan_value: Any = None
    default_value: Any = None
    metric_ids: tuple[str, ...] = ()
    display_name: str = ""
    credits: Credits | None = None


def granted_value(facts: FeatureFacts) -> tuple[Any, str]:
    """(value, source) by rows 4-6 of the table."""
    if facts.source == OVERRIDE:
        if facts.value is not None:
            return facts.value, OVERRIDE
    elif facts.plan_value is not None:
        return facts.plan_value, PLAN
    if facts.default_value is not None:
        return facts.default_value, DEFAULT
    return facts.value, facts.source if facts.value is not None else DEFAULT


def measured_metrics(facts: FeatureFacts) -> tuple[str, ...]:
    """The metric ids whose usage :func:`decide` needs (none for a plain switch or text)."""
    if facts.credits is not None:
        return facts.credits.metric_ids or facts.metric_ids
    if facts.feature_type == "number":
        return facts.metric_ids
    return ()


def zero_credits() -> dict:
    return {"creditAllowance": 0, "creditsRemaining": 0, "nextExpiryDate": None}


def not_entitled(slug: str, display_name: str | None = None) -> dict:
    """Row 1: nothing grants the feature (or no such feature)."""
    return _answer(slug, False, None, None, [], zero_credits(), display_name)


def _answer(slug, entitled, value, source, usages, credit_info, display_name=None) -> dict:
    body = {
        "featureSlug": slug,
        "entitled": entitled,
        "feature": None if entitled is False else {"slug": slug, "value": value},
        "source": source,
        "usages": usages,
        "creditInfo": credit_info,
    }
    if display_name is not None:  # the dashboard's answer (never /v1's): name and value
        body["displayName"] = display_name
        body["grantedValue"] = value  # kept when not entitled, e.g. a limit of 0 or used up
    return body


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _by_value(feature_type: str, value: Any, metrics: tuple, used: Decimal) -> bool | None:
    if feature_type == "boolean":
        return value is True
    if feature_type == "number":
        if not _is_number(value):
            return False
        if len(metrics) > 1:
            return None
        return used < Decimal(str(value)) if metrics else True
    return value is not None


def decide(facts: FeatureFacts, usage: dict[str, Decimal], *, with_name: bool = False) -> dict:
    """The Entitlement record of ``facts`` (rows 2-6), given the usage of each metric
    :func:`measured_metrics` named (a missing one counts as zero, as a failed query does)."""
    metrics = measured_metrics(facts)
    used = sum((usage.get(metric_id, Decimal(0)) for metric_id in metrics), Decimal(0))
    usages = (
        [{"metricId": m, "usage": json_number(usage.get(m, 0))} for m in metrics]
        if facts.feature_type == "number"
        else []
    )
    name = facts.display_name if with_name else None
    credits = facts.credits
    if credits is None:
        value, source = granted_value(facts)
        entitled = _by_value(facts.feature_type, value, metrics, used)
        return _answer(facts.slug, entitled, value, source, usages, zero_credits(), name)
    remaining = credits_remaining(SimpleNamespace(allowance=credits.allowance), used)
    if facts.feature_type == "number":
        value = credits.allowance
        entitled = None if len(metrics) > 1 else used < credits.allowance
    else:
        value = True if facts.feature_type == "boolean" else granted_value(facts)[0]
        entitled = remaining > 0
    info = {
        "creditAllowance": credits.allowance,
        "creditsRemaining": remaining,
        "nextExpiryDate": credits.next_expiry,
    }
    return _answer(facts.slug, entitled, value, CREDITS, usages, info, name)


@dataclass(frozen=True)
class Subject:
    """A customer whose entitlements are asked for, and whose subscriptions grant them."""

    id: str
    external_id: str | None
    organization_id: str | None = None
    primary_id: str | None = None

    @property
    def holders(self) -> tuple[str, ...]:
        if self.primary_id and self.primary_id != self.id:
            return (self.id, self.primary_id)
        return (self.id,)

    @property
    def keys(self) -> tuple[str, ...]:
        """The ``customer_key`` values of the customer's events (``metric_values``)."""
        return (self.id, f"ext:{self.external_id}") if self.external_id else (self.id,)


def _json(value):
    return json.loads(value) if isinstance(value, str) else value


def _grants_of(subject: Subject, group: list[dict]) -> list[tuple]:
    """(allowance, metric ids, period start, period end) of the subject's own active grants
    in a feature's rows (grants are per customer: a member's, not the organization's)."""
    grants = []
    for row in group:
        for index, owner in enumerate(row["grant_customers"] or ()):
            if owner == subject.id:
                grants.append(
                    (
                        row["grant_allowances"][index],
                        _json(row["grant_metric_ids"][index]) or [],
                        row["grant_starts"][index],
                        row["grant_ends"][index],
                    )
                )
    return grants


def _credits(grants: list[tuple]) -> tuple[Credits, datetime, datetime | None]:
    """The grants summed, and the usage window: earliest start to latest end (open when a
    grant never ends)."""
    ends = [grant[3] for grant in grants]
    expiries = [moment for moment in ends if moment is not None]
    metrics = dict.fromkeys(metric_id for grant in grants for metric_id in grant[1])
    credits = Credits(
        allowance=sum(grant[0] for grant in grants),
        metric_ids=tuple(metrics),
        next_expiry=min(expiries, default=None),
    )
    end = max(expiries) if len(expiries) == len(ends) else None
    return credits, min(grant[2] for grant in grants), end


@dataclass(frozen=True)
class Resolved:
    """One feature of one subject: the facts and the usage window of its metrics."""

    facts: FeatureFacts
    start: datetime | None
    end: datetime | None


def resolve(subject: Subject, rows: list[dict]) -> dict[str, Resolved]:
    """Facts per slug for ``subject`` from the granted feature rows of its holders'
    subscriptions (``entitlements._GRANTED_SQL``, in priority order: override rows first,
    then the oldest subscription). The first row gives the value; every row's grants add up.
    Without credits, usage is measured over the subscription's current billing period."""
    by_slug: dict[str, list[dict]] = {}
    for row in rows:
        if row["holder_id"] in subject.holders:
            by_slug.setdefault(row["slug"], []).append(row)
    resolved = {}
    for slug, group in by_slug.items():
        first = group[0]
        credits, start, end = None, first["current_period_start"], first["current_period_end"]
        grants = _grants_of(subject, group)
        if grants:
            credits, start, end = _credits(grants)
        facts = FeatureFacts(
            slug=slug,
            feature_type=first["feature_type"],
            source=first["source"],
            value=_json(first["feature_value"]),
            plan_value=_json(first["plan_value"]),
            default_value=_json(first["default_value"]),
            metric_ids=tuple(_json(first["metric_ids"]) or ()),
            display_name=first["display_name"],
            credits=credits,
        )
        resolved[slug] = Resolved(facts, start, end)
    return resolved
