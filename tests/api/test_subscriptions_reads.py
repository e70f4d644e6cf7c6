"""Reading subscriptions: list, per customer, one, details, MRR; tenant isolation."""

from datetime import UTC, datetime

import pytest

from billing.subscriptions.models import Subscription
from tests.support.factories.subscriptions import make_customer, subscribe


async def get(client, merchant, path):
    response = await client.get(path, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def test_list_live_versions_newest_first_without_features(client, merchant, make_merchant):
    older = await subscribe(merchant.id, features=[("API access", True)])
    newer = await subscribe(merchant.id)
    cancelled = await subscribe(merchant.id)
    await cancelled.soft_delete()
    other = await make_merchant()
    foreign = await subscribe(other.id)
    for query in ("", "?includeFeatures=false", "?includeFeatures=yes", "?includeFeatures=1"):
        status, body = await get(client, merchant, f"/v1/subscriptions{query}")
        assert status == 200
        assert [s["id"] for s in body["subscriptions"]] == [newer.id, older.id]
        assert all("subscriptionFeatures" not in s for s in body["subscriptions"])
    status, body = await get(client, other, "/v1/subscriptions")
    assert [s["id"] for s in body["subscriptions"]] == [foreign.id]


@pytest.mark.parametrize("flag", ["true", "TRUE"])
async def test_include_features_is_the_string_true(client, merchant, flag):
    sub = await subscribe(merchant.id, features=[("API access", True), ("Theme", "dark")])
    _, body = await get(client, merchant, f"/v1/subscriptions?includeFeatures={flag}")
    [listed] = body["subscriptions"]
    features = sorted(listed["subscriptionFeatures"], key=lambda f: f["feature"]["slug"])
    assert [(f["feature"]["slug"], f["featureValue"], f["source"]) for f in features] == [
        ("api-access", "true", "plan"),
        ("theme", "dark", "plan"),
    ]
    assert set(features[0]) == {"id", "featureId", "featureValue", "source", "feature"}
    assert set(features[0]["feature"]) == {"id", "slug", "displayName", "featureType"}
    _, one = await get(client, merchant, f"/v1/subscriptions/{sub.id}?includeFeatures=true")
    assert one["subscriptionFeatures"] == listed["subscriptionFeatures"]


async def test_get_one_is_the_bare_object(client, merchant):
    sub = await subscribe(merchant.id, start=datetime(2030, 5, 31, tzinfo=UTC))
    status, body = await get(client, merchant, f"/v1/subscriptions/{sub.id}")
    assert status == 200
    assert set(body) == {
        "id",
        "stableSubscriptionId",
        "merchantId",
        "customerId",
        "planId",
        "effectivePriceId",
        "status",
        "startTimestamp",
        "endTimestamp",
        "currentPeriodStart",
        "currentPeriodEnd",
        "cancelAtPeriodEnd",
        "trialEndDate",
        "gracePeriodEndsAt",
        "versionNumber",
        "createdAt",
        "customer",
        "plan",
        "price",
        "billingProblem",
    }
    assert body["billingProblem"] is None  # billed by every pass so far
    assert (body["currentPeriodStart"], body["currentPeriodEnd"]) == (
        "2030-05-31T00:00:00Z",
        "2030-06-30T00:00:00Z",
    )


async def test_version_id_reads_the_live_version_only(client, merchant):
    first = await subscribe(merchant.id)
    # A second version made by hand, as an override would: same stable id, old one deleted.
    second = await Subscription.create(
        **{
            name: getattr(first, name)
            for name in first._meta.fields_db_projection
            if name not in {"id", "created_at", "updated_at", "deleted_at", "version_number"}
        },
        version_number=2,
    )
    await first.soft_delete()
    status, body = await get(client, merchant, f"/v1/subscriptions/{first.id}")
    assert (status, body["id"], body["versionNumber"]) == (200, second.id, 2)
    assert body["stableSubscriptionId"] == first.id
    status, body = await get(client, merchant, f"/v1/subscriptions/{second.id}")
    assert (status, body["id"]) == (200, second.id)
    _, listed = await get(client, merchant, "/v1/subscriptions")
    assert [s["id"] for s in listed["subscriptions"]] == [second.id]


async def test_customer_list(client, merchant, make_merchant):
    customer = await make_customer(merchant.id)
    mine = await subscribe(merchant.id, customer=customer)
    extra = await subscribe(merchant.id, customer=customer, allow_multiple=True)
    await subscribe(merchant.id)
    status, body = await get(client, merchant, f"/v1/subscriptions/customer/{customer.id}")
    assert status == 200
    assert [s["id"] for s in body["subscriptions"]] == [extra.id, mine.id]
    _, body = await get(
        client, merchant, f"/v1/subscriptions/customer/{customer.id}?includeFeatures=true"
    )
    assert all(s["subscriptionFeatures"] == [] for s in body["subscriptions"])
    empty = await make_customer(merchant.id)
    assert await get(client, merchant, f"/v1/subscriptions/customer/{empty.id}") == (
        200,
        {"subscriptions": []},
    )
    other = await make_merchant()
    for wrong in (customer.id, "cust_missing", "x" * 500):
        assert await get(client, other, f"/v1/subscriptions/customer/{wrong}") == (
            404,
            {"error": "Customer not found or access denied"},
        )


async def test_unknown_foreign_and_cancelled_are_404(client, merchant, make_merchant):
    sub = await subscribe(merchant.id)
    other = await make_merchant()
    not_found = (404, {"error": "Subscription not found or access denied"})
    for path in (f"/v1/subscriptions/{sub.id}", f"/v1/subscriptions/{sub.id}/details"):
        assert await get(client, other, path) == not_found
        assert await get(client, merchant, path.replace(sub.id, sub.id[:-1] + "0")) == not_found
        assert await get(client, merchant, path.replace(sub.id, "plan_abc")) == not_found
    await sub.soft_delete()
    assert await get(client, merchant, f"/v1/subscriptions/{sub.id}") == not_found


async def test_mrr_route(client, merchant, make_merchant):
    await subscribe(merchant.id, monthly_cents=2900)
    await subscribe(merchant.id, monthly_cents=1000, yearly=True)  # 83.33...
    await subscribe(merchant.id, monthly_cents=1000, yearly=True)  # together 166.66... -> 167
    paused = await subscribe(merchant.id, monthly_cents=9999)
    await Subscription.filter(id=paused.id).update(status="paused")
    status, body = await get(client, merchant, "/v1/subscriptions/mrr")
    assert status == 200
    found = body["mrr"]
    assert (found["amount_cents"], found["amount"], found["active_subscriptions_count"]) == (
        3067,
        "30.67",
        3,
    )
    assert found["calculated_at"].endswith("Z")
    other = await make_merchant()
    _, body = await get(client, other, "/v1/subscriptions/mrr")
    assert body["mrr"]["amount_cents"] == 0 and body["mrr"]["amount"] == "0.00"
    assert body["mrr"]["active_subscriptions_count"] == 0
