"""A real SMTP server for the tests: aiosmtpd's ``Controller`` on a free loopback port, in a
thread of the test process, recording every message it accepts.

It accepts everything unless told otherwise: ``refuse(address, answer)`` answers RCPT for that
address with ``answer`` (``"550 5.1.1 No such user"``, ``"450 4.2.1 Mailbox busy"``), and
``answer_next(answer, times)`` answers DATA of the next ``times`` messages with ``answer``
(accepted ones are recorded, refused ones not). ``received`` holds what was accepted, as
``Received`` (the envelope and the message parsed back), in the order it came.

A pytest plugin (listed in ``tests/conftest.py``): ``smtp_server`` points the e-mails'
SMTP set-up at the session's server for one test (the sending address
``billing@tally.example``), forgets what earlier tests told it, and puts the set-up back
afterwards (no SMTP server: the suite's default). ``serving()`` starts a server of a test's
own, and its ``env`` points a ``tally`` process at it (``TALLY_SMTP_URL``, ``TALLY_MAIL_FROM``).
"""

import contextlib
import threading
from collections import deque
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from billing.emails import smtp
from tests.support.processes.ports import free_port

MAIL_FROM = "billing@tally.example"


@dataclass(frozen=True)
class Received:
    sender: str
    recipients: list[str]
    raw: bytes

    @property
    def message(self) -> EmailMessage:
        return message_from_bytes(self.raw, policy=policy.default)


class Recorder:
    """aiosmtpd's handler: answers RCPT and DATA as told, keeps what it accepts."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.received: list[Received] = []
        self.refused: dict[str, str] = {}
        self.next_answers: deque[str] = deque()

    def reset(self) -> None:
        with self.lock:
            self.received.clear()
            self.refused.clear()
            self.next_answers.clear()

    def refuse(self, address: str, answer: str) -> None:
        with self.lock:
            self.refused[address.lower()] = answer

    def answer_next(self, answer: str, times: int = 1) -> None:
        with self.lock:
            self.next_answers.extend([answer] * times)

    def to(self, address: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if address.lower() in map(str.lower, r.recipients)]

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        with self.lock:
            answer = self.refused.get(address.lower())
        if answer:
            return answer
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        with self.lock:
            if self.next_answers:
                return self.next_answers.popleft()
            self.received.append(
                Received(envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content)
            )
        return "250 2.0.0 Message accepted for delivery"


class SmtpServer:
    def __init__(self) -> None:
        self.recorder = Recorder()
        self.port = free_port()
        self.controller = Controller(self.recorder, hostname="127.0.0.1", port=self.port)

    @property
    def setup(self) -> smtp.MailSetup:
        return smtp.MailSetup(server=smtp.SmtpServer("127.0.0.1", self.port), mail_from=MAIL_FROM)

    @property
    def env(self) -> dict[str, str]:
        """The settings that point a ``tally`` process's e-mails at this server."""
        return {"TALLY_SMTP_URL": f"smtp://127.0.0.1:{self.port}", "TALLY_MAIL_FROM": MAIL_FROM}

    def __getattr__(self, name: str):  # received, refuse, answer_next, to, reset
        return getattr(self.recorder, name)


@contextlib.contextmanager
def serving():
    """An ``SmtpServer`` started for the block, stopped after it."""
    server = SmtpServer()
    server.controller.start()
    try:
        yield server
    finally:
        server.controller.stop()


@pytest.fixture(scope="session")
def smtp_server_running():
    with serving() as server:
        yield server


@pytest.fixture
def smtp_server(app, smtp_server_running):
    """The session's SMTP server, the e-mails pointed at it for this test."""
    original = smtp.current()
    smtp_server_running.reset()
    smtp.configure(smtp_server_running.setup)
    try:
        yield smtp_server_running
    finally:
        smtp.configure(original)
        smtp_server_running.reset()
