"""Accounts (sign-up, provisioning), merchant profile and dunning rules at the service level."""

import asyncio

import pytest

from billing.accounts import accounts, merchants
from billing.accounts.models import ApiKey, Membership, Merchant, User
from billing.core.errors import Conflict, Forbidden, Invalid, NotFound, Unauthorized
from billing.subscriptions import dunning
from tests.conftest import PASSWORD, unique_email


async def test_provision_creates_everything_or_nothing(app):
    email = unique_email()
    with pytest.raises(Invalid):
        await accounts.provision_merchant(
            name="Half Made", email=email, password=PASSWORD, environment="staging"
        )
    assert not await User.filter(email=email).exists()
    assert not await Merchant.filter(legal_name="Half Made").exists()


async def test_provision_makes_owner_and_two_keys(app):
    made = await accounts.provision_merchant(
        name="Full", email=unique_email(), password=PASSWORD, environment="test"
    )
    assert made.secret_key.startswith("sk_test_")
    assert made.publishable_key.startswith("pk_test_")
    assert await ApiKey.filter(merchant_id=made.merchant.id).count() == 2
    assert made.merchant.mode == "test"  # the keys' own row; the owner is a member of the live one
    membership = await Membership.get(merchant_id=made.merchant.account_id)
    assert (membership.user_id, membership.role) == (made.user.id, "owner")


async def test_concurrent_sign_ups_with_one_email_give_one_account(app):
    email = unique_email()
    results = await asyncio.gather(
        *(
            accounts.sign_up(email=email, password=PASSWORD, legal_name=f"Race {i}")
            for i in range(4)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(result, Exception) for result in results) == 1
    assert all(isinstance(r, Conflict) for r in results if isinstance(r, Exception))
    assert await User.filter(email=email).count() == 1


@pytest.mark.parametrize(
    ("email", "password", "message"),
    [
        ("not-an-email", PASSWORD, "valid email"),
        ("a\u0000b@example.com", PASSWORD, "valid email"),
        (None, PASSWORD, "valid email"),
        ("ok@example.com", "short1", "at least 10"),
        ("ok@example.com", "onlyletterss", "mix letters"),
        ("ok@example.com", "abc\ud800defgh1", "cannot be stored"),
    ],
)
async def test_sign_up_validates(app, email, password, message):
    with pytest.raises(Invalid, match=message):
        await accounts.sign_up(email=email, password=password, legal_name="X")


def test_validate_profile_upper_cases_currency():
    assert merchants.validate_profile(default_currency=" gbp ") == {"default_currency": "GBP"}
    assert merchants.validate_profile() == {}
    with pytest.raises(Invalid, match="ISO 4217"):
        merchants.validate_profile(default_currency="ZZZ")


async def test_other_merchant_is_invisible(make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    with pytest.raises(NotFound, match="Merchant not found or access denied"):
        await merchants.get_visible_merchant(bob.id, alice.id)


async def test_dunning_defaults_are_not_shared(merchant):
    values, is_default = await dunning.get_dunning_config(merchant.id)
    values["retry_schedule_days"].append(99)
    again, _ = await dunning.get_dunning_config(merchant.id)
    assert is_default and again["retry_schedule_days"] == [1, 3, 5]


async def test_dunning_update_validates_before_writing(merchant):
    with pytest.raises(Invalid, match="endAction"):
        await dunning.update_dunning_config(
            merchant.id, retry_schedule_days=[2, 4], end_action="explode"
        )
    _, is_default = await dunning.get_dunning_config(merchant.id)
    assert is_default


@pytest.mark.parametrize("grace", [True, -1, 91])
async def test_dunning_grace_period_bounds(merchant, grace):
    with pytest.raises(Invalid, match="gracePeriodDays"):
        await dunning.update_dunning_config(merchant.id, grace_period_days=grace)


async def test_log_in_returns_user_and_their_business(app):
    email = unique_email()
    user, merchant = await accounts.sign_up(email=email, password=PASSWORD, legal_name="Logged")
    logged_user, logged_merchant = await accounts.log_in(
        email=email.upper(), password=PASSWORD, ip_address="10.0.0.1"
    )
    assert (logged_user.id, logged_merchant.id) == (user.id, merchant.id)


async def test_log_in_refuses_a_user_without_business(app):
    email = unique_email()
    user, _ = await accounts.sign_up(email=email, password=PASSWORD, legal_name="Gone")
    await Membership.filter(user_id=user.id).delete()
    with pytest.raises(Forbidden, match="no business"):
        await accounts.log_in(email=email, password=PASSWORD, ip_address="10.0.0.2")


async def test_unknown_email_and_wrong_password_answer_alike(app):
    email = unique_email()
    await accounts.sign_up(email=email, password=PASSWORD, legal_name="Alike")
    messages = []
    for candidate in (email, unique_email("nobody")):
        with pytest.raises(Unauthorized) as raised:
            await accounts.log_in(
                email=candidate, password="wrong-password-9", ip_address="10.0.0.3"
            )
        messages.append(raised.value.message)
    assert messages == ["Invalid email or password"] * 2
