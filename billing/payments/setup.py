"""What the payments context needs from the process that runs it: the key that seals provider
secrets at rest, the public address providers call back, and the providers' API bases.

``configure`` is called once at start-up (``create_app``, the due-work commands); the domain
never reads the environment itself. Secrets are sealed with Fernet (``TALLY_ENCRYPTION_KEY``):
a sealed value is useless without the key, and an altered one fails to open.
"""

from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken

from billing.payments.checkout.checkout_limits import CheckoutLimits

DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"
PROVIDER_A_DEFAULT_API_BASE = "https://api.stripe.com"
PROVIDER_A_SCRIPT = "https://js.stripe.com/v3/"
# Where the provider's own script talks to and frames from (its published CSP guidance).
PROVIDER_A_SCRIPT_ORIGINS = (
    "https://js.stripe.com",
    "https://*.js.stripe.com",
    "https://api.stripe.com",
    "https://hooks.stripe.com",
)


@dataclass(frozen=True)
class PaymentsSetup:
    encryption_key: str
    public_url: str = DEFAULT_PUBLIC_URL
    provider_a_api_base: str | None = None  # None: the provider's own
    provider_b_api_base: str | None = None
    checkout_limits: CheckoutLimits = CheckoutLimits()
    signing_key: str = ""  # signs customer checkout tokens (checkout_tokens); the app's secret


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


def _provider_a_base() -> str | None:
    """The configured API base, or None when it is the provider's own."""
    base = (current().provider_a_api_base or "").rstrip("/")
    return None if base in ("", PROVIDER_A_DEFAULT_API_BASE) else base


def provider_a_script_url() -> str:
    """Provider A's browser script, from the same place as its API: the provider's own, or
    the one a stand-in server (the Stripe-compatible fake tests and the demo run against)
    serves under ``/js.stripe.com/v3/`` at its base, which then talks to that base."""
    base = _provider_a_base()
    return f"{base}/js.stripe.com/v3/" if base else PROVIDER_A_SCRIPT


def provider_a_script_origins() -> tuple[str, ...]:
    """The origins a page that loads the script must allow for scripts, requests and
    frames: the provider's own, or the stand-in's one origin."""
    base = _provider_a_base()
    if base is None:
        return PROVIDER_A_SCRIPT_ORIGINS
    scheme, _, rest = base.partition("://")
    return (f"{scheme}://{rest.split('/', 1)[0]}",)


def webhook_url(path: str) -> str:
    """The absolute address of one of Tally's public webhook paths."""
    return current().public_url.rstrip("/") + path
