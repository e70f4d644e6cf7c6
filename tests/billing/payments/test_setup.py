"""Provider secrets are sealed at rest and answered masked."""

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
