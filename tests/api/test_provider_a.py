"""/v1/provider-a and the merchant routes that depend on it, against a real localstripe."""

import pytest

from billing.payments.models import ProviderConfig
from tests.conftest import in_test_mode
from tests.support.api.provider_a import EVENTS, LIVE

TEST = {"secretKey": "sk_test_51HxAcmeSecret7e21", "publicKey": "pk_test_51HxAcmePublic"}
pytestmark = pytest.mark.usefixtures("provider_a_api")


async def _save(client, account, body):
    return await client.post("/v1/provider-a/config", json=body, headers=account.headers)


async def test_validate_keys_good_bad_and_wrong_kind(client, merchant):
    cases = [
        (LIVE, True, "accepted"),
        ({**LIVE, "secretKey": "sk_live_not a key"}, False, "refused the secret key"),
        (TEST, False, "this merchant is in live mode"),
        ({**LIVE, "publicKey": "sk_live_abc"}, False, "starting with pk_live_"),
    ]
    for body, success, said in cases:
        response = await client.post(
            "/v1/provider-a/validate-keys", json=body, headers=merchant.headers
        )
        assert response.status_code == 200
        answer = await response.get_json()
        assert answer["success"] is success and said in answer["message"], answer
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()


async def test_save_then_read_masks_the_secret(client, merchant):
    response = await _save(client, merchant, {**LIVE, "webhookSecret": "whsec_handmade42"})
    assert response.status_code == 200
    saved = await response.get_json()
    url = f"http://127.0.0.1:8000/v1/public/webhook/{merchant.id}"
    assert saved["id"].startswith("pcfg_")
    assert saved["webhook"] == {"id": None, "url": url, "enabled_events": EVENTS}
    assert f"Add {url} by hand" in saved["message"]

    response = await client.get("/v1/provider-a/config", headers=merchant.headers)
    assert response.status_code == 200
    config = await response.get_json()
    assert config == {
        "id": saved["id"],
        "publicKey": LIVE["publicKey"],
        "secretKey": "*" * (len(LIVE["secretKey"]) - 4) + "9f3a",
        "hasWebhook": False,
        "createdAt": config["createdAt"],
    }
    assert config["createdAt"].endswith("Z")
    raw = (await response.get_data()).decode()
    assert "whsec" not in raw and LIVE["secretKey"] not in raw


async def test_not_configured_answers_404_with_a_way_forward(client, merchant):
    response = await client.get("/v1/provider-a/config", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == {
        "error": "Provider A is not configured for this merchant in live mode. "
        "Save its keys with POST /v1/provider-a/config first."
    }


async def test_onboarding_and_payment_provider_flip_once_configured(client, merchant):
    async def status():
        onboarding = await client.get("/v1/merchants/checkonboarding", headers=merchant.headers)
        provider = await client.get("/v1/merchants/payment-provider", headers=merchant.headers)
        return (await onboarding.get_json())["hasPaymentProvider"], await provider.get_json()

    assert await status() == (
        False,
        {
            "provider": None,
            "isConfigured": False,
            "availableProviders": ["provider_a", "provider_b"],
        },
    )
    assert (await _save(client, merchant, LIVE)).status_code == 200
    assert await status() == (
        True,
        {
            "provider": "provider_a",
            "isConfigured": True,
            "availableProviders": ["provider_a", "provider_b"],
        },
    )


async def test_merchant_data_prefills_from_provider_a(client, merchant):
    response = await client.post("/v1/merchants/merchant-data", headers=merchant.headers)
    assert response.status_code == 400
    assert "Provider A is not configured" in (await response.get_json())["error"]
    await _save(client, merchant, LIVE)
    response = await client.post("/v1/merchants/merchant-data", headers=merchant.headers)
    assert response.status_code == 200
    # localstripe has no account object: the currency comes from its balance, names are null
    assert await response.get_json() == {
        "legalName": None,
        "displayName": None,
        "defaultCurrency": "EUR",
        "country": None,
        "email": None,
    }


async def test_other_merchants_and_the_other_mode_see_no_config(client, merchant, make_merchant):
    await _save(client, merchant, LIVE)
    other = await make_merchant(name="Other Co")
    test_mode = await in_test_mode(merchant)
    for account, mode in ((other, "live"), (test_mode, "test")):
        response = await client.get("/v1/provider-a/config", headers=account.headers)
        assert response.status_code == 404
        assert f"in {mode} mode" in (await response.get_json())["error"]
        onboarding = await client.get("/v1/merchants/checkonboarding", headers=account.headers)
        assert (await onboarding.get_json())["hasPaymentProvider"] is False
        data = await client.post("/v1/merchants/merchant-data", headers=account.headers)
        assert data.status_code == 400


async def test_test_mode_takes_test_keys_only(client, merchant):
    test_mode = await in_test_mode(merchant)
    refused = await _save(client, test_mode, LIVE)
    assert refused.status_code == 400
    assert "this merchant is in test mode" in (await refused.get_json())["error"]
    assert (await _save(client, test_mode, TEST)).status_code == 200
    live = await client.get("/v1/provider-a/config", headers=merchant.headers)
    assert live.status_code == 404  # the live row is still unconfigured
    config = await client.get("/v1/provider-a/config", headers=test_mode.headers)
    assert (await config.get_json())["publicKey"] == TEST["publicKey"]


@pytest.mark.parametrize(
    "body",
    [
        None,
        {},
        {"secretKey": LIVE["secretKey"]},
        {"publicKey": LIVE["publicKey"]},
        {"secretKey": 42, "publicKey": LIVE["publicKey"]},
        {"secretKey": LIVE["secretKey"], "publicKey": ["pk_live_x"]},
        {**LIVE, "webhookSecret": 7},
        {**LIVE, "webhookSecret": ""},
        {"secretKey": "", "publicKey": ""},
        {**TEST},
        {**LIVE, "secretKey": "sk_live_bad key"},
        [],
        "text",
    ],
)
async def test_bad_bodies_answer_400_and_store_nothing(client, merchant, body):
    for path in ("/v1/provider-a/config", "/v1/provider-a/validate-keys"):
        if (
            path.endswith("validate-keys")
            and isinstance(body, dict)
            and body.keys()
            >= {
                "secretKey",
                "publicKey",
            }
        ):
            continue  # well-formed: validation answers success false instead
        response = await client.post(path, json=body, headers=merchant.headers)
        assert response.status_code == 400, (path, body)
        assert isinstance((await response.get_json())["error"], str)
    assert not await ProviderConfig.filter(merchant_id=merchant.id).exists()
