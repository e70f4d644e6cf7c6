"""Entitlements: what a customer may use right now, per feature (the four /v1/entitlements
routes and the dashboard's customer panel). The decision table is in ``entitlement_rules``.

Who grants what:
- Only a live subscription version in a current status (``trialing``, ``active``,
  ``past_due``: billing/subscriptions/statuses.py) grants anything, and ``past_due`` only
  while its merchant keeps a past-due customer's access during the grace period (the
  dunning config's ``pastDueAccess``, kept by default), checked inside the same statement.
  Incomplete, paused, unpaid and ended subscriptions grant nothing, their credits included.
- The version's feature rows are the granted set: plan features are copied onto it at
  creation (source ``plan``) and an override list replaces them (source ``override``). A
  plan row's value is read from the plan version's link; an empty one means the feature's
  default (source ``default``).
- Organizations (billing/customers/organizations.py): the primary customer's subscription is
  the organization's, so its features apply to every live member as well as to the member's
  own subscriptions. Credits are per customer (the seat flows give each member grants of
  their own and take them away with the seat), counted against the customer's own usage. A
  member whose seat was removed has left the organization and keeps nothing of it.
- Several active subscriptions granting one feature: an override row beats a plan row, then
  the oldest subscription wins; credits of all of them add up.

Cost: one check is two statements: the customer with its organization's primary, the granted
features with plan links, active grants and metric definitions (``entitlement_sql``), then one
usage read per metric through ``metric_values.usage_or_zero`` (a failing metric counts as
zero). List routes answer every feature with the same statements, and a usage read shared by
several features or members runs once. Seat-aware answers read the customer and the members
first, then the granted rows of all of them at once.
"""

import asyncio
import json
from decimal import Decimal

from tortoise import connections

from billing.catalog.features import SLUG_PATTERN
from billing.catalog.models import Metric
from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.models import utcnow
from billing.core.validation import has_unstorable_characters
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.usage import entitlement_rules as rules
from billing.usage import entitlement_sql as sql
from billing.usage.entitlement_rules import Subject
from billing.usage.metric_values import Timeframe, usage_or_zero

MAX_SLUGS = 100
SLUGS_REQUIRED = "featureSlugs array cannot be empty"  # the spec's message, also when missing
SLUGS_TYPE = "featureSlugs must be an array of strings"
SLUGS_TOO_MANY = f"featureSlugs may list at most {MAX_SLUGS} slugs"


async def _query(sql: str, args: list) -> list[dict]:
    return await connections.get("default").execute_query_dict(sql, args)


def _subject(row: dict, prefix: str = "") -> Subject:
    """The customer of a ``SUBJECT`` row (columns optionally prefixed, as in ``check_sql``)."""
    columns = ("id", "external_customer_id", "organization_id", "primary_id")
    return Subject(*(row[prefix + column] for column in columns))


def _lookup(customer_ref: object, *, is_ext: bool) -> tuple[bool, bool]:
    """(by internal id, by external id) for ``customer_ref``; a 404 when it can be neither."""
    if not isinstance(customer_ref, str):
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    by_id = is_well_formed(customer_ref, Customer.id_prefix)
    by_ext = is_ext and len(customer_ref) <= 200 and not has_unstorable_characters(customer_ref)
    if not by_id and not by_ext:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    return by_id, by_ext


async def find_subject(merchant_id: str, customer_ref: object, *, is_ext: bool) -> Subject:
    """The merchant's live customer ``customer_ref``: with ``is_ext`` the newest one with that
    external id, else (or when none has it) the one with that internal id; 404 otherwise."""
    by_id, by_ext = _lookup(customer_ref, is_ext=is_ext)
    rows = await _query(sql.subject_sql(by_id=by_id, by_ext=by_ext), [merchant_id, customer_ref])
    if not rows:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    return _subject(rows[0])


async def _subject_and_rows(
    merchant_id: str, customer_ref: object, slugs: list[str] | None, *, is_ext: bool
) -> tuple[Subject, list[dict]]:
    """The customer and its granted rows in one statement (``entitlement_sql.check_sql``)."""
    by_id, by_ext = _lookup(customer_ref, is_ext=is_ext)
    args: list = [merchant_id, customer_ref, utcnow()]
    if slugs is not None:
        args.append(slugs)
    query = sql.check_sql(by_id=by_id, by_ext=by_ext, with_slugs=slugs is not None)
    rows = await _query(query, args)
    if not rows:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    subject = _subject(rows[0], prefix="subject_")
    return subject, [row for row in rows if row["slug"] is not None]


async def _granted_rows(merchant_id: str, subjects: list[Subject], slugs: list[str] | None):
    holders = sorted({holder for subject in subjects for holder in subject.holders})
    args: list = [merchant_id, holders, [subject.id for subject in subjects], utcnow()]
    if slugs is not None:
        args.append(slugs)
    return await _query(sql.granted_sql(with_slugs=slugs is not None), args)


# Metric definitions by their row's JSON text: a check reads the text with the granted rows,
# and building a model instance from it cost more than the rest of the decision (profiled);
# equal text means an equal definition, so a changed metric simply misses.
_metric_models: dict[str, Metric] = {}
METRIC_CACHE_SIZE = 1000


def _metrics_of(rows: list[dict]) -> dict[str, Metric]:
    """The metric definitions the granted rows carry (``metric_rows``), by id."""
    metrics = {}
    for row in rows:
        for text in row["metric_rows"] or ():
            metric = _metric_models.get(text)
            if metric is None:
                if len(_metric_models) >= METRIC_CACHE_SIZE:
                    _metric_models.clear()
                metric = _metric_models[text] = Metric._init_from_db(**json.loads(text))
            metrics.setdefault(metric.id, metric)
    return metrics


async def _measure(
    merchant_id: str, wanted: dict[tuple, None], metrics: dict[str, Metric]
) -> dict[tuple, Decimal]:
    """Usage per (metric id, keys, start, end), each read once; a deleted metric (absent from
    ``metrics``) is zero."""
    keys = [key for key in wanted if key[0] in metrics]

    async def one(key: tuple) -> Decimal:
        metric_id, customer_keys, start, end = key
        frame = Timeframe("CUSTOM", start, end)
        return await usage_or_zero(
            merchant_id, metrics[metric_id], keys=list(customer_keys), timeframe=frame
        )

    if len(keys) == 1:  # the common check: no task to schedule
        return {keys[0]: await one(keys[0])}
    values = await asyncio.gather(*(one(key) for key in keys))
    return dict(zip(keys, values, strict=True))


def _queried(slugs: list[str] | None) -> list[str] | None:
    """The slugs worth asking the database for (malformed ones cannot exist)."""
    return [slug for slug in slugs if SLUG_PATTERN.fullmatch(slug)] if slugs else slugs


async def _decide_all(
    merchant_id: str,
    subjects: list[Subject],
    rows: list[dict],
    slugs: list[str] | None,
    *,
    with_name: bool = False,
) -> list[list[dict]]:
    """Per subject, the entitlements of ``slugs`` (in that order, unknown ones not entitled)
    or, without slugs, of every granted feature (by slug), from the granted ``rows``."""
    per_subject = [rules.resolve(subject, rows) for subject in subjects]
    wanted: dict[tuple, None] = {}
    for subject, resolved in zip(subjects, per_subject, strict=True):
        for item in resolved.values():
            for metric_id in rules.measured_metrics(item.facts):
                wanted[(metric_id, subject.keys, item.start, item.end)] = None
    usage = await _measure(merchant_id, wanted, _metrics_of(rows)) if wanted else {}
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


async def _entitlements(
    merchant_id: str,
    customer_ref: object,
    slugs: list[str] | None,
    *,
    is_ext: bool,
    with_name: bool = False,
) -> list[dict]:
    """One customer's entitlements: two statements (customer with granted rows, usage)."""
    subject, rows = await _subject_and_rows(
        merchant_id, customer_ref, _queried(slugs), is_ext=is_ext
    )
    return (await _decide_all(merchant_id, [subject], rows, slugs, with_name=with_name))[0]


def _clean_slugs(slugs: object) -> list[str]:
    """The requested slugs, duplicates dropped, in order; a 400 for anything but a non-empty
    list of at most ``MAX_SLUGS`` strings."""
    if slugs is None or slugs == []:
        raise Invalid(SLUGS_REQUIRED, code="slugs_required")
    if not isinstance(slugs, list) or not all(isinstance(slug, str) for slug in slugs):
        raise Invalid(SLUGS_TYPE, code="slugs_type", field="featureSlugs")
    if len(slugs) > MAX_SLUGS:
        raise Invalid(SLUGS_TOO_MANY, code="slugs_too_many", field="featureSlugs")
    return list(dict.fromkeys(slugs))


async def entitlements_for(merchant_id: str, customer_ref: object, *, is_ext: bool = False):
    """Every feature the customer is granted, by slug."""
    return await _entitlements(merchant_id, customer_ref, None, is_ext=is_ext)


async def entitlement_for_feature(
    merchant_id: str, customer_ref: object, slug: str, *, is_ext: bool = False
) -> dict:
    """One feature; an unknown or ungranted slug is "not entitled", not a 404."""
    return (await _entitlements(merchant_id, customer_ref, [slug], is_ext=is_ext))[0]


async def entitlements_for_features(
    merchant_id: str, customer_ref: object, slugs: object, *, is_ext: bool = False
) -> list[dict]:
    """The features named, in the order given (duplicates once)."""
    wanted = _clean_slugs(slugs)
    return await _entitlements(merchant_id, customer_ref, wanted, is_ext=is_ext)


async def seat_aware_entitlements(
    merchant_id: str, customer_ref: object, *, is_ext: bool = False
) -> list[dict]:
    """Every live member of the customer's organization (primary first, then members oldest
    first; the customer alone when it has none), each entitlement tagged with the member's
    ``customerId`` and ``externalCustomerId``."""
    subject = await find_subject(merchant_id, customer_ref, is_ext=is_ext)
    members = [subject]
    if subject.organization_id is not None:
        rows = await _query(sql.MEMBERS, [merchant_id, subject.organization_id])
        members = [
            Subject(row["id"], row["external_customer_id"], None, subject.primary_id)
            for row in rows
        ] or [subject]
    rows = await _granted_rows(merchant_id, members, None)
    answers = await _decide_all(merchant_id, members, rows, None)
    return [
        {**entitlement, "customerId": member.id, "externalCustomerId": member.external_id}
        for member, entitlements in zip(members, answers, strict=True)
        for entitlement in entitlements
    ]


async def customer_entitlements(merchant_id: str, customer_id: str) -> list[dict]:
    """The dashboard panel: ``entitlements_for`` with each feature's ``displayName``."""
    return await _entitlements(merchant_id, customer_id, None, is_ext=False, with_name=True)
