"""Tally's billing domain: models and services shared by the API and the dashboard.

Nothing in this package imports Quart, so every rule lives in one place and both front
ends (``api/`` and ``webapp/``) call the same service functions.
"""
