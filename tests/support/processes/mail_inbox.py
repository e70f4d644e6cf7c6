"""A customer's mailbox as the journey tests read it: the messages the test's own SMTP server
(tests/support/fakes/smtp_server.py) accepted for one address, parsed back, each with its
parts found (plain text, HTML, attachments) and the links its HTML carries.

Waits are bounded by a deadline (never a sleep of a guessed length); ``new()`` answers what
came since the last look, so each step of a journey asserts exactly what that step sent.
"""

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parsedate_to_datetime
from functools import cached_property
from html.parser import HTMLParser

from tests.support.fakes.smtp_server import Received, SmtpServer
from tests.support.processes.served_payments import eventually


class _Links(HTMLParser):
    """Every ``<a href>`` of a page with its text."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._href, self._text = dict(attrs).get("href") or "", []

    def handle_data(self, data):
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            self.links.append((" ".join("".join(self._text).split()), self._href))
            self._href = None


@dataclass(frozen=True)
class Mail:
    """One message as the customer's mail program reads it."""

    received: Received

    @cached_property
    def message(self) -> EmailMessage:
        return self.received.message

    def __getitem__(self, header: str) -> str:
        return str(self.message[header] or "")

    @property
    def subject(self) -> str:
        return self["Subject"]

    @property
    def date(self):
        return parsedate_to_datetime(self["Date"])

    @cached_property
    def text(self) -> str:
        part = self.message.get_body(preferencelist=("plain",))
        assert part is not None and part.get_content_type() == "text/plain", self.subject
        return part.get_content().replace("\r\n", "\n")

    @cached_property
    def html(self) -> str:
        part = self.message.get_body(preferencelist=("html",))
        assert part is not None and part.get_content_type() == "text/html", self.subject
        return part.get_content()

    @property
    def attachments(self) -> list[tuple[str, str, bytes]]:
        """(filename, content type, bytes) of each attachment."""
        return [
            (part.get_filename() or "", part.get_content_type(), part.get_content())
            for part in self.message.iter_attachments()
        ]

    def link(self, label: str) -> str:
        """The href of the HTML part's link reading ``label``."""
        parser = _Links()
        parser.feed(self.html)
        found = [href for text, href in parser.links if text == label]
        assert len(found) == 1, (label, parser.links)
        return found[0]


@dataclass
class Mailbox:
    server: SmtpServer
    address: str
    seen: int = 0

    def all(self) -> list[Mail]:
        """Every message to the address, in the order the server accepted them."""
        return [Mail(received) for received in self.server.to(self.address)]

    async def wait(self, count: int, seconds: float = 30) -> list[Mail]:
        """The messages that came since the last look once there are ``count`` of them (or
        a failed assertion after ``seconds``); the look moves on past them."""

        async def read() -> list[Mail]:
            return self.all()

        await eventually(read, lambda mails: len(mails) >= self.seen + count, seconds)
        return self.new()

    def new(self) -> list[Mail]:
        """What came since the last look; the look moves on past it."""
        mails = self.all()
        fresh, self.seen = mails[self.seen :], len(mails)
        return fresh
