"""Service messages in the words a merchant uses.

The services raise errors with the exact messages the API specification gives, written for
developers: field names in camelCase ("subtotalCents"), amounts "in cents", number limits as
raw digits (9007199254740991). The API must keep those words; the dashboard shows the same
errors, so they pass through :func:`plain` on their way to a page: every form error
(``TallyForm.attach_error``) and every flash message (the ``plain`` filter in _flashes.html).
Text in quotes is the merchant's own (a name, a slug) and is never changed.
"""

import re

# Whole phrases first: what a developer reads, and what a merchant should read instead.
PHRASES = (
    (
        re.compile(r"must be a non-negative integer amount in cents"),
        "must be between 0.00 and 10,000,000,000.00, typed like 49.00",
    ),
    (re.compile(r"must be a whole number of cents, 0 or more"), "must be 0.00 or more, like 49.00"),
    (
        re.compile(r"must be a finite number between -\d{10,} and \d{10,}"),
        "must be a number of at most 15 digits",
    ),
    (
        re.compile(r"must be an ISO 8601 datetime such as \S+"),
        "must be a date like 2026-01-31 (a time may follow: 2026-01-31T09:00:00Z)",
    ),
    (re.compile(r"\bin cents\b"), ""),
)
# Field names the API spells in camelCase, when no form field took the message: a few by
# name, the rest split into words.
NAMES = {"subtotalCents": "line amount", "lineItems": "line items"}
CAMEL = re.compile(r"\b[a-z]+(?:[A-Z][a-z]*)+\b")
QUOTED = re.compile(r"(\"[^\"]*\"|“[^”]*”|'[^']*'|‘[^’]*’)")
DROPPED_SUFFIXES = ("cents", "id", "ids")


def _words(name: str) -> str:
    """``featureValue`` → "feature value", ``planIds`` → "plan", ``amountCents`` → "amount"."""
    if name in NAMES:
        return NAMES[name]
    parts = [part.lower() for part in re.findall(r"[A-Z]?[a-z]+", name)]
    if len(parts) > 1 and parts[-1] in DROPPED_SUFFIXES:
        parts = parts[:-1]
    return " ".join(parts)


def _plain_part(text: str) -> str:
    for pattern, replacement in PHRASES:
        text = pattern.sub(replacement, text)
    return CAMEL.sub(lambda match: _words(match.group()), text)


def plain(message: str) -> str:
    """``message`` with developer wording replaced; quoted text is left as it is."""
    parts = QUOTED.split(str(message))
    text = "".join(part if QUOTED.fullmatch(part) else _plain_part(part) for part in parts)
    text = re.sub(r" {2,}", " ", text).strip()
    if re.match(r"[a-z]+[ ,:]", text):  # a sentence, not an id like sub_… or a slug
        text = text[:1].upper() + text[1:]
    return text
