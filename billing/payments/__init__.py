"""Payments: provider configurations, payment methods, charging invoices, provider webhooks,
retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the ``stripe``
SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK).

Provider A: ``provider_a`` (the SDK adapter, one client per call), ``provider_a_config`` (keys
and webhook endpoint per merchant row), ``providers`` (which provider is configured, the
profile prefill).

Webhooks: ``webhooks`` (verify a delivery with the merchant row's signing secret, record its
event id once with its effect), ``webhook_events`` (which action each provider event type
stands for), ``webhook_actions`` (the actions, planned apart from applied, so the test
endpoint can say what a delivery would do).

Refunds: ``refunds`` (the service: store, ask the provider after the commit, record or undo),
``refund_math`` (what may be refunded, the tax share of a refund), ``refund_calls`` (the
providers' refund calls, each with the refund's idempotency key).

May call: invoicing and below (customers for a method's owner, accounts for a merchant's mode
and lock).
"""
