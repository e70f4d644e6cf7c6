"""Payments: provider configurations, payment methods, checkout, charging invoices, provider
webhooks, retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the
``stripe`` SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK).

Sub-packages, by what they do (each ``__init__`` says what it owns): ``checkout`` (the public
payment-init and the hosted checkout page), ``collection`` (the due-work payments step,
charging, dunning, outcomes, reconciliation, the event stream), ``methods`` (payment-method
records), ``refunds``, ``webhooks`` (inbound provider events) and ``reads`` (what the pages
and the API show of payments).

Beside them: ``models`` (the tables), ``setup`` (what the process gives the context: the
sealing key, the public address, the providers' API bases), ``providers`` (which provider is
configured, the profile prefill) and the provider adapters with their configurations
(``provider_a``, ``provider_a_config``, ``provider_b``, ``provider_b_config``,
``provider_b_signatures``, ``provider_checks``, ``refund_calls``,
``checkout_calls``).

Free subscriptions need provider A's configuration but live in ``billing.enrollment``, beside
the other sign-ups without a checkout.

May call: invoicing and below (customers for a method's owner, accounts for a merchant's mode
and lock).
"""
