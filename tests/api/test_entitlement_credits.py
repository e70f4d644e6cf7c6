"""/v1/entitlements with usage: credits measured from real events sent through
/v1/events/batch, expired grants, several metrics, numeric limits, and seat-aware organizations."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog import metrics
from billing.catalog.models import PlanFeature
from billing.customers import organizations
from billing.customers.models import Customer
from billing.subscriptions.models import CreditGrant
from billing.usage.models import UsageCheckpoint
from tests.support.factories.catalog import make_plan
from tests.support.factories.entitlements import (
    API,
    SSO,
    ZERO,
    credit_plan,
    feature,
    get,
    metric,
    nothing,
    post,
    send_usage,
    subscribe_to,
)
from tests.support.factories.subscriptions import make_customer, subscribe


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


async def test_failing_and_deleted_metrics_count_as_zero_usage(client, merchant):
    calls = await metric(client, merchant)
    body = {"name": "Broken", "eventName": "api-call", "aggregationType": "SUM"}
    failing = await client.post(
        "/v1/metrics",
        json={**body, "queryType": "complex", "customQuery": "SELECT 1 / 0 FROM events"},
        headers=merchant.headers,
    )
    assert failing.status_code == 201
    broken = (await failing.get_json())["id"]
    plan = await credit_plan(merchant.id, [broken], allowance=10)
    sub = await subscribe_to(plan)
    await send_usage(client, merchant, sub.customer_id, 25)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (status, body["entitled"], body["usages"]) == (
        200,
        True,
        [{"metricId": broken, "usage": 0}],
    )
    assert body["creditInfo"]["creditsRemaining"] == 10

    # A working metric measures the 25; once deleted (from the dashboard) it measures nothing.
    api = await feature(merchant.id, API)
    await CreditGrant.filter(stable_subscription_id=sub.stable_subscription_id).update(
        metric_ids=[calls]
    )
    api.metric_ids = [calls]
    await api.save()
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (body["entitled"], body["usages"][0]["usage"]) == (False, 25)
    await metrics.delete_metric(merchant.id, calls)  # the grant still names it
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
    assert (body["entitled"], body["usages"][0]["usage"]) == (True, 0)


async def test_a_busy_customers_credits_stay_exact_across_checkpoints(client, merchant):
    """Usage in 30 past hours: the first check writes a checkpoint of them, later checks read
    it, and an event arriving late for an hour it covers still counts."""
    calls = await metric(client, merchant)
    sub = await subscribe_to(await credit_plan(merchant.id, [calls], allowance=10_000))
    hour = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)

    async def send(value: int, hours_ago: int) -> None:
        at = (hour - timedelta(hours=hours_ago, minutes=-20)).isoformat()
        event = {"customerId": sub.customer_id, "eventName": "api-call", "eventValue": value}
        body = {"events": [{**event, "eventTimestamp": at}]}
        response = await client.post("/v1/events/batch", json=body, headers=merchant.headers)
        assert response.status_code == 202

    async def usage() -> int:
        status, body = await get(client, merchant, f"{sub.customer_id}/feature/api-calls")
        assert status == 200
        return body["usages"][0]["usage"]

    for hours_ago in range(1, 31):
        await send(10, hours_ago)
    assert await usage() == 300
    assert await UsageCheckpoint.filter(customer_key=sub.customer_id).count() == 1
    assert await usage() == 300
    await send(5, 20)  # late, inside the checkpoint's hours
    assert await usage() == 305
