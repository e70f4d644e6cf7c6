"""Provider B's side of a checkout: a hosted payment link (``sdk.create_link``) with the
payment's idempotency key; a reused attempt answers its link again."""

from dodopayments import DodoPaymentsError

from billing.payments import provider_b_config
from billing.payments.gateways.base import CheckoutStart, GatewayRefused
from billing.payments.gateways.provider_b import sdk
from billing.payments.gateways.provider_b.charging import link_details
from billing.payments.models import Payment

UNREACHABLE = "Provider B could not be reached; try again in a moment"
NOT_CONFIGURED = "The payment provider is no longer configured for this merchant"


async def start_payment(payment: Payment, description: str) -> CheckoutStart:
    if payment.provider_payment_id and payment.payment_link:  # a reused attempt: its link
        return CheckoutStart(payment.provider_payment_id, payment_link=payment.payment_link)
    key = await provider_b_config.secret_and_environment(payment.merchant_id)
    details = await link_details(payment)
    if key is None or details is None:
        raise GatewayRefused(NOT_CONFIGURED if key is None else "No billing country")
    person, billing, _ = details
    try:
        made = await sdk.create_link(
            *key,
            amount_cents=payment.amount_cents,
            currency=payment.currency,
            description=description,
            customer=person,
            billing=billing,
            idempotency_key=payment.idempotency_key,
            metadata={"payment_id": payment.id, "invoice_id": payment.invoice_id},
        )
    except sdk.ChargeRefused as refused:
        raise GatewayRefused(refused.message) from refused
    except DodoPaymentsError as unknown:
        raise GatewayRefused(UNREACHABLE) from unknown
    return CheckoutStart(made.payment_id, payment_link=made.payment_link)
