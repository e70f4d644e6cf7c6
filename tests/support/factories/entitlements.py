"""Entitlement test helpers: /v1/entitlements calls, a credit plan, subscriptions and usage
sent through /v1/events/batch (shared by the API, page and browser tests)."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import Feature, Plan, PlanFeature, Price
from billing.customers.models import Customer
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan, slugify
from tests.support.factories.subscriptions import make_customer

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
