"""What the rest of Tally asks about a merchant's payment providers: which one is configured,
and the profile prefill that provider A's account offers.

These answers live in payments, not in accounts: accounts sits below every context and may not
read the payments tables; the merchant routes and the onboarding checklist call here instead.
"""

from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid
from billing.payments import provider_a_config
from billing.payments.models import PROVIDERS, ProviderConfig


async def configured_providers(merchant_id: str) -> list[str]:
    """The providers this merchant row has configured, in ``PROVIDERS`` order."""
    found = set(
        await ProviderConfig.scoped(merchant_id).values_list("provider", flat=True)  # type: ignore[arg-type]
    )
    return [name for name in PROVIDERS if name in found]


async def has_payment_provider(merchant_id: str) -> bool:
    return await ProviderConfig.scoped(merchant_id).exists()


async def payment_provider(merchant_id: str) -> dict:
    """``{provider, isConfigured, availableProviders}``: the provider charges go through (the
    first configured, provider A before B), or null when none is."""
    configured = await configured_providers(merchant_id)
    return {
        "provider": configured[0] if configured else None,
        "isConfigured": bool(configured),
        "availableProviders": list(PROVIDERS),
    }


def prefill_from_account(account: dict, currency: str | None = None) -> dict:
    """The merchant-profile fields provider A's account object suggests (null when it says
    nothing): the company's legal name, the dashboard or business display name, the default
    currency (else ``currency``, the balance's), and the country and email for reference."""
    profile = account.get("business_profile") or {}
    company = account.get("company") or {}
    dashboard = (account.get("settings") or {}).get("dashboard") or {}
    display = dashboard.get("display_name") or profile.get("name")
    legal = company.get("name") or profile.get("name") or display
    code = normalize_currency(account.get("default_currency") or currency or "")
    return {
        "legalName": legal or None,
        "displayName": display or legal or None,
        "defaultCurrency": code,
        "country": account.get("country"),
        "email": account.get("email"),
    }


async def merchant_data(merchant_id: str) -> dict:
    """Prefill for the merchant profile from provider A's account, read with the stored
    secret key (nothing is saved: the merchant confirms with ``POST /v1/merchants/current``).
    400 until provider A is configured, or when it refuses the key; 503 when unreachable."""
    secret_key = await provider_a_config.provider_a_secret(merchant_id)
    if secret_key is None:
        raise Invalid(
            "Provider A is not configured. Save its keys with POST /v1/provider-a/config first."
        )
    account, currency = await provider_a_config.account_and_currency(secret_key)
    return prefill_from_account(account, currency)
