"""Shared test helpers, grouped like the tests; nothing here is a test."""
