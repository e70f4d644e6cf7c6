"""Provider B, the hosted payment-link provider (Dodo Payments), through the ``dodopayments``
SDK's async client.

``gateway`` (``ProviderBGateway``, the ``base.Gateway`` of provider B), ``charging`` (a
committed attempt charged by its mandate, else a payment link), ``checkout`` and ``setups`` (a
checkout's link, a mandate link), ``reads`` and ``refunds``, ``signatures`` (Standard Webhooks)
and ``sdk`` (the adapter: keys, webhooks, links, ``ProviderBError``).
"""
