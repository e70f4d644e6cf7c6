"""Who is buying in a checkout (``POST /v1/public/payment-init``): the customer it names.

A pricing table on the merchant's site knows the merchant's own id for its signed-in user, not
Tally's, so ``customerId`` is read two ways:

- a ``cust_…`` id (Tally's prefix) is the merchant's customer of this mode, locked for the
  checkout, else 404 ``Customer not found or access denied`` (another merchant's or the other
  mode's customer too, exactly like a missing one);
- anything else is the merchant's external id (``externalCustomerId``): the newest live
  customer of this merchant row with it; else the customer with ``customer.email`` (compared
  as customers always are, case-insensitively), which gets the external id stored when it had
  none (409 when it has another: the email is someone else's user, and charging them for this
  user would be wrong); else a new customer with that email, the external id and the given
  name, country and postal code. No match and no email is a 400: a customer needs an email.

So every customer a checkout names by external id ends up with that external id, which is what
the portal endpoints (``externalCustomerId``) take.

Without ``customerId`` the customer is the one with ``customer.email`` (as stored), else a new
one; without either, 400. The customer's fields beyond the email are used only when it is
created.

The field names of Lumen's pricing-table client are accepted as aliases (``requested``, which
the route calls before the checkout): ``userId`` is ``customerId`` (a user id of the merchant's
system, hence an external id unless it has Tally's ``cust_`` prefix), ``customerEmail`` is
``customer.email`` and ``customerName`` is ``customer.name``. Giving both names of one field
with different values is a 400 naming them; the same value twice is fine.

Call ``resolve`` inside the checkout's transaction, after the merchant's lock, so two
checkouts of one new external id or email make one customer.
"""

from billing.core.errors import Conflict, Invalid
from billing.core.lookup import find_scoped
from billing.customers import customers
from billing.customers.models import Customer

NO_CUSTOMER = "Invalid input: customerId or customer.email is required"
NEEDS_EMAIL = (
    "Invalid input: no customer has this customerId as externalCustomerId yet; "
    "customer.email is required to create one"
)
BLANK_ID = "Invalid input: customerId must not be blank"
EMAIL_OF_ANOTHER = (
    "A customer with this email already exists with another externalCustomerId; "
    "send that customer's customerId, or another email"
)
CONFLICT = "Invalid input: {one} and {other} name different values; send one of them"


def _one(values: dict[str, object]) -> object:
    """The value given under either name, or a 400 when the names disagree."""
    given = {name: value for name, value in values.items() if value is not None}
    if len(set(map(repr, given.values()))) > 1:
        one, other = given
        raise Invalid(CONFLICT.format(one=one, other=other))
    return next(iter(given.values()), None)


def requested(
    *,
    customer_id: str | None = None,
    user_id: str | None = None,
    customer: dict | None = None,
    customer_email: str | None = None,
    customer_name: str | None = None,
) -> tuple[str | None, dict]:
    """The request's ``customerId`` and ``customer`` fields, aliases merged (see the module
    docstring): what ``resolve`` takes."""
    person = dict(customer or {})
    person["email"] = _one({"customer.email": person.get("email"), "customerEmail": customer_email})
    person["name"] = _one({"customer.name": person.get("name"), "customerName": customer_name})
    chosen = _one({"customerId": customer_id, "userId": user_id})
    return chosen, {name: value for name, value in person.items() if value is not None}


def is_tallys_id(customer_id: str) -> bool:
    return customer_id.startswith(f"{Customer.id_prefix}_")


async def resolve(merchant_id: str, customer_id: object, person: dict | None) -> Customer:
    """The checkout's customer, found or created (in the caller's transaction, after the
    merchant's lock); see the module docstring for the rules."""
    person = person or {}
    if customer_id is not None:
        if not isinstance(customer_id, str):
            raise Invalid("Invalid input: customerId must be a string")
        customer_id = customer_id.strip()
        if not customer_id:
            raise Invalid(BLANK_ID)
    if customer_id is not None and is_tallys_id(customer_id):
        return await find_scoped(
            Customer, merchant_id, customer_id, customers.CUSTOMER_NOT_FOUND, lock=True
        )
    if customer_id is not None:
        found = await customers.find_by_external_id(merchant_id, customer_id)
        if found is not None:
            return found
    email = person.get("email")
    if not isinstance(email, str) or not email.strip():
        raise Invalid(NEEDS_EMAIL if customer_id is not None else NO_CUSTOMER)
    found = await customers.find_by_email(merchant_id, email)
    if found is not None:
        return await _with_external_id(found, customer_id)
    return await customers.create_customer(
        merchant_id,
        email=email,
        name=person.get("name"),
        external_customer_id=customer_id,
        billing_country=person.get("country"),
        billing_postal_code=person.get("postalCode"),
    )


async def _with_external_id(found: Customer, external_id: str | None) -> Customer:
    """The customer found by email, given ``external_id`` when it had none."""
    if external_id is None or found.external_customer_id == external_id:
        return found
    if found.external_customer_id:
        raise Conflict(EMAIL_OF_ANOTHER)
    return await customers.update_customer(
        found.merchant_id, found.id, external_customer_id=external_id
    )
