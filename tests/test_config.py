"""Settings.from_env: generated secrets are created once, kept private, and env values win."""

import json
import os
import stat
from concurrent.futures import ProcessPoolExecutor

import pytest
from cryptography.fernet import Fernet

from billing.emails.smtp import SmtpServer
from billing.payments.checkout.checkout_limits import Limit
from webapp.config import ConfigError, Settings

SECRET_VARIABLES = ("TALLY_SECRET_KEY", "TALLY_ENCRYPTION_KEY", "DATABASE_URL", "TALLY_PGDATA")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    for name in SECRET_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path / "data"
    monkeypatch.setenv("TALLY_DATA_DIR", str(folder))
    return folder


def test_secrets_are_generated_once_with_mode_0600(data_dir):
    first = Settings.from_env()
    path = data_dir / "secrets.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = json.loads(path.read_text())
    assert stored == {"secret_key": first.secret_key, "encryption_key": first.encryption_key}
    assert len(first.secret_key) >= 32
    Fernet(first.encryption_key.encode())  # a usable Fernet key

    second = Settings.from_env()
    assert (second.secret_key, second.encryption_key) == (first.secret_key, first.encryption_key)
    assert [p.name for p in data_dir.iterdir()] == ["secrets.json"]  # no temporary files left


def test_environment_values_win(data_dir, monkeypatch):
    generated = Settings.from_env()
    monkeypatch.setenv("TALLY_SECRET_KEY", "from-the-environment")
    mixed = Settings.from_env()
    assert mixed.secret_key == "from-the-environment"
    assert mixed.encryption_key == generated.encryption_key  # the other still comes from file
    key = Fernet.generate_key().decode()
    monkeypatch.setenv("TALLY_ENCRYPTION_KEY", key)
    both = Settings.from_env()
    assert (both.secret_key, both.encryption_key) == ("from-the-environment", key)


def test_no_file_is_written_when_the_environment_has_both(data_dir, monkeypatch):
    monkeypatch.setenv("TALLY_SECRET_KEY", "s")
    monkeypatch.setenv("TALLY_ENCRYPTION_KEY", Fernet.generate_key().decode())
    Settings.from_env()
    assert not data_dir.exists()


def test_other_settings(data_dir, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/x")
    monkeypatch.setenv("TALLY_SECURE_COOKIES", "yes")
    monkeypatch.setenv("TALLY_LOG_LEVEL", "debug")
    settings = Settings.from_env()
    assert settings.database_url == "postgresql://postgres@127.0.0.1:5432/x"
    assert settings.secure_cookies is True
    assert settings.log_level == "DEBUG"
    assert settings.pgdata_dir == data_dir.resolve() / "pgdata"


@pytest.mark.parametrize(
    ("public_url", "flag", "https", "secure"),
    [
        ("https://billing.example.com", None, True, True),  # no second setting needed
        ("HTTPS://Billing.example.com/", None, True, True),
        ("http://127.0.0.1:8000", None, False, False),  # make run
        (None, None, False, False),  # the default is http
        ("http://127.0.0.1:8000", "true", False, True),  # the old flag still works
    ],
)
def test_an_https_public_url_means_secure_cookies(
    data_dir, monkeypatch, public_url, flag, https, secure
):
    for name, value in (("TALLY_PUBLIC_URL", public_url), ("TALLY_SECURE_COOKIES", flag)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    settings = Settings.from_env()
    assert (settings.https, settings.cookies_secure) == (https, secure)


def _secret_key_in_new_process(folder: str) -> str:
    os.environ["TALLY_DATA_DIR"] = folder
    return Settings.from_env().secret_key


def test_processes_starting_together_agree(data_dir):
    with ProcessPoolExecutor(max_workers=6) as pool:
        keys = set(pool.map(_secret_key_in_new_process, [str(data_dir)] * 12))
    assert len(keys) == 1


@pytest.mark.parametrize("name", ["TALLY_CHECKOUT_RATE_PER_ADDRESS", "TALLY_CHECKOUT_RATE_PER_KEY"])
@pytest.mark.parametrize("value", ["abc", "0", "-1", "5/0", "5/86401", "5/x", "1.5"])
def test_a_bad_checkout_rate_is_a_config_error_naming_it(data_dir, monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env()
    assert str(refused.value) == (
        f"{name} must be N or N/SECONDS, with N of at least 1 and SECONDS from 1 to 86400 "
        f"(got {value!r})"
    )


def test_checkout_rates_are_read(data_dir, monkeypatch):
    monkeypatch.setenv("TALLY_CHECKOUT_RATE_PER_ADDRESS", "25/60")
    monkeypatch.setenv("TALLY_CHECKOUT_RATE_PER_KEY", "1000")
    limits = Settings.from_env().checkout_limits
    assert (limits.per_address, limits.per_key) == (Limit(25, 60), Limit(1000, 3600))


def test_without_smtp_settings_mail_is_kept_and_sent_from_localhost(data_dir, monkeypatch):
    for name in ("TALLY_SMTP_URL", "TALLY_MAIL_FROM", "TALLY_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings.from_env()
    assert (settings.smtp, settings.mail_from) == (None, "tally@localhost")


def test_the_smtp_url_and_sender_are_read(data_dir, monkeypatch):
    monkeypatch.setenv("TALLY_SMTP_URL", "smtps://postmaster%40shop.example:s%25cret@mail.example")
    monkeypatch.setenv("TALLY_PUBLIC_URL", "https://billing.shop.example")
    monkeypatch.delenv("TALLY_MAIL_FROM", raising=False)
    settings = Settings.from_env()
    assert settings.smtp == SmtpServer(
        "mail.example", 465, True, "postmaster@shop.example", "s%cret"
    )
    assert settings.mail_from == "billing@billing.shop.example"
    monkeypatch.setenv("TALLY_MAIL_FROM", "invoices@shop.example")
    assert Settings.from_env().mail_from == "invoices@shop.example"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TALLY_SMTP_URL", "mail.example:587"),
        ("TALLY_SMTP_URL", "smtp://user:secret@mail.example:port"),
        ("TALLY_MAIL_FROM", "Acme <billing@shop.example>"),
        ("TALLY_MAIL_FROM", "billing"),
    ],
)
def test_a_bad_mail_setting_is_a_config_error_naming_it(data_dir, monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env()
    assert str(refused.value).startswith(f"{name} ")
    assert "secret" not in str(refused.value)
