"""POST /v1/subscriptions: creation, its errors, and what it stores."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Price
from billing.subscriptions.models import Subscription, SubscriptionDetail, SubscriptionEvent
from tests.support.api.subscriptions import body, catalog, post
from tests.support.factories.catalog import make_plan


async def test_create_answers_201_with_version_one_and_plan_features(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    response = await post(client, merchant, body(customer, plan, price))
    assert response.status_code == 201
    sub = (await response.get_json())["subscription"]
    assert sub["id"] == sub["stableSubscriptionId"]
    assert sub["id"].startswith("sub_")
    assert (sub["versionNumber"], sub["status"], sub["merchantId"]) == (1, "active", merchant.id)
    assert (sub["customerId"], sub["planId"], sub["effectivePriceId"]) == (
        customer.id,
        plan.id,
        price.id,
    )
    assert sub["customer"] == {"id": customer.id, "email": customer.email, "name": "Ada"}
    assert sub["plan"] == {"id": plan.id, "planName": "Pro", "planDescription": ""}
    assert sub["price"] == {"id": price.id, "currency": "USD", "pricingData": price.pricing_data}
    assert sub["endTimestamp"] is None and sub["trialEndDate"] is None
    assert sub["cancelAtPeriodEnd"] is False and sub["gracePeriodEndsAt"] is None
    features = {f["feature"]["slug"]: f for f in sub["subscriptionFeatures"]}
    assert {slug: (f["featureValue"], f["source"]) for slug, f in features.items()} == {
        "api-access": ("true", "plan"),
        "projects": ("10", "plan"),
    }
    assert features["projects"]["feature"]["featureType"] == "number"
    assert features["projects"]["feature"]["displayName"] == "Projects"
    stored = await Subscription.get(id=sub["id"])
    assert stored.trigger_immediate_billing is False
    assert await SubscriptionEvent.filter(stable_subscription_id=sub["id"]).count() == 1


async def test_trigger_immediate_billing_is_stored_and_trial_set(client, merchant):
    customer, plan, price = await catalog(merchant.id, trial_days=7)
    payload = body(
        customer, plan, price, triggerImmediateBilling=True, startTimestamp="2030-03-01T00:00:00Z"
    )
    response = await post(client, merchant, payload)
    sub = (await response.get_json())["subscription"]
    assert sub["trialEndDate"] == "2030-03-08T00:00:00Z"
    assert (await Subscription.get(id=sub["id"])).trigger_immediate_billing is True


async def test_future_start(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    response = await post(
        client, merchant, body(customer, plan, price, startTimestamp="2030-01-31T12:00:00+02:00")
    )
    sub = (await response.get_json())["subscription"]
    assert sub["startTimestamp"] == "2030-01-31T10:00:00Z"
    assert (sub["currentPeriodStart"], sub["currentPeriodEnd"]) == (
        "2030-01-31T10:00:00Z",
        "2030-02-28T10:00:00Z",
    )


async def test_past_start_jan_31_renews_month_end_safe(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    payload = body(customer, plan, price, startTimestamp="2024-01-31T00:00:00")
    sub = (await (await post(client, merchant, payload)).get_json())["subscription"]
    assert sub["startTimestamp"] == "2024-01-31T00:00:00Z"
    end = datetime.fromisoformat(sub["currentPeriodEnd"])
    start = datetime.fromisoformat(sub["currentPeriodStart"])
    assert start <= datetime.now(UTC) < end
    month_end = (end.replace(day=1) + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    assert end.day == month_end.day  # the 31st, or the month's last day when shorter
    response = await client.get(f"/v1/subscriptions/{sub['id']}/details", headers=merchant.headers)
    [detail] = (await response.get_json())["subscriptionDetails"]
    assert detail["nextBillingDate"] == sub["currentPeriodStart"]  # the fee of this period
    assert detail["subscriptionStartDate"] == "2024-01-31T00:00:00Z"


async def test_one_active_subscription_per_customer(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    first = await (await post(client, merchant, body(customer, plan, price))).get_json()
    first_id = first["subscription"]["id"]
    response = await post(client, merchant, body(customer, plan, price))
    assert response.status_code == 409
    assert await response.get_json() == {
        "error": "Customer already has an active subscription.",
        "existingSubscriptionId": first_id,
    }
    assert await Subscription.filter(customer_id=customer.id).count() == 1
    allowed = body(customer, plan, price, dangerouslyAllowMultipleSubscriptions=True)
    response = await post(client, merchant, allowed)
    assert response.status_code == 201
    assert await Subscription.filter(customer_id=customer.id).count() == 2


async def test_cancelled_subscription_does_not_block(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    first = await (await post(client, merchant, body(customer, plan, price))).get_json()
    await Subscription.filter(id=first["subscription"]["id"]).update(
        end_timestamp=datetime.now(UTC), deleted_at=datetime.now(UTC)
    )
    assert (await post(client, merchant, body(customer, plan, price))).status_code == 201


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("customerId", "Customer not found or access denied"),
        ("planId", "Plan not found or access denied"),
        ("effectivePriceId", "Price not found or access denied"),
    ],
)
async def test_missing_and_foreign_rows_are_404(client, merchant, make_merchant, field, message):
    customer, plan, price = await catalog(merchant.id)
    other = await make_merchant()
    names = ("customerId", "planId", "effectivePriceId")
    foreign = dict(zip(names, await catalog(other.id), strict=True))
    for wrong in (foreign[field].id, foreign[field].id[:-1] + "0", "nope"):
        response = await post(client, merchant, body(customer, plan, price, **{field: wrong}))
        assert response.status_code == 404
        assert await response.get_json() == {"error": message}
    assert await Subscription.filter(merchant_id=merchant.id).count() == 0


async def test_deleted_rows_are_404(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    await price.soft_delete()
    response = await post(client, merchant, body(customer, plan, price))
    assert (await response.get_json())["error"] == "Price not found or access denied"
    await customer.soft_delete()
    response = await post(client, merchant, body(customer, plan, price))
    assert (await response.get_json())["error"] == "Customer not found or access denied"


async def test_price_of_another_plan_is_400(client, merchant):
    customer, plan, _ = await catalog(merchant.id)
    other = await make_plan(merchant.id, name="Other", monthly_cents=100)
    other_price = await Price.get(plan_id=other.id)
    response = await post(client, merchant, body(customer, plan, other_price))
    assert response.status_code == 400
    assert "price of the plan version" in (await response.get_json())["error"]


@pytest.mark.parametrize(
    "extra",
    [
        {"startTimestamp": "next tuesday"},
        {"startTimestamp": "1900-01-01T00:00:00Z"},
        {"startTimestamp": 1700000000},
        {"triggerImmediateBilling": "yes"},
        {"dangerouslyAllowMultipleSubscriptions": 1},
        {"customerId": None},
    ],
)
async def test_bad_fields_are_400(client, merchant, extra):
    customer, plan, price = await catalog(merchant.id)
    response = await post(client, merchant, body(customer, plan, price, **extra))
    assert response.status_code == 400
    assert isinstance((await response.get_json())["error"], str)
    assert await Subscription.filter(merchant_id=merchant.id).count() == 0


@pytest.mark.parametrize("missing", ["customerId", "planId", "effectivePriceId"])
async def test_required_fields(client, merchant, missing):
    customer, plan, price = await catalog(merchant.id)
    payload = body(customer, plan, price)
    del payload[missing]
    response = await post(client, merchant, payload)
    assert response.status_code == 400
    assert missing in (await response.get_json())["error"]


async def test_details_of_a_components_price(client, merchant):
    customer, plan, _ = await catalog(merchant.id)
    price = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data={
            "components": [
                {"type": "fixed", "amount_cents": 1000, "recurrence_rule": "FREQ=MONTHLY"},
                {
                    "type": "per_unit",
                    "component_id": "api-calls",
                    "component_name": "API calls",
                    "unit_label": "call",
                    "amount_cents": 2,
                    "metric_id": None,
                    "bill_immediately": False,
                },
                {"type": "fixed", "amount_cents": 12000, "recurrence_rule": "FREQ=YEARLY"},
            ]
        },
    )
    payload = body(customer, plan, price, startTimestamp="2031-01-31T00:00:00Z")
    sub = (await (await post(client, merchant, payload)).get_json())["subscription"]
    response = await client.get(f"/v1/subscriptions/{sub['id']}/details", headers=merchant.headers)
    details = (await response.get_json())["subscriptionDetails"]
    assert [
        (d["componentId"], d["recurrenceRule"], d["nextBillingDate"], d["cyclesBilled"])
        for d in details
    ] == [
        # Fixed fees bill in advance from the start, usage in arrears at the period's end.
        ("fixed-1", "FREQ=MONTHLY", "2031-01-31T00:00:00Z", 0),
        ("api-calls", "FREQ=MONTHLY;INTERVAL=1", "2031-02-28T00:00:00Z", 0),
        ("fixed-3", "FREQ=YEARLY", "2031-01-31T00:00:00Z", 0),
    ]
    assert details[0]["component"] == {
        "type": "fixed",
        "amount_cents": 1000,
        "recurrence_rule": "FREQ=MONTHLY",
    }
    assert all(d["previousBillingDate"] is None for d in details)
    assert all(d["subscriptionStartDate"] == "2031-01-31T00:00:00Z" for d in details)
    assert await SubscriptionDetail.filter(subscription_id=sub["id"]).count() == 3
