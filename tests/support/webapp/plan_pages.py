"""Helpers for tests of webapp/plan_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


def wizard(token: str, **fields) -> dict:
    form = {
        "csrf_token": token,
        "plan_name": "Pro",
        "plan_description": "For growing teams",
        "currency": "EUR",
        "monthly_price": "29.99",
        "yearly_price": "299.90",
        "trial_days": "",
        "show_in_pricing_table": "y",
    }
    return form | fields
