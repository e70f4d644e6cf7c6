"""/v1/provider-b: validate a key, save the configuration, read it back masked; per merchant
and per mode, and nothing stored from a bad body."""

import pytest

from billing.payments import provider_b_config, setup
from billing.payments.models import ProviderConfig
from tests.conftest import in_test_mode
from tests.support.fakes.provider_b_events import new_webhook_secret

CONFIG_FIELDS = {"id", "secretKey", "hasWebhook", "environment", "createdAt"}


async def validate(client, account, secret_key):
    response = await client.post(
        "/v1/provider-b/validate-key", json={"secretKey": secret_key}, headers=account.headers
    )
    return response.status_code, await response.get_json()


async def save(client, account, **body):
    response = await client.post("/v1/provider-b/config", json=body, headers=account.headers)
    return response.status_code, await response.get_json()


async def read(client, account):
    response = await client.get("/v1/provider-b/config", headers=account.headers)
    return response.status_code, await response.get_json()


async def test_a_live_key_validates_for_the_live_account(client, merchant, provider_b):
    status, body = await validate(client, merchant, provider_b.add_key("live_mode"))
    assert status == 200
    assert body == {
        "message": "Provider B accepted the key in live mode",
        "success": True,
        "environment": "live_mode",
    }


async def test_a_test_key_validates_for_the_test_account(client, merchant, provider_b):
    test = await in_test_mode(merchant)
    status, body = await validate(client, test, provider_b.add_key("test_mode"))
    assert (status, body["success"], body["environment"]) == (200, True, "test_mode")


async def test_the_other_kind_of_key_is_refused_with_its_environment(client, merchant, provider_b):
    status, body = await validate(client, merchant, provider_b.add_key("test_mode"))
    assert (status, body["success"], body["environment"]) == (200, False, "test_mode")
    assert "test-mode key" in body["message"] and "live-mode account" in body["message"]
    test = await in_test_mode(merchant)
    status, body = await validate(client, test, provider_b.add_key("live_mode"))
    assert (status, body["success"], body["environment"]) == (200, False, "live_mode")
    assert "use a provider B test-mode key here" in body["message"]


async def test_an_unknown_key_is_not_valid(client, merchant, provider_b):
    status, body = await validate(client, merchant, "sk_unknown_123456")
    assert status == 200
    assert body == {
        "message": "Provider B did not accept this secret key in test mode or live mode",
        "success": False,
        "environment": None,
    }


async def test_save_then_read_answers_the_key_masked(client, merchant, provider_b):
    key = provider_b.add_key("live_mode")
    status, saved = await save(client, merchant, secretKey=key)
    assert status == 200
    assert saved["message"].startswith("Provider B configuration saved")
    assert "webhook endpoint was created" in saved["message"]
    status, config = await read(client, merchant)
    assert status == 200
    assert set(config) == CONFIG_FIELDS
    assert config["id"] == saved["id"]
    assert config["secretKey"] == setup.masked(key) and config["secretKey"].endswith(key[-4:])
    assert key not in str(config)
    assert (config["hasWebhook"], config["environment"]) == (True, "live_mode")
    assert config["createdAt"].endswith("Z")
    hook = provider_b.webhook_for(setup.webhook_url(f"/v1/public/webhook-provider-b/{merchant.id}"))
    assert hook is not None and hook["secret"] not in str(config)


async def test_a_webhook_secret_sent_is_kept_sealed_and_never_answered(
    client, merchant, provider_b
):
    signing = new_webhook_secret()
    made_before = len(provider_b.webhooks)
    status, saved = await save(
        client, merchant, secretKey=provider_b.add_key("live_mode"), webhookSecret=signing
    )
    assert (status, saved["message"]) == (200, "Provider B configuration saved")
    assert len(provider_b.webhooks) == made_before  # none created at the provider
    status, config = await read(client, merchant)
    assert config["hasWebhook"] is True
    assert "webhookSecret" not in config and signing not in str(config)
    row = await ProviderConfig.get(id=saved["id"])
    assert signing not in row.webhook_secret_sealed
    assert setup.unseal(row.webhook_secret_sealed) == signing


async def test_a_missing_configuration_answers_404(client, merchant):
    status, body = await read(client, merchant)
    assert (status, body) == (404, {"error": provider_b_config.NOT_CONFIGURED})


async def test_no_other_merchant_or_mode_sees_the_configuration(client, make_merchant, provider_b):
    owner = await make_merchant()
    other = await make_merchant()
    status, _ = await save(client, owner, secretKey=provider_b.add_key("live_mode"))
    assert status == 200
    missing = (404, {"error": provider_b_config.NOT_CONFIGURED})
    assert await read(client, other) == missing
    assert await read(client, await in_test_mode(owner)) == missing
    assert await read(client, await in_test_mode(other)) == missing


async def test_each_mode_has_its_own_configuration(client, merchant, provider_b):
    test = await in_test_mode(merchant)
    _, live_saved = await save(client, merchant, secretKey=provider_b.add_key("live_mode"))
    _, test_saved = await save(client, test, secretKey=provider_b.add_key("test_mode"))
    assert live_saved["id"] != test_saved["id"]
    assert (await read(client, merchant))[1]["environment"] == "live_mode"
    assert (await read(client, test))[1]["environment"] == "test_mode"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({}, "Missing required field 'secretKey'"),
        ({"secretKey": None}, "Invalid value for field 'secretKey'"),
        ({"secretKey": 12345}, "Invalid value for field 'secretKey'"),
        ({"secretKey": ""}, "secretKey is required"),
        ({"secretKey": "   "}, "secretKey is required"),
        ({"secretKey": "has space"}, "secretKey must be a provider B secret key"),
        ({"secretKey": "x" * 301}, "secretKey must be a provider B secret key"),
        ({"secretKey": "ключ"}, "secretKey must be a provider B secret key"),
        ({"secretKey": "LIVE", "webhookSecret": "plain"}, "webhookSecret must be"),
        ({"secretKey": "LIVE", "webhookSecret": ""}, "webhookSecret must be"),
        ({"secretKey": "LIVE", "webhookSecret": 7}, "Invalid value for field 'webhookSecret'"),
        ({"secretKey": "TEST"}, "test-mode key, and this is the live-mode account"),
        ({"secretKey": "sk_unknown_key"}, "did not accept this secret key"),
        (["secretKey"], "Request body must be a JSON object"),
    ],
)
async def test_a_bad_body_answers_400_and_stores_nothing(client, merchant, provider_b, body, error):
    keys = {"LIVE": provider_b.add_key("live_mode"), "TEST": provider_b.add_key("test_mode")}
    if isinstance(body, dict) and body.get("secretKey") in keys:
        body = {**body, "secretKey": keys[body["secretKey"]]}
    response = await client.post("/v1/provider-b/config", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert error in (await response.get_json())["error"]
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


async def test_a_body_that_is_not_json_answers_400(client, merchant, provider_b):
    for path in ("/v1/provider-b/config", "/v1/provider-b/validate-key"):
        response = await client.post(path, data="secretKey=x", headers=merchant.headers)
        assert response.status_code == 400
        assert isinstance((await response.get_json())["error"], str)
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


async def test_validate_key_refuses_a_bad_body(client, merchant, provider_b):
    status, body = await validate(client, merchant, "")
    assert (status, body) == (400, {"error": "secretKey is required"})
    status, body = await validate(client, merchant, None)
    assert status == 400 and "secretKey" in body["error"]


async def test_an_unreachable_provider_answers_503_and_stores_nothing(client, merchant, provider_b):
    provider_b.fail_next(4)
    status, body = await save(client, merchant, secretKey=provider_b.add_key("live_mode"))
    assert status == 503
    assert body == {"error": "Provider B could not be reached to check the key; try again later"}
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


async def test_provider_b_routes_need_a_secret_key(client, merchant):
    assert (await client.get("/v1/provider-b/config")).status_code == 401
    response = await client.post("/v1/provider-b/validate-key", json={"secretKey": "k"})
    assert response.status_code == 401
