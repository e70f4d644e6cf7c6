"""/v1/entitlements: the four routes, customer lookup (isExtCustId both ways, 404s, tenant
isolation), POST validation, subscriptions that grant nothing, overrides over plans, credits
measured from real events sent through /v1/events/batch, and seat-aware organizations."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.models import CreditGrant, Customer, Feature, Plan, PlanFeature, Price
from billing.services import organizations
from billing.services.subscription_lifecycle import cancel, pause
from billing.services.subscription_versions import override_features
from billing.services.subscriptions import create_subscription
from tests.factories import make_plan, slugify
from tests.subscription_factories import make_customer, subscribe

API, SSO, THEME, SEATS = "API calls", "SSO", "Theme", "Seats"
NOT_FOUND = {"error": "Customer not found or access denied"}
ZERO = {"creditAllowance": 0, "creditsRemaining": 0, "nextExpiryDate": None}


def nothing(slug: str) -> dict:
    return {
        "featureSlug": slug,
        "entitled": False,
        "feature": None,
        "source": None,
        "usages": [],
        "creditInfo": ZERO,
    }


async def get(client, merchant, path: str, **query):
    response = await client.get(
        f"/v1/entitlements/{path}", query_string=query, headers=merchant.headers
    )
    return response.status_code, await response.get_json()


async def post(client, merchant, customer_id: str, body, **query):
    response = await client.post(
        f"/v1/entitlements/{customer_id}/features",
        json=body,
        query_string=query,
        headers=merchant.headers,
    )
    return response.status_code, await response.get_json()


async def feature(merchant_id: str, name: str) -> Feature:
    return await Feature.scoped(merchant_id).get(slug=slugify(name))


async def metric(client, merchant, event_name="api-call", aggregation="SUM") -> str:
    body = {"name": event_name, "eventName": event_name, "aggregationType": aggregation}
    response = await client.post("/v1/metrics", json=body, headers=merchant.headers)
    assert response.status_code == 201, await response.get_json()
    return (await response.get_json())["id"]


async def send_usage(client, merchant, customer_id: str, *values, name="api-call", ext=False):
    events = [
        {
            ("extCustomerId" if ext else "customerId"): customer_id,
            "eventName": name,
            "eventValue": v,
        }
        for v in values
    ]
    response = await client.post(
        "/v1/events/batch", json={"events": events}, headers=merchant.headers
    )
    assert response.status_code in (200, 202), await response.get_json()


async def credit_plan(merchant_id: str, metric_ids: list[str], allowance=100) -> Plan:
    """API calls (number, 1000) with a monthly credit allowance measured by ``metric_ids``,
    SSO (boolean) without credits."""
    plan = await make_plan(
        merchant_id, name="Usage", monthly_cents=2900, features=[(API, 1000), (SSO, True)]
    )
    api = await feature(merchant_id, API)
    api.metric_ids = metric_ids
    await api.save()
    await PlanFeature.filter(plan_id=plan.id, feature_id=api.id).update(
        has_credit_allowance=True,
        credit_allowance_amount=allowance,
        credit_allowance_renewal="monthly",
    )
    return plan


async def subscribe_to(plan: Plan, customer: Customer | None = None):
    price = await Price.filter(plan_id=plan.id).first()
    customer = customer or await make_customer(plan.merchant_id)
    return await create_subscription(
        plan.merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=datetime.now(UTC) - timedelta(days=3),
    )


async def test_list_single_and_post_answer_the_documented_shape(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True), (SEATS, 5), (THEME, "dark")])
    plain = {"usages": [], "creditInfo": ZERO}
    expected = {
        "seats": {"entitled": True, "feature": {"slug": "seats", "value": 5}, "source": "plan"},
        "sso": {"entitled": True, "feature": {"slug": "sso", "value": True}, "source": "plan"},
        "theme": {
            "entitled": True,
            "feature": {"slug": "theme", "value": "dark"},
            "source": "plan",
        },
    }
    status, body = await get(client, merchant, sub.customer_id)
    assert status == 200
    assert body == {
        "entitlements": [
            {"featureSlug": slug, **fields, **plain} for slug, fields in expected.items()
        ]
    }
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
    assert (status, body) == (200, {"featureSlug": "sso", **expected["sso"], **plain})
    status, body = await post(
        client, merchant, sub.customer_id, {"featureSlugs": ["theme", "nope"]}
    )
    assert status == 200
    assert body == {
        "entitlements": [{"featureSlug": "theme", **expected["theme"], **plain}, nothing("nope")]
    }


async def test_unknown_slug_is_not_entitled_not_404(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    for slug in ("missing", "NOT A SLUG", "x" * 300):
        status, body = await get(client, merchant, f"{sub.customer_id}/feature/{slug}")
        assert (status, body) == (200, nothing(slug))
    customer = await make_customer(merchant.id)  # no subscription at all
    assert await get(client, merchant, customer.id) == (200, {"entitlements": []})
    status, body = await post(client, merchant, customer.id, {"featureSlugs": ["sso", "sso"]})
    assert (status, body) == (200, {"entitlements": [nothing("sso")]})


async def test_external_id_lookup_falls_back_to_internal_id(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    await Customer.filter(id=sub.customer_id).update(external_customer_id="user-42")
    for ref, flag in (("user-42", "true"), (sub.customer_id, "true"), (sub.customer_id, "false")):
        status, body = await get(client, merchant, f"{ref}/feature/sso", isExtCustId=flag)
        assert (status, body["entitled"]) == (200, True), (ref, flag)
    # Without the flag an external id is not looked up.
    assert await get(client, merchant, "user-42/feature/sso") == (404, NOT_FOUND)
    status, body = await post(
        client, merchant, "user-42", {"featureSlugs": ["sso"]}, isExtCustId="1"
    )
    assert (status, body["entitlements"][0]["entitled"]) == (200, True)
    status, body = await get(client, merchant, "user-42", isExtCustId="maybe")
    assert status == 400 and "isExtCustId" in body["error"]


async def test_external_id_wins_over_an_internal_id_of_another_customer(client, merchant):
    holder = await subscribe(merchant.id, features=[(SSO, True)])
    other = await make_customer(merchant.id)
    await Customer.filter(id=other.id).update(external_customer_id=holder.customer_id)
    status, body = await get(client, merchant, holder.customer_id, isExtCustId="true")
    assert (status, body) == (200, {"entitlements": []})  # `other`, who holds nothing


async def test_missing_deleted_and_other_merchants_customers_are_404(
    client, merchant, make_merchant
):
    stranger = await make_merchant()
    theirs = await subscribe(stranger.id, features=[(SSO, True)])
    await Customer.filter(id=theirs.customer_id).update(external_customer_id="shared-ext")
    gone = await make_customer(merchant.id)
    await gone.soft_delete()
    for ref in (theirs.customer_id, "cust_" + "A" * 22, "nonsense", gone.id):
        for path in (ref, f"{ref}/seat-aware", f"{ref}/feature/sso"):
            assert await get(client, merchant, path, isExtCustId="true") == (404, NOT_FOUND)
        assert await post(client, merchant, ref, {"featureSlugs": ["sso"]}) == (404, NOT_FOUND)
    assert await get(client, merchant, "shared-ext", isExtCustId="true") == (404, NOT_FOUND)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "featureSlugs array cannot be empty"),
        ({"featureSlugs": []}, "featureSlugs array cannot be empty"),
        ({"featureSlugs": "sso"}, "featureSlugs must be an array of strings"),
        ({"featureSlugs": ["sso", 3]}, "featureSlugs must be an array of strings"),
        ({"featureSlugs": [None]}, "featureSlugs must be an array of strings"),
        (
            {"featureSlugs": [f"f{i}" for i in range(101)]},
            "featureSlugs may list at most 100 slugs",
        ),
        ([], "Request body must be a JSON object"),
    ],
)
async def test_post_validation(client, merchant, body, message):
    customer = await make_customer(merchant.id)
    assert await post(client, merchant, customer.id, body) == (400, {"error": message})


async def test_post_without_json_body_is_400(client, merchant):
    customer = await make_customer(merchant.id)
    response = await client.post(
        f"/v1/entitlements/{customer.id}/features", data="x", headers=merchant.headers
    )
    assert response.status_code == 400


async def test_hundred_slugs_are_answered_in_order(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    slugs = [f"f{i}" for i in range(99)] + ["sso"]
    status, body = await post(client, merchant, sub.customer_id, {"featureSlugs": slugs})
    assert status == 200
    assert [row["featureSlug"] for row in body["entitlements"]] == slugs
    assert body["entitlements"][-1]["entitled"] is True


async def test_cancelled_and_paused_subscriptions_grant_nothing(client, merchant):
    ended = await subscribe(merchant.id, features=[(SSO, True)])
    paused = await subscribe(merchant.id, features=[(SSO, True)])
    await cancel(merchant.id, ended.stable_subscription_id)
    await pause(merchant.id, paused.stable_subscription_id)
    for sub in (ended, paused):
        assert await get(client, merchant, sub.customer_id) == (200, {"entitlements": []})
        status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
        assert (status, body) == (200, nothing("sso"))


async def test_override_beats_plan_and_empty_values_fall_back_to_default(client, merchant):
    sub = await subscribe(merchant.id, features=[(SEATS, 10), (SSO, True)])
    seats = await feature(merchant.id, SEATS)
    seats.default_value = 3
    await seats.save()
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/seats")
    assert (body["feature"], body["source"]) == ({"slug": "seats", "value": 10}, "plan")
    await override_features(merchant.id, sub.stable_subscription_id, feature_ids=[seats.id])
    status, body = await get(client, merchant, sub.customer_id)
    assert status == 200
    assert [(e["featureSlug"], e["source"], e["feature"]) for e in body["entitlements"]] == [
        ("seats", "override", {"slug": "seats", "value": 3})
    ]  # the override list replaced the plan's features: SSO is gone
    # A plan link without a value grants the feature at its default value.
    other = await subscribe(merchant.id, features=[(SEATS, 7)])
    await PlanFeature.filter(plan_id=other.plan_id).update(feature_value=None)
    status, body = await get(client, merchant, f"{other.customer_id}/feature/seats")
    assert (body["entitled"], body["feature"], body["source"]) == (
        True,
        {"slug": "seats", "value": 3},
        "default",
    )


async def test_boolean_false_is_not_entitled(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, False)])
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
    assert (status, body["entitled"], body["feature"], body["source"]) == (
        200,
        False,
        None,
        "plan",
    )


@pytest.mark.parametrize(
    ("used", "entitled", "remaining"),
    [((40, 59), True, 1), ((60, 40), False, 0), ((150,), False, 0)],
)
async def test_credits_below_at_and_above_the_allowance(
    client, merchant, used, entitled, remaining
):
    calls = await metric(client, merchant)
    plan = await credit_plan(merchant.id, [calls], allowance=100)
    sub = await subscribe_to(plan)
    await send_usage(client, merchant, sub.customer_id, *used)
    grant = await CreditGrant.get(stable_subscription_id=sub.stable_subscription_id)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert status == 200
    assert body == {
        "featureSlug": "api-calls",
        "entitled": entitled,
        "feature": {"slug": "api-calls", "value": 100} if entitled else None,
        "source": "credits",
        "usages": [{"metricId": calls, "usage": sum(used)}],
        "creditInfo": {
            "creditAllowance": 100,
            "creditsRemaining": remaining,
            "nextExpiryDate": grant.period_end.isoformat().replace("+00:00", "Z"),
        },
    }


async def test_credit_usage_counts_external_id_events(client, merchant):
    calls = await metric(client, merchant)
    plan = await credit_plan(merchant.id, [calls], allowance=10)
    customer = await make_customer(merchant.id)
    await Customer.filter(id=customer.id).update(external_customer_id="ext-7")
    sub = await subscribe_to(plan, customer)
    await send_usage(client, merchant, "ext-7", 4, ext=True)
    await send_usage(client, merchant, sub.customer_id, 3)
    status, body = await get(client, merchant, "ext-7/feature/api-calls", isExtCustId="true")
    assert (body["entitled"], body["usages"][0]["usage"]) == (True, 7)
    assert body["creditInfo"]["creditsRemaining"] == 3


async def test_expired_grants_are_excluded(client, merchant):
    calls = await metric(client, merchant)
    plan = await credit_plan(merchant.id, [calls], allowance=100)
    sub = await subscribe_to(plan)
    await send_usage(client, merchant, sub.customer_id, 5)
    past = datetime.now(UTC) - timedelta(minutes=1)
    await CreditGrant.filter(stable_subscription_id=sub.stable_subscription_id).update(
        period_end=past
    )
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    # No credits any more: the plan's limit of 1000 decides, measured this period.
    assert (body["source"], body["entitled"], body["creditInfo"]) == ("plan", True, ZERO)
    assert body["feature"] == {"slug": "api-calls", "value": 1000}
    await CreditGrant.filter(stable_subscription_id=sub.stable_subscription_id).update(
        period_end=None, status="expired"
    )
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (body["source"], body["creditInfo"]) == ("plan", ZERO)


async def test_several_metrics_leave_the_decision_to_the_client(client, merchant):
    calls = await metric(client, merchant)
    uploads = await metric(client, merchant, "upload", "COUNT")
    plan = await credit_plan(merchant.id, [calls, uploads], allowance=10)
    sub = await subscribe_to(plan)
    await send_usage(client, merchant, sub.customer_id, 2)
    await send_usage(client, merchant, sub.customer_id, 1, 1, 1, name="upload")
    status, body = await post(client, merchant, sub.customer_id, {"featureSlugs": ["api-calls"]})
    [entitlement] = body["entitlements"]
    assert entitlement["entitled"] is None
    assert entitlement["feature"] == {"slug": "api-calls", "value": 10}
    assert entitlement["usages"] == [
        {"metricId": calls, "usage": 2},
        {"metricId": uploads, "usage": 3},
    ]
    assert entitlement["creditInfo"]["creditsRemaining"] == 5


async def test_boolean_feature_with_credits_is_entitled_while_credits_remain(client, merchant):
    calls = await metric(client, merchant)
    plan = await make_plan(merchant.id, name="Exports", monthly_cents=900, features=[(SSO, True)])
    sso = await feature(merchant.id, SSO)
    sso.metric_ids = [calls]
    await sso.save()
    await PlanFeature.filter(plan_id=plan.id).update(
        has_credit_allowance=True, credit_allowance_amount=3, credit_allowance_renewal="none"
    )
    sub = await subscribe_to(plan)
    await send_usage(client, merchant, sub.customer_id, 2)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
    assert (body["entitled"], body["source"], body["usages"]) == (True, "credits", [])
    assert body["feature"] == {"slug": "sso", "value": True}
    assert body["creditInfo"] == {
        "creditAllowance": 3,
        "creditsRemaining": 1,
        "nextExpiryDate": None,
    }
    await send_usage(client, merchant, sub.customer_id, 1)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
    assert (body["entitled"], body["feature"], body["creditInfo"]["creditsRemaining"]) == (
        False,
        None,
        0,
    )


async def test_numeric_limit_without_credits_is_checked_against_this_periods_usage(
    client, merchant
):
    calls = await metric(client, merchant)
    sub = await subscribe(merchant.id, features=[(API, 5)])
    api = await feature(merchant.id, API)
    api.metric_ids = [calls]
    await api.save()
    await send_usage(client, merchant, sub.customer_id, 4)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (body["entitled"], body["source"], body["usages"]) == (
        True,
        "plan",
        [{"metricId": calls, "usage": 4}],
    )
    await send_usage(client, merchant, sub.customer_id, 1)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (body["entitled"], body["feature"]) == (False, None)


async def test_seat_aware_lists_every_member_with_ids(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    primary = await Customer.get(id=sub.customer_id)
    org = await organizations.create_organization(
        merchant.id, name="Acme", primary_customer_id=primary.id
    )
    member = await make_customer(merchant.id)
    await Customer.filter(id=member.id).update(external_customer_id="seat-1")
    await organizations.add_member(merchant.id, org.id, member.id)
    removed = await make_customer(merchant.id)
    await organizations.add_member(merchant.id, org.id, removed.id)
    # Removing a seat takes the customer out of the organization.
    await Customer.filter(id=removed.id).update(organization_id=None, org_role=None)

    status, body = await get(client, merchant, "seat-1/seat-aware", isExtCustId="true")
    assert status == 200
    assert [
        (e["customerId"], e["externalCustomerId"], e["featureSlug"], e["entitled"])
        for e in body["entitlements"]
    ] == [(primary.id, None, "sso", True), (member.id, "seat-1", "sso", True)]
    # A member inherits the organization's features on the plain routes too.
    status, body = await get(client, merchant, f"{member.id}/feature/sso")
    assert (body["entitled"], body["source"]) == (True, "plan")
    assert await get(client, merchant, f"{removed.id}/feature/sso") == (200, nothing("sso"))
    status, body = await get(client, merchant, f"{removed.id}/seat-aware")
    assert (status, body) == (200, {"entitlements": []})


async def test_seat_aware_without_organization_is_the_customer_alone(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    status, body = await get(client, merchant, f"{sub.customer_id}/seat-aware")
    assert status == 200
    assert body == {
        "entitlements": [
            {
                "featureSlug": "sso",
                "entitled": True,
                "feature": {"slug": "sso", "value": True},
                "source": "plan",
                "usages": [],
                "creditInfo": ZERO,
                "customerId": sub.customer_id,
                "externalCustomerId": None,
            }
        ]
    }


async def test_members_credits_are_their_own(client, merchant):
    calls = await metric(client, merchant)
    plan = await credit_plan(merchant.id, [calls], allowance=10)
    sub = await subscribe_to(plan)
    org = await organizations.create_organization(
        merchant.id, name="Acme", primary_customer_id=sub.customer_id
    )
    member = await make_customer(merchant.id)
    await organizations.add_member(merchant.id, org.id, member.id)
    await send_usage(client, merchant, member.id, 4)
    status, body = await get(client, merchant, f"{sub.customer_id}/seat-aware")
    by_customer = {
        e["customerId"]: e for e in body["entitlements"] if e["featureSlug"] == "api-calls"
    }
    assert by_customer[sub.customer_id]["creditInfo"]["creditsRemaining"] == 10
    # The member has no grant of its own: the plan's limit applies, measured on its usage.
    assert by_customer[member.id]["source"] == "plan"
    assert by_customer[member.id]["usages"] == [{"metricId": calls, "usage": 4}]
