"""The SMTP server customer e-mails go through, and one connection to it.

What the context needs from the process is ``MailSetup``: the server (None: no SMTP server
configured, and messages are kept "not sent" with their rendering) and the envelope sender.
``configure`` is called once at start-up from the settings (``TALLY_SMTP_URL``,
``TALLY_MAIL_FROM``); the domain never reads the environment. ``parse_url`` reads the URL:

- ``smtp://host:port``: plain SMTP, upgraded with STARTTLS whenever the server offers it;
- ``smtp://user:password@host:port``: STARTTLS is required before the login, so a network
  that strips the server's offer of it cannot make Tally send the password in clear; a
  server not offering it is a temporary failure (the e-mail waits, the log says why);
- ``smtps://host:port``: TLS from the first byte (implicit TLS);
- ``user:password@`` (percent-encoded) logs in after the greeting (after TLS, see above).

The server's certificate is always verified against the system's trusted certificates
(the default context, which also honours ``SSL_CERT_FILE``).

The port defaults to 25 (``smtp``) or 465 (``smtps``); mail submission usually wants ``:587``.

``Connection`` sends one message after another over one SMTP session, opened on the first
send and opened again after anything that may have left it in doubt (a dropped connection, a
timeout). One message takes at most ``MESSAGE_TIMEOUT``, connecting included. ``send`` answers
an ``Answer``: the server's code and words, or the error that kept the message from an answer,
never an exception.
"""

import asyncio
import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import aiosmtplib

TIMEOUT = 30.0  # seconds for the connection and for each command
MESSAGE_TIMEOUT = 60.0  # seconds for one message in all, connecting included
SCHEMES = {"smtp": (25, False), "smtps": (465, True)}
SENDER = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+")


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    implicit_tls: bool = False
    username: str = ""
    password: str = ""

    def __repr__(self) -> str:  # never the password, in a log or a traceback
        scheme = "smtps" if self.implicit_tls else "smtp"
        user = f"{self.username}:***@" if self.username else ""
        return f"SmtpServer({scheme}://{user}{self.host}:{self.port})"


@dataclass(frozen=True)
class MailSetup:
    server: SmtpServer | None = None  # None: nothing is sent, messages are kept "not sent"
    mail_from: str = "tally@localhost"

    @property
    def sender_domain(self) -> str:
        return self.mail_from.rpartition("@")[2]


_current = MailSetup()


def configure(setup: MailSetup) -> None:
    global _current
    _current = setup


def current() -> MailSetup:
    return _current


def parse_url(url: str) -> SmtpServer:
    """The server of an ``smtp://`` or ``smtps://`` URL; ValueError saying what is wrong
    (never repeating the password)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise ValueError("must be smtp://[user:password@]host[:port] or smtps://…") from None
    if parts.scheme not in SCHEMES:
        raise ValueError("must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)")
    if not parts.hostname:
        raise ValueError("has no host: use smtp://[user:password@]host[:port]")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError("must be only smtp://[user:password@]host[:port], nothing after it")
    default_port, implicit_tls = SCHEMES[parts.scheme]
    username = unquote(parts.username or "")
    if parts.password is not None and not username:
        raise ValueError("has a password but no user name")
    return SmtpServer(
        host=parts.hostname,
        port=port or default_port,
        implicit_tls=implicit_tls,
        username=username,
        password=unquote(parts.password or ""),
    )


def check_sender(address: str) -> str:
    """``TALLY_MAIL_FROM``: a bare address (``billing@shop.example``; the display name is
    each merchant's), else ValueError."""
    address = address.strip()
    if not SENDER.fullmatch(address) or address.startswith(".") or ".." in address:
        raise ValueError(f"must be an address such as billing@example.com (got {address!r})")
    return address


@dataclass(frozen=True)
class Answer:
    """What came of one message: the server's ``code`` and ``words`` (``code`` None: no
    answer at all, ``words`` then says why: refused connection, timeout, ...).
    ``recipient`` is True when the refusal was of the recipient's address."""

    code: int | None
    words: str
    recipient: bool = False

    @property
    def sent(self) -> bool:
        return self.code is not None and 200 <= self.code < 300

    @property
    def permanent(self) -> bool:
        return self.code is not None and 500 <= self.code < 600

    def __str__(self) -> str:
        return f"{self.code} {self.words}" if self.code is not None else self.words


NO_STARTTLS = (
    "not sent: the server did not offer STARTTLS (TLS), and the login is only sent over TLS"
)


class TlsNotOffered(aiosmtplib.SMTPException):
    """A server asked to log in over ``smtp://`` that does not offer STARTTLS."""


class Connection:
    """One SMTP session to ``server``, reused for message after message."""

    def __init__(self, server: SmtpServer, local_hostname: str) -> None:
        self.server = server
        self.local_hostname = local_hostname
        self.client: aiosmtplib.SMTP | None = None

    async def _open(self) -> aiosmtplib.SMTP:
        if self.client is None or not self.client.is_connected:
            server = self.server
            # With a login over plain smtp:// the upgrade is ours to require (below); without
            # one, STARTTLS is taken whenever offered (None).
            must_upgrade = bool(server.username) and not server.implicit_tls
            client = aiosmtplib.SMTP(
                hostname=server.host,
                port=server.port,
                use_tls=server.implicit_tls,
                start_tls=False if server.implicit_tls or must_upgrade else None,
                local_hostname=self.local_hostname,
                timeout=TIMEOUT,
            )
            self.client = client
            await client.connect()
            if must_upgrade:
                await client.ehlo()
                if not client.supports_extension("starttls"):
                    raise TlsNotOffered(NO_STARTTLS)
                await client.starttls()
            if server.username:
                await client.login(server.username, server.password)
        return self.client

    async def send(self, sender: str, recipient: str, message: bytes) -> Answer:
        """Send ``message`` from ``sender`` to ``recipient``; at most ``MESSAGE_TIMEOUT``
        seconds, connecting included."""
        try:
            async with asyncio.timeout(MESSAGE_TIMEOUT):
                return await self._send(sender, recipient, message)
        except TimeoutError:
            self.drop()
            return Answer(None, f"timeout: no answer within {MESSAGE_TIMEOUT:g} s")

    async def _send(self, sender: str, recipient: str, message: bytes) -> Answer:
        try:
            client = await self._open()
            await client.mail(sender)
            await client.rcpt(recipient)
            response = await client.data(message)
            return Answer(response.code, response.message)
        except aiosmtplib.SMTPRecipientRefused as refused:
            await self._reset()
            return Answer(refused.code, refused.message, recipient=True)
        except TlsNotOffered:
            self.drop()  # a set-up to fix, not this message's fault: tried again later
            return Answer(None, NO_STARTTLS)
        except aiosmtplib.SMTPAuthenticationError as refused:
            self.drop()  # the server refused Tally, not this message: tried again later
            return Answer(None, f"login refused: {refused.code} {refused.message}")
        except (
            aiosmtplib.SMTPSenderRefused,
            aiosmtplib.SMTPHeloError,
            aiosmtplib.SMTPConnectResponseError,
        ) as refused:
            self.drop()  # nor is a refused sender or greeting this message's fault
            return Answer(None, f"server refused Tally: {refused.code} {refused.message}")
        except aiosmtplib.SMTPResponseException as refused:
            await self._reset()
            return Answer(refused.code, refused.message)
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as error:
            self.drop()
            return Answer(None, _words(error))

    async def _reset(self) -> None:
        """After a refusal the session stays usable once the envelope is reset."""
        try:
            if self.client is not None:
                await self.client.rset()
        except (TimeoutError, aiosmtplib.SMTPException, OSError):
            self.drop()

    def drop(self) -> None:
        """Forget the session without a word to the server (it is in doubt)."""
        client, self.client = self.client, None
        if client is not None:
            client.close()

    async def close(self) -> None:
        """End the session politely (QUIT), within ``TIMEOUT``."""
        client, self.client = self.client, None
        if client is None or not client.is_connected:
            return
        try:
            async with asyncio.timeout(TIMEOUT):
                await client.quit()
        except (TimeoutError, aiosmtplib.SMTPException, OSError):
            client.close()


def _words(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return f"timeout: no answer within {TIMEOUT:g} s"
    text = str(error).strip() or type(error).__name__
    return f"connection failed: {text}"[:500]
