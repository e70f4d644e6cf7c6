"""Features: what a plan grants. Create, list/search, read, update, soft delete, slug checks.

A feature is a switch (``boolean``), a limit (``number``) or a value (``string``); its
``default_value`` (``featureValue`` in the API) is what a customer gets when no plan or
override says otherwise, so it must have the feature's type: a JSON boolean, a number or a
string. Omitted, it is ``true``, ``0`` or ``""``: a new switch is on, a new limit grants
nothing, a new text is empty.

Slugs are how merchants' code asks for entitlements, so they are stable identifiers:
1-100 characters of lowercase letters, digits, ``-`` and ``_``, starting with a letter or digit,
and unique per merchant among live features (a deleted feature's slug can be used again).
Uniqueness has no database constraint (soft-deleted rows keep their slug), so every write that
sets a slug locks the merchant row first: two concurrent creations of one slug are serialised
and the second one sees the first.
"""

import math
import re
from collections import Counter
from dataclasses import dataclass

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog.models import Feature, Metric, PlanFeature
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.core.validation import clean_name, has_unstorable_characters
from billing.subscriptions.models import SubscriptionFeature

FEATURE_TYPES = ("boolean", "number", "string")
DEFAULT_VALUES = {"boolean": True, "number": 0, "string": ""}
SLUG_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,99}")
# Numbers beyond 2^53 lose precision in JavaScript, where most pricing pages read them.
MAX_NUMBER = 2**53 - 1
MAX_STRING_VALUE = 1000
MAX_SEARCH = 200

NOT_FOUND = "Feature not found or access denied"
SLUG_TAKEN = "A feature with this slug already exists"
BAD_METRICS = "One or more metric IDs are invalid or do not belong to this merchant"
INVALID_FEATURES = "One or more feature IDs are invalid or do not belong to this merchant"


def validate_slug(slug: str | None) -> str:
    """The slug itself, or a 400 naming the rule it breaks."""
    if slug is None or slug == "":
        raise Invalid("slug is required", code="slug_required", field="slug")
    if not isinstance(slug, str) or SLUG_PATTERN.fullmatch(slug) is None:
        raise Invalid(
            "slug must be 1-100 characters of lowercase letters, digits, hyphens and "
            "underscores, starting with a letter or digit",
            field="slug",
        )
    return slug


def validate_feature_type(feature_type: str | None) -> str:
    if feature_type not in FEATURE_TYPES:
        raise Invalid("featureType must be one of: boolean, number, string", field="featureType")
    return feature_type


def validate_feature_value(feature_type: str, value):
    """``value`` checked against ``feature_type``; None means the type's default."""
    if value is None:
        return DEFAULT_VALUES[feature_type]
    if feature_type == "boolean":
        if not isinstance(value, bool):
            raise Invalid(
                "featureValue must be true or false for a boolean feature",
                code="not_a_boolean",
                field="featureValue",
            )
    elif feature_type == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(
                "featureValue must be a number for a number feature",
                code="not_a_number",
                field="featureValue",
            )
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise Invalid(
                f"featureValue must be a finite number between -{MAX_NUMBER} and {MAX_NUMBER}",
                code="number_out_of_range",
                field="featureValue",
            )
        if isinstance(value, float) and value.is_integer():
            value = int(value)
    else:
        if not isinstance(value, str):
            raise Invalid(
                "featureValue must be a string for a string feature",
                code="not_a_text",
                field="featureValue",
            )
        if len(value) > MAX_STRING_VALUE:
            raise Invalid(
                f"featureValue must be at most {MAX_STRING_VALUE} characters", field="featureValue"
            )
        if has_unstorable_characters(value):
            raise Invalid("featureValue must not contain control characters", field="featureValue")
    return value


async def _valid_metric_ids(merchant_id: str, metric_ids: list[str]) -> list[str]:
    """The ids without duplicates, in the order given, when all are this merchant's live
    metrics; otherwise the spec-style 400 (foreign ids answer like missing ones)."""
    if not isinstance(metric_ids, list) or not all(isinstance(i, str) for i in metric_ids):
        raise Invalid(BAD_METRICS, code="bad_metrics", field="metricIds")
    unique = list(dict.fromkeys(metric_ids))
    if not unique:
        return []
    if not all(is_well_formed(metric_id, Metric.id_prefix) for metric_id in unique):
        raise Invalid(BAD_METRICS, code="bad_metrics", field="metricIds")
    found = await Metric.scoped(merchant_id).filter(id__in=unique).count()
    if found != len(unique):
        raise Invalid(BAD_METRICS, code="bad_metrics", field="metricIds")
    return unique


async def _save(feature: Feature, value, **kwargs) -> None:
    """Save ``feature`` with ``value`` as its default value (assigned, never passed to the
    constructor, which would decode a string as JSON text; see ``JSONValueField``)."""
    feature.default_value = value
    await feature.save(**kwargs)


async def live_features(merchant_id: str, feature_ids: list) -> list[Feature]:
    """The merchant's live features with these ids, in the order given, duplicates dropped;
    any id that is not one of them (malformed, deleted, another merchant's) fails the whole
    list with the spec's 400. Plans and subscription overrides both take feature lists here."""
    # Checked before de-duplicating: an object or a list in the ids cannot be a dict key.
    if not all(isinstance(i, str) and is_well_formed(i, Feature.id_prefix) for i in feature_ids):
        raise Invalid(INVALID_FEATURES, code="invalid_features", field="featureIds")
    wanted = list(dict.fromkeys(feature_ids))
    found = {f.id: f for f in await Feature.scoped(merchant_id).filter(id__in=wanted)}
    if len(found) != len(wanted):
        raise Invalid(INVALID_FEATURES, code="invalid_features", field="featureIds")
    return [found[feature_id] for feature_id in wanted]


async def slug_taken(merchant_id: str, slug: str, *, exclude_id: str | None = None) -> bool:
    """Whether a live feature of this merchant already uses ``slug`` (other than
    ``exclude_id``, the feature being edited)."""
    query = Feature.scoped(merchant_id).filter(slug=slug)
    if exclude_id is not None:
        query = query.exclude(id=exclude_id)
    return await query.exists()


async def ensure_slug_free(merchant_id: str, slug: str, *, exclude_id: str | None = None) -> None:
    """Conflict when ``slug`` is taken: lets a form report it with its other errors in one
    round (the write checks again under the merchant lock, so this is only a preview)."""
    if await slug_taken(merchant_id, slug, exclude_id=exclude_id):
        raise Conflict(SLUG_TAKEN, code="feature_slug_taken")


async def check_slug(merchant_id: str, slug: str | None) -> bool:
    """``checkSlug``: whether ``slug`` is taken. A malformed slug answers 400 with the slug
    rule, since it could not be used whether taken or not."""
    return await slug_taken(merchant_id, validate_slug(slug))


async def create_feature(
    merchant_id: str,
    *,
    slug: str,
    display_name: str,
    feature_type: str = "boolean",
    feature_value=None,
    metric_ids: list[str] | None = None,
) -> Feature:
    """Create a feature; everything is checked before anything is stored."""
    slug = validate_slug(slug)
    display_name = clean_name(display_name, "displayName")
    feature_type = validate_feature_type(feature_type)
    value = validate_feature_value(feature_type, feature_value)
    async with in_transaction():
        await lock_merchant(merchant_id)
        ids = await _valid_metric_ids(merchant_id, metric_ids or [])
        if await slug_taken(merchant_id, slug):
            raise Conflict(SLUG_TAKEN, code="feature_slug_taken")
        feature = Feature(
            merchant_id=merchant_id,
            slug=slug,
            display_name=display_name,
            feature_type=feature_type,
            metric_ids=ids,
        )
        await _save(feature, value, force_create=True)
    return feature


async def list_features(merchant_id: str, *, search: str | None = None) -> list[Feature]:
    """Live features ordered by display name; ``search`` matches a part of the slug or the
    display name, ignoring case."""
    query = Feature.scoped(merchant_id)
    # checked before trimming: a tab at either end is a control character like any other
    if search and has_unstorable_characters(search):
        raise Invalid("search must not contain control characters", field="search")
    search = (search or "").strip()
    if search:
        if len(search) > MAX_SEARCH:
            return []  # longer than any slug or display name: nothing can match
        query = query.filter(Q(slug__icontains=search) | Q(display_name__icontains=search))
    return await query.order_by("display_name", "id")


async def get_feature(merchant_id: str, feature_id: str) -> Feature:
    return await find_scoped(Feature, merchant_id, feature_id, NOT_FOUND)


async def update_feature(
    merchant_id: str,
    feature_id: str,
    *,
    slug: str | None = None,
    display_name: str | None = None,
    feature_type: str | None = None,
    feature_value=None,
    metric_ids: list[str] | None = None,
) -> Feature:
    """Change the fields given (None leaves a field as it is).

    Changing ``feature_type`` without a value resets the value to the new type's default,
    since the old value (``true``, ``10``) would not fit the new type.
    """
    await get_feature(merchant_id, feature_id)  # 404 before any 400 about the body
    if slug is not None:
        slug = validate_slug(slug)
    if display_name is not None:
        display_name = clean_name(display_name, "displayName")
    if feature_type is not None:
        validate_feature_type(feature_type)
    async with in_transaction():
        await lock_merchant(merchant_id)
        feature = (
            await Feature.scoped(merchant_id).filter(id=feature_id).select_for_update().first()
        )
        if feature is None:
            raise NotFound(NOT_FOUND, code="feature_not_found")
        new_type = feature_type or feature.feature_type
        value = feature.default_value
        if feature_value is not None or new_type != feature.feature_type:
            value = validate_feature_value(new_type, feature_value)
        feature.feature_type = new_type
        if display_name is not None:
            feature.display_name = display_name
        if metric_ids is not None:
            feature.metric_ids = await _valid_metric_ids(merchant_id, metric_ids)
        if slug is not None and slug != feature.slug:
            if await slug_taken(merchant_id, slug, exclude_id=feature.id):
                raise Conflict(SLUG_TAKEN, code="feature_slug_taken")
            feature.slug = slug
        await _save(feature, value)
    return feature


@dataclass
class FeatureUse:
    """What deleting a feature would take it away from."""

    plans: int = 0  # plans (any version) that grant it
    subscriptions: int = 0  # live subscriptions that grant it (from a plan or an override)


async def feature_uses(merchant_id: str, feature_ids: list[str]) -> dict[str, FeatureUse]:
    """``FeatureUse`` of each of ``feature_ids``, so a page can say what a delete removes
    before the merchant confirms it (two queries for the whole list)."""
    uses = {feature_id: FeatureUse() for feature_id in feature_ids}
    if not feature_ids:
        return uses
    plan_links = await (
        PlanFeature.scoped(merchant_id)
        .filter(feature_id__in=feature_ids, plan__deleted_at=None)
        .values_list("feature_id", "plan__stable_plan_id")
    )
    for feature_id, plans in _distinct(plan_links).items():
        uses[feature_id].plans = plans
    grants = await (
        SubscriptionFeature.scoped(merchant_id)
        .filter(feature_id__in=feature_ids, subscription__deleted_at=None)
        .values_list("feature_id", "subscription__stable_subscription_id")
    )
    for feature_id, subscriptions in _distinct(grants).items():
        uses[feature_id].subscriptions = subscriptions
    return uses


def _distinct(pairs) -> Counter:
    """How many different values each key has among ``(key, value)`` pairs."""
    return Counter(key for key, _ in set(pairs))


async def delete_feature(merchant_id: str, feature_id: str) -> None:
    """Soft-delete the feature and its references in plans (``PlanFeature`` rows of every
    plan version) and in subscriptions (``SubscriptionFeature`` rows), so nothing goes on
    granting a feature that no longer exists.
    """
    async with in_transaction():
        feature = await find_scoped(Feature, merchant_id, feature_id, NOT_FOUND, lock=True)
        now = utcnow()
        feature.deleted_at = now
        await feature.save(update_fields=["deleted_at", "updated_at"])
        for reference in (PlanFeature, SubscriptionFeature):
            await (
                reference.scoped(merchant_id)
                .filter(feature_id=feature.id)
                .update(deleted_at=now, updated_at=now)
            )
