"""/v1/invoices: the shapes the spec gives, paging, filters, and tenant isolation."""

from datetime import UTC, datetime

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from tests.support.api.subscriptions import body, catalog
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)


async def billed(merchant, months_until=MAR_1):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await bill_due(months_until, merchant.id)
    return sub


async def test_list_pages_newest_first_with_the_total(client, merchant):
    sub = await billed(merchant)
    response = await client.get("/v1/invoices?limit=2", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["pagination"] == {"total": 3, "limit": 2, "offset": 0}
    newest = body["invoices"][0]
    assert [i["number"] for i in body["invoices"]] == ["INV-000003", "INV-000002"]
    assert newest["issueDate"] == "2030-03-01T00:00:00Z"
    assert (newest["customerId"], newest["subscriptionId"]) == (sub.customer_id, sub.id)
    assert (newest["status"], newest["totalAmountCents"], newest["currency"]) == (
        "unpaid",
        4900,
        "USD",
    )
    assert (newest["paymentStatus"], newest["payment"], newest["paidDate"]) == ("none", None, None)
    assert newest["customer"] == {"id": sub.customer_id, "name": "Ada"}
    [line] = newest["lineItems"]
    assert line["type"] == "fixed" and line["subtotalCents"] == 4900
    assert (line["billingPeriodStart"], line["billingPeriodEnd"]) == (
        "2030-03-01T00:00:00Z",
        "2030-04-01T00:00:00Z",
    )
    rest = await (
        await client.get("/v1/invoices?limit=2&offset=2", headers=merchant.headers)
    ).get_json()
    assert [i["number"] for i in rest["invoices"]] == ["INV-000001"]


async def test_filters_by_customer_and_status(client, merchant):
    sub = await billed(merchant)
    await billed(merchant)  # another customer's three invoices
    mine = await client.get(f"/v1/invoices?customerId={sub.customer_id}", headers=merchant.headers)
    assert (await mine.get_json())["pagination"]["total"] == 3
    paid = await client.get("/v1/invoices?status=paid", headers=merchant.headers)
    assert (await paid.get_json())["pagination"]["total"] == 0
    by_path = await client.get(f"/v1/invoices/customer/{sub.customer_id}", headers=merchant.headers)
    assert len((await by_path.get_json())["invoices"]) == 3


async def test_one_invoice_and_bad_queries(client, merchant):
    await billed(merchant, JAN_1)
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    invoice_id = listed["invoices"][0]["id"]
    one = await client.get(f"/v1/invoices/{invoice_id}", headers=merchant.headers)
    body = await one.get_json()
    assert body["invoice"]["id"] == invoice_id and body["invoice"]["lineItems"]
    for query, message in (
        ("status=overdue", "status must be one of: draft, unpaid, paid, void"),
        ("limit=101", "Query parameter 'limit' must be a whole number from 1 to 100"),
        ("offset=-1", "Query parameter 'offset' must be a whole number from 0 to 10000000"),
    ):
        response = await client.get(f"/v1/invoices?{query}", headers=merchant.headers)
        assert response.status_code == 400
        assert await response.get_json() == {"error": message}


async def test_another_merchants_invoices_answer_as_missing(client, merchant, make_merchant):
    sub = await billed(merchant, JAN_1)
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    invoice_id = listed["invoices"][0]["id"]
    other = await make_merchant()
    for path in (f"/v1/invoices/{invoice_id}", "/v1/invoices/inv_doesnotexist0000000000"):
        response = await client.get(path, headers=other.headers)
        assert response.status_code == 404
        assert await response.get_json() == {"error": "Invoice not found or access denied"}
    theirs = await client.get(f"/v1/invoices/customer/{sub.customer_id}", headers=other.headers)
    assert theirs.status_code == 404
    filtered = await client.get(f"/v1/invoices?customerId={sub.customer_id}", headers=other.headers)
    assert (await filtered.get_json())["invoices"] == []


async def test_trigger_immediate_billing_invoices_inside_the_create_request(client, merchant):
    customer, plan, price = await catalog(merchant.id)  # Pro at 29.00 a month
    payload = {**body(customer, plan, price), "triggerImmediateBilling": True}
    created = await client.post("/v1/subscriptions", json=payload, headers=merchant.headers)
    assert created.status_code == 201
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    [invoice] = listed["invoices"]
    assert (invoice["totalAmountCents"], invoice["billingReason"]) == (2900, "subscription_cycle")
    sub_id = (await created.get_json())["subscription"]["id"]
    details = await client.get(f"/v1/subscriptions/{sub_id}/details", headers=merchant.headers)
    [detail] = (await details.get_json())["subscriptionDetails"]
    assert detail["cyclesBilled"] == 1 and detail["previousBillingDate"] is not None


async def test_without_the_trigger_the_next_pass_invoices(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    await client.post(
        "/v1/subscriptions", json=body(customer, plan, price), headers=merchant.headers
    )
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    assert listed["invoices"] == []
    await bill_due(utcnow(), merchant.id)
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    assert [i["totalAmountCents"] for i in listed["invoices"]] == [2900]


async def test_a_price_override_is_prorated_on_an_invoice_at_once(client, merchant):
    customer, plan, price = await catalog(merchant.id)  # 29.00 a month
    payload = {**body(customer, plan, price), "triggerImmediateBilling": True}
    created = await client.post("/v1/subscriptions", json=payload, headers=merchant.headers)
    sub_id = (await created.get_json())["subscription"]["id"]
    dearer = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data={"type": "flat_rate", "amount": 5800, "interval": "month"},
    )
    response = await client.post(
        f"/v1/subscriptions/price-override/{sub_id}",
        json={"priceId": dearer.id},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    listed = await client.get("/v1/invoices?limit=1", headers=merchant.headers)
    [proration] = (await listed.get_json())["invoices"]
    credit, charge = proration["lineItems"]
    assert proration["billingReason"] == "proration"
    assert (credit["type"], charge["type"]) == ("proration", "proration")
    # Seconds after the start nearly the whole period is left: about -29.00 and +58.00.
    assert -2900 <= credit["subtotalCents"] < -2890 and 5780 < charge["subtotalCents"] <= 5800


async def test_odd_filters_match_nothing_rather_than_fail(client, merchant):
    await billed(merchant, JAN_1)
    for customer_id in ("cus_\x00", "nobody", "cus_" + "x" * 300):
        response = await client.get(
            "/v1/invoices", query_string={"customerId": customer_id}, headers=merchant.headers
        )
        assert response.status_code == 200
        assert (await response.get_json())["pagination"]["total"] == 0
