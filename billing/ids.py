"""Identifiers: a type prefix plus 22 base62 characters drawn from ``secrets``.

22 base62 characters carry about 131 bits, so ids are unguessable and never collide in
practice; the prefix makes an id's type obvious in logs and support tickets.
"""

import secrets
import string

BASE62 = string.digits + string.ascii_letters


def random_base62(length: int) -> str:
    return "".join(secrets.choice(BASE62) for _ in range(length))


def new_id(prefix: str) -> str:
    return f"{prefix}_{random_base62(22)}"
