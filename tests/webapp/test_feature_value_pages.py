"""Feature values in the dashboard (issue 19, point 2): the plan wizard, the plan edit form and
a subscription's override editor set the value each feature grants (a number, on/off, text),
checked against the feature's type with the error beside the feature and nothing stored."""

from billing.catalog import features
from billing.catalog.models import Plan, PlanFeature
from billing.subscriptions.models import Subscription, SubscriptionFeature
from tests.support.factories.catalog import make_feature
from tests.support.factories.subscriptions import subscribe
from tests.support.webapp.catalog_pages import html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard


async def _library(merchant_id: str):
    seats = await features.create_feature(
        merchant_id,
        slug="team-members",
        display_name="Team members",
        feature_type="number",
        feature_value=1,
    )
    calls = await features.create_feature(
        merchant_id, slug="api-calls", display_name="API calls", feature_type="number"
    )
    sso = await features.create_feature(merchant_id, slug="sso", display_name="SSO")
    tier = await features.create_feature(
        merchant_id, slug="support", display_name="Support", feature_type="string"
    )
    return seats, calls, sso, tier


async def _granted(merchant_id: str, plan: Plan) -> dict:
    links = (
        await PlanFeature.scoped(merchant_id).filter(plan_id=plan.id).prefetch_related("feature")
    )
    return {link.feature.slug: link.feature_value for link in links}


async def test_wizard_sets_each_features_value(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    seats, calls, sso, tier = await _library(merchant_id)
    page = await html_of(await client.get("/dashboard/plans/new"))
    assert 'aria-label="Value of Team members"' in page and "default: 1" in page
    form = wizard(
        token,
        feature_ids=[seats.id, calls.id, sso.id, tier.id],
        **{
            f"value-{seats.id}": "5",
            f"value-{calls.id}": "10,000",
            f"value-{sso.id}": "off",
            f"value-{tier.id}": "Priority email",
        },
    )
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    assert await _granted(merchant_id, plan) == {
        "team-members": 5,
        "api-calls": 10000,
        "sso": False,
        "support": "Priority email",
    }
    page = await html_of(await client.get(response.headers["Location"]))
    assert '<span class="badge">10000</span>' in page and "Priority email" in page


async def test_wizard_value_left_empty_is_the_features_default(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    seats, *_ = await _library(merchant_id)
    form = wizard(token, feature_ids=[seats.id], **{f"value-{seats.id}": ""})
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert '<span class="badge">1</span>' in page


async def test_wizard_value_of_the_wrong_type_shows_beside_it_and_stores_nothing(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    seats, calls, sso, tier = await _library(merchant_id)
    form = wizard(
        token,
        feature_ids=[seats.id, sso.id, tier.id],
        **{f"value-{seats.id}": "lots", f"value-{sso.id}": "maybe", f"value-{tier.id}": "x" * 1001},
    )
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 422
    page = await html_of(response)
    assert f'id="value-{seats.id}-error">For a limit, enter a number like 10 or 2.5' in page
    assert f'id="value-{tier.id}-error">The value must be at most 1000 characters' in page
    assert 'value="lots"' in page  # what was typed stays in its field
    assert "Some feature values do not fit their feature" in page
    assert not await Plan.scoped(merchant_id).exists()
    # An unticked feature's value is not read.
    form = wizard(token, feature_ids=[sso.id], **{f"value-{seats.id}": "lots"})
    assert (await post_form(client, "/dashboard/plans/new", form)).status_code == 303


async def test_edit_changes_a_value_as_a_new_version_and_unchanged_makes_none(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    seats, calls, *_ = await _library(merchant_id)
    form = wizard(token, feature_ids=[seats.id, calls.id], **{f"value-{seats.id}": "3"})
    await post_form(client, "/dashboard/plans/new", form)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    url = f"/dashboard/plans/{plan.stable_plan_id}/edit"
    page = await html_of(await client.get(url))
    assert f'name="value-{seats.id}" value="3"' in page
    assert f'name="value-{calls.id}" value="0"' in page  # granted today: the default 0

    edit = wizard(token, feature_ids=[seats.id, calls.id], commit_message="")
    edit.pop("currency")
    same = edit | {f"value-{seats.id}": "3", f"value-{calls.id}": "0"}
    response = await post_form(client, url, same)
    assert response.status_code == 303
    assert "no new version was needed" in await html_of(
        await client.get(f"/dashboard/plans/{plan.stable_plan_id}")
    )

    response = await post_form(client, url, edit | {f"value-{calls.id}": "-x"})
    assert response.status_code == 422
    assert await Plan.scoped(merchant_id).filter(stable_plan_id=plan.stable_plan_id).count() == 1

    response = await post_form(client, url, same | {f"value-{calls.id}": "5000"})
    assert response.status_code == 303
    assert "Saved as version 2." in await html_of(await client.get(response.headers["Location"]))
    current = await Plan.scoped(merchant_id).get(
        stable_plan_id=plan.stable_plan_id, is_current=True
    )
    assert await _granted(merchant_id, current) == {"team-members": 3, "api-calls": 5000}
    assert await _granted(merchant_id, plan) == {"team-members": 3, "api-calls": None}


async def test_override_editor_sets_values(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, features=[("Projects", 10)])
    extra = await make_feature(merchant_id, "Region", "string")
    projects = await SubscriptionFeature.filter(subscription_id=subscription.id).first()
    sid = subscription.stable_subscription_id
    url = f"/dashboard/subscriptions/{sid}/features"
    page = await html_of(await client.get(url))
    assert f'name="value-{projects.feature_id}" value="10"' in page

    bad = {
        "csrf_token": token,
        "feature_ids": [projects.feature_id, extra.id],
        f"value-{projects.feature_id}": "ten",
        f"value-{extra.id}": "eu-west",
    }
    response = await post_form(client, url, bad)
    assert response.status_code == 422
    assert "For a limit, enter a number like 10 or 2.5" in await html_of(response)
    live = await Subscription.filter(stable_subscription_id=sid, deleted_at=None).get()
    assert live.version_number == 1

    response = await post_form(client, url, bad | {f"value-{projects.feature_id}": "25"})
    assert response.status_code == 303
    live = await Subscription.filter(stable_subscription_id=sid, deleted_at=None).get()
    rows = await SubscriptionFeature.filter(subscription_id=live.id, deleted_at=None)
    assert {row.feature_id: row.feature_value for row in rows} == {
        projects.feature_id: 25,
        extra.id: "eu-west",
    }


async def test_wizard_new_features_get_their_value(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    rows = {
        "new_feature_name": ["Team members", "Beta access", "API calls"],
        "new_feature_slug": ["team-members", "beta", "api-calls"],
        "new_feature_kind": ["limit", "switch", "usage"],
        "new_feature_event": ["", "", "api.request"],
        "new_feature_value": ["lots", "off", "50000"],
    }
    response = await post_form(client, "/dashboard/plans/new", wizard(token, **rows))
    assert response.status_code == 422
    assert "New feature 1: For a limit, enter a number like 10 or 2.5" in await html_of(response)
    assert not await Plan.scoped(merchant_id).exists()

    rows["new_feature_value"][0] = "10"
    response = await post_form(client, "/dashboard/plans/new", wizard(token, **rows))
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    assert await _granted(merchant_id, plan) == {
        "team-members": 10,
        "beta": False,
        "api-calls": 50000,
    }
    created = {f.slug: f.feature_type for f in await features.list_features(merchant_id)}
    assert created == {"team-members": "number", "beta": "boolean", "api-calls": "number"}
