"""Helpers for tests of pages/subscriptions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.accounts.models import Membership


async def merchant_of(email: str) -> str:
    membership = await Membership.filter(user__email=email).first()
    return membership.merchant_id
