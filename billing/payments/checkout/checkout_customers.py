"""Who is buying in a checkout (``POST /v1/public/payment-init``): the customer it names.

A publishable key is public and anything the page sends is the browser's word, so a checkout
attaches to an existing customer's record only when the merchant's server vouched for that
customer (``vouched``):

- ``customerToken``: a token from ``POST /v1/customers/{id}/checkout-tokens``
  (``checkout_tokens``), the customer it names, locked for the checkout; a token that is
  altered, expired, or of another merchant or mode is 404 ``Customer not found or access
  denied``, exactly like a missing customer;
- ``customerId`` with Tally's ``cust_`` prefix: the merchant's customer of this mode (the id
  is unguessable, so only the merchant's server could have put it in the page), locked, else
  the same 404 (another merchant's or the other mode's customer too).

Anything else is *not* vouching: an email, or a ``customerId`` without the prefix (the
merchant's own user id, ``externalCustomerId``), may be anyone's. Such a checkout needs
``customer.email`` (400 without it, whether or not the external id is known) and never
touches an existing record before payment, and it answers exactly as for a fresh email (same
status, same fields; no 409, no ``existingSubscriptionId``), so the key cannot be used to learn
who is a customer or who subscribes:

- no live customer has the external id or the email: a new customer with that email, the
  external id, name, country and postal code (what it always was: the portal then finds it by
  ``externalCustomerId``);
- one does: a new *pending* customer (``checkout_pending``) with the email, name, country and
  postal code the page gave (no external id), and nothing attached to the existing one. Its
  payment decides the rest (``checkout_claims``): a customer of its own beside the existing
  one when the email's customer has no open subscription (never merged into it), else
  refunded at once and ended as ``already_subscribed``.

An external id is the page's word too: a checkout naming a known external id with another
email ends, paid, on a customer of its own with *no* external id (giving a stranger's record
that id would let them answer lookups by it: the portal finds customers by it). **To link a
checkout to a user you know, send a customerToken** (or the ``cust_`` id).

A page retrying its own checkout (the hosted page's "Try again" after a declined card) sends
``retryOf``, the ``subscriptionId`` its earlier payment-init answered: while that subscription
is still an unfinished checkout (``incomplete``) of this merchant and mode and its customer has
the email the page sends, the retry continues it: the same customer, subscription and invoice,
a new attempt (``checkout._reusable``). Holding that id proves nothing beyond having started
that checkout (it is unguessable and answered only to the page that started it), so it reaches
only the checkout's own customer, never another record; anything else (unknown, finished,
another email) is ignored and the checkout goes on as a new one, answering as always.

Without ``customerId`` or ``customerToken`` and without ``customer.email``: 400. The
customer's fields beyond the email are used only when it is created.

The field names of Lumen's pricing-table client are accepted as aliases (``requested``, which
the route calls before the checkout): ``userId`` is ``customerId`` (a user id of the merchant's
system, hence an external id unless it has Tally's ``cust_`` prefix), ``customerEmail`` is
``customer.email`` and ``customerName`` is ``customer.name``. Giving both names of one field
with different values is a 400 naming them; the same value twice is fine.

Call ``resolve`` inside the checkout's transaction, after the merchant's lock, so two
checkouts of one new external id or email make one customer.
"""

from dataclasses import dataclass

from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.customers import customers
from billing.customers.customer_fields import normalize_email
from billing.customers.models import Customer
from billing.payments.checkout import checkout_tokens
from billing.subscriptions.checkout_states import INCOMPLETE
from billing.subscriptions.models import Subscription

NO_CUSTOMER = "Invalid input: customerId or customer.email is required"
NEEDS_EMAIL = (
    "Invalid input: customer.email is required with a customerId that is not Tally's cust_ id "
    "(an external id alone does not name a customer; send a cust_ id or a customerToken)"
)
BLANK_ID = "Invalid input: customerId must not be blank"
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


@dataclass(frozen=True)
class Buyer:
    """The checkout's customer, and whether the merchant's server vouched for it."""

    customer: Customer
    vouched: bool


async def resolve(
    merchant_id: str,
    customer_id: object,
    person: dict | None,
    token: object = None,
    retry_of: object = None,
) -> Buyer:
    """The checkout's customer, found or created (in the caller's transaction, after the
    merchant's lock); see the module docstring for the rules."""
    person = person or {}
    retried = await _retried(merchant_id, retry_of, person.get("email"))
    if retried is not None and token is None and customer_id is None:
        return Buyer(retried, False)
    if token is not None:
        vouched_id = checkout_tokens.customer_of(merchant_id, token)
        return Buyer(await _locked(merchant_id, vouched_id), True)
    if customer_id is not None:
        if not isinstance(customer_id, str):
            raise Invalid("Invalid input: customerId must be a string")
        customer_id = customer_id.strip()
        if not customer_id:
            raise Invalid(BLANK_ID, code="blank_id", field="customerId")
    if customer_id is not None and is_tallys_id(customer_id):
        return Buyer(await _locked(merchant_id, customer_id), True)
    email = person.get("email")
    if not isinstance(email, str) or not email.strip():
        raise Invalid(NEEDS_EMAIL if customer_id is not None else NO_CUSTOMER)
    known = customer_id is not None and await customers.find_by_external_id(
        merchant_id, customer_id
    )
    if known or await customers.find_by_email(merchant_id, email) is not None:
        pending = await customers.create_checkout_pending(
            merchant_id,
            email=email,
            name=person.get("name"),
            billing_country=person.get("country"),
            billing_postal_code=person.get("postalCode"),
        )
        return Buyer(pending, False)
    created = await customers.create_customer(
        merchant_id,
        email=email,
        name=person.get("name"),
        external_customer_id=customer_id,
        billing_country=person.get("country"),
        billing_postal_code=person.get("postalCode"),
    )
    return Buyer(created, False)


async def _locked(merchant_id: str, customer_id: str) -> Customer:
    return await find_scoped(
        Customer, merchant_id, customer_id, customers.CUSTOMER_NOT_FOUND, lock=True
    )


async def _retried(merchant_id: str, retry_of: object, email: object) -> Customer | None:
    """The customer of the unfinished checkout ``retry_of`` names, when the page's email is
    theirs (module docstring), locked; else None."""
    if not isinstance(retry_of, str) or not isinstance(email, str):
        return None
    started = (
        await Subscription.scoped(merchant_id)
        .filter(stable_subscription_id=retry_of, status=INCOMPLETE, end_timestamp=None)
        .first()
    )
    if started is None:
        return None
    customer = await _locked(merchant_id, started.customer_id)
    same = customer.email_normalized == normalize_email(email)
    return customer if same else None
