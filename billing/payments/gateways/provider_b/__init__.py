"""Provider B, the hosted payment-link provider, through the ``dodopayments`` SDK's async
client.

``gateway`` (``ProviderBGateway``, the ``base.Gateway`` of provider B), ``charging`` (a
committed attempt charged by its mandate, else a payment link).
"""

from billing.payments.gateways.provider_b.gateway import ProviderBGateway

__all__ = ["ProviderBGateway"]
