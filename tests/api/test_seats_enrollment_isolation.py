"""Tenant isolation over every route of the seats and enrollment work, in one place: the
seat calls (add, remove, usage), the enrollment rules (list, create, delete), enrolling a
user, the identity-provider webhook, and the dashboard's organization panel (customer page)
and enrollment panel (plan page). Another merchant's ids, and the other mode's ids, answer
exactly as made-up ids do (same status, same body once ids and instants are blanked), and
nothing of their owner changes.

One business signs up (its live and test rows, each with a secret key) beside another
merchant; each of the three holds one of everything: a seat subscription whose organization
has an external id, a member and a removed member, a plan with a domain rule, and two users
enrolled (one by the enroll call, one by the webhook). The external ids (``user_id``,
``organization_id``, ``userId``, the webhook record's id) are per merchant too, so theirs must
be as unknown to a caller as a made-up one, or, where an unknown id makes something new (a
seat's member, an enrolled user), make exactly what a made-up one makes.
"""

import re

from billing.accounts import merchants
from billing.accounts.api_keys import create_api_key
from billing.accounts.models import Merchant
from billing.core.ids import random_base62
from billing.customers.models import Customer, Organization
from billing.customers.organizations import create_organization
from billing.enrollment import rules
from billing.enrollment.models import EnrollmentRule
from billing.invoicing.models import Invoice
from billing.seats.models import SeatChange
from billing.subscriptions.models import Subscription
from tests.conftest import MerchantAccount
from tests.support.billing.enrollment.free_subscriptions import free_setup
from tests.support.factories.catalog import make_plan
from tests.support.factories.seats import new_user, seat_team
from tests.support.webapp.catalog_pages import HX, html_of, signed_up

JAN_16 = "2030-01-16T00:00:00Z"
# Ids Tally makes (``cust_…``, ``enrl_…``, ``seatkey_…``) and instants: a new record made by
# the call with their id and by the call with a made-up one differs only in these.
MADE = re.compile(r"\b[a-z]+_[A-Za-z0-9]{22}\b|\d{4}-\d\d-\d\dT[0-9:.]+(Z|\+00:00)?")


def tag() -> str:
    return random_base62(10).lower()


async def account_of(merchant_id: str) -> MerchantAccount:
    _, secret = await create_api_key(merchant_id, name="Isolation", key_type="secret")
    return MerchantAccount(merchant_id, "", "", secret, "")


async def call(client, account, method: str, path: str, body=None):
    response = await client.open(path, method=method, headers=account.headers, json=body)
    assert response.status_code < 500, (path, await response.get_data(as_text=True))
    return response.status_code, await response.get_json()


async def holdings(client, account) -> dict:
    """One of everything the seats and enrollment work keeps, for ``account``; ids by kind."""
    team = await seat_team(account.id)
    org = f"org-{tag()}"
    await create_organization(
        account.id, name="Initech", primary_customer_id=team.subscriber.id, external_id=org
    )
    member, gone = new_user("Grace"), new_user("Lin")
    for user in (member, gone):
        body = {"organization_id": org, **user, "timestamp": JAN_16}
        assert (await call(client, account, "POST", "/v1/seats/add", body))[0] == 200
    removal = {"organization_id": org, "removed_user_id": gone["created_user_id"]}
    assert (await call(client, account, "POST", "/v1/seats/remove", removal))[0] == 200
    plan = await make_plan(account.id, name="Team", monthly_cents=2000)
    domain = f"{tag()}.io"
    rule = await rules.create_rule(
        account.id, plan_id=plan.id, matcher_type="domain", matcher_value=domain
    )
    await free_setup(account.id)
    enrolled = {"customerEmail": f"ada@{domain}", "customerName": "Ada", "userId": f"u-{tag()}"}
    assert (await call(client, account, "POST", "/v1/enrollment/enroll", enrolled))[0] == 201
    signed_up_user = {"id": f"idp-{tag()}", "email": f"bo@{domain}"}
    event = identity_event(signed_up_user["id"], signed_up_user["email"])
    assert (await call(client, account, "POST", "/v1/webhooks/identity-provider", event))[0] == 200
    member_row = await Customer.get(
        merchant_id=account.id, external_customer_id=member["created_user_id"]
    )
    return {
        "cust": team.subscriber.id,
        "member_cust": member_row.id,
        "plan": plan.id,
        "rule": rule.id,
        "user": team.user_id,
        "org": org,
        "member": member["created_user_id"],
        "gone": gone["created_user_id"],
        "enrolled_user": enrolled["userId"],
        "enrolled_email": enrolled["customerEmail"],
        "idp_user": signed_up_user["id"],
        "idp_email": signed_up_user["email"],
    }


def made_up(ids: dict) -> dict:
    """Ids of nothing, each of the kind of the one it stands for."""
    fake = {kind: f"{ids[kind].split('_')[0]}_{random_base62(22)}" for kind in ("cust", "plan")}
    fake["member_cust"] = f"cust_{random_base62(22)}"
    fake["rule"] = f"enrl_{random_base62(22)}"
    for kind in ("user", "org", "member", "gone", "enrolled_user", "idp_user"):
        fake[kind] = f"{kind}-{tag()}"
    for kind in ("enrolled_email", "idp_email"):
        fake[kind] = f"someone@{tag()}.io"
    return fake


def identity_event(user_id: str, email: str) -> dict:
    record = {"id": user_id, "email": email, "raw_user_meta_data": {"first_name": "Bo"}}
    return {"type": "INSERT", "table": "users", "record": record}


def api_calls(their: dict, mine: dict) -> list[tuple[str, str, dict | None]]:
    """Every issue-23 call that names an id: ``their`` ids where an id goes, ``mine`` (the
    caller's own) where the call needs one of the caller's records to reach it."""
    add, remove = "/v1/seats/add", "/v1/seats/remove"
    return [
        ("POST", add, {"user_id": their["user"], **new_user()}),
        ("POST", add, {"organization_id": their["org"], **new_user()}),
        ("POST", add, {"user_id": their["member"], **new_user()}),
        ("POST", add, {"user_id": mine["user"], **new_user(), "created_user_id": their["member"]}),
        ("POST", remove, {"user_id": their["user"], "removed_user_id": their["member"]}),
        ("POST", remove, {"organization_id": their["org"], "removed_user_id": their["member"]}),
        ("POST", remove, {"user_id": mine["user"], "removed_user_id": their["member"]}),
        ("POST", remove, {"user_id": mine["user"], "removed_user_id": their["gone"]}),
        ("GET", f"/v1/seats/usage/{their['cust']}", None),
        ("GET", f"/v1/seats/usage/{their['member_cust']}", None),
        ("GET", f"/v1/enrollment/rules?planId={their['plan']}", None),
        (
            "POST",
            "/v1/enrollment/rules",
            {"planId": their["plan"], "matcherType": "domain", "matcherValue": f"{tag()}.io"},
        ),
        ("DELETE", f"/v1/enrollment/rules/{their['rule']}", None),
        (
            "POST",
            "/v1/enrollment/enroll",
            {
                "customerEmail": their["enrolled_email"],
                "customerName": "Ada",
                "userId": their["enrolled_user"],
            },
        ),
        (
            "POST",
            "/v1/webhooks/identity-provider",
            identity_event(their["idp_user"], their["idp_email"]),
        ),
    ]


def blanked(text: str, values: list[str]) -> str:
    for value in sorted(values, key=len, reverse=True):
        text = text.replace(value, "ID")
    return MADE.sub("ID", text)


async def owners_state(merchant_id: str) -> list:
    return [
        sorted(await Customer.filter(merchant_id=merchant_id).values_list("id", "organization_id")),
        await Organization.filter(merchant_id=merchant_id).count(),
        sorted(await SeatChange.filter(merchant_id=merchant_id).values_list("id", "kind")),
        await Invoice.filter(merchant_id=merchant_id).count(),
        sorted(await Subscription.filter(merchant_id=merchant_id).values_list("id", "status")),
        sorted(
            await EnrollmentRule.filter(merchant_id=merchant_id).values_list("id", "deleted_at")
        ),
    ]


async def api_answer(client, caller, method, path, body, blank) -> tuple[int, str]:
    response = await client.open(path, method=method, headers=caller.headers, json=body)
    return response.status_code, blanked(await response.get_data(as_text=True), blank)


def page_calls(ids: dict, mine: dict, token: str) -> list[tuple[str, str, dict | None, dict]]:
    form = {"csrf_token": token}
    plans = "/dashboard/plans"
    return [
        ("GET", f"/dashboard/customers/{ids['cust']}", None, {}),  # the organization panel
        ("GET", f"/dashboard/customers/{ids['member_cust']}", None, {}),
        ("GET", f"{plans}/{ids['plan']}", None, {}),  # the enrollment panel
        ("POST", f"{plans}/{ids['plan']}/enrollment-rules", {**form, "domain": "new.io"}, {}),
        ("POST", f"{plans}/{ids['plan']}/enrollment-rules", {**form, "domain": "new.io"}, HX),
        ("POST", f"{plans}/{ids['plan']}/enrollment-rules/{ids['rule']}/delete", form, {}),
        ("POST", f"{plans}/{mine['plan']}/enrollment-rules/{ids['rule']}/delete", form, HX),
    ]


async def page_answer(client, method, path, form, headers, blank) -> tuple:
    """Status, where it leads, and the pages it leads through (the last with its flashed
    message): a rule removed under a plan that is not found leads to that plan's page, which
    leads to the plans list."""
    response = await client.open(path, method=method, form=form, headers=headers)
    status, location = response.status_code, response.headers.get("Location")
    body = await html_of(response)
    for _ in range(3):
        if not response.headers.get("Location"):
            break
        response = await client.get(response.headers["Location"].split("#")[0])
        body += await html_of(response)
    return status, location and blanked(location, blank), blanked(body, blank)


async def test_other_merchants_and_other_modes_ids_answer_as_missing(
    app,
    client,
    sign_up,
    make_merchant,
):
    live_id, token = await signed_up(sign_up)  # the dashboard session is this business's
    test_id = (await merchants.tenant_of(live_id, "test")).id
    await Merchant.filter(id__in=[live_id, test_id]).update(default_currency="USD")
    live, tester = await account_of(live_id), await account_of(test_id)
    other = await make_merchant("Other Co")
    api = app.test_client()  # keys only, no session cookie
    held = {account.id: await holdings(api, account) for account in (live, tester, other)}

    for owner, caller in [(other, live), (tester, live), (live, tester), (live, other)]:
        before = await owners_state(owner.id)
        their, mine = held[owner.id], held[caller.id]
        fake = made_up(their)
        blank = list(their.values()) + list(fake.values())
        for (method, path, body), (_, fake_path, fake_body) in zip(
            api_calls(their, mine), api_calls(fake, mine), strict=True
        ):
            seen = await api_answer(api, caller, method, path, body, blank)
            absent = await api_answer(api, caller, method, fake_path, fake_body, blank)
            assert seen == absent, (owner.id, caller.id, method, path, body)
            assert seen[0] < 500, (method, path, seen)
        assert await owners_state(owner.id) == before, (owner.id, caller.id)

    # The dashboard: in live mode the test row's and the other merchant's ids are nobody's;
    # switched to test mode, the live row's and the other merchant's.
    for mode, owners in (("live", (tester, other)), ("test", (live, other))):
        switched = await client.post("/dashboard/mode", form={"csrf_token": token, "mode": mode})
        assert switched.status_code == 303
        mine = held[live_id if mode == "live" else test_id]
        for owner in owners:
            before = await owners_state(owner.id)
            their = held[owner.id]
            fake = made_up(their)
            blank = list(their.values()) + list(fake.values())
            for (method, path, form, headers), (_, fake_path, fake_form, _) in zip(
                page_calls(their, mine, token), page_calls(fake, mine, token), strict=True
            ):
                seen = await page_answer(client, method, path, form, headers, blank)
                absent = await page_answer(client, method, fake_path, fake_form, headers, blank)
                assert seen == absent, (mode, owner.id, method, path, headers)
                # a page redirects; an HTMX request to the current plan answers its panel
                assert seen[0] in ((200, 303) if headers else (303,)), (mode, path, seen[:2])
                assert "not found or access denied" in seen[2], (mode, path, seen[:2])
            assert await owners_state(owner.id) == before, (mode, owner.id)
