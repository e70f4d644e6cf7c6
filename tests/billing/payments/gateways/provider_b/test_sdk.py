"""Provider B through the official SDK, against the fake: key checks per environment, webhook
creation, and the configuration stored sealed (signatures: test_signatures.py).
(The ``provider_b`` fixture is the fake, so the adapter module is imported as ``adapter``.)"""

import pytest

from billing.core.errors import Invalid, NotFound, Unavailable
from billing.payments import provider_b_config, setup
from billing.payments.gateways.provider_b import sdk as adapter
from billing.payments.models import ProviderConfig
from tests.conftest import in_test_mode
from tests.support.fakes.provider_b_events import new_webhook_secret


async def test_a_key_is_valid_in_its_own_environment_only(provider_b):
    test_key = provider_b.add_key("test_mode")
    live_key = provider_b.add_key("live_mode")
    assert await _checked(test_key) == (True, "test_mode")
    assert await _checked(live_key) == (True, "live_mode")


async def _checked(key: str) -> tuple[bool, str | None]:
    check = await adapter.validate_key(key)
    assert check.message
    return check.success, check.environment


async def test_an_unknown_key_is_refused_without_raising(provider_b):
    check = await adapter.validate_key("not-a-known-key")
    assert check == (False, adapter.REFUSED, None)


async def test_an_outage_is_not_taken_for_a_bad_key(provider_b):
    provider_b.fail_next(4)  # both environments, each with its one retry
    check = await adapter.validate_key(provider_b.add_key("test_mode"))
    assert check == (False, adapter.UNREACHABLE, None)


async def test_a_webhook_is_created_with_its_signing_secret(provider_b):
    key = provider_b.add_key("live_mode")
    webhook_id, secret = await adapter.create_webhook(
        key, "live_mode", "http://tally.example/v1/public/webhook-provider-b/mer_1"
    )
    made = provider_b.webhooks[webhook_id]
    assert made["secret"] == secret and secret.startswith("whsec_")
    assert made["url"] == "http://tally.example/v1/public/webhook-provider-b/mer_1"
    assert "payment.succeeded" in made["filter_types"]


async def test_saved_secrets_are_sealed_in_the_database(provider_b, make_merchant):
    account = await make_merchant()
    key = provider_b.add_key("live_mode")
    saved = await provider_b_config.save_config(account.id, key)
    row = await ProviderConfig.get(id=saved["id"])
    assert row.merchant_id == account.id and row.provider == "provider_b"
    assert key not in row.secret_key_sealed
    assert setup.unseal(row.secret_key_sealed) == key
    hook = provider_b.webhooks[row.webhook_id]
    assert hook["secret"] not in row.webhook_secret_sealed
    assert setup.unseal(row.webhook_secret_sealed) == hook["secret"]
    assert hook["url"] == setup.webhook_url(f"/v1/public/webhook-provider-b/{account.id}")
    assert (row.has_webhook, row.environment) == (True, "live_mode")


async def test_saving_the_same_key_again_keeps_its_webhook(provider_b, make_merchant):
    account = await make_merchant()
    key = provider_b.add_key("live_mode")
    first = await provider_b_config.save_config(account.id, key)
    before = len(provider_b.webhooks)
    second = await provider_b_config.save_config(account.id, key)
    assert second["id"] == first["id"]
    assert len(provider_b.webhooks) == before
    assert await ProviderConfig.filter(merchant_id=account.id).count() == 1


async def test_a_new_key_replaces_the_old_one(provider_b, make_merchant):
    account = await make_merchant()
    await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    signing = new_webhook_secret()
    newer = provider_b.add_key("live_mode")
    await provider_b_config.save_config(account.id, newer, signing)
    row = await provider_b_config.get_config(account.id)
    assert setup.unseal(row.secret_key_sealed) == newer
    assert setup.unseal(row.webhook_secret_sealed) == signing
    assert row.webhook_id is None and row.has_webhook


async def test_each_mode_takes_only_its_own_kind_of_key(provider_b, make_merchant):
    live = await make_merchant()
    test = await in_test_mode(live)
    with pytest.raises(Invalid, match="test-mode key, and this is the live-mode account"):
        await provider_b_config.save_config(live.id, provider_b.add_key("test_mode"))
    with pytest.raises(Invalid, match="live-mode key, and this is the test-mode account"):
        await provider_b_config.save_config(test.id, provider_b.add_key("live_mode"))
    await provider_b_config.save_config(test.id, provider_b.add_key("test_mode"))
    assert (await provider_b_config.get_config(test.id)).environment == "test_mode"
    with pytest.raises(NotFound):
        await provider_b_config.get_config(live.id)


async def test_a_refused_webhook_still_saves_the_key_and_says_so(provider_b, make_merchant):
    account = await make_merchant()
    provider_b.refuse_webhooks = True
    try:
        saved = await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    finally:
        provider_b.refuse_webhooks = False
    assert saved["message"] == provider_b_config.SAVED + provider_b_config.NO_WEBHOOK
    row = await provider_b_config.get_config(account.id)
    assert (row.has_webhook, row.webhook_id, row.webhook_secret_sealed) == (False, None, None)


async def test_an_outage_saves_nothing(provider_b, make_merchant):
    account = await make_merchant()
    provider_b.fail_next(4)
    with pytest.raises(Unavailable):
        await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    assert not await ProviderConfig.filter(merchant_id=account.id).exists()
