"""Accounts: merchants (the tenants), users, memberships, login attempts and API keys.

Sign-up and provisioning, log-in throttling, key issue, authentication and revocation, the
merchant profile, and ``lock_merchant``, the lock other contexts take to serialise one
merchant's checked writes. May call: core.
"""
