"""Helpers for tests of api/onboarding, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

CSRF = "test-csrf-token-value"
