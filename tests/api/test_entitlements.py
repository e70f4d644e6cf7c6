"""/v1/entitlements: the four routes' shapes, customer lookup (isExtCustId both ways, 404s,
tenant isolation), POST validation, subscriptions that grant nothing, overrides over plans."""

import pytest

from billing.catalog.models import PlanFeature
from billing.customers.models import Customer
from billing.subscriptions import statuses
from billing.subscriptions.models import DunningConfig, Subscription
from billing.subscriptions.subscription_lifecycle import cancel, pause
from billing.subscriptions.subscription_versions import override_features
from tests.support.factories.entitlements import (
    NOT_FOUND,
    SEATS,
    SSO,
    THEME,
    ZERO,
    feature,
    get,
    nothing,
    post,
)
from tests.support.factories.subscriptions import make_customer, subscribe


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


async def test_a_past_due_subscription_grants_while_the_merchant_keeps_access(client, merchant):
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    other = await subscribe(merchant.id, features=[(SSO, True)])  # active: always granted
    await Subscription.filter(id=sub.id).update(status=statuses.PAST_DUE)
    status, body = await get(client, merchant, f"{sub.customer_id}/feature/sso")
    assert (status, body["entitled"]) == (200, True)  # kept by default

    config = "/v1/merchants/dunning-config"
    saved = await client.post(config, json={"pastDueAccess": False}, headers=merchant.headers)
    assert (saved.status_code, (await saved.get_json())["pastDueAccess"]) == (200, False)
    assert await get(client, merchant, f"{sub.customer_id}/feature/sso") == (200, nothing("sso"))
    status, body = await get(client, merchant, f"{other.customer_id}/feature/sso")
    assert (status, body["entitled"]) == (200, True)

    refused = await client.post(config, json={"pastDueAccess": "no"}, headers=merchant.headers)
    assert refused.status_code == 400 and "error" in await refused.get_json()
    assert (await DunningConfig.get(merchant_id=merchant.id)).past_due_access is False
