"""Dashboard accounts: sign-up (the onboarding flow), log-in with throttling, and merchant
provisioning for the command line.

Passwords are hashed with argon2. Failed log-ins are stored, not kept in process memory, so
the throttle holds across every server process: five failures for one email, or twenty from
one address, within fifteen minutes lock further tries until the window passes.
"""

import re
from datetime import timedelta
from typing import NamedTuple

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from billing.accounts import merchants
from billing.accounts.api_keys import create_api_key
from billing.accounts.models import LoginAttempt, Membership, Merchant, User
from billing.core.errors import Conflict, Forbidden, Invalid, TooManyRequests, Unauthorized
from billing.core.models import utcnow
from billing.core.validation import has_unstorable_characters

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD_LENGTH = 10
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_EMAIL = 5
MAX_FAILURES_PER_ADDRESS = 20

DUPLICATE_EMAIL = "An account with this email already exists"

_hasher = PasswordHasher()
_UNKNOWN_USER_HASH = _hasher.hash("no account has this password")


class Provisioned(NamedTuple):
    merchant: Merchant
    user: User
    secret_key: str
    publishable_key: str


def normalize_email(email: str) -> str:
    email = (email or "").strip().lower()
    if not EMAIL_RE.match(email) or len(email) > 320 or has_unstorable_characters(email):
        raise Invalid("Enter a valid email address")
    return email


def check_password_strength(password: str, email: str) -> None:
    if len(password or "") < MIN_PASSWORD_LENGTH:
        raise Invalid(f"Password must be at least {MIN_PASSWORD_LENGTH} characters long")
    if any(0xD800 <= ord(char) <= 0xDFFF for char in password):
        raise Invalid("Password contains characters that cannot be stored")
    if password.isalpha() or password.isdigit():
        raise Invalid("Password must mix letters with digits or symbols")
    if password.strip().lower() == email:
        raise Invalid("Password must not be your email address")


async def sign_up(
    *, email: str, password: str, legal_name: str, display_name: str = "", currency: str = "USD"
) -> tuple[User, Merchant]:
    """Create the owner user and their merchant together (one transaction)."""
    email = normalize_email(email)
    check_password_strength(password, email)
    fields = merchants.validate_profile(
        legal_name=legal_name, display_name=display_name or legal_name, default_currency=currency
    )
    password_hash = _hasher.hash(password)
    try:
        async with in_transaction():
            if await User.filter(email=email).exists():
                raise Conflict(DUPLICATE_EMAIL)
            user = await User.create(email=email, password_hash=password_hash)
            merchant = await Merchant.create(**fields)
            await Membership.create(merchant=merchant, user=user, role="owner")
    except IntegrityError as error:  # a concurrent sign-up took the email after our check
        raise Conflict(DUPLICATE_EMAIL) from error
    return user, merchant


async def create_merchant_for_user(
    user_id: str, *, legal_name: str, display_name: str = "", currency: str = "USD"
) -> Merchant:
    """Onboarding for a logged-in user: another merchant they own."""
    fields = merchants.validate_profile(
        legal_name=legal_name, display_name=display_name or legal_name, default_currency=currency
    )
    async with in_transaction():
        merchant = await Merchant.create(**fields)
        await Membership.create(merchant=merchant, user_id=user_id, role="owner")
    return merchant


async def provision_merchant(
    *, name: str, email: str, password: str, environment: str = "live"
) -> Provisioned:
    """Merchant, owner, one secret and one publishable key: what ``tally create-merchant`` makes.

    One transaction, so a failure part-way (a bad environment, a lost connection) leaves no
    merchant without keys behind and the command can simply be run again.
    """
    async with in_transaction():
        user, merchant = await sign_up(
            email=email, password=password, legal_name=name, display_name=name
        )
        _, secret = await create_api_key(
            merchant.id, name="Default secret key", key_type="secret", environment=environment
        )
        _, publishable = await create_api_key(
            merchant.id,
            name="Default publishable key",
            key_type="publishable",
            environment=environment,
        )
    return Provisioned(merchant, user, secret, publishable)


async def log_in(*, email: str, password: str, ip_address: str) -> tuple[User, Merchant]:
    """The user and the business they land on (their first membership)."""
    email = (email or "").strip().lower()
    since = utcnow() - THROTTLE_WINDOW
    failures = LoginAttempt.filter(succeeded=False, created_at__gte=since)
    if (
        await failures.filter(email=email).count() >= MAX_FAILURES_PER_EMAIL
        or await failures.filter(ip_address=ip_address).count() >= MAX_FAILURES_PER_ADDRESS
    ):
        raise TooManyRequests("Too many failed log-in attempts. Try again in 15 minutes.")
    user = await User.filter(email=email).first()
    # An unknown email still costs one hash check, so timing does not reveal who has an account.
    ok = _verify(user.password_hash if user else _UNKNOWN_USER_HASH, password or "") and bool(user)
    await LoginAttempt.create(email=email, ip_address=ip_address, succeeded=ok)
    if not ok:
        raise Unauthorized("Invalid email or password")
    owned = await merchants_of(user.id)
    if not owned:  # every membership of this user was removed
        raise Forbidden("This account has no business to manage.")
    return user, owned[0]


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def merchants_of(user_id: str) -> list[Merchant]:
    memberships = (
        await Membership.filter(user_id=user_id).order_by("created_at").select_related("merchant")
    )
    return [membership.merchant for membership in memberships]


async def membership_exists(user_id: str, merchant_id: str) -> bool:
    return await Membership.filter(user_id=user_id, merchant_id=merchant_id).exists()
