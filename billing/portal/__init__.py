"""The customer portal: what one end customer of a merchant may see and change about their own
billing, whoever asks for it (the merchant's server with a secret key, or the customer holding
a portal session).

It owns portal sessions (``sessions``: a short-lived link scoped to one customer, stored only
as a hash) and the portal's operations: the overview (``overview``), adding a payment method
through the merchant's provider (``setup_intents``) and choosing or removing one
(``payment_methods``). ``access`` finds the customer a call acts for.

Every service takes the tenant row (``merchant_id``, which is one mode of a business) and the
Tally ``customer_id`` it acts for, so the API and the hosted pages call the same functions and
a session can never reach past its one customer.

May call: payments and below (invoicing for invoices, subscriptions for the live
subscription, customers, accounts, core).
"""
