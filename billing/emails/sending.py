"""Sending the pending e-mails: the due step ``send_due`` (billing/due_work.py, before the
webhooks).

A pass claims due e-mails under a lease (``email_rows.claim``: one statement, committed at
once), then, with no transaction open, renders each (``contexts.build``, ``rendering.render``)
and sends it, ``CONCURRENCY`` at a time, each worker of a claim over one SMTP session of its
own; and records the claim's outcomes in one short transaction (``email_rows.record``). A
claim is made again until nothing is due.

What an attempt comes to:

- the server accepts (2xx): ``sent``, with its answer and ``sent_at``;
- a temporary refusal (4xx), or no answer at all (connection refused or dropped, timeout, the
  server refusing Tally's login or sender: a fault of the set-up, not of the message): tried
  again after 1 minute, 5 minutes, 30 minutes, 2 hours and 6 hours (``SCHEDULE``); the sixth
  failed attempt makes it ``failed``;
- a permanent refusal (5xx): ``failed`` at once; when it was the recipient the server refused
  (RCPT), the customer is marked ``email_undeliverable`` with the server's words;
- an address that cannot receive mail (``message.deliverable``): ``skipped`` and logged, once,
  never tried; so is an e-mail whose customer was deleted before it went;
- an e-mail the merchant switched off in Settings after it was written: ``skipped`` with
  ``SWITCHED_OFF`` (the outbox checks when writing, this when sending: a queued or retrying
  e-mail must not go once switched off). A test e-mail (no event: "send me a test") goes
  whatever the switch says, since it is asked for by the merchant;
- no SMTP server configured: ``not_sent``, its rendering kept for the sent-mail log.

The rendering (subject, HTML, text) is kept at the first attempt and a retry sends what was
kept; every attempt carries the same ``Message-ID``. A rendering that raises is a bug of ours:
logged, counted ``failed`` (so the pass says so) and retried on the schedule.

``send_due(now)`` works as of ``now`` (the test clock): what is due then, outcomes recorded at
``now``, retries due after the schedule from ``now``.
"""

import asyncio
import logging
from collections import Counter
from datetime import datetime, timedelta

from billing.core.claims import FAILED
from billing.customers.models import Customer
from billing.emails import contexts, message, rendering, smtp
from billing.emails.email_rows import Result, claim, record
from billing.emails.models import Email, EmailSettings, EmailStatus

log = logging.getLogger("tally.emails")

CONCURRENCY = 8  # SMTP sessions of one pass
# The worst claim (every message timing out, CONCURRENCY at a time: 4 x 60 s) ends well
# within its lease (email_rows.LEASE, 5 minutes), so no other pass takes a row being sent.
CLAIM_SIZE = 32
SCHEDULE = tuple(timedelta(minutes=m) for m in (1, 5, 30, 120, 360))
NO_SMTP = "not sent: no SMTP server configured"
UNDELIVERABLE_ADDRESS = "skipped: the address cannot receive mail"
DELETED_CUSTOMER = "skipped: the customer was deleted"
SWITCHED_OFF = "not sent: this e-mail is switched off in Settings"

# The pass's words for ``tally run-due``: "3 sent, 1 retrying". "failed" is kept for our own
# errors (the due pass counts it as a failure); the server's refusals are "refused".
SENT, RETRYING, REFUSED, GAVE_UP, SKIPPED, NOT_SENT = (
    "sent",
    "retrying",
    "refused",
    "given up",
    "skipped",
    "not sent",
)


async def send_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Attempt every e-mail due as of ``now`` (of one merchant row, when given); answers how
    many ended in each outcome."""
    outcomes: Counter[str] = Counter()
    while emails := await claim(now, merchant_id, CLAIM_SIZE):
        attempted = await _Claim(emails, now).run()
        try:
            await record([result for result, _ in attempted])
        except Exception:
            ids = ", ".join(email.id for email in emails[:5])
            log.exception("could not record %d e-mails (%s...); they go again", len(emails), ids)
            outcomes[FAILED] += len(emails)
            continue
        outcomes.update(word for _, word in attempted)
    return outcomes


class _Claim:
    """Rendering and sending one claim's e-mails."""

    def __init__(self, emails: list[Email], now: datetime) -> None:
        self.emails = emails
        self.now = now
        self.setup = smtp.current()
        self.brands: dict[str, dict] = {}
        self.customers: dict[str, Customer] = {}
        self.switched_off: dict[str, set[str]] = {}

    async def run(self) -> list[tuple[Result, str]]:
        # Every read is scoped to the claim's merchant rows, as every read of a row is.
        merchants = sorted({email.merchant_id for email in self.emails})
        ids = {email.customer_id for email in self.emails if email.customer_id}
        if ids:
            found = await Customer.filter(merchant_id__in=merchants, id__in=sorted(ids))
            self.customers = {customer.id: customer for customer in found}
        for row in await EmailSettings.filter(merchant_id__in=merchants):
            self.switched_off[row.merchant_id] = set(row.disabled or ())
        queue: asyncio.Queue[Email] = asyncio.Queue()
        for email in self.emails:
            queue.put_nowait(email)
        results: list[tuple[Result, str]] = []
        workers = min(CONCURRENCY, len(self.emails))
        await asyncio.gather(*(self._work(queue, results) for _ in range(workers)))
        return results

    async def _work(self, queue: asyncio.Queue[Email], results: list) -> None:
        server = self.setup.server
        connection = smtp.Connection(server, self.setup.sender_domain) if server else None
        try:
            while not queue.empty():
                email = queue.get_nowait()
                try:
                    results.append(await self._attempt(email, connection))
                except Exception as error:  # a bug of ours: retried on the schedule
                    log.exception("e-mail %s could not be attempted", email.id)
                    words = f"not sent: internal error ({type(error).__name__})"
                    results.append((self._retry(email, words), FAILED))
        finally:
            if connection is not None:
                await connection.close()

    def _result(self, email: Email, status: EmailStatus, answer: str, **more) -> Result:
        return Result(email=email, status=status, answer=answer, at=self.now, **more)

    def _retry(self, email: Email, answer: str, **more) -> Result:
        attempt = email.attempts + 1
        if attempt > len(SCHEDULE):
            return self._result(email, EmailStatus.FAILED, answer, **more)
        next_at = self.now + SCHEDULE[attempt - 1]
        return self._result(email, EmailStatus.PENDING, answer, next_at=next_at, **more)

    async def _attempt(
        self, email: Email, connection: smtp.Connection | None
    ) -> tuple[Result, str]:
        switched_off = self.switched_off.get(email.merchant_id, set())
        if email.event_id is not None and email.template in switched_off:
            return self._result(email, EmailStatus.SKIPPED, SWITCHED_OFF), SKIPPED
        customer = self.customers.get(email.customer_id or "")
        if customer is not None and customer.deleted_at is not None:
            return self._result(email, EmailStatus.SKIPPED, DELETED_CUSTOMER), SKIPPED
        if not message.deliverable(email.recipient):
            log.warning(
                "e-mail %s skipped: %r cannot receive mail (never retried)",
                email.id,
                email.recipient,
            )
            return self._result(email, EmailStatus.SKIPPED, UNDELIVERABLE_ADDRESS), SKIPPED
        if email.merchant_id not in self.brands:
            self.brands[email.merchant_id] = await contexts.branding(email.merchant_id)
        brand = self.brands[email.merchant_id]
        context, attachments = await contexts.build(email)
        rendered = rendering.render(email.template, context)
        kept = {
            "subject": email.subject or rendered.subject,
            "html": email.html or rendered.html,
            "text": email.text or rendered.text,
        }
        if connection is None:
            return self._result(email, EmailStatus.NOT_SENT, NO_SMTP, **kept), NOT_SENT
        composed = message.compose(
            message.Parts(
                sender_name=brand.get("name") or "",
                mail_from=self.setup.mail_from,
                reply_to=brand.get("reply_to") or "",
                to_name=customer.name if customer is not None else "",
                to_address=email.recipient,
                subject=kept["subject"],
                text=kept["text"],
                html=kept["html"],
                attachments=_unique((*attachments, *rendered.attachments)),
                message_id=message.message_id(
                    email.merchant_id, email.key, self.setup.sender_domain
                ),
                date=self.now,
            )
        )
        answer = await connection.send(
            self.setup.mail_from, email.recipient, composed.as_bytes(policy=composed.policy)
        )
        if answer.sent:
            return self._result(
                email, EmailStatus.SENT, str(answer), sent_at=self.now, **kept
            ), SENT
        if answer.permanent:
            log.warning("e-mail %s refused for good: %s", email.id, answer)
            return self._result(
                email, EmailStatus.FAILED, str(answer), undeliverable=answer.recipient, **kept
            ), REFUSED
        result = self._retry(email, str(answer), **kept)
        return result, RETRYING if result.status == EmailStatus.PENDING else GAVE_UP


def _unique(attachments: tuple) -> tuple:
    """The attachments once each (the context and the renderer may both name the PDF)."""
    seen: dict[str, object] = {}
    for attachment in attachments:
        seen.setdefault(attachment.filename, attachment)
    return tuple(seen.values())
