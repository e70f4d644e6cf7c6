"""Dashboard accounts: sign-up (the onboarding flow), log-in, log-out everywhere, and merchant
provisioning for the command line.

Passwords: ``passwords.py`` (strength, argon2 off the event loop). Guessing is slowed per
(address, email) pair by ``login_throttle.py``; every try is also kept in ``login_attempts``.
Sessions carry the user's ``session_version``; ``end_sessions`` (log-out) bumps it, which ends
every session of that user in every browser.
"""

import re
from typing import NamedTuple

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from billing.accounts import login_throttle, merchants, passwords
from billing.accounts.api_keys import check_environment, create_api_key
from billing.accounts.models import LoginAttempt, Membership, Merchant, User
from billing.core.errors import Conflict, Forbidden, Invalid, Unauthorized
from billing.core.validation import has_unstorable_characters

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

DUPLICATE_EMAIL = "An account with this email already exists"


class Provisioned(NamedTuple):
    merchant: Merchant
    user: User
    secret_key: str
    publishable_key: str


def normalize_email(email: str) -> str:
    email = (email or "").strip().lower()
    if not EMAIL_RE.match(email) or len(email) > 320 or has_unstorable_characters(email):
        raise Invalid("Enter a valid email address", code="invalid_email_address", field="email")
    return email


async def sign_up(
    *, email: str, password: str, legal_name: str, display_name: str = "", currency: str = "USD"
) -> tuple[User, Merchant]:
    """Create the owner user and their merchant together (one transaction)."""
    email = normalize_email(email)
    passwords.check_strength(password, email)
    fields = merchants.validate_profile(
        legal_name=legal_name, display_name=display_name or legal_name, default_currency=currency
    )
    password_hash = await passwords.hash_password(password)
    try:
        async with in_transaction():
            if await User.filter(email=email).exists():
                raise Conflict(DUPLICATE_EMAIL, code="account_email_taken", field="email")
            user = await User.create(email=email, password_hash=password_hash)
            merchant = await merchants.create_business(fields)
            await Membership.create(merchant=merchant, user=user, role="owner")
    except IntegrityError as error:  # a concurrent sign-up took the email after our check
        raise Conflict(DUPLICATE_EMAIL, code="account_email_taken", field="email") from error
    return user, merchant


async def create_merchant_for_user(
    user_id: str, *, legal_name: str, display_name: str = "", currency: str = "USD"
) -> Merchant:
    """Onboarding for a logged-in user: another merchant they own."""
    fields = merchants.validate_profile(
        legal_name=legal_name, display_name=display_name or legal_name, default_currency=currency
    )
    async with in_transaction():
        merchant = await merchants.create_business(fields)
        await Membership.create(merchant=merchant, user_id=user_id, role="owner")
    return merchant


async def provision_merchant(
    *, name: str, email: str, password: str, environment: str = "live"
) -> Provisioned:
    """A business, its owner, and one secret and one publishable key of ``environment``: what
    ``tally create-merchant`` makes. Answers the merchant row of that mode (the keys' own).

    One transaction, so a failure part-way (a bad environment, a lost connection) leaves no
    merchant without keys behind and the command can simply be run again.
    """
    check_environment(environment)
    async with in_transaction():
        user, merchant = await sign_up(
            email=email, password=password, legal_name=name, display_name=name
        )
        tenant = await merchants.tenant_of(merchant.id, environment)
        _, secret = await create_api_key(
            tenant.id, name="Default secret key", key_type="secret", environment=environment
        )
        _, publishable = await create_api_key(
            tenant.id,
            name="Default publishable key",
            key_type="publishable",
            environment=environment,
        )
    return Provisioned(tenant, user, secret, publishable)


async def log_in(*, email: str, password: str, ip_address: str) -> tuple[User, Merchant]:
    """The user and the business they land on (their first membership)."""
    email = (email or "").strip().lower()
    password = password or ""
    async with in_transaction():
        user = await User.filter(email=email).first()

        async def check() -> bool:
            # An unknown email costs one hash check too: timing does not reveal accounts.
            known_hash = user.password_hash if user else passwords.UNKNOWN_USER_HASH
            return await passwords.verify_password(known_hash, password) and user is not None

        ok = await login_throttle.guarded(ip_address, email, check)
        await LoginAttempt.create(email=email[:320], ip_address=ip_address, succeeded=ok)
    if not ok:
        raise Unauthorized("Invalid email or password", code="bad_login", field="email")
    owned = await merchants_of(user.id)
    if not owned:  # every membership of this user was removed
        raise Forbidden("This account has no business to manage.")
    return user, owned[0]


async def end_sessions(user_id: str) -> None:
    """Log the user out everywhere: sessions that began before this no longer pass."""
    await User.filter(id=user_id).update(session_version=F("session_version") + 1)


async def merchants_of(user_id: str) -> list[Merchant]:
    memberships = (
        await Membership.filter(user_id=user_id).order_by("created_at").select_related("merchant")
    )
    return [membership.merchant for membership in memberships]


async def session_valid(user_id: str, merchant_id: str, session_version: object) -> bool:
    """Whether a dashboard session may act: the user is still a member of the merchant and
    has not logged out since the session began (one query)."""
    if not isinstance(session_version, int):
        return False
    return await Membership.filter(
        user_id=user_id, merchant_id=merchant_id, user__session_version=session_version
    ).exists()
