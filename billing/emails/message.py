"""The MIME message of one e-mail, and the checks that keep it safe.

A message is ``multipart/alternative`` (plain text, then HTML), inside ``multipart/mixed``
when it has attachments (the invoice's PDF). From is the merchant's sender name at Tally's
sending address (``TALLY_MAIL_FROM``), Reply-To the merchant's own address when set, To the
customer's name and address. ``Message-ID`` is made from the row's key, so every attempt of
one e-mail carries the same id and a receiving server or client recognises a retry.

Header injection is impossible by construction: every text that reaches a header (sender
name, reply-to, customer name and address, the subject, which may carry a merchant's or a
plan's name) goes through ``header_text`` first, which drops CR, LF and every other control
or line-separating character; addresses are set through ``email.headerregistry.Address``,
which quotes display names; and a recipient address must pass ``deliverable``, a strict
syntax check (no DNS: it is done once, and an address that fails it is never sent to).
"""

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime

from billing.emails.rendering import Attachment

ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
LOCAL = re.compile(rf"{ATEXT}(?:\.{ATEXT})*")
LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
TOP_LABEL = re.compile(r"[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59}")
DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # controls, format, separators of lines


def header_text(value: str | None, limit: int = 300) -> str:
    """``value`` fit for a header: no control or line-breaking character, runs of spaces as
    one, trimmed and cut to ``limit``."""
    kept = "".join(
        " " if char.isspace() else char  # CR, LF, tab, line separators: a space
        for char in (value or "")
        if char.isspace() or unicodedata.category(char) not in DROPPED
    )
    return " ".join(kept.split())[:limit]


def deliverable(address: str | None) -> bool:
    """Whether ``address`` is a plain internet address a server could accept: a dot-atom
    local part of at most 64 characters, a domain of letter-digit-hyphen labels whose last
    is a top-level name, 254 characters in all, ASCII only. Quoted local parts, address
    literals and anything with a space or control character are refused."""
    if not address or len(address) > 254 or not address.isascii():
        return False
    local, at, domain = address.rpartition("@")
    if not at or len(local) > 64 or not LOCAL.fullmatch(local):
        return False
    labels = domain.split(".")
    return (
        len(labels) >= 2
        and all(LABEL.fullmatch(label) for label in labels)
        and TOP_LABEL.fullmatch(labels[-1]) is not None
    )


def message_id(merchant_id: str, key: str, domain: str) -> str:
    """The same id for every attempt of one e-mail (its merchant row and key)."""
    digest = hashlib.sha256(f"{merchant_id}:{key}".encode()).hexdigest()[:40]
    return f"<{digest}@{domain}>"


@dataclass(frozen=True)
class Parts:
    """What a message is made of, before any of it is trusted."""

    sender_name: str
    mail_from: str
    reply_to: str
    to_name: str
    to_address: str
    subject: str
    text: str
    html: str
    attachments: tuple[Attachment, ...]
    message_id: str
    date: datetime


def _address(name: str, address: str) -> Address:
    username, _, domain = address.rpartition("@")
    return Address(display_name=header_text(name, 200), username=username, domain=domain)


def compose(parts: Parts) -> EmailMessage:
    """The message to send; ``parts.to_address`` must be ``deliverable``."""
    message = EmailMessage(policy=policy.SMTP)
    message["From"] = _address(parts.sender_name or "Billing", parts.mail_from)
    reply_to = header_text(parts.reply_to, 320)
    if deliverable(reply_to):
        message["Reply-To"] = _address("", reply_to)
    message["To"] = _address(parts.to_name, parts.to_address)
    message["Subject"] = header_text(parts.subject, 500)
    message["Date"] = format_datetime(parts.date)
    message["Message-ID"] = parts.message_id
    message.set_content(parts.text)
    message.add_alternative(parts.html, subtype="html")
    for attachment in parts.attachments:
        maintype, _, subtype = attachment.content_type.partition("/")
        message.add_attachment(
            attachment.content,
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=header_text(attachment.filename, 200) or "attachment",
        )
    return message
