"""billing.emails.smtp over TLS: with a login, ``smtp://`` must upgrade with STARTTLS (a
stripped offer must not send the password in clear) and ``smtps://`` speaks TLS from the
start; both verify the server's certificate. Real servers (aiosmtpd) with a certificate made
in the test and trusted through ``SSL_CERT_FILE``, as an operator would trust a private CA."""

from datetime import UTC, datetime

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from billing.emails import smtp
from billing.emails.models import Email, EmailStatus
from billing.emails.sending import RETRYING, send_due
from tests.support.billing.emails import pending_to
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.smtp_server import MAIL_FROM, Recorder
from tests.support.fakes.tls import self_signed
from tests.support.processes.ports import free_port

CLOCK = datetime(2031, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def certificate(tmp_path, monkeypatch):
    made = self_signed(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(made.cert_file))
    return made


class Logins:
    """aiosmtpd's authenticator: checks the password, and notes whether TLS was on."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, bool]] = []

    def __call__(self, server, session, envelope, mechanism, auth_data):
        login, password = auth_data.login.decode(), auth_data.password.decode()
        over_tls = server.transport.get_extra_info("ssl_object") is not None
        self.seen.append((login, password, over_tls))
        return AuthResult(success=password == "p:ss/w", handled=False)


async def _send_through(controller: Controller, url: str) -> smtp.Answer:
    controller.start()
    try:
        connection = smtp.Connection(smtp.parse_url(url), "tally.example")
        answer = await connection.send("b@tally.example", "ada@example.com", b"Hi")
        await connection.close()
        return answer
    finally:
        controller.stop()


def _starttls_server(recorder: Recorder, logins: Logins, port: int, certificate) -> Controller:
    """A server that offers STARTTLS and takes a login only after it."""
    return Controller(
        recorder,
        hostname="127.0.0.1",
        port=port,
        tls_context=certificate.server_context(),
        require_starttls=True,
        authenticator=logins,
        auth_require_tls=True,
        auth_required=True,
    )


async def test_a_login_over_smtp_goes_after_starttls(certificate):
    recorder, logins, port = Recorder(), Logins(), free_port()
    controller = _starttls_server(recorder, logins, port, certificate)
    answer = await _send_through(controller, f"smtp://user%40shop:p%3Ass%2Fw@127.0.0.1:{port}")
    assert answer.sent, answer
    assert logins.seen == [("user@shop", "p:ss/w", True)]
    [got] = recorder.received
    assert (got.sender, got.recipients) == ("b@tally.example", ["ada@example.com"])


async def test_a_wrong_password_over_starttls_is_retried_not_failed(certificate):
    recorder, logins, port = Recorder(), Logins(), free_port()
    controller = _starttls_server(recorder, logins, port, certificate)
    answer = await _send_through(controller, f"smtp://user%40shop:wrong@127.0.0.1:{port}")
    assert not answer.sent and not answer.permanent  # the set-up's fault: retried
    assert answer.words.startswith("login refused: 535")
    assert logins.seen and all(tls for _, _, tls in logins.seen)
    assert recorder.received == []


# aiosmtpd counts only STARTTLS as TLS for ``auth_require_tls`` (implicit TLS would never
# offer AUTH): the authenticator checks the transport itself instead.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
async def test_a_login_over_smtps_goes_over_tls_from_the_start(certificate):
    recorder, logins, port = Recorder(), Logins(), free_port()
    controller = Controller(
        recorder,
        hostname="127.0.0.1",
        port=port,
        ssl_context=certificate.server_context(),
        authenticator=logins,
        auth_require_tls=False,
        auth_required=True,
    )
    answer = await _send_through(controller, f"smtps://user%40shop:p%3Ass%2Fw@127.0.0.1:{port}")
    assert answer.sent, answer
    assert logins.seen == [("user@shop", "p:ss/w", True)]
    assert len(recorder.received) == 1


async def test_an_untrusted_certificate_sends_nothing(tmp_path):
    made = self_signed(tmp_path)  # not trusted: SSL_CERT_FILE left alone
    recorder, port = Recorder(), free_port()
    controller = Controller(
        recorder, hostname="127.0.0.1", port=port, ssl_context=made.server_context()
    )
    answer = await _send_through(controller, f"smtps://127.0.0.1:{port}")
    assert not answer.sent and not answer.permanent
    assert "CERTIFICATE_VERIFY_FAILED" in answer.words
    assert recorder.received == []


async def test_a_server_without_starttls_gets_no_password_and_the_email_waits(
    merchant, smtp_server
):
    """The suite's plain server offers no STARTTLS: with credentials nothing is sent, the
    e-mail is retried later, and its log line says why."""
    plain = smtp.SmtpServer("127.0.0.1", smtp_server.port, username="ada", password="secret")
    smtp.configure(smtp.MailSetup(server=plain, mail_from=MAIL_FROM))
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)

    outcomes = await send_due(CLOCK, merchant.id)

    assert outcomes[RETRYING] == 1 and smtp_server.received == []
    waiting = await Email.get(id=email.id)
    assert (waiting.status, waiting.attempts) == (EmailStatus.PENDING, 1)
    assert waiting.smtp_response == smtp.NO_STARTTLS
    assert "did not offer STARTTLS" in waiting.smtp_response
