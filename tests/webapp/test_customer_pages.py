"""Customer pages through the in-process client: the list with prefix search and cursor pages,
create and edit with service errors on their fields, the detail page, delete, isolation."""

from datetime import UTC, datetime, timedelta

from billing.customers import organizations
from billing.customers.models import Customer
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.webapp.catalog_pages import HX, html_of, signed_up

FIELDS = {
    "name": "",
    "external_customer_id": "",
    "billing_address_line1": "",
    "billing_address_line2": "",
    "billing_city": "",
    "billing_postal_code": "",
    "billing_country": "",
    "tax_id": "",
}


async def create(client, token: str, **values):
    form = {"csrf_token": token, **FIELDS, **values}
    return await client.post("/dashboard/customers/new", form=form)


async def test_create_shows_the_customer_and_lists_it(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    assert "No customers yet" in await html_of(await client.get("/dashboard/customers"))
    response = await create(
        client,
        token,
        email="Ada@Example.com",
        name="Ada Lovelace",
        external_customer_id="user-42",
        billing_address_line1="1 Analytical Way",
        billing_city="London",
        billing_postal_code="N1 9GU",
        billing_country="GB",
        tax_id="GB123",
    )
    assert response.status_code == 303
    customer = await Customer.get(merchant_id=merchant_id, email="Ada@Example.com")
    assert response.headers["Location"] == f"/dashboard/customers/{customer.id}"
    assert customer.billing_country == "GB"
    page = await html_of(await client.get(response.headers["Location"]))
    for text in ("Ada Lovelace", "Ada@Example.com", "user-42", "N1 9GU London", "GB123"):
        assert text in page
    assert "No active subscription" in page
    listing = await html_of(await client.get("/dashboard/customers"))
    assert f'id="customer-{customer.id}"' in listing


async def test_service_errors_land_on_their_fields(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    response = await create(client, token, email="")
    assert response.status_code == 422
    assert "Enter the customer&#39;s email" in await html_of(response)

    response = await create(client, token, email="not-an-email")
    page = await html_of(response)
    assert response.status_code == 422
    assert 'id="email-help">Email must be a valid email address' in page

    for typed in ("Austria", "1X"):  # a select answers a code; anything else is refused
        response = await create(client, token, email="ok@example.com", billing_country=typed)
        assert response.status_code == 422
        page = await html_of(response)
        assert 'id="billing_country-help">Choose the country from the list' in page
    assert not await Customer.filter(merchant_id=merchant_id, email="ok@example.com").exists()

    assert (await create(client, token, email="dup@example.com")).status_code == 303
    response = await create(client, token, email="DUP@example.com")
    page = await html_of(response)
    assert response.status_code == 422
    assert 'id="email-help">A customer with this email already exists' in page
    assert await Customer.filter(merchant_id=merchant_id).count() == 1


async def test_edit_changes_the_profile_and_refuses_a_taken_email(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await make_customer(merchant_id, email="taken@example.com", name="Taken")
    customer = await make_customer(merchant_id, email="me@example.com", name="Me")
    url = f"/dashboard/customers/{customer.id}/edit"
    form = await html_of(await client.get(url))
    assert 'value="me@example.com"' in form

    values = {"csrf_token": token, **FIELDS, "email": "taken@example.com", "name": "Me"}
    response = await client.post(url, form=values)
    assert response.status_code == 422
    assert "Another customer with this email already exists" in await html_of(response)
    assert (await Customer.get(id=customer.id)).email == "me@example.com"

    response = await client.post(url, form={**values, "allow_same_email": "y", "tax_id": "X1"})
    assert response.status_code == 303
    saved = await Customer.get(id=customer.id)
    assert (saved.email, saved.tax_id, saved.updated_at > customer.updated_at) == (
        "taken@example.com",
        "X1",
        True,
    )


async def test_search_matches_prefixes_and_answers_a_fragment(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await make_customer(merchant_id, email="alice@example.com", name="Alice")
    await make_customer(merchant_id, email="bob@example.com", name="Robert")
    fragment = await html_of(await client.get("/dashboard/customers?search=ALI", headers=HX))
    assert fragment.startswith('<div id="customers-results">')
    assert "alice@example.com" in fragment and "bob@example.com" not in fragment
    page = await html_of(await client.get("/dashboard/customers?search=rob"))
    assert "<html" in page and "bob@example.com" in page and "alice@" not in page
    page = await html_of(await client.get("/dashboard/customers?search=zed"))
    assert "No customers match “zed”" in page
    page = await html_of(await client.get("/dashboard/customers?search=%00bad"))
    assert "No customers match" in page


async def test_pages_follow_the_cursor_forwards_and_back(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(60):
        customer = await make_customer(merchant_id, email=f"c{number:02}@example.com")
        await Customer.filter(id=customer.id).update(created_at=start + timedelta(minutes=number))
    first = await html_of(await client.get("/dashboard/customers"))
    assert first.count('data-customer-email="') == 25
    assert "c59@example.com" in first and "c35@example.com" in first
    assert "c34@example.com" not in first and 'rel="prev"' not in first
    next_url = _link(first, "next")
    second = await html_of(await client.get(next_url))
    assert "c34@example.com" in second and "c10@example.com" in second
    assert "c35@example.com" not in second
    third = await html_of(await client.get(_link(second, "next")))
    assert third.count('data-customer-email="') == 10
    assert "c09@example.com" in third and 'rel="next"' not in third
    back = await html_of(await client.get(_link(third, "prev")))
    assert back.count('data-customer-email="') == 25 and "c34@example.com" in back
    back = await html_of(await client.get(_link(back, "prev")))
    assert "c59@example.com" in back and 'rel="prev"' not in back


def _link(page: str, rel: str) -> str:
    marker = f'rel="{rel}"'
    start = page.rindex('href="', 0, page.index(marker)) + len('href="')
    return page[start : page.index('"', start)].replace("&amp;", "&")


async def test_a_bad_cursor_is_a_message_not_an_error(client, sign_up):
    await signed_up(sign_up)
    response = await client.get("/dashboard/customers?after=garbage")
    assert response.status_code == 200
    assert "Invalid cursor" in await html_of(response)


async def test_detail_shows_subscription_features_history_and_organization(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    customer = await make_customer(merchant_id, email="org@example.com", name="Primary")
    subscription = await subscribe(
        merchant_id, monthly_cents=4900, customer=customer, features=[("API access", True)]
    )
    organization = await organizations.create_organization(
        merchant_id, name="Acme Org", primary_customer_id=customer.id
    )
    member = await make_customer(merchant_id, email="seat@example.com", name="Seat")
    await organizations.add_member(merchant_id, organization.id, member.id)
    page = await html_of(await client.get(f"/dashboard/customers/{customer.id}"))
    assert f'id="subscription-{subscription.stable_subscription_id}"' in page
    assert 'data-status="active"' in page and "$49.00" in page
    assert 'data-source="plan"' in page and "API access" in page and "From plan" in page
    assert "Subscribed" in page and "Features from the plan: API access" in page
    assert "Organization: Acme Org" in page
    assert "seat@example.com" in page and "Seat member" in page and "Primary" in page


async def test_delete_refuses_a_subscribed_customer_then_deletes(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id)
    customer_id = subscription.customer_id
    confirm = await html_of(await client.get(f"/dashboard/customers/{customer_id}/delete"))
    assert "cannot be deleted yet" in confirm  # said up front (issue 19, point 7)
    url = f"/dashboard/customers/{customer_id}/delete"
    response = await client.post(url, form={"csrf_token": token})
    assert response.status_code == 303
    page = await html_of(await client.get("/dashboard/customers"))
    assert "cancel it before deleting the customer" in page
    assert (await Customer.get(id=customer_id)).deleted_at is None

    other = await make_customer(merchant_id)
    response = await client.post(
        f"/dashboard/customers/{other.id}/delete", form={"csrf_token": token}, headers=HX
    )
    assert response.headers["HX-Redirect"] == "/dashboard/customers"
    assert (await Customer.get(id=other.id)).deleted_at is not None
    assert "deleted" in await html_of(await client.get("/dashboard/customers"))


async def test_another_merchants_customer_is_not_found(client, sign_up, make_merchant):
    await signed_up(sign_up)
    other = await make_merchant()
    theirs = await make_customer(other.id, email="secret@example.com")
    for path in ("", "/edit", "/delete"):
        response = await client.get(f"/dashboard/customers/{theirs.id}{path}")
        assert response.status_code == 303
    page = await html_of(await client.get("/dashboard/customers"))
    assert "Customer not found or access denied" in page
    assert "secret@example.com" not in page
    page = await html_of(await client.get("/dashboard/customers?search=secret"))
    assert "secret@example.com" not in page


async def test_the_country_is_picked_by_name_and_an_unlisted_stored_code_is_kept(client, sign_up):
    """The form once cut a typed "Austria" to AU (Australia): now a select of names."""
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/customers/new"))
    assert '<option selected value="">No country</option>' in page
    assert '<option value="AT">Austria (AT)</option>' in page
    response = await create(client, token, email="at@example.com", billing_country="AT")
    assert response.status_code == 303
    saved = await Customer.get(merchant_id=merchant_id, email="at@example.com")
    assert saved.billing_country == "AT"

    saved.billing_country = "XK"  # stored through the API; not named in the list
    await saved.save()
    url = f"/dashboard/customers/{saved.id}/edit"
    assert '<option selected value="XK">XK</option>' in await html_of(await client.get(url))
    values = {**FIELDS, "email": "at@example.com", "billing_country": "XK", "name": "Kept"}
    response = await client.post(url, form={"csrf_token": token, **values})
    assert response.status_code == 303
    assert (await Customer.get(id=saved.id)).billing_country == "XK"
