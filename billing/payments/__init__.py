"""Payments: provider configurations, payment methods, checkout, charging invoices, provider
webhooks, retries and dunning, refunds. Provider A is a Stripe-compatible card gateway (the
``stripe`` SDK), provider B a hosted payment-link provider (the ``dodopayments`` SDK).

Sub-packages, by what they do (each ``__init__`` says what it owns): ``gateways`` (the only
code that speaks to a provider: the ``Gateway`` protocol, one package per provider with its
SDK, an in-memory gateway for tests and benches; callers ask ``gateway_for(provider)``),
``checkout`` (the public payment-init and the hosted checkout page, with the gateway call that
starts its payment), ``collection`` (the due-work payments step, charging, dunning, outcomes,
reconciliation with its reads at the provider, the event stream), ``methods``
(payment-method records), ``refunds`` (with the refund call to the provider), ``webhooks``
(inbound provider events, parsed by each gateway) and ``reads`` (what the pages and the API
show of payments).

Beside them: ``models`` (the tables), ``setup`` (what the process gives the context: the
sealing key, the public address, the providers' API bases), ``providers`` (which provider is
configured, the profile prefill) and the providers' configurations (``provider_a_config``,
``provider_b_config``: keys checked and stored, webhook endpoints registered, the account
read; the only modules beside the gateways that reach a provider's package, which
import-linter enforces). Every other provider call goes through ``gateway_for(provider)``.

Free subscriptions need provider A's configuration but live in ``billing.enrollment``, beside
the other sign-ups without a checkout.

May call: invoicing and below (customers for a method's owner, accounts for a merchant's mode
and lock).
"""
