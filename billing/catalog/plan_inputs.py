"""Checks of the values a merchant types into a plan, shared by create, versions and edits.

Everything here runs before a transaction opens (or, for feature ids, inside it) and raises
``Invalid`` with a message naming the field, so a bad request stores nothing. Ranges are the
columns' (``usage_price_per_unit_cents`` and ``min_seats`` are 32-bit integers), so an
over-large number is a clear 400 instead of a storage failure.
"""

from dataclasses import dataclass
from urllib.parse import urlsplit

from billing.catalog import features
from billing.catalog.metrics import validate_event_name
from billing.catalog.models import Feature
from billing.catalog.pricing import MAX_AMOUNT_CENTS, fixed_price_data, seat_price_data
from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid
from billing.core.validation import clean_name

INVALID_FEATURES = features.INVALID_FEATURES
MAX_INT32 = 2**31 - 1
MAX_ALLOWANCE = 10**15
MAX_SEATS = 1_000_000
MAX_TRIAL_DAYS = 365
MAX_FEATURE_IDS = 200
MAX_DESCRIPTION = 500  # a card on a pricing table, not a document (issue 33)
MAX_COMMIT_MESSAGE = 2000
MAX_URL = 2000
MAX_BUTTON_TEXT = 100
RENEWALS = ("monthly", "yearly", "none")


@dataclass
class NewFeature:
    """One ``newFeatures`` element (see ``create_plan``)."""

    feature_name: str | None = None
    slug: str | None = None
    is_usage_based: bool = False
    event_name: str | None = None
    usage_price_per_unit: int | None = None
    has_credit_allowance: bool = False
    credit_allowance_amount: int | None = None
    credit_allowance_renewal: str | None = None
    existing_feature_id: str | None = None
    # The dashboard's wizard only: a limit (``number``) instead of a switch, and the value
    # the plan grants (None: the default). /v1 sets neither.
    feature_type: str | None = None
    feature_value: object = None


@dataclass
class CreditOverride:
    """Trial credits for one of the plan's features, named by id or by slug."""

    amount: int
    feature_id: str | None = None
    slug: str | None = None


@dataclass
class Trial:
    enabled: bool = False
    days: int | None = None
    credit_overrides: list[CreditOverride] | None = None
    without_card: bool = False  # checkout starts the trial without collecting a card


def clean_text(value: str | None, field: str, max_length: int) -> str:
    """Free text of several lines (descriptions, commit messages): tabs and newlines pass,
    other control characters and lone surrogates are refused (PostgreSQL or the encoder
    would fail on them)."""
    value = (value or "").strip()
    if len(value) > max_length:
        raise Invalid(
            f"{field} must be at most {max_length} characters", code="too_long", field=field
        )
    for char in value:
        code = ord(char)
        if char not in "\n\r\t" and (code < 32 or code == 127 or 0xD800 <= code <= 0xDFFF):
            raise Invalid(
                f"{field} must not contain control characters",
                code="control_characters",
                field=field,
            )
    return value


def commit_message(value: str | None) -> str | None:
    return clean_text(value, "commitMessage", MAX_COMMIT_MESSAGE) or None


def currency(value: str | None, default: str) -> str:
    if value is None:
        return default
    code = normalize_currency(value) if isinstance(value, str) else None
    if code is None:
        raise Invalid(
            "currency must be a three-letter ISO 4217 currency code",
            code="invalid_currency",
            field="currency",
        )
    return code


def whole_number(value: int | None, field: str, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(
            f"{field} must be a whole number from {low} to {high}",
            code="whole_number_range",
            field=field,
        )
    return value


def amount(value: int | None, field: str) -> int | None:
    """A price in cents: a non-negative integer (at most the pricing module's ceiling)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT_CENTS:
        raise Invalid(
            f"{field} must be a non-negative integer amount in cents",
            code="amount_not_cents",
            field=field,
        )
    return value


def redirect_url(value: str | None) -> str | None:
    """An absolute http(s) address: the enterprise button sends visitors there."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        parts = urlsplit(value)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.netloc
        or len(value) > MAX_URL
        or any(char.isspace() or ord(char) < 32 or ord(char) == 127 for char in value)
    ):
        raise Invalid(
            "enterpriseRedirectUrl must be an http or https URL",
            code="bad_url",
            field="enterpriseRedirectUrl",
        )
    return value


def button_text(value: str | None, *, enterprise: bool) -> str:
    if value is None or not value.strip():
        return "Contact sales" if enterprise else "Get started"
    return clean_name(value, "enterpriseButtonText", max_length=MAX_BUTTON_TEXT)


def price_data(amount_cents: int, interval: str, *, seat_based: bool, bill_now: bool) -> dict:
    """The components form of a plan's monthly or yearly fee (fixed or per seat)."""
    if seat_based:
        return seat_price_data(amount_cents, interval, bill_immediately=bill_now)
    return fixed_price_data(amount_cents, interval)


def new_feature(element: NewFeature, index: int) -> NewFeature:
    """One ``newFeatures`` element checked; usage fields only on usage-based features."""
    where = f"newFeatures[{index}]"
    if element.existing_feature_id is None:
        element.feature_name = clean_name(element.feature_name, f"{where}.featureName")
        if not element.slug:
            raise Invalid(
                f"{where}.slug is required", code="row_slug_required", field=f"{where}.slug"
            )
    if element.is_usage_based:
        if element.event_name is not None and not element.event_name.strip():
            element.event_name = None
        if element.event_name is not None:  # checked before it is looked up, not after
            element.event_name = validate_event_name(element.event_name)
        element.usage_price_per_unit = whole_number(
            element.usage_price_per_unit, f"{where}.usagePricePerUnit", 0, MAX_INT32
        )
    elif element.usage_price_per_unit is not None or element.event_name:
        raise Invalid(
            f"{where}: eventName and usagePricePerUnit need isUsageBased true",
            code="usage_fields_need_usage",
            field=where,
        )
    if element.has_credit_allowance:
        if element.credit_allowance_amount is None:
            raise Invalid(
                f"{where}.creditAllowanceAmount is required with hasCreditAllowance",
                code="credit_allowance_required",
                field=f"{where}.creditAllowanceAmount",
            )
        whole_number(
            element.credit_allowance_amount, f"{where}.creditAllowanceAmount", 0, MAX_ALLOWANCE
        )
        renewal = element.credit_allowance_renewal or "monthly"
        if renewal not in RENEWALS:
            raise Invalid(
                f"{where}.creditAllowanceRenewal must be monthly, yearly or none",
                code="bad_renewal",
                field=f"{where}.creditAllowanceRenewal",
            )
        element.credit_allowance_renewal = renewal
    else:
        element.credit_allowance_amount = None
        element.credit_allowance_renewal = None
    return element


def trial(value: Trial | None) -> Trial:
    """An enabled trial needs its length; days are 1 to 365. Overrides are checked against
    the plan's features later (``resolve_credit_overrides``)."""
    value = value or Trial()
    value.days = whole_number(value.days, "trial.days", 1, MAX_TRIAL_DAYS)
    if value.enabled and value.days is None:
        raise Invalid(
            "trial.days is required when the trial is enabled",
            code="trial_days_required",
            field="trial.days",
        )
    for index, override in enumerate(value.credit_overrides or []):
        whole_number(override.amount, f"trial.creditOverrides[{index}].amount", 0, MAX_ALLOWANCE)
        if (override.feature_id is None) == (override.slug is None):
            raise Invalid(f"trial.creditOverrides[{index}] needs exactly one of featureId or slug")
    return value


def resolve_credit_overrides(overrides: list[CreditOverride], features: list[Feature]) -> list:
    """Stored form ``[{featureId, amount}]``; each override must name one of the plan's
    features (by id or slug), since trial credits only make sense for what the plan grants."""
    by_id = {feature.id: feature for feature in features}
    by_slug = {feature.slug: feature for feature in features}
    stored: dict[str, int] = {}
    for index, override in enumerate(overrides):
        feature = by_id.get(override.feature_id) if override.feature_id else None
        feature = feature or (by_slug.get(override.slug) if override.slug else None)
        if feature is None:
            raise Invalid(f"trial.creditOverrides[{index}] must name a feature of this plan")
        stored[feature.id] = override.amount
    return [{"featureId": feature_id, "amount": cents} for feature_id, cents in stored.items()]


async def live_features(merchant_id: str, feature_ids: list[str]) -> list[Feature]:
    """The merchant's live features with these ids (deduplicated, in order); any invalid,
    deleted or foreign id makes the whole list the spec's 400."""
    if len(feature_ids) > MAX_FEATURE_IDS:
        raise Invalid(f"At most {MAX_FEATURE_IDS} features per plan")
    return await features.live_features(merchant_id, feature_ids)
