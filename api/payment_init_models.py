"""Request and response models of /v1/public/payment-init and its confirmation routes, and
the shape of payment-init's answer (see api/payment_init.py for what each field means and
every error)."""

from pydantic import BaseModel, ConfigDict, Field

from api.common import Body
from billing.payments.checkout import payment_init as checkout


class CheckoutCustomer(Body):
    email: str | None = None
    name: str | None = None
    country: str | None = None
    postalCode: str | None = None


class PaymentInit(Body):
    """``customerId`` is Tally's ``cust_…`` id or the merchant's external id; ``userId``,
    ``customerEmail`` and ``customerName`` are aliases (Lumen's client) of ``customerId``,
    ``customer.email`` and ``customer.name``. ``customer.email``/``customerEmail`` is required
    unless the customer is vouched for (a ``cust_…`` id or ``customerToken``)."""

    planId: str
    priceId: str
    customerId: str | None = Field(
        None,
        description="Tally's cust_ id (vouches for that customer), or the merchant's own id "
        "for its user (externalCustomerId; never vouches: customer.email is then required, "
        "and an existing customer with that id or email gets nothing before payment)",
    )
    customer: CheckoutCustomer | None = None
    customerToken: str | None = Field(
        None,
        description="A token from POST /v1/customers/{id}/checkout-tokens: the merchant's "
        "server vouches for the customer (else an existing customer is never attached)",
    )
    retryOf: str | None = Field(
        None,
        description="The subscriptionId an earlier payment-init answered this page: a retry "
        "(after a declined card) continues that unfinished checkout when the email is the same",
    )
    userId: str | None = Field(None, description="Alias of customerId (Lumen's client)")
    customerEmail: str | None = Field(None, description="Alias of customer.email")
    customerName: str | None = Field(None, description="Alias of customer.name")


class PaymentInitOut(BaseModel):
    """The fields of every provider; the ones of other providers are absent."""

    provider: str | None
    status: str
    intentType: str | None = None
    subscriptionId: str
    invoiceId: str | None
    amountCents: int
    subtotalCents: int
    taxCents: int
    currency: str
    clientSecret: str | None = None
    paymentIntentId: str | None = None
    publishableKey: str | None = None
    paymentLink: str | None = None
    paymentId: str | None = None
    setupIntentId: str | None = None
    trialEndDate: str | None = None


class CardFields(Body):
    number: str
    expMonth: int
    expYear: int
    cvc: str


def _names_an_intent(schema: dict, model: type) -> None:
    """``ONE_INTENT``: a non-empty paymentIntentId or setupIntentId."""
    given = {"type": "string", "minLength": 1}
    schema["anyOf"] = [
        {"required": [name], "properties": {name: given}}
        for name in ("paymentIntentId", "setupIntentId")
    ]


class ConfirmCard(Body):
    model_config = ConfigDict(json_schema_extra=_names_an_intent)
    paymentIntentId: str | None = None
    setupIntentId: str | None = None
    card: CardFields


class Confirmed(Body):
    model_config = ConfigDict(json_schema_extra=_names_an_intent)
    paymentIntentId: str | None = None
    setupIntentId: str | None = None


class ConfirmCardOut(BaseModel):
    status: str
    message: str | None
    subscriptionStatus: str | None = None


def _iso(moment) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment else None


def answer(started: checkout.CheckoutStarted) -> dict:
    invoice, call, setup = started.invoice, started.call, started.setup
    status = "requires_payment" if call else started.subscription.status
    body = {
        "provider": started.provider,
        "status": "requires_card" if setup else status,
        "subscriptionId": started.subscription.stable_subscription_id,
        "invoiceId": invoice.id if invoice else None,
        "amountCents": started.amount_cents,
        "subtotalCents": invoice.subtotal_cents if invoice else 0,
        "taxCents": invoice.tax_cents if invoice else 0,
        "currency": invoice.currency if invoice else started.currency,
    }
    if setup:
        body.update(
            intentType="setup_intent" if setup.client_secret is not None else "mandate",
            setupIntentId=setup.setup_intent_id,
            clientSecret=setup.client_secret,
            publishableKey=setup.publishable_key,
            paymentLink=setup.payment_link,
            trialEndDate=_iso(started.subscription.trial_end_date),
        )
    elif call and call.client_secret is not None:  # an intent the browser confirms
        body.update(
            intentType="payment_intent",
            clientSecret=call.client_secret,
            paymentIntentId=call.provider_payment_id,
            publishableKey=call.publishable_key,
        )
    elif call:
        body.update(paymentLink=call.payment_link, paymentId=call.provider_payment_id)
    if started.subscription.trial_end_date and not call:
        body["trialEndDate"] = _iso(started.subscription.trial_end_date)
    return body
