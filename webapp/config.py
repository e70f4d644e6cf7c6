"""Settings read from the environment, with secrets generated once into the data folder.

With no environment variable set at all Tally still runs: the session-signing and encryption
keys are created on first start and kept in ``<data dir>/secrets.json`` (mode 0600) so sessions
survive restarts. In production they come from ``TALLY_SECRET_KEY`` and ``TALLY_ENCRYPTION_KEY``.
"""

import json
import os
import secrets
from dataclasses import dataclass
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.fernet import Fernet

from billing.emails.smtp import MailSetup, SmtpServer, check_sender, parse_url
from billing.payments.checkout.checkout_limits import (
    PER_ADDRESS,
    PER_KEY,
    CheckoutLimits,
    Limit,
    parse_limit,
)


class ConfigError(Exception):
    """A setting a person can fix (a bad DATABASE_URL, interval, port): the CLI prints its
    message as one ``error:`` line."""


def _flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _stored_secrets(data_dir: Path) -> dict[str, str]:
    """Read the generated secrets, creating them on first use.

    Several processes may start at once (``tally serve`` and its workers, parallel commands),
    so the file is written complete under a temporary name and then linked into place, which
    fails if another process got there first; the loser reads the winner's file. Nobody can
    read a half-written file, and everyone ends up with the same secrets.
    """
    path = data_dir / "secrets.json"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        values = {
            "secret_key": secrets.token_urlsafe(48),
            "encryption_key": Fernet.generate_key().decode(),
        }
        temporary = data_dir / f".secrets.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as handle:
                json.dump(values, handle)
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink(missing_ok=True)
    return json.loads(path.read_text())


def parse_interval(value: str | None, default: float = 30.0) -> float | None:
    """``TALLY_DUE_WORK_INTERVAL``: seconds between passes (default 30), or ``off`` (None)."""
    text = (value or "").strip().lower()
    if not text:
        return default
    if text in {"off", "0", "false", "no"}:
        return None
    try:
        seconds = float(text)
    except ValueError:
        raise ConfigError(
            f"TALLY_DUE_WORK_INTERVAL must be a number of seconds or 'off' (got {value!r})"
        ) from None
    if not 0.1 <= seconds <= 86_400:
        raise ConfigError("TALLY_DUE_WORK_INTERVAL must lie between 0.1 and 86400 seconds")
    return seconds


def parse_networks(value: str | None) -> tuple[IPv4Network | IPv6Network, ...]:
    """``TALLY_TRUSTED_PROXIES``: comma-separated addresses or networks (``10.0.0.0/8``)."""
    networks = []
    for part in (value or "").split(","):
        if part.strip():
            try:
                networks.append(ip_network(part.strip(), strict=False))
            except ValueError:
                raise ConfigError(
                    f"TALLY_TRUSTED_PROXIES: {part.strip()!r} is not an address or network"
                ) from None
    return tuple(networks)


def parse_checkout_limit(name: str, default: Limit) -> Limit:
    """``TALLY_CHECKOUT_RATE_PER_ADDRESS`` or ``..._PER_KEY``
    (billing/payments/checkout/checkout_limits.py):
    a bad value is a ConfigError naming the variable, never a traceback."""
    try:
        return parse_limit(os.environ.get(name), default)
    except ValueError as refused:
        raise ConfigError(f"{name} {refused}") from None


def parse_smtp_url(value: str | None) -> SmtpServer | None:
    """``TALLY_SMTP_URL`` (billing/emails/smtp.py): unset is no SMTP server (e-mails are
    kept "not sent"); a bad value is a ConfigError naming the variable, never the password."""
    if not (value or "").strip():
        return None
    try:
        return parse_url(value)
    except ValueError as refused:
        raise ConfigError(f"TALLY_SMTP_URL {refused}") from None


def parse_mail_from(value: str | None, public_url: str) -> str:
    """``TALLY_MAIL_FROM``: the address customer e-mails are sent from; by default
    ``billing@`` the public URL's host when that is a domain name, else
    ``tally@localhost``."""
    if (value or "").strip():
        try:
            return check_sender(value)
        except ValueError as refused:
            raise ConfigError(f"TALLY_MAIL_FROM {refused}") from None
    host = urlsplit(public_url).hostname or ""
    try:
        ip_address(host)
    except ValueError:
        if "." in host and host != "localhost":
            return f"billing@{host}"
    return "tally@localhost"


def is_trusted(address: str, networks: tuple[IPv4Network | IPv6Network, ...]) -> bool:
    try:
        parsed = ip_address(address)
    except ValueError:
        return False
    return any(parsed in network for network in networks)


@dataclass(frozen=True)
class Settings:
    database_url: str | None
    data_dir: Path
    pgdata_dir: Path
    secret_key: str
    encryption_key: str
    secure_cookies: bool
    log_level: str
    # Serve the hottest /v1 routes straight from ASGI (api/fast_lane.py); off only to compare.
    fast_lane: bool = True
    # Seconds between due-work passes inside ``tally serve`` (webapp/due_loop.py); None: off.
    # Settings made in code (tests) leave it off; ``from_env`` defaults to 30.
    due_work_interval: float | None = None
    # Proxies whose X-Forwarded-For is believed (TALLY_TRUSTED_PROXIES: addresses or networks).
    trusted_proxies: tuple[IPv4Network | IPv6Network, ...] = ()
    # Where payment providers call back (TALLY_PUBLIC_URL), and their API bases
    # (TALLY_PROVIDER_A_API_BASE, TALLY_PROVIDER_B_API_BASE; unset: the providers' own).
    public_url: str = "http://127.0.0.1:8000"
    provider_a_api_base: str | None = None
    provider_b_api_base: str | None = None
    # Checkouts per window (billing/payments/checkout/checkout_limits.py):
    # TALLY_CHECKOUT_RATE_PER_ADDRESS
    # (default 10 per 600 s, per client address and shop) and TALLY_CHECKOUT_RATE_PER_KEY
    # (default 300 per 3600 s, per shop and mode), each "N" or "N/SECONDS".
    checkout_limits: CheckoutLimits = CheckoutLimits()
    # Let webhook endpoints resolve to loopback and private addresses
    # (TALLY_WEBHOOK_ALLOW_PRIVATE_URLS; billing/webhooks/url_guard.py): off, so a merchant
    # cannot make Tally call its own network.
    webhook_allow_private_urls: bool = False
    # Customer e-mails (billing/emails): the SMTP server (TALLY_SMTP_URL; None: messages are
    # kept "not sent") and the address they are sent from (TALLY_MAIL_FROM).
    smtp: SmtpServer | None = None
    mail_from: str = "tally@localhost"

    @property
    def https(self) -> bool:
        """Whether people reach Tally over HTTPS, as its public URL says. TLS usually ends at a
        proxy in front, so the requests Tally sees say ``http`` either way: the public URL is
        the one place that knows."""
        return self.public_url.strip().lower().startswith("https://")

    @property
    def cookies_secure(self) -> bool:
        """Every cookie Tally sets (the dashboard session, which holds the CSRF token, and the
        portal's) is Secure behind HTTPS without a second setting; ``TALLY_SECURE_COOKIES``
        still makes them so on any public URL."""
        return self.secure_cookies or self.https

    def payments_setup(self):
        """What the payments context is configured with (``billing.payments.setup``)."""
        from billing.payments.setup import PaymentsSetup

        return PaymentsSetup(
            encryption_key=self.encryption_key,
            public_url=self.public_url,
            provider_a_api_base=self.provider_a_api_base,
            provider_b_api_base=self.provider_b_api_base,
            checkout_limits=self.checkout_limits,
            signing_key=self.secret_key,
        )

    def configure_domain(self) -> None:
        """Hand the domain what it takes from the process (it never reads the environment):
        the payments setup, the webhook address rule and the SMTP server of customer
        e-mails."""
        from billing.emails import smtp
        from billing.payments import setup
        from billing.webhooks import url_guard

        setup.configure(self.payments_setup())
        url_guard.configure(allow_private=self.webhook_allow_private_urls)
        smtp.configure(MailSetup(server=self.smtp, mail_from=self.mail_from))

    @classmethod
    def from_env(cls) -> "Settings":
        data_dir = Path(os.environ.get("TALLY_DATA_DIR", "var")).resolve()
        pgdata = Path(os.environ.get("TALLY_PGDATA", data_dir / "pgdata")).resolve()
        secret_key = os.environ.get("TALLY_SECRET_KEY")
        encryption_key = os.environ.get("TALLY_ENCRYPTION_KEY")
        if not (secret_key and encryption_key):
            stored = _stored_secrets(data_dir)
            secret_key = secret_key or stored["secret_key"]
            encryption_key = encryption_key or stored["encryption_key"]
        public_url = os.environ.get("TALLY_PUBLIC_URL") or "http://127.0.0.1:8000"
        return cls(
            database_url=os.environ.get("DATABASE_URL") or None,
            data_dir=data_dir,
            pgdata_dir=pgdata,
            secret_key=secret_key,
            encryption_key=encryption_key,
            secure_cookies=_flag("TALLY_SECURE_COOKIES"),
            log_level=os.environ.get("TALLY_LOG_LEVEL", "INFO").upper(),
            fast_lane=_flag("TALLY_FAST_LANE", default=True),
            due_work_interval=parse_interval(os.environ.get("TALLY_DUE_WORK_INTERVAL")),
            trusted_proxies=parse_networks(os.environ.get("TALLY_TRUSTED_PROXIES")),
            public_url=public_url,
            provider_a_api_base=os.environ.get("TALLY_PROVIDER_A_API_BASE") or None,
            provider_b_api_base=os.environ.get("TALLY_PROVIDER_B_API_BASE") or None,
            webhook_allow_private_urls=_flag("TALLY_WEBHOOK_ALLOW_PRIVATE_URLS"),
            smtp=parse_smtp_url(os.environ.get("TALLY_SMTP_URL")),
            mail_from=parse_mail_from(os.environ.get("TALLY_MAIL_FROM"), public_url),
            checkout_limits=CheckoutLimits(
                per_address=parse_checkout_limit("TALLY_CHECKOUT_RATE_PER_ADDRESS", PER_ADDRESS),
                per_key=parse_checkout_limit("TALLY_CHECKOUT_RATE_PER_KEY", PER_KEY),
            ),
        )
