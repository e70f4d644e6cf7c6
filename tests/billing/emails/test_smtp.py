"""billing.emails.smtp: reading ``TALLY_SMTP_URL`` (logging in with its percent-decoded user
and password, over TLS, is tested against real servers in test_smtp_tls.py)."""

import pytest

from billing.emails import smtp


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("smtp://mail.example", smtp.SmtpServer("mail.example", 25)),
        ("smtp://mail.example:2525/", smtp.SmtpServer("mail.example", 2525)),
        (
            "smtp://user%40shop:p%3Ass%2Fw@mail.example:587",
            smtp.SmtpServer("mail.example", 587, False, "user@shop", "p:ss/w"),
        ),
        ("smtps://u:p@mail.example", smtp.SmtpServer("mail.example", 465, True, "u", "p")),
        ("smtps://mail.example:4650", smtp.SmtpServer("mail.example", 4650, True)),
    ],
)
def test_urls_are_read(url, server):
    assert smtp.parse_url(url) == server


@pytest.mark.parametrize(
    "url",
    [
        "mail.example",
        "http://mail.example",
        "smtp://",
        "smtp://mail.example:99999",
        "smtp://mail.example:port",
        "smtp://mail.example/path",
        "smtp://mail.example?tls=no",
        "smtp://:secret@mail.example",
    ],
)
def test_bad_urls_are_refused(url):
    with pytest.raises(ValueError) as refused:
        smtp.parse_url(url)
    assert "secret" not in str(refused.value)


def test_the_password_never_shows():
    server = smtp.parse_url("smtps://ada:hunter2@mail.example")
    assert "hunter2" not in repr(server) and "hunter2" not in str(server)
