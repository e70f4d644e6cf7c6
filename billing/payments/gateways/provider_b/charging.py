"""Charging a committed provider B attempt: its mandate, else a payment link.

``collection.charging.start_attempt`` writes the attempt; ``collection.charging.call_provider``
asks this gateway for it afterwards, outside any transaction, and records the answer. One of
two flows:

- **Mandate**: the attempt's method is a provider B ``mandate`` (an on-demand subscription the
  ``subscription.active`` webhook stored, its id in ``externalPspMetadata.subscription_id``,
  its product in ``product_id``). The subscription is charged the invoice's amount.
- **Link**: the attempt has no method (the merchant's provider is B and the customer has no
  mandate): a hosted payment link is created for the amount and stored on the payment
  (``payment_link``), for the merchant to send the customer.

Either way the provider settles asynchronously: its answer is only a payment id (so the answer
is always ``pending``), kept as ``provider_payment_id`` (with the product it sold as
``provider_product_id``, which a partial refund names), and the payment stays ``pending`` until
the ``payment.succeeded`` / ``payment.failed`` webhook (found by that id or by
``metadata.payment_id``) settles it, or the payments step's reconciliation finds it settled at
the provider. So the answered attempt's lease (``retry_at``) becomes its first check
(``reconcile.FIRST_CHECK`` later): a later pass asks the provider about the payment it already
holds and never calls for it again. A refusal (a 4xx) fails the attempt at once, with the
provider's message, and dunning retries it; an unknown outcome (no answer, a 5xx) keeps the
lease, and the attempt is called again with the same idempotency key after it.
"""

from dodopayments import DodoPaymentsError

from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments import provider_b, provider_b_config
from billing.payments.gateways.base import FAILED, PENDING, ChargeAnswer, GatewayUnreachable
from billing.payments.models import Payment, PaymentMethod
from billing.payments.provider_b import ChargeRefused

NOT_CONFIGURED = "Provider B is not configured for this merchant"
NO_SUBSCRIPTION = "The provider B mandate names no subscription to charge"
NO_COUNTRY = "Provider B needs the customer's billing country to create a payment link"


def mandate_subscription(method: PaymentMethod, name: str = "subscription_id") -> str | None:
    """The on-demand subscription id a provider B mandate method charges, if it names one
    (``name="product_id"``: that subscription's product)."""
    found = (method.external_psp_metadata or {}).get(name)
    return found if isinstance(found, str) and found else None


async def link_details(payment: Payment) -> tuple[dict, dict, str] | None:
    """The customer, billing address and description a link is made with; None when the
    customer has no billing country (the provider requires one)."""
    customer = await Customer.filter(id=payment.customer_id).first()
    if customer is None or not customer.billing_country:
        return None
    billing = {"country": customer.billing_country.upper()}
    optional = {
        "city": customer.billing_city,
        "street": customer.billing_address_line1,
        "zipcode": customer.billing_postal_code,
    }
    billing.update({key: value for key, value in optional.items() if value})
    person = {"email": customer.email, "name": customer.name or customer.email}
    invoice = await Invoice.filter(id=payment.invoice_id).first()
    number = invoice.number if invoice and invoice.number else payment.invoice_id
    return person, billing, f"Invoice {number}"


async def charge(payment: Payment, method: PaymentMethod | None) -> ChargeAnswer:
    """Charge the committed pending ``payment`` (by its ``method``'s mandate, or by a link
    when it has none); ``pending`` with the provider's payment id, or ``failed`` with why.
    ``GatewayUnreachable`` when the outcome is unknown. Never call inside a transaction."""
    key = await provider_b_config.secret_and_environment(payment.merchant_id)
    if key is None:
        return ChargeAnswer(FAILED, None, NOT_CONFIGURED)
    secret, environment = key
    metadata = {"payment_id": payment.id, "invoice_id": payment.invoice_id}
    common = {
        "amount_cents": payment.amount_cents,
        "currency": payment.currency,
        "idempotency_key": payment.idempotency_key,
        "metadata": metadata,
    }
    try:
        if method is not None:
            subscription_id = mandate_subscription(method)
            if subscription_id is None:
                return ChargeAnswer(FAILED, None, NO_SUBSCRIPTION)
            answer = await provider_b.charge_mandate(
                secret,
                environment,
                subscription_id=subscription_id,
                product_id=mandate_subscription(method, "product_id"),
                **common,
            )
        else:
            details = await link_details(payment)
            if details is None:
                return ChargeAnswer(FAILED, None, NO_COUNTRY)
            customer, billing, description = details
            answer = await provider_b.create_link(
                secret,
                environment,
                description=description,
                customer=customer,
                billing=billing,
                **common,
            )
    except ChargeRefused as refused:
        return ChargeAnswer(FAILED, None, refused.message)
    except DodoPaymentsError as unknown:
        raise GatewayUnreachable(str(unknown)) from unknown
    return ChargeAnswer(
        PENDING, answer.payment_id, payment_link=answer.payment_link, product_id=answer.product_id
    )
