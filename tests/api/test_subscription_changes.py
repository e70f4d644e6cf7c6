"""/v1/subscriptions/feature-overrides/{id}, /price-override/{id} and /{id}/scheduled-changes.

Each override makes a new version with the same stableSubscriptionId and versionNumber + 1,
and soft-deletes the old version; refusals change nothing.
"""

from datetime import timedelta

import pytest

from billing.catalog.models import Feature, Plan, Price
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.scheduled_changes import schedule
from tests.support.factories.catalog import make_plan, new_version
from tests.support.factories.subscriptions import subscribe

NOT_FOUND = {"error": "Subscription not found or access denied"}
BAD_FEATURES = {"error": "One or more feature IDs are invalid or do not belong to this merchant"}
PRICE_NOT_FOUND = {"error": "Price not found or access denied"}


async def post(client, merchant, path: str, body):
    response = await client.post(f"/v1/subscriptions/{path}", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def feature(merchant_id: str, slug: str, default) -> Feature:
    made = await Feature.create(
        merchant_id=merchant_id, slug=slug, display_name=slug.title(), feature_type="number"
    )
    made.default_value = default
    await made.save()
    return made


async def versions_of(stable_id: str) -> list[Subscription]:
    return await Subscription.filter(stable_subscription_id=stable_id).order_by("version_number")


async def test_feature_overrides_replace_all_features(client, merchant):
    sub = await subscribe(merchant.id, features=[("SSO", True), ("Seats", 5)])
    projects = await feature(merchant.id, "projects", 50)
    status, body = await post(
        client, merchant, f"feature-overrides/{sub.id}", {"featureIds": [projects.id]}
    )
    assert status == 200
    assert (body["stableSubscriptionId"], body["versionNumber"]) == (sub.id, 2)
    assert body["id"] != sub.id
    [granted] = body["subscriptionFeatures"]
    assert (granted["featureId"], granted["featureValue"], granted["source"]) == (
        projects.id,
        "50",
        "override",
    )
    assert granted["feature"]["slug"] == "projects"
    # GET answers the new version; the old one is soft-deleted history
    response = await client.get(
        f"/v1/subscriptions/{sub.id}?includeFeatures=true", headers=merchant.headers
    )
    assert await response.get_json() == body
    old, new = await versions_of(sub.id)
    assert old.deleted_at is not None and new.deleted_at is None
    # a second override is version 3, and stays override-only
    status, body = await post(
        client, merchant, f"feature-overrides/{sub.id}", {"featureIds": [projects.id]}
    )
    assert (status, body["versionNumber"]) == (200, 3)
    assert [v.deleted_at is None for v in await versions_of(sub.id)] == [False, False, True]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({}, {"error": "No featureIds provided"}),
        ({"featureIds": []}, {"error": "No featureIds provided"}),
        ({"featureIds": None}, {"error": "No featureIds provided"}),
        ({"featureIds": "feat_x"}, {"error": "featureIds must be a list of feature ids"}),
        ({"featureIds": ["feat_" + "q" * 22]}, BAD_FEATURES),
        ({"featureIds": [7]}, BAD_FEATURES),
        ({"featureIds": [{}]}, BAD_FEATURES),
        ({"featureIds": [{"id": "feat_x"}]}, BAD_FEATURES),
        ({"featureIds": [["feat_x"]]}, BAD_FEATURES),
        ({"featureIds": ["x" * 5000]}, BAD_FEATURES),
    ],
)
async def test_feature_override_errors(client, merchant, body, error):
    sub = await subscribe(merchant.id, features=[("SSO", True)])
    assert await post(client, merchant, f"feature-overrides/{sub.id}", body) == (400, error)
    assert len(await versions_of(sub.id)) == 1


async def test_feature_overrides_isolation(client, make_merchant):
    owner, other = await make_merchant(), await make_merchant()
    sub = await subscribe(owner.id)
    theirs = await feature(other.id, "theirs", 1)
    ours = await feature(owner.id, "ours", 1)
    status, body = await post(
        client, owner, f"feature-overrides/{sub.id}", {"featureIds": [ours.id, theirs.id]}
    )
    assert (status, body) == (400, BAD_FEATURES)
    mine = await feature(other.id, "mine", 1)
    status, body = await post(
        client, other, f"feature-overrides/{sub.id}", {"featureIds": [mine.id]}
    )
    assert (status, body) == (404, NOT_FOUND)
    assert len(await versions_of(sub.id)) == 1


async def test_price_override(client, merchant):
    sub = await subscribe(merchant.id, monthly_cents=2900)
    cheaper = await make_plan(merchant.id, name="Deal", yearly_cents=12000)
    price = await Price.get(plan_id=cheaper.id)
    status, body = await post(client, merchant, f"price-override/{sub.id}", {"priceId": price.id})
    assert status == 200
    assert (body["versionNumber"], body["effectivePriceId"], body["planId"]) == (
        2,
        price.id,
        sub.plan_id,
    )
    assert body["price"]["pricingData"]["components"][0]["amount_cents"] == 12000
    # billing updated immediately: the new version's details bill the new price
    response = await client.get(f"/v1/subscriptions/{sub.id}/details", headers=merchant.headers)
    [detail] = (await response.get_json())["subscriptionDetails"]
    assert detail["component"]["amount_cents"] == 12000
    assert detail["recurrenceRule"] == "FREQ=YEARLY;INTERVAL=1"
    assert not await SubscriptionDetail.filter(subscription_id=sub.id, deleted_at=None)
    response = await client.get("/v1/subscriptions/mrr", headers=merchant.headers)
    assert (await response.get_json())["mrr"]["amount_cents"] == 1000
    again = await post(client, merchant, f"price-override/{sub.id}", {"priceId": price.id})
    assert again == (409, {"error": "The subscription already uses this price"})


async def test_price_override_errors(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    sub = await subscribe(merchant.id)
    foreign = await Price.get(plan_id=(await make_plan(other.id, name="X", monthly_cents=1)).id)
    gone = await Price.get(plan_id=(await make_plan(merchant.id, name="Y", monthly_cents=1)).id)
    await gone.soft_delete()
    path = f"price-override/{sub.id}"
    assert await post(client, merchant, path, {}) == (400, {"error": "priceId is required"})
    for price_id in (foreign.id, gone.id, "price_nope"):
        assert await post(client, merchant, path, {"priceId": price_id}) == (404, PRICE_NOT_FOUND)
    status, body = await post(client, merchant, path, {"priceId": 5})
    assert status == 400 and "priceId" in body["error"]
    assert await post(client, other, path, {"priceId": foreign.id}) == (404, NOT_FOUND)
    await Subscription.filter(id=sub.id).update(status="paused")
    status, body = await post(client, merchant, path, {"priceId": gone.id})
    assert status == 404  # the price is checked first ...
    fresh = await Price.get(plan_id=(await make_plan(merchant.id, name="Z", monthly_cents=2)).id)
    assert await post(client, merchant, path, {"priceId": fresh.id}) == (
        409,
        {"error": "Only an active subscription can be changed (this one is paused)"},
    )  # ... then the state
    assert len(await versions_of(sub.id)) == 1


@pytest.mark.parametrize("status", ["trialing", "past_due"])
async def test_a_trial_or_past_due_subscription_takes_a_price_override(client, merchant, status):
    """A past-due customer moved to a cheaper price keeps being past due (retries and grace
    carry over to the new version), a trial stays a trial."""
    sub = await subscribe(merchant.id)
    grace = sub.current_period_end + timedelta(days=3)
    await Subscription.filter(id=sub.id).update(status=status, grace_period_ends_at=grace)
    plan = await make_plan(merchant.id, name="Lite", monthly_cents=900)
    cheaper = await Price.get(plan_id=plan.id)
    path = f"price-override/{sub.id}"
    code, body = await post(client, merchant, path, {"priceId": cheaper.id})
    assert code == 200, body
    assert (body["versionNumber"], body["status"]) == (2, status)
    live = await Subscription.get(stable_subscription_id=sub.id, deleted_at=None)
    assert (live.status, live.effective_price_id, live.grace_period_ends_at) == (
        status,
        cheaper.id,
        grace,
    )


async def test_scheduled_changes_lists_pending_ones(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    sub = await subscribe(merchant.id)
    path = f"/v1/subscriptions/{sub.id}/scheduled-changes"
    response = await client.get(path, headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (200, {"scheduledChanges": []})
    v2 = await new_version(await Plan.get(id=sub.plan_id))
    price = await Price.get(plan_id=v2.id)
    change = await schedule(
        merchant.id, sub, plan=v2, price=price, effective_date=sub.current_period_end
    )
    response = await client.get(path, headers=merchant.headers)
    [listed] = (await response.get_json())["scheduledChanges"]
    assert listed["id"] == change.id
    assert (listed["newPlan"], listed["newPrice"]) == ({"id": v2.id}, {"id": price.id})
    assert listed["status"] == "pending" and listed["kind"] == "plan_migration"
    assert listed["effectiveDate"].endswith("Z")
    response = await client.get(path, headers=other.headers)
    assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
    # cancelling cancels the change; the subscription then answers 404 like its GET
    await client.delete(f"/v1/subscriptions/{sub.id}", headers=merchant.headers)
    response = await client.get(path, headers=merchant.headers)
    assert response.status_code == 404
    assert change.effective_date - sub.current_period_end == timedelta(0)
