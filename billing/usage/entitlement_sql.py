"""The SQL of entitlement checks, kept apart from the logic in ``entitlements``.

A check is on the hot path of every merchant request, so it costs two statements: one reads
the customer, the feature rows its subscriptions grant, the active credit grants and the
definitions of the metrics those features are measured by (:func:`check_sql`); the other
reads the usage (``metric_values``). Each statement is a round trip and, with PostgreSQL's
custom plans, a planning pass, which measured more than the execution itself.

The granted-rows part is one template (:data:`GRANTED`) used two ways: after a customer
lookup in the same statement (one customer: the four entitlement routes and the dashboard
panel) and with explicit customer lists (every member of an organization: seat-aware).
"""

import functools

from billing.subscriptions import statuses
from billing.subscriptions.models import CreditGrantStatus

# The subscription statuses that grant (statuses.CURRENT), as SQL literals. ``past_due`` is
# apart: it grants only while the merchant keeps a past-due customer's access (the dunning
# config's ``past_due_access``, true when nothing is stored), read in the same statement.
CURRENT = ", ".join(f"'{status}'" for status in statuses.CURRENT if status != statuses.PAST_DUE)
GRANTING = f"""(s.status IN ({CURRENT}) OR (s.status = '{statuses.PAST_DUE}' AND COALESCE(
         (SELECT d.past_due_access FROM dunning_configs d WHERE d.merchant_id = s.merchant_id),
         TRUE)))"""

# The merchant's live customer with id or external id {ref}: with an external id the newest
# one holding it wins over an internal-id match. ``primary_id`` is its organization's primary
# member (whose subscription grants the whole organization), if any.
SUBJECT = """
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

MEMBERS = """
SELECT c.id, c.external_customer_id
  FROM customers c
  JOIN organizations o ON o.merchant_id = c.merchant_id AND o.id = c.organization_id
 WHERE c.merchant_id = $1 AND c.organization_id = $2
   AND c.deleted_at IS NULL AND o.deleted_at IS NULL
 ORDER BY c.org_role IS DISTINCT FROM 'primary', c.created_at, c.id
"""

# Feature rows of the active live subscriptions of {holders}, each with its plan link's
# value, the active grants of {subjects} for that subscription and feature (arrays, oldest
# first) and the live metrics the feature or its grants are measured by (each row as JSON text). The
# ``rank_*`` columns give the priority order ``entitlement_rules.resolve`` expects: by slug,
# override rows first, then the oldest subscription.
GRANTED = """
SELECT s.customer_id AS holder_id, s.current_period_start, s.current_period_end,
       f.id AS feature_id, f.slug, f.display_name, f.feature_type, f.default_value,
       f.metric_ids, sf.feature_value, sf.source,
       sf.source <> 'override' AS rank_source, s.created_at AS rank_created, s.id AS rank_id,
       (SELECT pf.feature_value FROM plan_features pf
         WHERE pf.merchant_id = s.merchant_id AND pf.plan_id = s.plan_id
           AND pf.feature_id = f.id AND pf.deleted_at IS NULL
         ORDER BY pf.created_at, pf.id LIMIT 1) AS plan_value,
       g.customer_ids AS grant_customers, g.allowances AS grant_allowances,
       g.period_starts AS grant_starts, g.period_ends AS grant_ends,
       g.metric_ids AS grant_metric_ids,
       (SELECT array_agg(to_jsonb(m)::text) FROM metrics m
         WHERE m.merchant_id = s.merchant_id AND m.deleted_at IS NULL
           AND (f.metric_ids ? m.id OR m.id IN (SELECT jsonb_array_elements_text(gm)
                                                  FROM unnest(g.metric_ids) gm))) AS metric_rows
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
           AND g.feature_id = f.id AND g.customer_id = ANY({subjects})
           AND g.status = '{grant_active}' AND g.deleted_at IS NULL AND g.period_start <= {now}
           AND (g.period_end IS NULL OR g.period_end > {now})
       ) g ON TRUE
 WHERE s.merchant_id = $1 AND s.customer_id = ANY({holders})
   AND {granting} AND s.deleted_at IS NULL {slug_filter}
"""

ORDER = "ORDER BY slug, rank_source, rank_created, rank_id"


def _slug_filter(placeholder: str | None) -> str:
    return f"AND f.slug = ANY({placeholder}::text[])" if placeholder else ""


@functools.cache
def subject_sql(*, by_id: bool, by_ext: bool) -> str:
    """The customer lookup of :data:`SUBJECT` for the reference ``$2``."""
    match = " OR ".join(
        part
        for part, wanted in (("c.external_customer_id = $2", by_ext), ("c.id = $2", by_id))
        if wanted
    )
    preference = "(c.external_customer_id IS NOT DISTINCT FROM $2) DESC," if by_ext else ""
    return SUBJECT.format(match=match, preference=preference)


@functools.cache
def check_sql(*, by_id: bool, by_ext: bool, with_slugs: bool) -> str:
    """One customer and what it is granted, in one statement. Parameters: $1 merchant, $2 the
    customer reference, $3 now, $4 the slugs (``with_slugs``). Answers one row per granted
    feature row, the customer's columns prefixed ``subject_`` on each; a customer with nothing
    granted answers one row whose feature columns are null; an unknown customer, no row."""
    granted = GRANTED.format(
        holders="array_remove(ARRAY[sj.id, sj.primary_id], NULL)",
        subjects="ARRAY[sj.id]",
        now="$3",
        slug_filter=_slug_filter("$4" if with_slugs else None),
        granting=GRANTING,
        grant_active=CreditGrantStatus.ACTIVE,
    )
    return f"""
WITH sj AS ({subject_sql(by_id=by_id, by_ext=by_ext)})
SELECT sj.id AS subject_id, sj.external_customer_id AS subject_external_customer_id,
       sj.organization_id AS subject_organization_id, sj.primary_id AS subject_primary_id,
       granted.*
  FROM sj LEFT JOIN LATERAL ({granted}) granted ON TRUE
 {ORDER}"""


@functools.cache
def granted_sql(*, with_slugs: bool) -> str:
    """Granted rows for explicit customers: $1 merchant, $2 the holders' ids, $3 the ids whose
    grants count, $4 now, $5 the slugs (``with_slugs``)."""
    granted = GRANTED.format(
        holders="$2::text[]",
        subjects="$3::text[]",
        now="$4",
        slug_filter=_slug_filter("$5" if with_slugs else None),
        granting=GRANTING,
        grant_active=CreditGrantStatus.ACTIVE,
    )
    return f"SELECT * FROM ({granted}) granted {ORDER}"
