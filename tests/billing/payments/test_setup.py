"""Provider secrets are sealed at rest and answered masked."""

import dataclasses

import pytest
from cryptography.fernet import Fernet

from billing.payments import setup


def test_a_sealed_secret_opens_only_with_its_key(app):
    sealed = setup.seal("sk_test_123456789")
    assert "sk_test" not in sealed
    assert setup.unseal(sealed) == "sk_test_123456789"
    with pytest.raises(ValueError):
        setup.unseal(sealed[:-4] + "AAAA")
    original = setup.current()
    setup.configure(setup.PaymentsSetup(encryption_key=Fernet.generate_key().decode()))
    try:
        with pytest.raises(ValueError):
            setup.unseal(sealed)
    finally:
        setup.configure(original)


@pytest.mark.parametrize(
    ("secret", "shown"),
    [("sk_test_123456789", "*************6789"), ("abcd", "****abcd"), (None, None), ("", "")],
)
def test_secrets_are_answered_by_their_last_four_characters(secret, shown):
    assert setup.masked(secret) == shown


def test_webhook_urls_are_absolute_on_the_public_address(app):
    assert setup.webhook_url("/v1/public/webhook/mer_1") == (
        "http://127.0.0.1:8000/v1/public/webhook/mer_1"
    )


@pytest.mark.parametrize(
    ("base", "script", "origins"),
    [
        (None, "https://js.stripe.com/v3/", setup.PROVIDER_A_SCRIPT_ORIGINS),
        ("https://api.stripe.com/", "https://js.stripe.com/v3/", setup.PROVIDER_A_SCRIPT_ORIGINS),
        (
            "http://127.0.0.1:8420/",
            "http://127.0.0.1:8420/js.stripe.com/v3/",
            ("http://127.0.0.1:8420",),
        ),
        (
            "https://gateway.example/stripe",
            "https://gateway.example/stripe/js.stripe.com/v3/",
            ("https://gateway.example",),
        ),
    ],
)
def test_the_card_script_comes_from_where_the_api_is(app, base, script, origins):
    original = setup.current()
    setup.configure(dataclasses.replace(original, provider_a_api_base=base))
    try:
        assert setup.provider_a_script_url() == script
        assert setup.provider_a_script_origins() == origins
    finally:
        setup.configure(original)
