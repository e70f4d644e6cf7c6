"""``ProviderBGateway``: provider B as a ``base.Gateway``. Reads the merchant's key and
environment from its configuration (``provider_b_config``) for each call."""

from collections.abc import Mapping

from billing.customers.models import Customer
from billing.payments import provider_b_config
from billing.payments.gateways.base import (
    NOT_CONFIGURED,
    ChargeAnswer,
    CheckoutStart,
    GatewayRefused,
    RefundAnswer,
    Seen,
    SetupRequest,
    SetupStart,
)
from billing.payments.gateways.events import IntentRead, ParsedEvent, SavedMethod
from billing.payments.gateways.provider_b import (
    charging,
    checkout,
    customers,
    events,
    reads,
    refunds,
    setups,
    signatures,
)
from billing.payments.models import Payment, PaymentMethod, Refund

PROVIDER = "provider_b"
MANDATE = "mandate"
NO_TEST_CARDS = "Provider B takes cards on its own hosted page, not in a test card form"


class ProviderBGateway:
    provider = PROVIDER
    charges_without_method = True  # a payment link, stored on the payment
    needs_billing_country = True
    refunds_part_by_product = True
    keeps_card_from_checkout = False  # a checkout's link keeps nothing; a mandate is saved
    confirms_in_browser = False

    def accepts(self, method: PaymentMethod) -> bool:
        """A mandate (an on-demand subscription) naming its subscription."""
        return method.payment_type == MANDATE and charging.mandate_subscription(method) is not None

    async def browser_card_form(self, merchant_id: str) -> None:
        return None  # cards are taken on the provider's hosted page, never in Tally's

    async def customer(self, merchant_id: str, customer: Customer, *, key: str) -> str:
        return await customers.customer(merchant_id, customer, key)

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

    async def read_intent(
        self, merchant_id: str, intent_id: str, *, setup: bool = False
    ) -> IntentRead | None:
        return None  # its pages are hosted: no browser confirms anything in Tally's

    async def card_details(self, merchant_id: str, method_id: str) -> dict | None:
        return None  # a mandate has no card details

    async def confirm_test_payment(
        self, payment: Payment, card: dict
    ) -> tuple[ChargeAnswer, SavedMethod | None]:
        raise GatewayRefused(NO_TEST_CARDS, NOT_CONFIGURED)

    async def confirm_test_setup(
        self, merchant_id: str, setup_id: str, card: dict, key: str, keep_succeeded: bool
    ) -> IntentRead:
        raise GatewayRefused(NO_TEST_CARDS, NOT_CONFIGURED)

    async def save_test_card(self, merchant_id: str, number: str, email: str) -> tuple[str, str]:
        raise GatewayRefused(NO_TEST_CARDS, NOT_CONFIGURED)

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

    async def webhook_secret(self, merchant_id: str) -> str | None:
        return await provider_b_config.webhook_secret(merchant_id)

    def parse_webhook(self, event: dict) -> ParsedEvent:
        return events.parse(event)
