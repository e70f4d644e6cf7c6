"""``tally run-due`` as a process of its own: its start-up registers the e-mails' consumer of
the event log and reads ``TALLY_SMTP_URL`` and ``TALLY_MAIL_FROM``, so an invoice its billing
step issues is mailed by its e-mail step, to the SMTP server the test process runs.

The test database is shared by the whole run: the pass runs as of 2021 (as the due-work
test's does), before any other test's work falls due, and the subscription's first cycle is
due then."""

import asyncio
import os
import subprocess
import sys
from datetime import UTC, datetime

from billing.customers.models import Customer
from billing.emails.models import Email, EmailStatus
from billing.subscriptions.models import SubscriptionDetail
from tests.conftest import ROOT
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.fakes.smtp_server import MAIL_FROM

START = datetime(2021, 2, 3, 0, 0, tzinfo=UTC)
NOW = "2021-02-03T04:05:06Z"


def _run_due(database_url: str, data_dir, smtp_port: int) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TALLY_DATA_DIR": str(data_dir),
        "TALLY_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
        "TALLY_MAIL_FROM": MAIL_FROM,
    }
    return subprocess.run(
        [sys.executable, "-m", "webapp.cli", "run-due", "--now", NOW],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_run_due_mails_the_invoice_its_billing_issued(
    merchant, database_url, tmp_path, smtp_server_running
):
    smtp_server_running.reset()
    subscription = await priced_subscription(merchant.id, FLAT_49, start=START)
    # a start in the past bills from the present on: its first cycle is set back to START
    await SubscriptionDetail.filter(subscription_id=subscription.id).update(next_billing_date=START)
    customer = await Customer.get(id=subscription.customer_id)

    done = await asyncio.to_thread(_run_due, database_url, tmp_path, smtp_server_running.port)

    assert done.returncode == 0, done.stdout + done.stderr
    [email] = await Email.filter(merchant_id=merchant.id, template="invoice_issued")
    assert email.status == EmailStatus.SENT and email.recipient == customer.email
    [got] = smtp_server_running.to(customer.email)
    assert got.sender == MAIL_FROM
    assert got.message["Subject"] == email.subject
    line = next(line for line in done.stdout.splitlines() if line.startswith("customer e-mails"))
    assert "sent" in line
