"""billing.emails.smtp: reading ``TALLY_SMTP_URL`` and logging in with its percent-decoded
user and password at a real SMTP server that checks them."""

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from billing.emails import smtp
from tests.support.fakes.smtp_server import Recorder
from tests.support.processes.ports import free_port


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


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
async def test_the_user_and_password_log_in():
    logins = []

    def authenticate(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login.decode(), auth_data.password.decode()))
        return AuthResult(success=auth_data.password == b"p:ss/w", handled=False)

    recorder, port = Recorder(), free_port()
    controller = Controller(
        recorder,
        hostname="127.0.0.1",
        port=port,
        authenticator=authenticate,
        auth_require_tls=False,
        auth_required=True,
    )
    controller.start()
    try:
        good = smtp.parse_url(f"smtp://user%40shop:p%3Ass%2Fw@127.0.0.1:{port}")
        bad = smtp.parse_url(f"smtp://user%40shop:wrong@127.0.0.1:{port}")
        answers = []
        for server in (good, bad):
            connection = smtp.Connection(server, "tally.example")
            answers.append(await connection.send("b@tally.example", "ada@example.com", b"Hi"))
            await connection.close()
    finally:
        controller.stop()
    assert logins[0] == ("user@shop", "p:ss/w")
    assert set(logins[1:]) == {("user@shop", "wrong")}  # each mechanism the server offers
    assert answers[0].sent and len(recorder.received) == 1
    assert not answers[1].sent and not answers[1].permanent  # the set-up's fault: retried
    assert answers[1].words.startswith("login refused: 535")
