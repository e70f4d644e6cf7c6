"""Trials and labels on the subscription pages (issue 19, points 4 and 14; issue 28): the
stored ``trialing`` until the due pass ends the trial, in /v1 too, with the spec's MRR; the
MRR tile split into paying and in trial; dates with the year on both ends; the subscribe form
finding a customer by external id; "No trial" rather than "None"; no price id in a tooltip."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.subscriptions import trials
from billing.subscriptions.models import Subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.webapp.catalog_pages import html_of, signed_up
from tests.support.webapp.subscription_trial_pages import trial_subscription


async def test_trial_shows_trialing_and_the_mrr_tile_splits_it(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    paying = await subscribe(merchant_id, monthly_cents=1000)
    trial = await trial_subscription(merchant_id)
    sid = trial.stable_subscription_id

    listing = await html_of(await client.get("/dashboard/subscriptions"))
    row = listing[listing.index(f'id="subscription-{sid}"') :]
    assert row.startswith(f'id="subscription-{sid}" data-status="trialing"')
    assert ">Trialing</span>" in row.split("</tr>")[0]
    other = listing[listing.index(f'id="subscription-{paying.stable_subscription_id}"') :]
    assert ">Active</span>" in other.split("</tr>")[0]

    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    ends = trial.trial_end_date
    assert ">Trialing</span>" in page
    assert f"in trial, paying from {ends:%b} {ends.day}, {ends.year}" in page

    home = await html_of(await client.get("/dashboard"))
    assert 'id="mrr-amount">€59.00' in home  # the spec's MRR: trials count
    paying_part = home[home.index('id="mrr-paying"') :].split("</div>")[0]
    trial_part = home[home.index('id="mrr-trial"') :].split("</div>")[0]
    assert "€10.00" in paying_part and "1 subscription" in paying_part
    assert "€49.00" in trial_part and "not paying yet" in trial_part

    # the stored status is what shows: the wall clock past the trial's end changes nothing
    # until the due pass ends the trial; then it reads as active and counts as paying
    await Subscription.filter(id=trial.id).update(trial_end_date=utcnow() - timedelta(days=1))
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert ">Trialing</span>" in page
    ended = await trials.end_due(utcnow(), merchant_id)
    assert ended["trial ended"] == 1
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert ">Active</span>" in page and "Trial ended" in page
    home = await html_of(await client.get("/dashboard"))
    assert "€59.00" in home[home.index('id="mrr-paying"') :].split("</div>")[0]


async def test_api_answers_trialing_and_the_spec_mrr_for_a_trial(client, merchant):
    trial = await trial_subscription(merchant.id, cents=4900)
    body = await (
        await client.get(
            f"/v1/subscriptions/{trial.stable_subscription_id}", headers=merchant.headers
        )
    ).get_json()
    assert body["status"] == "trialing" and body["trialEndDate"] is not None
    listed = await (
        await client.get("/v1/subscriptions?status=trialing", headers=merchant.headers)
    ).get_json()
    assert [s["id"] for s in listed["subscriptions"]] == [trial.stable_subscription_id]
    mrr = await (await client.get("/v1/subscriptions/mrr", headers=merchant.headers)).get_json()
    assert mrr["mrr"]["amount_cents"] == 4900
    split = await trials.mrr_split(merchant.id)
    assert (split.total_cents, split.paying_cents, split.trial_cents) == (4900, 0, 4900)


async def test_periods_show_the_year_on_both_dates(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    start = datetime(2025, 12, 20, tzinfo=UTC)
    sub = await subscribe(merchant_id, yearly=True, start=start)
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sub.stable_subscription_id}"))
    first, last = sub.current_period_start, sub.current_period_end
    assert first.year != last.year
    expected = f"{first:%b} {first.day}, {first.year} – {last:%b} {last.day}, {last.year}"
    assert f'class="sub-period">{expected}<' in page


async def test_subscribe_form_finds_the_customer_by_external_id(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await make_plan(merchant_id, name="Basic", monthly_cents=1000)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant_id)
    await Customer.filter(id=customer.id).update(external_customer_id="crm-42")
    form = {"csrf_token": token, "customer": "crm-42", "plan_id": plan.id, "price_id": price.id}
    response = await client.post("/dashboard/subscriptions/new", form=form)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/dashboard/customers/{customer.id}"
    assert await Subscription.filter(customer_id=customer.id).count() == 1
    page = await html_of(await client.get("/dashboard/subscriptions/new"))
    assert "external id" in page


async def test_plan_page_says_no_trial_and_shows_no_price_id(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    plan = await make_plan(merchant_id, name="Basic", monthly_cents=1000)
    price = await Price.get(plan_id=plan.id)
    await Price.create(
        merchant_id=merchant_id,
        plan_id=plan.id,
        currency="USD",
        pricing_data=price.pricing_data,
        cloned_from_price_id=price.id,
    )
    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert "<dd>No trial</dd>" in page and "<dd>None</dd>" not in page
    assert f'title="Copied from {price.id}"' not in page and ">Copy</span>" in page


async def test_a_trial_or_past_due_page_offers_pause_and_change_plan(client, sign_up):
    """The buttons follow ``statuses.PAUSABLE`` and ``statuses.OPEN``: a trial or a past-due
    subscription can be paused and moved to another plan; a paused one is resumed instead."""
    merchant_id, _ = await signed_up(sign_up)
    trial = await trial_subscription(merchant_id)
    sid = trial.stable_subscription_id
    pause = f"/dashboard/subscriptions/{sid}/pause"
    for status in ("trialing", "past_due"):
        await Subscription.filter(id=trial.id).update(status=status)
        page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
        assert 'id="change-plan"' in page and pause in page, status
    await Subscription.filter(id=trial.id).update(status="paused")
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert pause not in page and ">Resume</button>" in page
