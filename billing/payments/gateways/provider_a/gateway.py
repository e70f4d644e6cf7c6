"""``ProviderAGateway``: provider A as a ``base.Gateway``. Reads the merchant's key from its
configuration (``provider_a_config``) for each call; the calls themselves are in ``calls``."""

from collections.abc import Mapping

from billing.customers.models import Customer
from billing.payments import provider_a_config, setup
from billing.payments.gateways.base import (
    FAILED,
    BrowserCardForm,
    ChargeAnswer,
    CheckoutStart,
    RefundAnswer,
    Seen,
    SetupRequest,
    SetupStart,
)
from billing.payments.gateways.events import IntentRead, ParsedEvent, SavedMethod
from billing.payments.gateways.provider_a import (
    browser,
    calls,
    checkout,
    events,
    reads,
    refunds,
    setups,
    webhooks,
)
from billing.payments.models import Payment, PaymentMethod, Refund

PROVIDER = "provider_a"
NOT_CHARGEABLE = "No configured provider can charge this method"


class ProviderAGateway:
    provider = PROVIDER
    charges_without_method = False
    needs_billing_country = False
    refunds_part_by_product = False
    keeps_card_from_checkout = True  # the checkout's intent saves its card (setup_future_usage)
    confirms_in_browser = True

    def accepts(self, method: PaymentMethod) -> bool:
        return bool(method.external_psp_payment_method_id)

    async def customer(self, merchant_id: str, customer: Customer, *, key: str) -> str:
        return await browser.customer(merchant_id, customer, key)

    async def is_configured(self, merchant_id: str) -> bool:
        return await provider_a_config.is_configured(merchant_id)

    async def browser_card_form(self, merchant_id: str) -> BrowserCardForm:
        return BrowserCardForm(
            setup.provider_a_script_url(),
            setup.provider_a_script_origins(),
            await provider_a_config.public_key(merchant_id),
        )

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        secret = await provider_a_config.provider_a_secret(payment.merchant_id)
        if method is None or secret is None:  # provider A charges saved cards only
            return ChargeAnswer(FAILED, None, NOT_CHARGEABLE)
        return await calls.charge(
            secret,
            amount_cents=payment.amount_cents,
            currency=payment.currency,
            customer=method.external_psp_customer_id,
            payment_method=method.external_psp_payment_method_id or "",
            idempotency_key=payment.idempotency_key,
            metadata={"invoice_id": payment.invoice_id, "payment_id": payment.id},
        )

    async def start_checkout_payment(
        self, payment: Payment, customer: Customer, *, description: str
    ) -> CheckoutStart | None:
        return await checkout.start_payment(payment, customer)

    async def start_setup(self, merchant_id: str, request: SetupRequest) -> SetupStart:
        return await setups.start(merchant_id, request)

    async def read_intent(
        self, merchant_id: str, intent_id: str, *, setup: bool = False
    ) -> IntentRead | None:
        return await browser.read(merchant_id, intent_id, setup=setup)

    async def card_details(self, merchant_id: str, method_id: str) -> dict | None:
        return await browser.card_details(merchant_id, method_id)

    async def confirm_test_payment(
        self, payment: Payment, card: dict
    ) -> tuple[ChargeAnswer, SavedMethod | None]:
        return await browser.confirm_test_payment(payment, card)

    async def confirm_test_setup(
        self, merchant_id: str, setup_id: str, card: dict, key: str, keep_succeeded: bool
    ) -> IntentRead:
        return await browser.confirm_test_setup(merchant_id, setup_id, card, key, keep_succeeded)

    async def save_test_card(self, merchant_id: str, number: str, email: str) -> tuple[str, str]:
        return await browser.save_test_card(merchant_id, number, email)

    async def fetch_payment(self, payment: Payment) -> Seen | None:
        secret = await provider_a_config.provider_a_secret(payment.merchant_id)
        return await reads.read(secret, payment.provider_payment_id or "")

    async def refund(self, payment: Payment, refund: Refund) -> RefundAnswer:
        secret = await provider_a_config.provider_a_secret(payment.merchant_id)
        return await refunds.refund_payment(secret, payment, refund)

    async def fetch_refund(self, payment: Payment, refund: Refund) -> Seen | None:
        secret = await provider_a_config.provider_a_secret(payment.merchant_id)
        return await reads.read(secret, refund.provider_refund_id or "", refund=True)

    def verify_webhook(
        self, secret: str, body: bytes, headers: Mapping[str, str]
    ) -> tuple[str, dict]:
        return webhooks.verify(secret, body, headers)

    async def webhook_secret(self, merchant_id: str) -> str | None:
        return await provider_a_config.webhook_secret(merchant_id)

    def parse_webhook(self, event: dict) -> ParsedEvent:
        return events.parse(event)
