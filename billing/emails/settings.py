"""A merchant row's customer e-mail settings: the sender's name, reply-to, brand colour, logo,
and which e-mails go.

The sender name and the reply-to address reach the message's headers (``From`` and
``Reply-To``), so anything that could end a header line or start another is refused here,
where every writer (the API, the dashboard) passes: control characters (CR and LF among
them) and Unicode's line and paragraph separators in the name; the reply-to must be one plain
address of ASCII letters, digits and the few signs an address's local part may hold, so no
comma, angle bracket or quote can smuggle a second address or a display name in. The logo is
an ``https://`` address (a mail client fetches it from the customer's machine; plain http is
blocked or warned about by most) and the brand colour ``#rrggbb``, the one form every mail
client reads.

Every rule is a regular expression written once here and stated in the OpenAPI document from
the same constant (``api/email_settings_models.py``), matched whole (``fullmatch``: a
trailing newline never passes as a regular expression's ``$`` lets it in Python).

Design decisions where the issue is silent:
- No row means the defaults: the sender name empty (the merchant's display name is used),
  no reply-to, ``#2563eb``, no logo, every e-mail on. The row is written on the first update.
- Which e-mails go is stored as the templates turned off (``EmailSettings.disabled``), so an
  e-mail added to Tally later is on until the merchant turns it off. ``enabled`` takes either
  a map of template names to true/false (only those named change: the API's partial update)
  or a list of the names that are on (every other one off: the dashboard's switches).
- A value that is not of its type (a number for a name, null) is refused rather than read as
  "clear it": an empty string clears a text field.
"""

import re
from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.validation import has_unstorable_characters
from billing.emails import kinds
from billing.emails.models import EmailSettings

MAX_SENDER_NAME = EmailSettings._meta.fields_map["sender_name"].max_length
MAX_REPLY_TO = EmailSettings._meta.fields_map["reply_to"].max_length
MAX_LOGO_URL = EmailSettings._meta.fields_map["logo_url"].max_length
DEFAULT_COLOR = "#2563eb"

# Control characters (Unicode Cc) and the line and paragraph separators; lone surrogates are
# refused too (``has_unstorable_characters``), though no JSON encoder sends one.
NAME_REFUSED = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
SENDER_NAME_PATTERN = f"[^{NAME_REFUSED}]*"
ATEXT = r"A-Za-z0-9.!#$%&'*+/=?^_`{|}~-"
REPLY_TO_PATTERN = rf"([{ATEXT}]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)?"
BRAND_COLOR_PATTERN = "#[0-9A-Fa-f]{6}"
LOGO_URL_PATTERN = r"(https://[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][!-~]*)?)?"

BAD_SENDER_NAME = f"senderName must be text of at most {MAX_SENDER_NAME} characters"
CONTROL_SENDER_NAME = "senderName must not contain control characters or line breaks"
BAD_REPLY_TO = "replyTo must be one e-mail address, like billing@example.com, or empty"
BAD_BRAND_COLOR = "brandColor must be a colour written #rrggbb, like #2563eb"
BAD_LOGO_URL = f"logoUrl must be an https:// address of at most {MAX_LOGO_URL} characters, or empty"
BAD_EMAILS = "emails must map e-mail names to true or false"
UNKNOWN_EMAILS = "Unknown e-mails: {names}"


@dataclass(frozen=True)
class Settings:
    """What the merchant row has chosen (or the defaults), as both front ends show it."""

    sender_name: str
    reply_to: str
    brand_color: str
    logo_url: str
    enabled: dict[str, bool]  # every template of ``kinds``, in its order


def _of(row: EmailSettings | None) -> Settings:
    if row is None:
        return Settings("", "", DEFAULT_COLOR, "", {kind.template: True for kind in kinds.KINDS})
    off = set(row.disabled or ())
    return Settings(
        sender_name=row.sender_name,
        reply_to=row.reply_to,
        brand_color=row.brand_color,
        logo_url=row.logo_url,
        enabled={kind.template: kind.template not in off for kind in kinds.KINDS},
    )


async def get(merchant_id: str) -> Settings:
    """The merchant row's settings; the defaults when it has never saved any."""
    return _of(await EmailSettings.filter(merchant_id=merchant_id).first())


def clean_sender_name(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_SENDER_NAME:
        raise Invalid(BAD_SENDER_NAME, code="email_sender_name_invalid", field="senderName")
    if not re.fullmatch(SENDER_NAME_PATTERN, value) or has_unstorable_characters(value):
        raise Invalid(CONTROL_SENDER_NAME, code="email_sender_name_control", field="senderName")
    return value.strip()


def _fitting(value: object, pattern: str, longest: int) -> bool:
    """A text of at most ``longest`` characters matching ``pattern`` whole."""
    return isinstance(value, str) and len(value) <= longest and bool(re.fullmatch(pattern, value))


def clean_reply_to(value: object) -> str:
    if not _fitting(value, REPLY_TO_PATTERN, MAX_REPLY_TO):
        raise Invalid(BAD_REPLY_TO, code="email_reply_to_invalid", field="replyTo")
    return value


def clean_brand_color(value: object) -> str:
    if not isinstance(value, str) or not re.fullmatch(BRAND_COLOR_PATTERN, value):
        raise Invalid(BAD_BRAND_COLOR, code="email_brand_color_invalid", field="brandColor")
    return value.lower()


def clean_logo_url(value: object) -> str:
    if not _fitting(value, LOGO_URL_PATTERN, MAX_LOGO_URL):
        raise Invalid(BAD_LOGO_URL, code="email_logo_url_invalid", field="logoUrl")
    return value


def _disabled(value: object, current: list[str]) -> list[str]:
    """The templates turned off after applying ``value`` (a map or a list, see the module)."""
    if isinstance(value, dict):
        names = list(value)
        if not all(isinstance(on, bool) for on in value.values()):
            raise Invalid(BAD_EMAILS, code="email_templates_invalid", field="emails")
    elif isinstance(value, list | tuple):
        names = list(value)
    else:
        raise Invalid(BAD_EMAILS, code="email_templates_invalid", field="emails")
    if not all(isinstance(name, str) for name in names):
        raise Invalid(BAD_EMAILS, code="email_templates_invalid", field="emails")
    unknown = [name for name in names if name not in kinds.BY_TEMPLATE]
    if unknown:
        raise Invalid(
            UNKNOWN_EMAILS.format(names=", ".join(unknown)),
            code="email_templates_unknown",
            field="emails",
            params={"names": unknown},
        )
    if isinstance(value, dict):
        off = set(current)
        for name, on in value.items():
            (off.discard if on else off.add)(name)
    else:
        off = {kind.template for kind in kinds.KINDS} - set(names)
    # Keep names of e-mails no longer in ``kinds`` as they were; order as ``kinds`` lists.
    kept = [name for name in current if name not in kinds.BY_TEMPLATE]
    return kept + [kind.template for kind in kinds.KINDS if kind.template in off]


CLEANERS = {
    "sender_name": clean_sender_name,
    "reply_to": clean_reply_to,
    "brand_color": clean_brand_color,
    "logo_url": clean_logo_url,
}


async def update(merchant_id: str, **fields: object) -> Settings:
    """Change the settings named in ``fields`` (``sender_name``, ``reply_to``,
    ``brand_color``, ``logo_url``, ``enabled``); every value is checked before anything is
    written, and the others keep their values."""
    unexpected = set(fields) - {*CLEANERS, "enabled"}
    if unexpected:
        raise TypeError(f"unknown e-mail settings: {', '.join(sorted(unexpected))}")
    values = {name: CLEANERS[name](value) for name, value in fields.items() if name in CLEANERS}
    async with in_transaction():
        # Two first saves at once: one inserts, the other finds its row (the merchant is
        # unique), and the lock makes the second wait for the first's values.
        await EmailSettings.get_or_create(merchant_id=merchant_id)
        row = await EmailSettings.filter(merchant_id=merchant_id).select_for_update().get()
        if "enabled" in fields:
            values["disabled"] = _disabled(fields["enabled"], list(row.disabled or ()))
        for name, value in values.items():
            setattr(row, name, value)
        await row.save()
    return _of(row)
