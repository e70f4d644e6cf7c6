"""Entitlements: what a customer may use right now, per feature (the four /v1/entitlements
routes and the dashboard's customer panel). The decision table is in ``entitlement_rules``.

Who grants what:
- Only a live subscription version in status ``active`` grants anything (trials are active
  subscriptions with a ``trial_end_date``; there is no separate trialing status). Paused,
  unpaid and ended subscriptions grant nothing, their credits included.
- The version's feature rows are the granted set: plan features are copied onto it at
  creation (source ``plan``) and an override list replaces them (source ``override``). A
  plan row's value is read from the plan version's link; an empty one means the feature's
  default (source ``default``).
- Organizations (billing/services/organizations.py): the primary customer's subscription is
  the organization's, so its features apply to every live member as well as to the member's
  own subscriptions. Credits are per customer (the seat flows give each member grants of
  their own and take them away with the seat), counted against the customer's own usage. A
  member whose seat was removed has left the organization and keeps nothing of it.
- Several active subscriptions granting one feature: an override row beats a plan row, then
  the oldest subscription wins; credits of all of them add up.

Cost: one check is three queries (customer with its organization's primary; granted features
with plan links and active grants; the metrics to measure) plus one usage read per metric,
through ``metric_values.usage_or_zero`` (a failing metric counts as zero). List routes answer
every feature with the same queries, and a usage read shared by several features or members
runs once.
"""

import asyncio
from decimal import Decimal

from tortoise import connections

from billing.ids import is_well_formed
from billing.models import Customer, Metric
from billing.models.base import from_row, utcnow
from billing.services import entitlement_rules as rules
from billing.services.customers import CUSTOMER_NOT_FOUND
from billing.services.entitlement_rules import Subject
from billing.services.errors import Invalid, NotFound
from billing.services.features import SLUG_PATTERN
from billing.services.metric_values import Timeframe, usage_or_zero
from billing.services.validation import has_unstorable_characters

MAX_SLUGS = 100
SLUGS_REQUIRED = "featureSlugs array cannot be empty"  # the spec's message, also when missing
SLUGS_TYPE = "featureSlugs must be an array of strings"
SLUGS_TOO_MANY = f"featureSlugs may list at most {MAX_SLUGS} slugs"

_CUSTOMER_SQL = """
SELECT c.id, c.external_customer_id, c.organization_id,
       (SELECT p.id FROM customers p
          JOIN organizations o ON o.merchant_id = p.merchant_id AND o.id = p.organization_id
         WHERE p.merchant_id = c.merchant_id AND p.organization_id = c.organization_id
           AND p.org_role = 'primary' AND p.deleted_at IS NULL AND o.deleted_at IS NULL
         ORDER BY p.created_at, p.id LIMIT 1) AS primary_id
  FROM customers c
 WHERE c.merchant_id = $1 AND c.deleted_at IS NULL AND ({match})
 ORDER BY {preference} c.created_at DESC, c.id DESC
 LIMIT 1
"""

_MEMBERS_SQL = """
SELECT c.id, c.external_customer_id
  FROM customers c
  JOIN organizations o ON o.merchant_id = c.merchant_id AND o.id = c.organization_id
 WHERE c.merchant_id = $1 AND c.organization_id = $2
   AND c.deleted_at IS NULL AND o.deleted_at IS NULL
 ORDER BY c.org_role IS DISTINCT FROM 'primary', c.created_at, c.id
"""

# Feature rows of the holders' active live subscriptions, each with its plan link's value and
# the subjects' active grants of that subscription and feature (arrays, oldest first).
_GRANTED_SQL = """
SELECT s.customer_id AS holder_id, s.current_period_start, s.current_period_end,
       f.id AS feature_id, f.slug, f.display_name, f.feature_type, f.default_value,
       f.metric_ids, sf.feature_value, sf.source,
       (SELECT pf.feature_value FROM plan_features pf
         WHERE pf.merchant_id = s.merchant_id AND pf.plan_id = s.plan_id
           AND pf.feature_id = f.id AND pf.deleted_at IS NULL
         ORDER BY pf.created_at, pf.id LIMIT 1) AS plan_value,
       g.customer_ids AS grant_customers, g.allowances AS grant_allowances,
       g.period_starts AS grant_starts, g.period_ends AS grant_ends,
       g.metric_ids AS grant_metric_ids
  FROM subscriptions s
  JOIN subscription_features sf
    ON sf.merchant_id = s.merchant_id AND sf.subscription_id = s.id AND sf.deleted_at IS NULL
  JOIN features f ON f.merchant_id = s.merchant_id AND f.id = sf.feature_id AND f.deleted_at IS NULL
  LEFT JOIN LATERAL (
        SELECT array_agg(g.customer_id ORDER BY g.period_start, g.id) AS customer_ids,
               array_agg(g.allowance ORDER BY g.period_start, g.id) AS allowances,
               array_agg(g.period_start ORDER BY g.period_start, g.id) AS period_starts,
               array_agg(g.period_end ORDER BY g.period_start, g.id) AS period_ends,
               array_agg(g.metric_ids ORDER BY g.period_start, g.id) AS metric_ids
          FROM credit_grants g
         WHERE g.merchant_id = s.merchant_id
           AND g.stable_subscription_id = s.stable_subscription_id
           AND g.feature_id = f.id AND g.customer_id = ANY($3::text[])
           AND g.status = 'active' AND g.deleted_at IS NULL AND g.period_start <= $4
           AND (g.period_end IS NULL OR g.period_end > $4)
       ) g ON TRUE
 WHERE s.merchant_id = $1 AND s.customer_id = ANY($2::text[])
   AND s.status = 'active' AND s.deleted_at IS NULL {slug_filter}
 ORDER BY f.slug, sf.source <> 'override', s.created_at, s.id
"""

_METRICS_SQL = (
    "SELECT * FROM metrics WHERE merchant_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL"
)


async def _query(sql: str, args: list) -> list[dict]:
    return await connections.get("default").execute_query_dict(sql, args)


def _subject(row: dict) -> Subject:
    return Subject(
        row["id"], row["external_customer_id"], row["organization_id"], row["primary_id"]
    )


async def find_subject(merchant_id: str, customer_ref: object, *, is_ext: bool) -> Subject:
    """The merchant's live customer ``customer_ref``: with ``is_ext`` the newest one with that
    external id, else (or when none has it) the one with that internal id; 404 otherwise."""
    if not isinstance(customer_ref, str):
        raise NotFound(CUSTOMER_NOT_FOUND)
    by_id = is_well_formed(customer_ref, Customer.id_prefix)
    by_ext = is_ext and len(customer_ref) <= 200 and not has_unstorable_characters(customer_ref)
    if not by_id and not by_ext:
        raise NotFound(CUSTOMER_NOT_FOUND)
    match = " OR ".join(
        part
        for part, wanted in (("c.external_customer_id = $2", by_ext), ("c.id = $2", by_id))
        if wanted
    )
    preference = "(c.external_customer_id IS NOT DISTINCT FROM $2) DESC," if by_ext else ""
    sql = _CUSTOMER_SQL.format(match=match, preference=preference)
    rows = await _query(sql, [merchant_id, customer_ref])
    if not rows:
        raise NotFound(CUSTOMER_NOT_FOUND)
    return _subject(rows[0])


async def _granted_rows(merchant_id: str, subjects: list[Subject], slugs: list[str] | None):
    holders = sorted({holder for subject in subjects for holder in subject.holders})
    args: list = [merchant_id, holders, [subject.id for subject in subjects], utcnow()]
    slug_filter = ""
    if slugs is not None:
        args.append(slugs)
        slug_filter = "AND f.slug = ANY($5::text[])"
    return await _query(_GRANTED_SQL.format(slug_filter=slug_filter), args)


async def _measure(merchant_id: str, wanted: dict[tuple, None]) -> dict[tuple, Decimal]:
    """Usage per (metric id, keys, start, end), each read once; a deleted metric is zero."""
    metric_ids = sorted({key[0] for key in wanted})
    if not metric_ids:
        return {}
    rows = await _query(_METRICS_SQL, [merchant_id, metric_ids])
    metrics = {row["id"]: from_row(Metric, row) for row in rows}
    keys = [key for key in wanted if key[0] in metrics]

    async def one(key: tuple) -> Decimal:
        metric_id, customer_keys, start, end = key
        frame = Timeframe("CUSTOM", start, end)
        return await usage_or_zero(
            merchant_id, metrics[metric_id], keys=list(customer_keys), timeframe=frame
        )

    values = await asyncio.gather(*(one(key) for key in keys))
    return dict(zip(keys, values, strict=True))


async def _decide_all(
    merchant_id: str,
    subjects: list[Subject],
    slugs: list[str] | None,
    *,
    with_name: bool = False,
) -> list[list[dict]]:
    """Per subject, the entitlements of ``slugs`` (in that order, unknown ones not entitled)
    or, without slugs, of every granted feature (by slug)."""
    queried = [slug for slug in slugs if SLUG_PATTERN.fullmatch(slug)] if slugs else slugs
    rows = await _granted_rows(merchant_id, subjects, queried) if queried != [] else []
    per_subject = [rules.resolve(subject, rows) for subject in subjects]
    wanted: dict[tuple, None] = {}
    for subject, resolved in zip(subjects, per_subject, strict=True):
        for item in resolved.values():
            for metric_id in rules.measured_metrics(item.facts):
                wanted[(metric_id, subject.keys, item.start, item.end)] = None
    usage = await _measure(merchant_id, wanted)
    answers = []
    for subject, resolved in zip(subjects, per_subject, strict=True):
        order = slugs if slugs is not None else sorted(resolved)
        entitlements = []
        for slug in order:
            item = resolved.get(slug)
            if item is None:
                entitlements.append(rules.not_entitled(slug))
                continue
            used = {
                metric_id: usage.get((metric_id, subject.keys, item.start, item.end), Decimal(0))
                for metric_id in rules.measured_metrics(item.facts)
            }
            entitlements.append(rules.decide(item.facts, used, with_name=with_name))
        answers.append(entitlements)
    return answers


def _clean_slugs(slugs: object) -> list[str]:
    """The requested slugs, duplicates dropped, in order; a 400 for anything but a non-empty
    list of at most ``MAX_SLUGS`` strings."""
    if slugs is None or slugs == []:
        raise Invalid(SLUGS_REQUIRED)
    if not isinstance(slugs, list) or not all(isinstance(slug, str) for slug in slugs):
        raise Invalid(SLUGS_TYPE)
    if len(slugs) > MAX_SLUGS:
        raise Invalid(SLUGS_TOO_MANY)
    return list(dict.fromkeys(slugs))


async def entitlements_for(merchant_id: str, customer_ref: object, *, is_ext: bool = False):
    """Every feature the customer is granted, by slug."""
    subject = await find_subject(merchant_id, customer_ref, is_ext=is_ext)
    return (await _decide_all(merchant_id, [subject], None))[0]


async def entitlement_for_feature(
    merchant_id: str, customer_ref: object, slug: str, *, is_ext: bool = False
) -> dict:
    """One feature; an unknown or ungranted slug is "not entitled", not a 404."""
    subject = await find_subject(merchant_id, customer_ref, is_ext=is_ext)
    return (await _decide_all(merchant_id, [subject], [slug]))[0][0]


async def entitlements_for_features(
    merchant_id: str, customer_ref: object, slugs: object, *, is_ext: bool = False
) -> list[dict]:
    """The features named, in the order given (duplicates once)."""
    wanted = _clean_slugs(slugs)
    subject = await find_subject(merchant_id, customer_ref, is_ext=is_ext)
    return (await _decide_all(merchant_id, [subject], wanted))[0]


async def seat_aware_entitlements(
    merchant_id: str, customer_ref: object, *, is_ext: bool = False
) -> list[dict]:
    """Every live member of the customer's organization (primary first, then members oldest
    first; the customer alone when it has none), each entitlement tagged with the member's
    ``customerId`` and ``externalCustomerId``."""
    subject = await find_subject(merchant_id, customer_ref, is_ext=is_ext)
    members = [subject]
    if subject.organization_id is not None:
        rows = await _query(_MEMBERS_SQL, [merchant_id, subject.organization_id])
        members = [
            Subject(row["id"], row["external_customer_id"], None, subject.primary_id)
            for row in rows
        ] or [subject]
    answers = await _decide_all(merchant_id, members, None)
    return [
        {**entitlement, "customerId": member.id, "externalCustomerId": member.external_id}
        for member, entitlements in zip(members, answers, strict=True)
        for entitlement in entitlements
    ]


async def customer_entitlements(merchant_id: str, customer_id: str) -> list[dict]:
    """The dashboard panel: ``entitlements_for`` with each feature's ``displayName``."""
    subject = await find_subject(merchant_id, customer_id, is_ext=False)
    return (await _decide_all(merchant_id, [subject], None, with_name=True))[0]
