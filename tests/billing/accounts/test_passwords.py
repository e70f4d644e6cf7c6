"""Password rules: a strength estimate refuses guessable ones, a length cap comes before any
hashing."""

import pytest

from billing.accounts import accounts, passwords
from billing.core.errors import Invalid
from tests.conftest import PASSWORD, unique_email


@pytest.mark.parametrize(
    ("password", "words"),
    [
        ("password12", "too easy to guess. This is a very common password."),
        (" " * 10, "too easy to guess. Repeats like"),
        ("!" * 10, "too easy to guess. Repeats like"),
        ("!!!!!!!!!1", "too easy to guess. Repeats like"),
        ("qwertyuiop1", "too easy to guess"),
        ("x" * 1001 + "1", "at most 1,000 characters"),
    ],
)
async def test_weak_or_huge_passwords_are_refused(app, password, words):
    with pytest.raises(Invalid, match="Password") as refused:
        await accounts.sign_up(email=unique_email(), password=password, legal_name="Weak Co")
    assert words in refused.value.message


@pytest.mark.parametrize(
    "password", [PASSWORD, "a-long-passphrase-1", "Tr0ub4dor&3x", ("Tr0ub4dor&3x-" * 80)[:999]]
)
def test_good_passwords_pass(password):
    passwords.check_strength(password, "owner@example.com")


def test_the_email_itself_is_refused():
    with pytest.raises(Invalid, match="must not be your email"):
        passwords.check_strength("Owner-42@Example.com", "owner-42@example.com")


async def test_an_overlong_password_never_matches_and_is_not_hashed(merchant):
    assert not await passwords.verify_password(passwords.UNKNOWN_USER_HASH, "z" * 5000)
