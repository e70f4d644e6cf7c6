"""Enrollment rules on the plan page without a browser: the no-JavaScript round trips, the
notice when the plan cannot be sold in the default currency, and tenant isolation (another
merchant's plan and rule ids answer exactly as ids of nothing, and nothing of theirs changes)."""

from billing.core.ids import new_id
from billing.enrollment import rules
from billing.enrollment.models import EnrollmentRule
from tests.support.factories.catalog import make_plan
from tests.support.webapp.catalog_pages import HX, html_of, signed_up


async def add_rule(merchant_id: str, plan, domain: str) -> EnrollmentRule:
    return await rules.create_rule(
        merchant_id, plan_id=plan.id, matcher_type="domain", matcher_value=domain
    )


async def test_add_and_remove_without_javascript(client, sign_up):
    merchant_id, token = await signed_up(sign_up)  # default currency EUR
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2000)  # priced in USD
    page = f"/dashboard/plans/{plan.id}"
    response = await client.post(
        f"{page}/enrollment-rules", form={"csrf_token": token, "domain": "Acme.io"}
    )
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"{page}#enrollment")
    html = await html_of(await client.get(page))
    assert "People at acme.io now join this plan." in html
    assert 'data-domain="acme.io"' in html
    assert "no price in EUR, your default currency" in html

    rule = await EnrollmentRule.get(merchant_id=merchant_id)
    response = await client.post(
        f"{page}/enrollment-rules/{rule.id}/delete", form={"csrf_token": token}
    )
    assert response.status_code == 303
    html = await html_of(await client.get(page))
    assert "People at acme.io no longer join this plan." in html
    assert "No domains yet" in html


async def test_form_errors_come_back_in_the_panel(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2000)
    path = f"/dashboard/plans/{plan.id}/enrollment-rules"
    for typed, says in (("", "Enter a domain"), ("*.acme.io", "without wildcards")):
        response = await client.post(path, form={"csrf_token": token, "domain": typed}, headers=HX)
        html = await html_of(response)
        assert response.status_code == 422, html
        assert 'id="enrollment"' in html
        assert says in html
    assert not await EnrollmentRule.filter(merchant_id=merchant_id).exists()


async def test_another_merchants_ids_answer_as_missing(client, sign_up, make_merchant):
    owner = await make_merchant()
    their_plan = await make_plan(owner.id, name="Theirs", monthly_cents=2000)
    their_rule = await add_rule(owner.id, their_plan, "theirs.io")
    merchant_id, token = await signed_up(sign_up)
    mine = await make_plan(merchant_id, name="Mine", monthly_cents=2000)
    other_of_mine = await make_plan(merchant_id, name="Other", monthly_cents=2000)
    my_rule = await add_rule(merchant_id, other_of_mine, "other.io")
    made_up_plan, made_up_rule = new_id("plan"), new_id("enrl")

    async def outcome(path: str, form: dict) -> tuple:
        response = await client.post(path, form={"csrf_token": token, **form})
        location = response.headers.get("Location")
        shown = await html_of(await client.get(location.split("#")[0])) if location else ""
        return response.status_code, location, shown  # the page with its flashed message

    add = {"domain": "new.io"}
    assert await outcome(f"/dashboard/plans/{their_plan.id}/enrollment-rules", add) == (
        await outcome(f"/dashboard/plans/{made_up_plan}/enrollment-rules", add)
    )
    for rule_id in (their_rule.id, my_rule.id):  # another merchant's, another plan's
        status, location, flashed = await outcome(
            f"/dashboard/plans/{mine.id}/enrollment-rules/{rule_id}/delete", {}
        )
        expected = await outcome(
            f"/dashboard/plans/{mine.id}/enrollment-rules/{made_up_rule}/delete", {}
        )
        assert (status, location, flashed) == expected
        assert "Enrollment rule not found or access denied" in flashed
    assert (await EnrollmentRule.get(id=their_rule.id)).deleted_at is None
    assert (await EnrollmentRule.get(id=my_rule.id)).deleted_at is None
    assert not await EnrollmentRule.filter(merchant_id=merchant_id, matcher_value="new.io").exists()
    assert not await EnrollmentRule.filter(merchant_id=owner.id, matcher_value="new.io").exists()
