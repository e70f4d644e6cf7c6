"""Service errors: the API body is the spec's exact envelope, whatever code and field an
error carries for the dashboard."""

import pytest

from billing.core.errors import (
    Conflict,
    Failure,
    Invalid,
    InvalidFields,
    NotFound,
    ServiceError,
    TooManyRequests,
)
from tests.support.billing.core.error_sites import raise_sites


@pytest.mark.parametrize(
    ("error", "body", "code"),
    [
        (
            Invalid(
                "amount must be a non-negative integer amount in cents",
                code="amount_not_cents",
                field="amount",
            ),
            {"error": "amount must be a non-negative integer amount in cents"},
            "amount_not_cents",
        ),
        (
            NotFound("Plan not found", code="plan_not_found"),
            {"error": "Plan not found"},
            "plan_not_found",
        ),
        (NotFound("Plan not found"), {"error": "Plan not found"}, "not_found"),
        (
            Conflict(
                "Customer already has an active subscription",
                code="already_subscribed",
                existingSubscriptionId="sub_1",
            ),
            {
                "error": "Customer already has an active subscription",
                "existingSubscriptionId": "sub_1",
            },
            "already_subscribed",
        ),
        (Invalid("events must be an array"), {"error": "events must be an array"}, "invalid"),
        (Failure("Could not save"), {"error": "Could not save"}, "failure"),
        (TooManyRequests("Slow down"), {"error": "Slow down"}, "too_many_requests"),
    ],
)
def test_the_api_body_is_the_spec_envelope_only(error: ServiceError, body, code):
    assert error.body() == body
    assert error.message == body["error"]
    if code:
        assert error.code == code


def test_a_field_and_a_code_stay_internal():
    error = Invalid(
        "startDate must not be after endDate", code="dates_backwards", field="startDate"
    )
    assert (error.code, error.field, error.status) == ("dates_backwards", "startDate", 400)
    assert "code" not in error.body() and "field" not in error.body()
    assert error.extra == {}


def test_tax_issues_keep_their_array_form():
    issues = [{"code": "too_small", "message": "amount must be 0 or more", "path": ["amount"]}]
    error = InvalidFields(issues)
    assert error.body() == {"error": issues}
    assert error.message == "amount must be 0 or more"
    assert error.code == "invalid_fields"


def test_every_code_stands_for_one_message():
    """A code names one message (up to the field and the numbers in it): the dashboard's
    words for a code must fit every raise of it."""
    messages: dict[str, set[str]] = {}
    for site in raise_sites():
        if site.code and site.message is not None:
            messages.setdefault(site.code, set()).add(site.message)
    assert messages, "the scan found no raise with a code"
    shared = {code: found for code, found in messages.items() if len(found) > 1}
    assert shared == {}


def test_the_scan_reads_constants_fields_and_f_strings():
    by_code = {site.code: site for site in raise_sites() if site.code}
    assert (
        by_code["amount_not_cents"].message == "{} must be a non-negative integer amount in cents"
    )
    assert by_code["no_payment_method"].message.startswith("The customer has no payment method")
    assert by_code["dates_backwards"].message == "{} must not be after endDate"
    assert by_code["customer_not_found"].message == "Customer not found or access denied"
