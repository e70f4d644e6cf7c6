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
