"""``ProviderAGateway``: provider A as a ``base.Gateway``. Reads the merchant's key from its
configuration (``provider_a_config``) for each call; the calls themselves are in ``calls``."""

from billing.payments import provider_a_config
from billing.payments.gateways.base import FAILED, ChargeAnswer
from billing.payments.gateways.provider_a import calls
from billing.payments.models import Payment, PaymentMethod

PROVIDER = "provider_a"
NOT_CHARGEABLE = "No configured provider can charge this method"


class ProviderAGateway:
    provider = PROVIDER

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
