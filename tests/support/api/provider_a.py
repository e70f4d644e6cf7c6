"""Helpers for tests of api/provider_a, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

LIVE = {"secretKey": "sk_live_51HxAcmeSecret9f3a", "publicKey": "pk_live_51HxAcmePublic"}


EVENTS = [
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "setup_intent.succeeded",
    "setup_intent.setup_failed",
    "checkout.session.completed",
]
