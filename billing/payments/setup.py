"""What the payments context needs from the process that runs it: the key that seals provider
secrets at rest, the public address providers call back, and the providers' API bases.

``configure`` is called once at start-up (``create_app``, the due-work commands); the domain
never reads the environment itself. Secrets are sealed with Fernet (``TALLY_ENCRYPTION_KEY``):
a sealed value is useless without the key, and an altered one fails to open.
"""

from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken

DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"


@dataclass(frozen=True)
class PaymentsSetup:
    encryption_key: str
    public_url: str = DEFAULT_PUBLIC_URL
    provider_a_api_base: str | None = None  # None: the provider's own
    provider_b_api_base: str | None = None


_current: PaymentsSetup | None = None


def configure(setup: PaymentsSetup) -> None:
    global _current
    _current = setup


def current() -> PaymentsSetup:
    if _current is None:
        raise RuntimeError("payments are not configured: call billing.payments.setup.configure")
    return _current


def seal(secret: str) -> str:
    """``secret`` encrypted for storage."""
    return Fernet(current().encryption_key.encode()).encrypt(secret.encode()).decode()


def unseal(sealed: str) -> str:
    """The secret ``seal`` stored; ValueError when it was altered or sealed with another key."""
    try:
        return Fernet(current().encryption_key.encode()).decrypt(sealed.encode()).decode()
    except InvalidToken as error:
        raise ValueError("a sealed secret could not be opened with this encryption key") from error


def masked(secret: str | None) -> str | None:
    """A secret as answered: only its last four characters."""
    if not secret:
        return secret
    return "*" * max(len(secret) - 4, 4) + secret[-4:]


def webhook_url(path: str) -> str:
    """The absolute address of one of Tally's public webhook paths."""
    return current().public_url.rstrip("/") + path
