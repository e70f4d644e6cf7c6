"""``ProviderBGateway``: provider B as a ``base.Gateway``. Reads the merchant's key and
environment from its configuration (``provider_b_config``) for each call."""

from collections.abc import Mapping

from billing.customers.models import Customer
from billing.payments import provider_b_config
from billing.payments.gateways.base import (
    ChargeAnswer,
    CheckoutStart,
    RefundAnswer,
    Seen,
    SetupRequest,
    SetupStart,
)
from billing.payments.gateways.provider_b import (
    charging,
    checkout,
    reads,
    refunds,
    setups,
    signatures,
)
from billing.payments.models import Payment, PaymentMethod, Refund

PROVIDER = "provider_b"
MANDATE = "mandate"


class ProviderBGateway:
    provider = PROVIDER
    charges_without_method = True  # a payment link, stored on the payment
    needs_billing_country = True
    refunds_part_by_product = True

    def accepts(self, method: PaymentMethod) -> bool:
        """A mandate (an on-demand subscription) naming its subscription."""
        return method.payment_type == MANDATE and charging.mandate_subscription(method) is not None

    async def browser_card_form(self, merchant_id: str) -> None:
        return None  # cards are taken on the provider's hosted page, never in Tally's

    async def is_configured(self, merchant_id: str) -> bool:
        """A key that opens (``secret_and_environment`` raises for one that no longer does)."""
        return await provider_b_config.secret_and_environment(merchant_id) is not None

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        return await charging.charge(payment, method)

    async def start_checkout_payment(
        self, payment: Payment, customer: Customer, *, description: str
    ) -> CheckoutStart | None:
        return await checkout.start_payment(payment, description)

    async def start_setup(self, merchant_id: str, request: SetupRequest) -> SetupStart:
        return await setups.start(merchant_id, request)

    async def fetch_payment(self, payment: Payment) -> Seen | None:
        key = await provider_b_config.secret_and_environment(payment.merchant_id)
        return await reads.payment(key, payment)

    async def refund(self, payment: Payment, refund: Refund) -> RefundAnswer:
        key = await provider_b_config.secret_and_environment(payment.merchant_id)
        return await refunds.refund_payment(key, payment, refund)

    async def fetch_refund(self, payment: Payment, refund: Refund) -> Seen | None:
        key = await provider_b_config.secret_and_environment(payment.merchant_id)
        return await reads.refund(key, refund)

    def verify_webhook(
        self, secret: str, body: bytes, headers: Mapping[str, str]
    ) -> tuple[str, dict]:
        return signatures.verify(secret, body, headers)
