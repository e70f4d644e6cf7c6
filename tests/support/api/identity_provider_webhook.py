"""Helpers for tests of api/identity_provider_webhook, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

RECORD = {
    "id": "6f1c9a52-0c1e-4d43-9a57-6e5b8f1d2c11",
    "email": "grace@Acme.io",
    "raw_user_meta_data": {"first_name": "Grace", "last_name": "Hopper"},
    "created_at": "2026-11-26T08:00:00Z",
}


EVENT = {"type": "INSERT", "table": "users", "record": RECORD, "schema": "auth"}
