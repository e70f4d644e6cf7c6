"""POST /v1/plans: every refused body answers 400 with a message naming the field, and
stores nothing (no plan, feature or metric)."""

import pytest

from billing.catalog.models import Feature, Metric, Plan
from tests.support.api.plans_create import post


@pytest.mark.parametrize(
    ("trial", "error"),
    [
        ({"enabled": True}, "trial.days is required when the trial is enabled"),
        ({"enabled": True, "days": 0}, "trial.days must be a whole number from 1 to 365"),
        ({"enabled": True, "days": 366}, "trial.days must be a whole number from 1 to 365"),
        (
            {"enabled": True, "days": 7, "creditOverrides": [{"slug": "nope", "amount": 1}]},
            "trial.creditOverrides[0] must name a feature of this plan",
        ),
        (
            {"enabled": True, "days": 7, "creditOverrides": [{"amount": 1}]},
            "trial.creditOverrides[0] needs exactly one of featureId or slug",
        ),
        (
            {"enabled": True, "days": 7, "creditOverrides": [{"slug": "a", "amount": -1}]},
            "trial.creditOverrides[0].amount must be a whole number from 0 to 1000000000000000",
        ),
    ],
)
async def test_trial_errors(client, merchant, trial, error):
    status, body = await post(client, merchant, {"planName": "T", "trial": trial})
    assert (status, body) == (400, {"error": error})
    assert not await Plan.filter(merchant_id=merchant.id).exists()


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({}, "Missing required field 'planName'"),
        ({"planName": "   "}, "planName is required"),
        ({"planName": "x" * 201}, "planName must be at most 200 characters"),
        ({"planName": "P", "monthlyPrice": -1}, "monthlyPrice must be a non-negative integer"),
        ({"planName": "P", "yearlyPrice": 10**13}, "yearlyPrice must be a non-negative integer"),
        ({"planName": "P", "monthlyPrice": 9.99}, "Invalid value for field 'monthlyPrice'"),
        ({"planName": "P", "minSeats": 2}, "minSeats needs isSeatBased true"),
        ({"planName": "P", "isSeatBased": True, "minSeats": 0}, "minSeats must be a whole"),
        ({"planName": "P", "enterpriseRedirectUrl": "javascript:alert(1)"}, "enterpriseRedirect"),
        ({"planName": "P", "enterpriseRedirectUrl": "https://"}, "enterpriseRedirectUrl must"),
        ({"planName": "P", "planDescription": "a\u0000b"}, "planDescription must not contain"),
        (
            {"planName": "P", "newFeatures": [{"slug": "x", "isUsageBased": False}]},
            "newFeatures[0].featureName is required",
        ),
        (
            {"planName": "P", "newFeatures": [{"featureName": "X", "isUsageBased": False}]},
            "newFeatures[0].slug is required",
        ),
        (
            {"planName": "P", "newFeatures": [{"featureName": "X", "slug": "x"}]},
            "Missing required field 'newFeatures.0.isUsageBased'",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [{"featureName": "X", "slug": "Bad Slug", "isUsageBased": False}],
            },
            "slug must be",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {"featureName": "X", "slug": "x", "isUsageBased": False, "usagePricePerUnit": 5}
                ],
            },
            "newFeatures[0]: eventName",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {
                        "featureName": "X",
                        "slug": "x",
                        "isUsageBased": True,
                        "usagePricePerUnit": 2**31,
                    }
                ],
            },
            "newFeatures[0].usage",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {
                        "featureName": "X",
                        "slug": "x",
                        "isUsageBased": True,
                        "hasCreditAllowance": True,
                    }
                ],
            },
            "newFeatures[0].creditAllowanceAmount is required with hasCreditAllowance",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {
                        "featureName": "X",
                        "slug": "x",
                        "isUsageBased": True,
                        "hasCreditAllowance": True,
                        "creditAllowanceAmount": 1,
                        "creditAllowanceRenewal": "weekly",
                    }
                ],
            },
            "newFeatures[0].creditAllowanceRenewal must be monthly, yearly or none",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {
                        "featureName": "X",
                        "slug": "x",
                        "isUsageBased": True,
                        "eventName": "Not An Event",
                    }
                ],
            },
            "eventName must be",
        ),
        (
            {
                "planName": "P",
                "newFeatures": [
                    {"featureName": "X", "slug": "x", "isUsageBased": True, "eventName": "e" * 201}
                ],
            },
            "eventName must be",
        ),
        ({"planName": "P", "commitMessage": "x" * 2001}, "commitMessage must be at most 2000"),
    ],
)
async def test_create_errors(client, merchant, body, error):
    status, answer = await post(client, merchant, body)
    assert status == 400
    assert answer["error"].startswith(error), answer
    assert not await Plan.filter(merchant_id=merchant.id).exists()
    assert not await Feature.filter(merchant_id=merchant.id).exists()
    assert not await Metric.filter(merchant_id=merchant.id).exists()
