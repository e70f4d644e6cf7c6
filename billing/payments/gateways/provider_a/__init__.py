"""Provider A, the Stripe-compatible card gateway, through the ``stripe`` SDK's async API.

``gateway`` (``ProviderAGateway``, the ``base.Gateway`` of provider A), ``calls`` (the SDK's
async client, one per call with the merchant's key, over one pooled HTTP client per event loop,
and the calls with their answers translated into Tally's words).
"""

from billing.payments.gateways.provider_a.gateway import ProviderAGateway

__all__ = ["ProviderAGateway"]
