"""Identifiers: a type prefix plus 22 base62 characters drawn from ``secrets``.

22 base62 characters carry about 131 bits, so ids are unguessable and never collide in
practice; the prefix makes an id's type obvious in logs and support tickets.
"""

import re
import secrets
import string

BASE62 = string.digits + string.ascii_letters
ID_LENGTH = 22


def random_base62(length: int) -> str:
    """``length`` uniform base62 characters: one draw below 62**length, written in base62
    (a character at a time from ``secrets.choice`` cost a system call each, and billing
    runs make ids by the hundred thousand)."""
    number, characters = secrets.randbelow(62**length), []
    for _ in range(length):
        number, digit = divmod(number, 62)
        characters.append(BASE62[digit])
    return "".join(characters)


def new_id(prefix: str) -> str:
    return f"{prefix}_{random_base62(ID_LENGTH)}"


def is_well_formed(value: str, prefix: str) -> bool:
    """Whether ``value`` could be an id of this type. Lookups of anything else answer "not
    found" without a query, so odd path segments (huge, NUL bytes) never reach the database."""
    return re.fullmatch(rf"{re.escape(prefix)}_[0-9A-Za-z]{{{ID_LENGTH}}}", value) is not None
