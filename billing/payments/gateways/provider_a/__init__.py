"""Provider A, the Stripe-compatible card gateway, through the ``stripe`` SDK.

``gateway`` (``ProviderAGateway``, the ``base.Gateway`` of provider A), ``calls`` (the SDK's
async client, one per call with the merchant's key over one pooled HTTP client per event loop,
and the off-session charge), ``reads`` and ``refunds`` (async too: batches make many at once),
``checkout`` and ``setups`` (a checkout's PaymentIntent, a SetupIntent for a card kept for
later), ``webhooks`` (``Stripe-Signature``), ``sandbox`` (the test-mode card forms and card
reads) and ``sdk`` (the synchronous adapter: keys, the webhook endpoint, ``ProviderAError``).
"""
