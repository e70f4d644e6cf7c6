"""``tally payments-sandbox``: one invoice walked from issued to paid, offline.

It starts ``localstripe`` (a fake Stripe server, a dev dependency) on a loopback port, points
this process's provider A at it (as ``TALLY_PROVIDER_A_API_BASE`` would), and with the
services in ``billing/`` (no HTTP): creates or reuses a demo business in test mode, saves
provider A test keys, makes a customer whose test card is created at localstripe and stored
as its payment method, a plan at 49.00 a month and a subscription billed at once, then runs
the payments step of the due-work pass for the demo merchant only, which charges the invoice.

Only the demo merchant is collected: a whole pass would charge every other merchant's unpaid
invoices at localstripe too (it accepts any key) and mark them paid.
"""

import argparse
import asyncio
import dataclasses
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from billing.core.currencies import major_units
from billing.payments import setup as payments_setup
from webapp import db
from webapp.config import ConfigError, Settings

DEMO_EMAIL = "sandbox-owner@tally.test"
DEMO_NAME = "Sandbox Co"
SECRET = "sk_test_sandbox0000000000000001"
PUBLIC = "pk_test_sandbox0000000000000001"
GOOD_CARD = "4242424242424242"
DECLINED_CARD = "4000000000000341"  # attaches, then every charge is declined


def _localstripe_command() -> str:
    beside = Path(sys.executable).parent / "localstripe"
    found = str(beside) if beside.exists() else shutil.which("localstripe")
    if found is None:
        raise ConfigError(
            "localstripe is not installed; pip install localstripe (it is a dev dependency)"
        )
    return found


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(base_url: str) -> bool:
    request = urllib.request.Request(
        f"{base_url}/v1/balance", headers={"Authorization": f"Bearer {SECRET}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=1) as answer:
            return answer.status == 200
    except OSError:
        return False


def _gateway_command() -> str:
    _localstripe_command()  # installed, or say so
    return sys.executable


def start_localstripe(port: int, *, keep: bool) -> tuple[subprocess.Popen, str]:
    """localstripe on ``127.0.0.1:port`` once it answers; kept in a session of its own with
    ``keep`` so it outlives this command."""
    workdir = Path(tempfile.mkdtemp(prefix="tally-localstripe-"))
    log = (workdir / "localstripe.log").open("wb")
    process = subprocess.Popen(
        # localstripe with setup_future_usage and setup_intent.succeeded, which checkout uses
        [_gateway_command(), "-m", "webapp.sandbox_gateway", "--port", str(port), "--from-scratch"],
        cwd=workdir,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=keep,
    )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while not _answers(base_url):
        if process.poll() is not None:
            raise ConfigError(
                f"localstripe ended with status {process.returncode} (port {port} in use?); "
                f"its log: {workdir / 'localstripe.log'}"
            )
        if time.monotonic() > deadline:
            process.kill()
            raise ConfigError("localstripe did not answer within 30 seconds")
        time.sleep(0.1)
    return process, base_url


def _money(cents: int, currency: str) -> str:
    """``4900, USD`` → ``49.00 USD``, in the currency's minor units (``500 JPY``), as the
    CLI's other lines read."""
    return f"{major_units(cents, currency.upper())} {currency.upper()}"


def demo_password() -> str:
    """A fresh password for the demo owner that always passes the strength rule.

    Random URL-safe text alone is all letters about one time in thirty, which the rule refuses
    ("mix letters with digits or symbols"); the dash and the number rule that out.
    """
    return f"{secrets.token_urlsafe(12)}-{secrets.randbelow(900) + 100}"


async def _demo_merchant(say) -> tuple[str, str | None]:
    """The demo business's test row, created on first use: (id, password when new)."""
    from billing.accounts import merchants
    from billing.accounts.accounts import merchants_of, provision_merchant
    from billing.accounts.models import User

    user = await User.filter(email=DEMO_EMAIL).first()
    if user is not None:
        for merchant in await merchants_of(user.id):
            tenant = await merchants.tenant_of(merchant.id, "test")
            say(f"Reusing the demo merchant {tenant.id} ({DEMO_NAME}, test mode)")
            return tenant.id, None
    password = demo_password()
    made = await provision_merchant(
        name=DEMO_NAME, email=DEMO_EMAIL, password=password, environment="test"
    )
    say(f"Created the demo merchant {made.merchant.id} ({DEMO_NAME}, test mode)")
    return made.merchant.id, password


async def walk(url: str, base_url: str, card: str, say) -> dict:
    """Everything after localstripe is up; answers what the closing lines need."""
    from billing.accounts.api_keys import create_api_key
    from billing.catalog.plan_create import create_plan
    from billing.core.models import utcnow
    from billing.customers.customers import create_customer
    from billing.invoicing.models import Invoice
    from billing.invoicing.subscription_starts import create_subscription
    from billing.payments import provider_a_config
    from billing.payments.collection.collecting import collect_due
    from billing.payments.gateways import gateway_for
    from billing.payments.methods.payment_methods import create_payment_method
    from billing.payments.models import Payment, PaymentMethodStatus, PaymentStatus

    await db.migrate(url)
    await db.init_orm(url)
    try:
        merchant_id, password = await _demo_merchant(say)
        _, api_key = await create_api_key(merchant_id, name="Sandbox key", key_type="secret")
        await provider_a_config.save_config(merchant_id, secret_key=SECRET, public_key=PUBLIC)
        say(f"Configured provider A with test keys at localstripe ({base_url})")

        email = f"ada+{secrets.token_hex(3)}@example.com"
        customer = await create_customer(merchant_id, email=email, name="Ada Lovelace")
        gateway = gateway_for(provider_a_config.PROVIDER)
        psp_customer, psp_method = await gateway.save_test_card(merchant_id, card, email)
        method = await create_payment_method(
            merchant_id,
            {
                "customerId": customer.id,
                "provider": provider_a_config.PROVIDER,
                "paymentType": "card",
                "status": PaymentMethodStatus.ACTIVE,
                "cardLastFour": card[-4:],
                "externalPspPaymentMethodId": psp_method,
                "externalPspCustomerId": psp_customer,
            },
        )
        say(f"Created the customer {customer.id} ({email})")
        say(f"  with the card {card} at localstripe ({psp_method}), stored as {method.id}")

        view = await create_plan(
            merchant_id, plan_name=f"Sandbox Pro {secrets.token_hex(2)}", monthly_price=4900
        )
        price = view.prices[0]
        say(f"Created the plan {view.plan.id} ({view.plan.plan_name}) at 49.00 USD a month")
        subscription = await create_subscription(
            merchant_id,
            customer_id=customer.id,
            plan_id=view.plan.id,
            effective_price_id=price.id,
            trigger_immediate_billing=True,
        )
        invoice = await Invoice.get(
            merchant_id=merchant_id, stable_subscription_id=subscription.stable_subscription_id
        )
        say(f"Subscribed: {subscription.id}, billed at once (triggerImmediateBilling)")
        total = _money(invoice.total_cents, invoice.currency)
        say(f"Issued the invoice {invoice.number} ({invoice.id}) for {total}: {invoice.status}")

        outcomes = await collect_due(utcnow(), merchant_id=merchant_id)
        done = ", ".join(f"{n} {word}" for word, n in sorted(outcomes.items()) if n)
        say(f"Ran the payments step of the due-work pass: {done or 'nothing'}")
        await invoice.refresh_from_db()
        payment = await Payment.filter(invoice_id=invoice.id).order_by("-attempt").first()
        final = f"{invoice.number} {total}: {invoice.status}"
        if payment is not None:
            say(f"Payment {payment.id} (attempt {payment.attempt}): {payment.status}")
            if payment.status == PaymentStatus.FAILED:
                retry = payment.retry_at and f"{payment.retry_at:%Y-%m-%d %H:%M} UTC"
                say(f"  {payment.error_message}; next retry: {retry or 'none scheduled'}")
                final += f", payment failed, next retry {retry or 'none scheduled'}"
        say(final)
        return {"merchant": merchant_id, "invoice": invoice.id, "key": api_key, "pw": password}
    finally:
        await db.close_orm()


def _closing(found: dict, base_url: str, keep: bool, say) -> None:
    say("")
    say("To look further, serve Tally on the same database:")
    if keep:
        say(f"  TALLY_PROVIDER_A_API_BASE={base_url} .venv/bin/tally serve")
    else:
        say("  .venv/bin/tally serve")
        say("  (to charge more at localstripe: run this with --keep, then serve with the")
        say("  TALLY_PROVIDER_A_API_BASE it prints)")
    say(f"Dashboard: http://127.0.0.1:8000/dashboard/invoices/{found['invoice']}")
    password = found["pw"] or "(printed on its first run)"
    say(f"  log in as {DEMO_EMAIL}, password {password}; switch Test mode on")
    say("API:")
    say(
        f"  curl -H 'Authorization: Bearer {found['key']}' "
        f"http://127.0.0.1:8000/v1/invoices/{found['invoice']}"
    )


def cmd_payments_sandbox(args: argparse.Namespace, settings: Settings) -> int:
    def say(line: str) -> None:
        print(line, flush=True)

    port = args.port or _free_port()
    process, base_url = start_localstripe(port, keep=args.keep)
    say(f"Started localstripe at {base_url} (pid {process.pid})")
    try:
        payments_setup.configure(
            dataclasses.replace(settings.payments_setup(), provider_a_api_base=base_url)
        )
        card = DECLINED_CARD if args.decline else GOOD_CARD
        found = asyncio.run(walk(db.url_of(settings), base_url, card, say))
        _closing(found, base_url, args.keep, say)
    finally:
        if not args.keep:
            process.terminate()
            process.wait(timeout=30)
            say("Stopped localstripe")
    if args.keep:
        say(f"localstripe keeps running (pid {process.pid}; stop it with: kill {process.pid})")
    return 0
