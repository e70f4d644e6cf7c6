"""Async service functions: one per operation, each taking the merchant explicitly."""
