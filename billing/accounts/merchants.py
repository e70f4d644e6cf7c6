"""The merchant profile, test and live modes and the merchant lock.

``validate_profile`` is the single place merchant names and the default currency are checked;
sign-up, onboarding, the settings page and ``POST /v1/merchants/current`` all go through it.

Modes: a business is two merchant rows, ``live`` and ``test`` (``create_business``), sharing
``account_id`` (the live row's id) and the profile (``update_merchant`` writes both). Data
belongs to one row, so the merchant scope every query already has keeps the modes apart: a
key, a session and every record belong to one mode. Memberships point at the live row; the
dashboard reaches the test row through ``tenant_of``.
"""

from billing.accounts.models import Merchant
from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid, NotFound
from billing.core.models import utcnow
from billing.core.validation import clean_name

MAX_NAME_LENGTH = 200
MODES = ("live", "test")


def validate_profile(
    *,
    legal_name: str | None = None,
    display_name: str | None = None,
    default_currency: str | None = None,
) -> dict[str, str]:
    """Validated model fields for the values given (None means "leave unchanged")."""
    fields: dict[str, str] = {}
    if legal_name is not None:
        fields["legal_name"] = clean_name(legal_name, "legalName", max_length=MAX_NAME_LENGTH)
    if display_name is not None:
        fields["display_name"] = clean_name(display_name, "displayName", max_length=MAX_NAME_LENGTH)
    if default_currency is not None:
        code = normalize_currency(default_currency)
        if code is None:
            raise Invalid(
                "defaultCurrency must be a three-letter ISO 4217 currency code",
                code="invalid_currency",
                field="defaultCurrency",
            )
        fields["default_currency"] = code
    return fields


async def create_business(fields: dict[str, str]) -> Merchant:
    """The live and test rows of a new business (in the caller's transaction); answers the
    live one."""
    live = Merchant(**fields, mode="live")
    live.account_id = live.id
    await live.save()
    await Merchant.create(**fields, mode="test", account_id=live.id)
    return live


async def tenant_of(merchant_id: str, mode: str) -> Merchant:
    """The row of ``mode`` of the business that ``merchant_id`` (either of its rows) is."""
    if mode not in MODES:
        raise Invalid("mode must be 'live' or 'test'", field="mode")
    tenant = await Merchant.filter(account_id=merchant_id, mode=mode).first()  # the live id
    if tenant is None:
        row = await Merchant.filter(id=merchant_id).first()
        tenant = row and await Merchant.filter(account_id=row.account_id, mode=mode).first()
    if tenant is None:
        raise NotFound("Merchant not found or access denied", code="merchant_not_found")
    return tenant


async def get_merchant(merchant_id: str) -> Merchant:
    merchant = await Merchant.filter(id=merchant_id).first()
    if merchant is None:
        raise NotFound("Merchant not found or access denied", code="merchant_not_found")
    return merchant


async def get_visible_merchant(merchant_id: str, requested_id: str) -> Merchant:
    """A key sees only its own merchant; any other id answers as missing."""
    if requested_id != merchant_id:
        raise NotFound("Merchant not found or access denied", code="merchant_not_found")
    return await get_merchant(merchant_id)


async def update_merchant(
    merchant_id: str,
    *,
    legal_name: str | None = None,
    display_name: str | None = None,
    default_currency: str | None = None,
) -> Merchant:
    fields = validate_profile(
        legal_name=legal_name, display_name=display_name, default_currency=default_currency
    )
    merchant = await get_merchant(merchant_id)
    if fields:  # one profile for both modes of the business
        await Merchant.filter(account_id=merchant.account_id).update(**fields, updated_at=utcnow())
        merchant.update_from_dict(fields)
    return merchant


async def lock_merchant(merchant_id: str) -> Merchant | None:
    """Lock the merchant's row until the caller's transaction ends.

    Rules that look at other rows before writing (unique slugs and emails, one active
    publishable key, one current plan version, version numbers) serialise on this lock, so two
    concurrent requests of one merchant cannot both pass the check; other merchants never wait.
    """
    return await Merchant.filter(id=merchant_id).select_for_update().first()
