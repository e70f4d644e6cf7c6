"""Every refused seat call: the status and message a merchant sees, and that nothing changed
(no customer, organization, seat change or invoice); another merchant's and the other mode's
external ids answer exactly as missing ones."""

import pytest

from billing.customers.customer_fields import INVALID_EMAIL
from billing.customers.customers import DUPLICATE_EMAIL
from billing.customers.models import Customer, Organization
from billing.customers.organizations import (
    ALREADY_IN_ORGANIZATION,
    add_member,
    create_organization,
)
from billing.invoicing.models import Invoice
from billing.seats import holders as h
from billing.seats import seat_inputs as inputs
from billing.seats import seats
from billing.seats.models import SeatChange
from tests.conftest import in_test_mode
from tests.support.factories.seats import customer_with_external_id, new_user, seat_team
from tests.support.factories.subscriptions import subscribe

MEMBER = new_user()
CREATED = "created_user_id"
BAD_TIME = "timestamp must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z"


async def state(merchant_id: str) -> tuple[int, ...]:
    return (
        await Customer.filter(merchant_id=merchant_id).count(),
        await Customer.filter(merchant_id=merchant_id, organization_id__not_isnull=True).count(),
        await Organization.filter(merchant_id=merchant_id).count(),
        await SeatChange.filter(merchant_id=merchant_id).count(),
        await Invoice.filter(merchant_id=merchant_id).count(),
    )


async def refused(client, merchant, path: str, body, status: int, message: str) -> None:
    before = await state(merchant.id)
    response = await client.post(f"/v1/seats/{path}", json=body, headers=merchant.headers)
    assert response.status_code == status
    assert await response.get_json() == {"error": message}
    assert await state(merchant.id) == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({**MEMBER}, inputs.ONE_HOLDER),
        ({"user_id": "u", "organization_id": "o", **MEMBER}, inputs.NOT_BOTH),
        ({"user_id": "  "}, "user_id is required"),
        ({"user_id": 7, **MEMBER}, "user_id must be a string"),
        ({"user_id": "SUB"}, "created_user_id is required"),
        ({"user_id": "SUB", "created_user_id": ["x"]}, "created_user_id must be a string"),
        ({"user_id": "SUB", CREATED: "x" * 201}, f"{CREATED} must be at most 200 characters"),
        ({"user_id": "SUB", CREATED: "a\u0000b"}, f"{CREATED} must not contain control characters"),
        ({"user_id": "SUB", **MEMBER, "created_user_info": "Grace"}, inputs.USER_INFO_SHAPE),
        ({"user_id": "SUB", **MEMBER, "created_user_info": {"email": 5}}, inputs.USER_INFO_SHAPE),
        ({"user_id": "SUB", **MEMBER, "timestamp": "yesterday"}, BAD_TIME),
        ({"user_id": "SUB", **MEMBER, "idempotency_key": 3}, "idempotency_key must be a string"),
        ({"user_id": "SUB", "created_user_id": "nobody-yet"}, seats.EMAIL_NEEDED),
        ({"user_id": "SUB", CREATED: "n", "created_user_info": {"email": "x"}}, INVALID_EMAIL),
    ],
)  # fmt: skip
async def test_bad_add_bodies_are_400s(client, merchant, body, message):
    team = await seat_team(merchant.id)
    if body.get("user_id") == "SUB":
        body = {**body, "user_id": team.user_id}
    await refused(client, merchant, "add", body, 400, message)


async def test_a_body_that_is_not_an_object_is_a_400(client, merchant):
    response = await client.post("/v1/seats/add", json=["x"], headers=merchant.headers)
    assert response.status_code == 400 and "error" in await response.get_json()


async def test_bad_remove_bodies_are_400s(client, merchant):
    team = await seat_team(merchant.id)
    await refused(
        client, merchant, "remove", {"user_id": team.user_id}, 400, "removed_user_id is required"
    )
    await refused(client, merchant, "remove", {"removed_user_id": "x"}, 400, inputs.ONE_HOLDER)


async def test_unknown_holders_members_and_subscriptions_are_404s(client, merchant):
    team = await seat_team(merchant.id)
    unsubscribed = await customer_with_external_id(merchant.id)
    await refused(client, merchant, "add", {"user_id": "nobody", **MEMBER}, 404, h.USER_NOT_FOUND)
    await refused(
        client,
        merchant,
        "add",
        {"organization_id": "no-org", **MEMBER},
        404,
        h.ORGANIZATION_NOT_FOUND,
    )
    await refused(
        client,
        merchant,
        "add",
        {"user_id": unsubscribed.external_customer_id, **MEMBER},
        404,
        h.NO_SEAT_SUBSCRIPTION,
    )
    flat = await subscribe(merchant.id, customer=await customer_with_external_id(merchant.id))
    flat_user = (await Customer.get(id=flat.customer_id)).external_customer_id
    await refused(
        client, merchant, "add", {"user_id": flat_user, **MEMBER}, 404, h.NO_SEAT_SUBSCRIPTION
    )
    gone = {"user_id": team.user_id, "removed_user_id": "never-added"}
    await refused(client, merchant, "remove", gone, 404, seats.NOT_A_MEMBER)


async def test_seats_already_held_and_the_primary_seat_are_409s(client, merchant):
    team = await seat_team(merchant.id)
    member = await customer_with_external_id(merchant.id)
    organization = await create_organization(
        merchant.id, name="Initech", primary_customer_id=team.subscriber.id
    )
    await add_member(merchant.id, organization.id, member.id)
    again = {"user_id": team.user_id, "created_user_id": member.external_customer_id}
    await refused(client, merchant, "add", again, 409, seats.ALREADY_MEMBER)
    other_team = await seat_team(merchant.id)
    elsewhere = {"user_id": other_team.user_id, "created_user_id": member.external_customer_id}
    await refused(client, merchant, "add", elsewhere, 409, ALREADY_IN_ORGANIZATION)
    primary = {"user_id": team.user_id, "removed_user_id": team.user_id}
    await refused(client, merchant, "remove", primary, 409, seats.PRIMARY_SEAT)
    taken = {
        "user_id": team.user_id,
        "created_user_id": "fresh",
        "created_user_info": {"email": member.email},
    }
    await refused(client, merchant, "add", taken, 409, DUPLICATE_EMAIL)


async def test_another_merchants_and_the_other_modes_ids_answer_as_missing(
    client, merchant, make_merchant
):
    theirs = await seat_team(merchant.id)
    organization = await create_organization(
        merchant.id, name="Initech", primary_customer_id=theirs.subscriber.id, external_id="org-x"
    )
    member = await customer_with_external_id(merchant.id)
    await add_member(merchant.id, organization.id, member.id)
    for other in (await make_merchant("Other Co"), await in_test_mode(merchant)):
        await refused(
            client, other, "add", {"user_id": theirs.user_id, **MEMBER}, 404, h.USER_NOT_FOUND
        )
        await refused(
            client,
            other,
            "add",
            {"organization_id": "org-x", **MEMBER},
            404,
            h.ORGANIZATION_NOT_FOUND,
        )
        removal = {"organization_id": "org-x", "removed_user_id": member.external_customer_id}
        await refused(client, other, "remove", removal, 404, h.ORGANIZATION_NOT_FOUND)
    # a member id that exists only at another merchant is a new customer here, theirs untouched
    ours = await seat_team((other := await make_merchant("Third Co")).id)
    body = {
        "user_id": ours.user_id,
        "created_user_id": member.external_customer_id,
        "created_user_info": {"email": "copy@example.com"},
    }
    response = await client.post("/v1/seats/add", json=body, headers=other.headers)
    assert response.status_code == 200
    assert (await Customer.get(id=member.id)).organization_id == organization.id
    created = await Customer.get(
        merchant_id=other.id, external_customer_id=member.external_customer_id
    )
    assert created.email == "copy@example.com"
