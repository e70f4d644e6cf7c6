"""Provider A's configuration service against a real localstripe: key kinds by mode, the
gateway's verdict, sealed storage, the hand-added webhook, and the account prefill."""

import asyncio
import dataclasses

import pytest

from billing.core.errors import Invalid, NotFound, Unavailable
from billing.payments import provider_a_config, providers, setup
from billing.payments.models import ProviderConfig
from tests.conftest import in_test_mode
from tests.support.processes.ports import free_port

LIVE = {"secret_key": "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "public_key": "pk_live_TYooMQauvdEDq54"}
TEST = {"secret_key": "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "public_key": "pk_test_TYooMQauvdEDq54"}


@pytest.mark.parametrize(
    ("mode", "secret", "public", "expected"),
    [
        ("live", "sk_live_abc", "pk_live_abc", None),
        ("test", "sk_test_abc", "pk_test_abc", None),
        ("live", "sk_test_abc", "pk_live_abc", "secretKey is a test key"),
        ("test", "sk_test_abc", "pk_live_abc", "publicKey is a live key"),
        ("live", "pk_live_abc", "pk_live_abc", "must be a provider A live key starting with sk_"),
        ("live", "sk_live_", "pk_live_abc", "starting with sk_live_"),
        ("live", "", "pk_live_abc", "secretKey must be a provider A key"),
        ("live", "sk_live_a\nb", "pk_live_abc", "control characters"),
        ("live", "sk_live_" + "a" * 400, "pk_live_abc", "1 to 300 characters"),
    ],
)
def test_key_kinds_must_fit_the_mode(mode, secret, public, expected):
    problem = provider_a_config.key_problem(mode, secret, public)
    if expected is None:
        assert problem is None
    else:
        assert expected in problem.message


@pytest.mark.usefixtures("provider_a_api")
async def test_the_gateway_accepts_a_good_key(merchant):
    answer = await provider_a_config.validate_keys(merchant.id, **LIVE)
    assert answer == {"message": "Provider A accepted the keys", "success": True}


@pytest.mark.usefixtures("provider_a_api")
async def test_a_key_the_gateway_refuses_answers_success_false(merchant):
    answer = await provider_a_config.validate_keys(
        merchant.id, secret_key="sk_live_not a key", public_key=LIVE["public_key"]
    )
    assert answer["success"] is False
    assert "refused the secret key" in answer["message"]


async def test_a_key_of_the_other_mode_is_refused_before_any_call(merchant):
    answer = await provider_a_config.validate_keys(merchant.id, **TEST)  # no gateway set up
    assert answer["success"] is False
    assert "this merchant is in live mode" in answer["message"]


async def test_an_unreachable_gateway_stores_nothing(app, merchant):
    previous = setup.current()
    closed = f"http://127.0.0.1:{free_port()}"
    setup.configure(dataclasses.replace(previous, provider_a_api_base=closed))
    try:
        answer = await provider_a_config.validate_keys(merchant.id, **LIVE)
        assert answer == {
            "message": "Provider A could not be reached; try again in a moment",
            "success": False,
        }
        with pytest.raises(Unavailable):
            await provider_a_config.save_config(merchant.id, **LIVE)
    finally:
        setup.configure(previous)
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


@pytest.mark.usefixtures("provider_a_api")
async def test_save_seals_secrets_and_read_masks_them(merchant):
    saved = await provider_a_config.save_config(merchant.id, **LIVE, webhook_secret="whsec_abc123")
    url = f"http://127.0.0.1:8000/v1/public/webhook/{merchant.id}"
    assert saved["webhook"] == {
        "id": None,  # localstripe has no webhook-endpoints API
        "url": url,
        "enabled_events": [
            "payment_intent.succeeded",
            "payment_intent.payment_failed",
            "setup_intent.succeeded",
            "setup_intent.setup_failed",
            "checkout.session.completed",
        ],
    }
    assert f"Add {url} by hand" in saved["message"]

    row = await ProviderConfig.get(id=saved["id"])
    assert (row.merchant_id, row.provider, row.environment) == (merchant.id, "provider_a", "live")
    assert LIVE["secret_key"] not in row.secret_key_sealed
    assert "whsec" not in row.webhook_secret_sealed
    assert await provider_a_config.provider_a_secret(merchant.id) == LIVE["secret_key"]
    assert await provider_a_config.webhook_secret(merchant.id) == "whsec_abc123"

    config = await provider_a_config.read_config(merchant.id)
    assert config["secretKey"].endswith("p7dc") and LIVE["secret_key"] not in config["secretKey"]
    assert (config["id"], config["publicKey"], config["hasWebhook"]) == (
        saved["id"],
        LIVE["public_key"],
        False,
    )


@pytest.mark.usefixtures("provider_a_api")
async def test_saving_again_replaces_the_one_row(merchant):
    first = await provider_a_config.save_config(merchant.id, **LIVE, webhook_secret="whsec_1")
    newer = {"secret_key": "sk_live_second0000", "public_key": "pk_live_second"}
    second = await provider_a_config.save_config(merchant.id, **newer)
    assert second["id"] == first["id"]
    assert await ProviderConfig.filter(merchant_id=merchant.id).count() == 1
    assert await provider_a_config.provider_a_secret(merchant.id) == "sk_live_second0000"
    assert await provider_a_config.webhook_secret(merchant.id) == "whsec_1"  # kept


@pytest.mark.usefixtures("provider_a_api")
async def test_refused_keys_store_nothing(merchant):
    for keys in (TEST, {"secret_key": "sk_live_not a key", "public_key": "pk_live_x"}):
        with pytest.raises(Invalid):
            await provider_a_config.save_config(merchant.id, **keys)
    with pytest.raises(Invalid):
        await provider_a_config.save_config(merchant.id, **LIVE, webhook_secret="")
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


@pytest.mark.usefixtures("provider_a_api")
async def test_each_merchant_row_has_its_own_config(merchant, make_merchant):
    await provider_a_config.save_config(merchant.id, **LIVE)
    other = await make_merchant(name="Other Co")
    test_row = await in_test_mode(merchant)
    for merchant_id, mode in ((other.id, "live"), (test_row.id, "test")):
        with pytest.raises(NotFound) as missing:
            await provider_a_config.read_config(merchant_id)
        assert f"not configured for this merchant in {mode} mode" in missing.value.message
        assert await provider_a_config.provider_a_secret(merchant_id) is None
        assert not await providers.has_payment_provider(merchant_id)
    assert await providers.has_payment_provider(merchant.id)


def test_the_account_object_prefills_the_profile():
    account = {
        "id": "acct_1",
        "country": "DE",
        "email": "billing@acme.example",
        "default_currency": "eur",
        "business_profile": {"name": "Acme"},
        "company": {"name": "Acme Software GmbH"},
        "settings": {"dashboard": {"display_name": "Acme Cloud"}},
    }
    assert providers.prefill_from_account(account) == {
        "legalName": "Acme Software GmbH",
        "displayName": "Acme Cloud",
        "defaultCurrency": "EUR",
        "country": "DE",
        "email": "billing@acme.example",
    }
    assert providers.prefill_from_account({"business_profile": {"name": "Solo"}}, "usd") == {
        "legalName": "Solo",
        "displayName": "Solo",
        "defaultCurrency": "USD",
        "country": None,
        "email": None,
    }


@pytest.mark.usefixtures("provider_a_api")
async def test_merchant_data_reads_the_gateway_with_the_stored_key(merchant):
    with pytest.raises(Invalid, match="Provider A is not configured"):
        await providers.merchant_data(merchant.id)
    await provider_a_config.save_config(merchant.id, **LIVE)
    # localstripe has no account API: the balance's currency is what it can tell
    assert await providers.merchant_data(merchant.id) == {
        "legalName": None,
        "displayName": None,
        "defaultCurrency": "EUR",
        "country": None,
        "email": None,
    }


@pytest.mark.usefixtures("provider_a_api")
async def test_two_saves_at_once_leave_one_row(merchant):
    other = {"secret_key": "sk_live_concurrent01", "public_key": "pk_live_concurrent"}
    await asyncio.gather(
        provider_a_config.save_config(merchant.id, **LIVE),
        provider_a_config.save_config(merchant.id, **other),
    )
    assert await ProviderConfig.filter(merchant_id=merchant.id).count() == 1
