"""The customer page's Features and Entitlements panels agree (issue 19, point 6): both come from
``feature_access.customer_feature_access`` (the /v1 decision), with the limit beside usage."""

from billing.catalog import metrics
from billing.catalog.models import Feature, PlanFeature
from tests.support.factories.catalog import _link, make_feature
from tests.support.factories.entitlements import credit_plan, subscribe_to
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.catalog_pages import html_of, signed_up
from tests.support.webapp.usage_pages import store


def item(html: str, marker: str) -> str:
    """The markup from ``marker`` to the end of its list item or table row."""
    part = html[html.index(marker) :]
    return part[: min(i for i in (part.find("</li>"), part.find("</tr>")) if i != -1)]


async def test_features_and_entitlements_panels_say_the_same(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    metric = await metrics.create_metric(
        merchant_id, name="Calls", event_name="api-call", aggregation_type="SUM"
    )
    plan = await credit_plan(merchant_id, [metric.id], allowance=100)
    # the case: a limit added to the plan without a value, so the feature's default
    # (a new limit grants nothing: 0) applies
    projects = await make_feature(merchant_id, "Projects", "number")
    projects.default_value = 0  # as features.create_feature stores an omitted value
    projects.metric_ids = [metric.id]
    await projects.save()
    await _link(merchant_id, plan.id, projects.id, None)
    seats = await make_feature(merchant_id, "Seats", "number")
    await _link(merchant_id, plan.id, seats.id, 10)
    customer = await make_customer(merchant_id)
    await subscribe_to(plan, customer)
    await store(merchant_id, "api-call", customer.id, eventValue=30)

    page = await html_of(await client.get(f"/dashboard/customers/{customer.id}"))
    card = page[page.index('class="sub-card"') : page.index('id="entitlements"')]
    panel = page[page.index('id="entitlements"') :].split("</article>")[0]
    for html in (card, panel):
        projects_row = item(
            html, 'data-feature-slug="projects"' if html is card else 'data-feature="projects"'
        )
        assert "Feature&#39;s default" in projects_row
        assert "30 of 0 used · limit reached" in projects_row
        assert "From plan" not in projects_row
        seats_row = item(
            html, 'data-feature-slug="seats"' if html is card else 'data-feature="seats"'
        )
        assert "From plan" in seats_row and "Limit 10" in seats_row
        calls = item(
            html, 'data-feature-slug="api-calls"' if html is card else 'data-feature="api-calls"'
        )
        assert "Credits" in calls and "30 of 100 used" in calls
        sso = item(html, 'data-feature-slug="sso"' if html is card else 'data-feature="sso"')
        assert "From plan" in sso and "On" in sso
    assert ">No</span>" in item(panel, 'data-feature="projects"')


async def test_a_used_up_limit_still_shows_the_limit(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    metric = await metrics.create_metric(
        merchant_id, name="Calls", event_name="api-call", aggregation_type="SUM"
    )
    plan = await credit_plan(merchant_id, [metric.id], allowance=100)
    api = await Feature.scoped(merchant_id).get(slug="api-calls")
    await PlanFeature.filter(plan_id=plan.id, feature_id=api.id).update(has_credit_allowance=False)
    customer = await make_customer(merchant_id)
    await subscribe_to(plan, customer)
    await store(merchant_id, "api-call", customer.id, eventValue=1200)
    page = await html_of(await client.get(f"/dashboard/customers/{customer.id}"))
    row = item(page, 'data-feature="api-calls"')
    assert ">No</span>" in row and "1,200 of 1,000 used · limit reached" in row
    assert "From plan" in row
