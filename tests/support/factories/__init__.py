"""Rows and states the tests build, one module per context: catalog plans and features,
subscriptions, invoices, seats, refunds, entitlements, portal customers, provider
configurations and webhooks, cards at localstripe and the checkout shop.

They go through the models and services as production does, so a test starts from data
Tally itself could have made; more than one test directory uses each of them.
"""
