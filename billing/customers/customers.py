"""Customers of a merchant: create, read, update, soft-delete, list and search.

Email is unique per merchant among live customers, compared case-insensitively through
``email_normalized``. The check and the write run in one transaction under a lock on the
merchant row, so two concurrent creations with the same email cannot both succeed (there is no
unique index: an update may knowingly share an email with
``dangerouslyAllowSameEmailForDifferentCustomers``). A soft-deleted customer frees its email and
can never come back.

The list is keyset-paginated on ``(created_at, id)``, newest first, over the
``(merchant_id, created_at, id)`` index, so page 2,000 costs what page 1 does. Search is a
prefix match on the lower-cased email or name (``text_pattern_ops`` indexes), an exact
``externalCustomerId``, or an exact customer id.

Design decisions where the spec is silent:
- ``externalCustomerId`` is not unique (the spec does not say so); lookups by it take the
  newest live customer. Lookups by email take the oldest (the original customer when an
  update or a paid checkout nobody vouched for made two share it).
- Deleting a customer who still has a live subscription (active, paused or unpaid) is refused
  with 409: billing would otherwise continue for a customer nobody can see. Cancel first.

Each change tells the merchant's server in its own transaction (``customer_events``).
"""

import base64
import binascii
from datetime import datetime

from tortoise.expressions import Q
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.core.errors import Conflict, Invalid
from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.core.validation import has_unstorable_characters
from billing.customers import customer_events
from billing.customers.customer_fields import clean_fields, normalize_email
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription

CUSTOMER_NOT_FOUND = "Customer not found or access denied"
DUPLICATE_EMAIL = "A customer with this email already exists"
DUPLICATE_EMAIL_ON_UPDATE = (
    "Another customer with this email already exists. "
    "Use dangerouslyAllowSameEmailForDifferentCustomers to allow."
)
HAS_SUBSCRIPTION = (
    "Customer has a subscription that is not cancelled; cancel it before deleting the customer"
)
INVALID_CURSOR = "Invalid cursor: pass the nextCursor value of a previous page"
MAX_PAGE_SIZE = 1000


async def _email_taken(merchant_id: str, email_normalized: str, *, except_id: str = "") -> bool:
    query = Customer.scoped(merchant_id).filter(
        email_normalized=email_normalized, checkout_pending=False
    )
    if except_id:
        query = query.exclude(id=except_id)
    return await query.exists()


async def create_customer(
    merchant_id: str,
    *,
    email: str,
    name: str | None = None,
    external_customer_id: str | None = None,
    billing_address_line1: str | None = None,
    billing_address_line2: str | None = None,
    billing_city: str | None = None,
    billing_postal_code: str | None = None,
    billing_country: str | None = None,
    tax_id: str | None = None,
) -> Customer:
    """A new customer; 400 on bad input, 409 when a live customer has the email already."""
    values = clean_fields(
        {
            "email": email,
            "name": name,
            "external_customer_id": external_customer_id,
            "billing_address_line1": billing_address_line1,
            "billing_address_line2": billing_address_line2,
            "billing_city": billing_city,
            "billing_postal_code": billing_postal_code,
            "billing_country": billing_country,
            "tax_id": tax_id,
        }
    )
    async with in_transaction():
        await lock_merchant(merchant_id)
        if await _email_taken(merchant_id, values["email_normalized"]):
            raise Conflict(DUPLICATE_EMAIL, code="customer_email_taken", field="email")
        customer = await Customer.create(merchant_id=merchant_id, **values)
        await customer_events.tell(customer, customer_events.CREATED, customer.created_at)
    return customer


async def create_checkout_pending(
    merchant_id: str,
    *,
    email: str,
    name: str | None = None,
    billing_country: str | None = None,
    billing_postal_code: str | None = None,
) -> Customer:
    """A customer for a checkout whose email (or external id) belongs to an existing customer
    the merchant's server did not vouch for (billing/payments/checkout/checkout_customers.py): a
    record of its own, ``checkout_pending``, which email and external-id lookups and the email
    uniqueness check skip. Its payment decides what becomes of it (``checkout_claims``): a
    customer of its own beside the existing one, never merged into it, or refunded."""
    values = clean_fields(
        {
            "email": email,
            "name": name,
            "billing_country": billing_country,
            "billing_postal_code": billing_postal_code,
        }
    )
    return await Customer.create(merchant_id=merchant_id, checkout_pending=True, **values)


async def get_customer(merchant_id: str, customer_id: str) -> Customer:
    """The merchant's live customer ``cust_...``; anything else is the spec's 404."""
    return await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)


async def update_customer(
    merchant_id: str, customer_id: str, *, allow_same_email: bool = False, **fields: object
) -> Customer:
    """Change only the ``fields`` given (``None`` clears an optional one; email cannot be
    cleared) and bump ``updated_at``. A new email used by another live customer is a 409
    unless ``allow_same_email``; the customer's own email, sent again, is never one (a paid
    checkout nobody vouched for may share it with an older customer, checkout_claims.py)."""
    values = clean_fields(fields)
    async with in_transaction():
        await lock_merchant(merchant_id)
        customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
        new_email = values.get("email_normalized", customer.email_normalized)
        if (
            new_email != customer.email_normalized  # keeping one's own email never conflicts
            and not allow_same_email
            and await _email_taken(merchant_id, new_email, except_id=customer.id)
        ):
            raise Conflict(
                DUPLICATE_EMAIL_ON_UPDATE, code="customer_email_taken_on_update", field="email"
            )
        if new_email != customer.email_normalized:  # a bounce was of the old address
            values.update(email_undeliverable=None, email_undeliverable_at=None)
        for field, value in values.items():
            setattr(customer, field, value)
        await customer.save(update_fields=[*values, "updated_at"])
        await customer_events.tell(customer, customer_events.UPDATED, customer.updated_at)
    return customer


def _live_subscriptions(merchant_id: str, customer_id: str):
    """The customer's subscriptions that are not cancelled (live versions only)."""
    return Subscription.scoped(merchant_id).filter(customer_id=customer_id)


async def live_subscriptions(merchant_id: str, customer_id: str) -> list[Subscription]:
    """The customer's subscriptions that are not cancelled, with their plan: what stops a
    delete, so a page can say so (and link to them) before the merchant asks for one."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    query = _live_subscriptions(merchant_id, customer.id).order_by("created_at", "id")
    return await query.select_related("plan")


async def delete_customer(merchant_id: str, customer_id: str) -> None:
    """Soft-delete for good: the id answers 404 afterwards and the email is free again."""
    async with in_transaction():
        customer = await find_scoped(
            Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND, lock=True
        )
        if await _live_subscriptions(merchant_id, customer.id).exists():
            raise Conflict(HAS_SUBSCRIPTION, code="has_subscription")
        await customer.soft_delete()
        await customer_events.tell(customer, customer_events.DELETED, customer.deleted_at)


async def find_by_external_id(merchant_id: str, external_id: str) -> Customer | None:
    """The newest live customer with this ``externalCustomerId``, if any."""
    if not isinstance(external_id, str) or not _storable(external_id, "external_customer_id"):
        return None
    return (
        await Customer.scoped(merchant_id)
        .filter(external_customer_id=external_id, checkout_pending=False)
        .order_by("-created_at", "-id")
        .first()
    )


async def find_by_email(merchant_id: str, email: str) -> Customer | None:
    """The oldest live customer with this email (compared case-insensitively), if any: the
    original one when several share it (an update allowed to share it, or a checkout nobody
    vouched for that was paid and became a customer of its own, checkout_claims.py)."""
    if not isinstance(email, str) or not _storable(email):
        return None
    return await (
        Customer.scoped(merchant_id)
        .filter(email_normalized=normalize_email(email), checkout_pending=False)
        .order_by("created_at", "id")
        .first()
    )


async def find_by_reference(merchant_id: str, text: str) -> Customer | None:
    """The live customer a merchant means by ``text`` (the dashboard's subscribe form): its id,
    else the customer with exactly this email (case-insensitive), else the newest one with
    this external id (what the merchant's own system calls the customer). None when no
    customer matches."""
    if not isinstance(text, str) or not _storable(text):
        return None
    if is_well_formed(text, Customer.id_prefix):
        found = await Customer.scoped(merchant_id).filter(id=text).first()
        if found is not None:
            return found
    by_email = await find_by_email(merchant_id, text)
    return by_email or await find_by_external_id(merchant_id, text)


def _storable(text: str, column: str = "email_normalized") -> bool:
    """Whether ``text`` can be sent to PostgreSQL at all (no NUL, no lone surrogates) and
    could be a value of ``column`` (the email, 320 characters, is the longest searched).
    Tortoise refuses to compare a column with a longer value, with an error, not a miss."""
    longest = Customer._meta.fields_map[column].max_length
    return len(text) <= longest and not has_unstorable_characters(text)


def encode_cursor(customer: Customer) -> str:
    raw = f"{customer.created_at.isoformat()}|{customer.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        moment, customer_id = base64.urlsafe_b64decode(padded).decode().split("|")
        created_at = datetime.fromisoformat(moment)
    except (ValueError, binascii.Error, UnicodeError):
        raise Invalid(INVALID_CURSOR, code="invalid_cursor") from None
    if created_at.tzinfo is None or not is_well_formed(customer_id, Customer.id_prefix):
        raise Invalid(INVALID_CURSOR, code="invalid_cursor")
    return created_at, customer_id


def _search_filter(search: str) -> Q | None:
    """An exact id, or a prefix of the email or name (case-insensitive), or an exact external
    id. ``None`` when nothing can match (the text cannot even be sent to the database).
    Tortoise escapes ``%``, ``_`` and backslashes in ``startswith``, so they match literally."""
    if not _storable(search):
        return None
    if is_well_formed(search, Customer.id_prefix):
        return Q(id=search)
    lowered = search.lower()
    condition = Q(email_normalized__startswith=lowered) | Q(name_normalized__startswith=lowered)
    if _storable(search, "external_customer_id"):
        condition |= Q(external_customer_id=search)
    return condition


def page_query(
    merchant_id: str, *, search: str | None = None, after: str | None = None, limit: int = 50
) -> QuerySet[Customer] | None:
    """The query of one page plus one row (to know whether another page follows), or None
    when the search cannot match anything. Separate so tests can EXPLAIN exactly this query.

    The keyset condition is written as ``created_at <= c AND (created_at < c OR id < i)`` so
    its first half bounds the index scan; rows with equal ``created_at`` are ordered by id and
    never skipped or repeated.
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_PAGE_SIZE:
        raise Invalid(f"limit must be an integer from 1 to {MAX_PAGE_SIZE}", field="limit")
    query = Customer.scoped(merchant_id)
    search = (search or "").strip()
    if search:
        condition = _search_filter(search)
        if condition is None:
            return None
        query = query.filter(condition)
    if after:
        created_at, customer_id = decode_cursor(after)
        query = query.filter(created_at__lte=created_at).filter(
            Q(created_at__lt=created_at) | Q(id__lt=customer_id)
        )
    return query.order_by("-created_at", "-id").limit(limit + 1)


async def list_customers(
    merchant_id: str, *, search: str | None = None, after: str | None = None, limit: int = 50
) -> tuple[list[Customer], str | None]:
    """One page of live customers, newest first, and the cursor of the next page (or None).

    ``after`` is a previous page's cursor; ``search`` as described in the module docstring.
    """
    query = page_query(merchant_id, search=search, after=after, limit=limit)
    if query is None:
        return [], None
    rows = await query
    if len(rows) > limit:
        return rows[:limit], encode_cursor(rows[limit - 1])
    return rows, None
