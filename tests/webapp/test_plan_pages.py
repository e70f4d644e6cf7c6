"""Plan pages through the in-process client: the wizard in exact cents, versions and the
diff, prices (fixed, tiered, clone, delete), visibility, delete, errors and isolation."""

from billing.catalog import features, plan_create
from billing.catalog.models import Feature, Plan, Price
from tests.support.api.public_pricing_tables import pro_with_usage
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard


async def test_wizard_creates_plan_with_exact_cents_and_features(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    sso = await features.create_feature(merchant_id, slug="sso", display_name="SSO")
    assert "No plans yet" in await html_of(await client.get("/dashboard/plans"))
    form = wizard(
        token,
        feature_ids=[sso.id],
        new_feature_name=["API calls", ""],
        new_feature_slug=["api-calls", ""],
        new_feature_kind=["usage", "switch"],
        new_feature_event=["api.request", ""],
        trial_enabled="y",
        trial_days="14",
    )
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    assert response.headers["Location"] == f"/dashboard/plans/{plan.stable_plan_id}"
    assert (plan.trial_enabled, plan.trial_days, plan.currency) == (True, 14, "EUR")
    amounts = sorted(
        p.pricing_data["components"][0]["amount_cents"]
        for p in await Price.scoped(merchant_id).filter(plan_id=plan.id)
    )
    assert amounts == [2999, 29990]
    assert await Feature.scoped(merchant_id).filter(slug="api-calls").exists()

    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert "created as version 1" in page
    assert "€29.99 / month" in page and "€299.90 / year" in page
    assert "API calls" in page and "SSO" in page

    listing = await html_of(await client.get("/dashboard/plans"))
    assert "v1" in listing and "€29.99 / month · €299.90 / year" in listing


async def test_wizard_errors_show_inline_and_store_nothing(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await features.create_feature(merchant_id, slug="taken", display_name="Taken")
    response = await post_form(client, "/dashboard/plans/new", wizard(token, monthly_price="-5"))
    assert response.status_code == 422
    html = await html_of(response)
    assert "Monthly price must be between 0.00 and 10,000,000,000.00, typed like 49.00" in html
    assert "cents" not in html.split("<main")[1]
    response = await post_form(client, "/dashboard/plans/new", wizard(token, yearly_price="9.9999"))
    assert "Use at most two decimal places" in await html_of(response)
    form = wizard(
        token,
        new_feature_name=["Dup"],
        new_feature_slug=["taken"],
        new_feature_kind=["switch"],
        new_feature_event=[""],
    )
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 422
    html = await html_of(response)
    assert "A feature with this slug already exists" in html
    assert 'value="Dup"' in html  # the typed row is kept
    response = await post_form(client, "/dashboard/plans/new", wizard(token, trial_enabled="y"))
    assert "Trial length is required when the trial is enabled" in await html_of(response)
    assert await Plan.scoped(merchant_id).count() == 0


async def _plan(merchant_id: str, **kwargs):
    view = await plan_create.create_plan(
        merchant_id, plan_name="Basic", monthly_price=1000, yearly_price=10000, **kwargs
    )
    return view.plan


async def test_edit_makes_a_version_with_its_note_and_the_diff_shows_it(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await _plan(merchant_id)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    edit = await html_of(await client.get(f"{base}/edit"))
    assert 'value="10.00"' in edit and 'value="100.00"' in edit
    form = {
        "csrf_token": token,
        "plan_name": "Basic",
        "plan_description": "",
        "monthly_price": "12.00",
        "yearly_price": "100.00",
        "trial_days": "",
        "commit_message": "Raise the monthly price",
    }
    response = await post_form(client, f"{base}/edit", form)
    assert response.status_code == 303
    page = await html_of(await client.get(base))
    assert "Saved as version 2." in page
    assert "Raise the monthly price" in page and "Changes from v1 to v2" in page
    assert "Price added: €12.00 / month" in page and "Price removed: €10.00 / month" in page

    response = await post_form(client, f"{base}/edit", {**form, "plan_name": "Basic plus"})
    assert response.status_code == 303
    page = await html_of(await client.get(base))
    assert "no new version was needed" in page
    assert await Plan.scoped(merchant_id).filter(stable_plan_id=plan.id).count() == 2

    old = await html_of(await client.get(f"{base}/versions/1"))
    assert "You are looking at version 1" in old and "€10.00 / month" in old
    diff = await html_of(await client.get(f"{base}?from=2&to=1&fragment=diff", headers=HX))
    assert diff.startswith('<section id="plan-diff"') and "Changes from v2 to v1" in diff


async def test_prices_fixed_tiered_clone_delete(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await _plan(merchant_id)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    response = await post_form(
        client,
        f"{base}/prices",
        {"csrf_token": token, "kind": "fixed", "amount": "5", "interval": "month"},
    )
    assert response.status_code == 303
    tiers = {
        "csrf_token": token,
        "kind": "tiered",
        "interval": "month",
        "tier_up_to": ["1000", "5000"],
        "tier_unit_amount": ["0.10", "0.08"],
        "last_amount": "0.05",
    }
    response = await post_form(client, f"{base}/prices", tiers, headers=HX)
    assert response.status_code == 200
    fragment = await html_of(response)
    assert fragment.lstrip().startswith('<article id="prices"')
    assert "Up to 1,000: €0.10 each" in fragment and "Above 5,000: €0.05 each" in fragment
    tiered = (
        await Price.scoped(merchant_id)
        .filter(plan_id=plan.id, pricing_data__contains={"type": "tiered"})
        .first()
    )
    assert tiered.pricing_data["tiers"][-1] == {"upTo": None, "unitAmount": 5}

    bad = await post_form(
        client, f"{base}/prices", {**tiers, "tier_up_to": ["5000", "1000"]}, headers=HX
    )
    assert bad.status_code == 422
    assert "tier 2.“up to” must be greater" in await html_of(bad)
    half = {**tiers, "tier_up_to": ["1,5", "5000"]}  # once read as 15
    bad = await post_form(client, f"{base}/prices", half, headers=HX)
    assert bad.status_code == 422
    assert "Tier 1: units are whole, enter a number like 1000" in await html_of(bad)
    grouped = {**tiers, "tier_up_to": ["10.000", "20 000"]}
    response = await post_form(client, f"{base}/prices", grouped, headers=HX)
    assert "Up to 10,000: €0.10 each" in await html_of(response)
    bad = await post_form(
        client,
        f"{base}/prices",
        {"csrf_token": token, "kind": "fixed", "amount": "-1", "interval": "month"},
    )
    assert bad.status_code == 422 and "Amount" in await html_of(bad)

    source = (await Price.scoped(merchant_id).filter(plan_id=plan.id).order_by("created_at"))[0]
    page = await html_of(await client.get(f"{base}/prices/{source.id}/clone"))
    assert 'value="10.00"' in page
    response = await post_form(
        client, f"{base}/prices/{source.id}/clone", {"csrf_token": token, "amount": "11.50"}
    )
    assert response.status_code == 303
    copy = await Price.scoped(merchant_id).get(cloned_from_price_id=source.id)
    assert copy.pricing_data["components"][0]["amount_cents"] == 1150
    await source.refresh_from_db()
    assert source.pricing_data["components"][0]["amount_cents"] == 1000

    response = await post_form(client, f"{base}/prices/{copy.id}/delete", {"csrf_token": token})
    assert response.status_code == 303
    assert not await Price.scoped(merchant_id).filter(id=copy.id).exists()


async def test_visibility_toggle_and_delete(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await _plan(merchant_id)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    response = await post_form(
        client, f"{base}/visibility", {"csrf_token": token, "is_visible": "true"}, headers=HX
    )
    fragment = await html_of(response)
    assert 'aria-checked="true"' in fragment and "is now shown in" in fragment
    await plan.refresh_from_db()
    assert plan.is_visible_in_pricing_table

    confirm = await html_of(await client.get(f"{base}/delete"))
    assert "Delete “Basic”?" in confirm and "All 1 version" in confirm
    response = await post_form(client, f"{base}/delete", {"csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"] == "/dashboard/plans"
    assert not await Plan.scoped(merchant_id).filter(id=plan.id).exists()


async def test_another_merchants_plan_is_not_found(client, sign_up, make_merchant):
    other = await make_merchant()
    theirs = await _plan(other.id)
    _, token = await signed_up(sign_up)
    base = f"/dashboard/plans/{theirs.stable_plan_id}"
    for path in (base, f"{base}/edit", f"{base}/delete", f"{base}/versions/1"):
        assert (await client.get(path)).status_code == 303, path
    for path in (f"{base}/delete", f"{base}/visibility", f"{base}/prices"):
        await post_form(client, path, {"csrf_token": token, "is_visible": "true", "amount": "1"})
    await theirs.refresh_from_db()
    assert theirs.deleted_at is None and not theirs.is_visible_in_pricing_table
    assert await Price.filter(plan_id=theirs.id).count() == 2
    assert "Plan not found or access denied" in await html_of(await client.get("/dashboard/plans"))


async def test_the_plans_list_shows_the_fixed_price_plus_usage(client, sign_up):
    """The list's summary follows the pricing tables' headline rule: $59 plus usage, never
    the usage price's $0 (the usage price was made first)."""
    merchant_id, _token = await signed_up(sign_up)
    await pro_with_usage(merchant_id)
    html = await html_of(await client.get("/dashboard/plans"))
    assert "$59.00 / month + usage" in html
    assert "$0.00 / month" not in html


async def test_the_trial_without_a_card_checkbox_is_saved_and_said(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = wizard(token, trial_enabled="y", trial_days="14", trial_without_card="y")
    new = await html_of(await client.get("/dashboard/plans/new"))
    assert "Start the trial without asking for a card" in new
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    assert (plan.trial_enabled, plan.trial_without_card) == (True, True)
    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert "14 days, no card asked for" in page

    form = wizard(token, plan_name="Team", trial_enabled="y", trial_days="7")
    await post_form(client, "/dashboard/plans/new", form)
    team = await Plan.scoped(merchant_id).get(plan_name="Team")
    assert team.trial_without_card is False  # off by default: the trial collects a card
    page = await html_of(await client.get(f"/dashboard/plans/{team.stable_plan_id}"))
    assert "7 days, card asked for at checkout" in page
