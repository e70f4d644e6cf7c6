"""/v1/public/payment-init: a customer starts paying for a plan (publishable key).

Rate limits: each call counts against two fixed windows, per client address and shop (default
10 per 10 minutes; ``TALLY_CHECKOUT_RATE_PER_ADDRESS``) and per shop and mode (default 300 per
hour; ``TALLY_CHECKOUT_RATE_PER_KEY``). Over either: 429 ``{"error": "Too many checkout
attempts; try again in N seconds"}`` with ``Retry-After: N``, and nothing is created. The
client address is the peer's, or ``X-Forwarded-For``'s behind ``TALLY_TRUSTED_PROXIES`` only
(billing/payments/checkout/checkout_limits.py).

Required: ``planId``, ``priceId``, and a customer. An existing customer's record is used only
when the merchant's server vouched for it: ``customerToken`` (from ``POST
/v1/customers/{id}/checkout-tokens``, secret key, valid one hour) or ``customerId`` with
Tally's ``cust_…`` id (the customer as stored; 409 with ``existingSubscriptionId`` when it has
an open subscription). Anything else needs ``customer.email`` and makes a new customer, also
when ``customerId`` is the merchant's own id for its user (``externalCustomerId``, stored on a
customer it creates) or the email belongs to an existing customer: the answer is then the same
as for a fresh email, and nothing is attached to that customer, ever; at payment the
checkout's customer becomes a customer of its own (without the known external id) if the one
with its email has no open subscription, else the payment is refunded at once and the event
stream ends with ``already_subscribed`` (billing/payments/checkout/checkout_customers.py and
checkout_claims.py). To link a checkout to a user you know, send a ``customerToken``.
Optional: ``customer.name``, ``customer.country`` (two letters; provider B needs it) and
``customer.postalCode`` (a US customer's state, hence their tax, is found from it), used only
when the customer is created. The first invoice has no number (``""``) until it is paid.

Aliases, the field names of Lumen's pricing-table client: ``userId`` is ``customerId`` (the
merchant's user id), ``customerEmail`` is ``customer.email``, ``customerName`` is
``customer.name``. Both names of one field with different values are a 400.

Answers (201; every one has ``status``, ``subscriptionId``, ``invoiceId``, ``amountCents``,
``subtotalCents``, ``taxCents``, ``currency``; the amounts are the first invoice's, tax
included):

- provider A: ``{provider: "provider_a", intentType: "payment_intent", clientSecret,
  paymentIntentId, publishableKey, ...}`` with ``status`` ``requires_payment``: confirm the
  PaymentIntent in the browser; the card is kept for renewals;
- provider B: ``{provider: "provider_b", paymentLink, paymentId, ...}``, ``status``
  ``requires_payment``: send the customer to the link; ``paymentId`` is provider B's;
- a plan with a trial (nothing charged now, a card collected): provider A answers
  ``{intentType: "setup_intent", setupIntentId, clientSecret, publishableKey, amountCents: 0,
  status: "requires_card", trialEndDate}``: confirm the SetupIntent; provider B answers
  ``{intentType: "mandate", paymentLink, status: "requires_card"}``. The subscription is
  ``incomplete`` until the card is confirmed, then ``trialing``;
- nothing owed now and no card to collect (a free price, a plan whose trial needs no card):
  ``{provider: null, status: "active" | "trialing", ...}``.

Paying twice is not possible: while the invoice's attempt is pending, a second payment-init
(another tab, a reload) answers the same PaymentIntent or link.

Either provider's success arrives by its webhook; the subscription then turns ``active`` and
its invoice ``paid``. ``GET /v1/public/events/{paymentIntentId}`` streams it (for provider B,
the ``paymentId``).

Errors (each ``{"error": ...}``; a refusal stores nothing):

- 400 ``Invalid input...``: a bad shape or a missing required field; ``Invalid input:
  customerId or customer.email is required`` (no customer at all); ``Invalid input:
  customer.email is required with a customerId that is not Tally's cust_ id ...``; ``Invalid
  input: customerId must not be blank``; ``Invalid input: customerId and
  userId name different values; send one of them`` (likewise ``customer.email`` and
  ``customerEmail``, ``customer.name`` and ``customerName``); a bad email, name or country of a
  new customer; a price of another plan; provider B without a country;
- 404 ``Plan not found or access denied`` / ``Price not found or access denied`` / ``Customer
  not found or access denied`` (a ``cust_…`` id or ``customerToken`` that is not this
  merchant's in this mode, an expired or altered token: all answer exactly as missing ones);
- 409 ``Customer already has an active subscription.`` with ``existingSubscriptionId`` (a
  vouched customer only); 409 when no payment provider is configured for the key's mode (and
  something is owed);
- 429 over a rate limit (above);
- 502 when the provider refuses or cannot be reached (nothing was charged; try again);
- 401 for a missing, revoked or secret key.

The two confirmation routes below are not rate limited: they create no customer, subscription
or invoice and act only on the intent of a checkout that was counted.

``POST /v1/public/payment-init/confirm-card`` is the offline sandbox card form's path (test
mode only; billing/payments/checkout/checkout_sandbox.py, and checkout_setup.py for a trial's
``setupIntentId``). ``POST /v1/public/payment-init/confirmed`` is the live page's word that the
provider's script confirmed ``paymentIntentId`` or ``setupIntentId`` (read back from the
provider; billing/payments/checkout/checkout_confirmed.py).
"""

from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import ErrorBody, rate_limited
from api.payment_init_models import (
    ConfirmCard,
    ConfirmCardOut,
    Confirmed,
    PaymentInit,
    PaymentInitOut,
    answer,
)
from api.subscription_models import ActiveConflict
from billing.core.errors import Invalid
from billing.payments.checkout import (
    checkout_confirmed,
    checkout_customers,
    checkout_sandbox,
    checkout_setup,
)
from billing.payments.checkout import payment_init as checkout
from webapp.auth import client_address, merchant_id, publishable_key_required

bp = Blueprint("payment_init", __name__, url_prefix="/public")


ONE_INTENT = "Invalid input: give paymentIntentId or setupIntentId"


@bp.post("/payment-init")
@publishable_key_required
@validate_request(PaymentInit)
@document_response(PaymentInitOut, 201)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ActiveConflict, 409)
@rate_limited
@document_response(ErrorBody, 502)
async def payment_init(data: PaymentInit):
    """Start paying for a plan: a customer (found or created), an incomplete subscription, its
    first invoice with tax, and a provider A PaymentIntent or provider B payment link. Rate
    limited per client address and shop (default 10 per 10 minutes) and per shop (default 300
    per hour): 429 with ``Retry-After``. See the module docstring for the required fields,
    each answer and every error."""
    customer_id, customer = checkout_customers.requested(
        customer_id=data.customerId,
        user_id=data.userId,
        customer=data.customer.model_dump() if data.customer else None,
        customer_email=data.customerEmail,
        customer_name=data.customerName,
    )
    started = await checkout.payment_init(
        merchant_id(),
        plan_id=data.planId,
        price_id=data.priceId,
        customer_id=customer_id,
        customer=customer,
        customer_token=data.customerToken,
        retry_of=data.retryOf,
        address=client_address(),
    )
    return answer(started), 201


@bp.post("/payment-init/confirm-card")
@publishable_key_required
@validate_request(ConfirmCard)
@document_response(ConfirmCardOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 403)
@document_response(ErrorBody, 404)
async def confirm_card(data: ConfirmCard):
    """Test mode only: confirm a checkout's PaymentIntent, or a trial's SetupIntent, with
    card fields (the offline sandbox card form of the hosted checkout page; live checkouts
    confirm in the browser with the provider's script). Answers the outcome; the webhook may
    also report it. The card is kept for renewals either way."""
    card = data.card.model_dump()
    if data.setupIntentId and not data.paymentIntentId:
        return await checkout_setup.confirm_card(
            merchant_id(), setup_intent_id=data.setupIntentId, card=card
        )
    if not data.paymentIntentId:
        raise Invalid(ONE_INTENT)
    return await checkout_sandbox.confirm_card(
        merchant_id(), payment_intent_id=data.paymentIntentId, card=card
    )


@bp.post("/payment-init/confirmed")
@publishable_key_required
@validate_request(Confirmed)
@document_response(ConfirmCardOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def confirmed(data: Confirmed):
    """The provider's script confirmed ``paymentIntentId`` (or a trial's ``setupIntentId``) in
    the customer's browser: Tally reads it back from the provider and, when it succeeded,
    records the payment and keeps the card at once (the webhook would do the same, later)."""
    if data.setupIntentId and not data.paymentIntentId:
        return await checkout_confirmed.setup_confirmed(
            merchant_id(), setup_intent_id=data.setupIntentId
        )
    if not data.paymentIntentId:
        raise Invalid(ONE_INTENT)
    return await checkout_confirmed.payment_confirmed(
        merchant_id(), payment_intent_id=data.paymentIntentId
    )
