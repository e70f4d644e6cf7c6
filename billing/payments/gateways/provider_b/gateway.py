"""``ProviderBGateway``: provider B as a ``base.Gateway``. Reads the merchant's key and
environment from its configuration (``provider_b_config``) for each call."""

from billing.payments.gateways.base import ChargeAnswer
from billing.payments.gateways.provider_b import charging
from billing.payments.models import Payment, PaymentMethod

PROVIDER = "provider_b"


class ProviderBGateway:
    provider = PROVIDER

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        return await charging.charge(payment, method)
