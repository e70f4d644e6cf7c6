"""No odd input on a /v1/plans route answers 500, and every error is {"error": <string>}."""

import pytest

from tests.support.api.robustness import ODD_VALUES, assert_clean

FIELDS = (
    "planName",
    "planDescription",
    "currency",
    "monthlyPrice",
    "yearlyPrice",
    "hasYearlyPrice",
    "isSeatBased",
    "minSeats",
    "enterpriseRedirectUrl",
    "enterpriseButtonText",
    "newFeatures",
    "featureIds",
    "priceIds",
    "features",
    "trial",
    "commitMessage",
    "isVisible",
    "strategy",
    "fromVersion",
    "toVersion",
    "priceMapping",
)
SMALL_ODD = [value for value in ODD_VALUES if value != "x" * 100_000] + ["x" * 3000]
BODIES = [None, {}, [], "text", 0, *({field: value for field in FIELDS} for value in SMALL_ODD)]
NESTED = [
    {
        "planName": "N",
        "newFeatures": [{"featureName": v, "slug": v, "isUsageBased": True, "eventName": v}],
    }
    for v in ("\u0000", "🚀" * 300, "", " ")
] + [
    {"planName": "N", "trial": {"enabled": True, "days": 10**40}},
    {
        "planName": "N",
        "trial": {
            "enabled": True,
            "days": 3,
            "creditOverrides": [{"featureId": "\u0000", "amount": 10**40}],
        },
    },
    {
        "planName": "N",
        "newFeatures": [
            {
                "featureName": "A",
                "slug": "a",
                "isUsageBased": True,
                "hasCreditAllowance": True,
                "creditAllowanceAmount": 10**40,
            }
        ],
    },
    {"planName": "N", "monthlyPrice": 10**40, "isSeatBased": True, "minSeats": 10**40},
    {"planName": "N", "featureIds": ["feat_" + "a" * 22] * 500},
]
QUERIES = [
    "includeFeatures=%00",
    "isStableId=" + "a" * 5000,
    "includePrices=true&includePrices=x",
    "fromVersion=99999999999999999999&toVersion=-5",
    "fromVersion=%00",
]


async def test_odd_bodies_never_fail(client, merchant):
    plan = (
        await (
            await client.post(
                "/v1/plans", json={"planName": "Base", "monthlyPrice": 1}, headers=merchant.headers
            )
        ).get_json()
    )["plans"][0]
    paths = [
        "/v1/plans",
        f"/v1/plans/{plan['id']}",
        f"/v1/plans/{plan['id']}/edit",
        f"/v1/plans/{plan['id']}/migrate",
        f"/v1/plans/{plan['id']}/toggle-pricing-table-visibility",
    ]
    for path in paths:
        for body in [*BODIES, *NESTED]:
            response = await client.post(path, json=body, headers=merchant.headers)
            await assert_clean(response)


@pytest.mark.parametrize("query", QUERIES)
async def test_odd_queries_never_fail(client, merchant, query):
    plan = (
        await (
            await client.post("/v1/plans", json={"planName": "Q"}, headers=merchant.headers)
        ).get_json()
    )["plans"][0]
    for path in ("/v1/plans", f"/v1/plans/{plan['id']}", f"/v1/plans/{plan['id']}/compare"):
        response = await client.get(f"{path}?{query}", headers=merchant.headers)
        await assert_clean(response)


@pytest.mark.parametrize("segment", ["%00", "%ff%fe", "a" * 10_000, "%F0%9F%9A%80", "plan_%u0000"])
async def test_odd_path_segments_never_fail(client, merchant, segment):
    for method, suffix in (
        ("GET", ""),
        ("DELETE", ""),
        ("POST", ""),
        ("POST", "/edit"),
        ("GET", "/compare"),
        ("GET", "/scheduled-migrations"),
        ("GET", "/incoming-migrations"),
    ):
        response = await client.open(
            f"/v1/plans/{segment}{suffix}", method=method, json={}, headers=merchant.headers
        )
        await assert_clean(response)
        assert response.status_code == 404
