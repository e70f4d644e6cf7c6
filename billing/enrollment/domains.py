"""Email domains as enrollment rules store and compare them.

A domain is compared case-insensitively and exactly: a rule for ``example.com`` matches
``ada@example.com`` and ``ada@EXAMPLE.com`` but not ``ada@eng.example.com``. Subdomains do not
match because a subdomain is often another organisation (``student.uni.edu`` beside
``uni.edu``, customers' sites under a hosting domain), and a rule can grant a paid plan, so a
merchant adds each subdomain it means as a rule of its own.

Normal form: surrounding spaces, one leading ``@`` and one trailing ``.`` are dropped, letters
are lower-cased and an international name is written in its ASCII ``xn--`` form, so
``Bücher.example`` and ``xn--bcher-kva.example`` are the same rule. Wildcards, ports, paths
and whole email addresses are refused with a message saying what is expected.
"""

import re

from billing.core.errors import Invalid

MAX_LENGTH = 253
MAX_LABEL = 63  # characters of one dot-separated part (RFC 1035)
LABEL = re.compile(rf"[a-z0-9](?:[a-z0-9-]{{0,{MAX_LABEL - 2}}}[a-z0-9])?")
EXPECTED = "matcherValue must be a domain such as example.com"


def _ascii(text: str) -> str:
    try:
        return text.encode("idna").decode("ascii")
    except UnicodeError:
        raise Invalid(
            f"{EXPECTED}; “{text}” is not a valid domain name",
            code="domain_not_valid",
            field="matcherValue",
        ) from None


def normalize_domain(value: object) -> str:
    """The stored form of a rule's domain, or a 400 naming what is wrong."""
    if not isinstance(value, str) or not value.strip():
        raise Invalid("matcherValue is required", code="domain_required", field="matcherValue")
    text = value.strip()
    if len(text) > MAX_LENGTH + 2:
        raise Invalid(
            f"{EXPECTED}, at most {MAX_LENGTH} characters",
            code="domain_too_long",
            field="matcherValue",
        )
    text = text.removeprefix("@").removesuffix(".").lower()
    if "@" in text:
        raise Invalid(
            f"{EXPECTED}: the part after the @, not a whole email address",
            code="domain_is_email",
            field="matcherValue",
        )
    if "*" in text:
        raise Invalid(
            f"{EXPECTED}, without wildcards; subdomains are rules of their own",
            code="domain_wildcard",
            field="matcherValue",
        )
    if not text.isascii():
        text = _ascii(text)
    labels = text.split(".")
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels):
        raise Invalid(
            f"{EXPECTED}: letters, digits and hyphens in dot-separated parts",
            code="domain_characters",
            field="matcherValue",
        )
    if labels[-1].isdigit():
        raise Invalid(f"{EXPECTED}, not an IP address", code="domain_ip", field="matcherValue")
    if len(text) > MAX_LENGTH:
        raise Invalid(
            f"{EXPECTED}, at most {MAX_LENGTH} characters",
            code="domain_too_long",
            field="matcherValue",
        )
    return text


def email_domain(email: str) -> str | None:
    """The normal form of an email's domain (the part after the last ``@``), or None when it
    is not a domain a rule could hold."""
    try:
        return normalize_domain(email.rpartition("@")[2])
    except Invalid:
        return None
