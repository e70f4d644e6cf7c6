"""Checkout: ``POST /v1/public/payment-init`` and the hosted checkout page, a customer buying
a plan from a browser.

``payment_init`` (the service: customer, an ``incomplete`` subscription, the first invoice
with tax and a payment in one transaction; the provider after the commit; abandoned
checkouts ended by the due-work pass), ``checkout_calls`` (the gateway call that starts the
checkout's payment, after that commit), ``checkout_limits`` (how many checkouts a page may
start), ``checkout_tokens`` (the merchant's server vouching for who is buying),
``checkout_customers`` (who is buying: found, created or held ``checkout_pending``),
``checkout_claims`` (what a paid checkout does to that customer), ``checkout_setup`` (a
trial's checkout: the card now, the charge at trial end), ``checkout_cards`` (keeping the card
paid with for renewals), ``checkout_confirmed`` (the live page's word that the provider's
script confirmed), ``checkout_sandbox`` (the test-mode card form; card numbers never reach
Tally in live mode). A paid first invoice activates the subscription in
``collection.payment_outcomes``.
"""
