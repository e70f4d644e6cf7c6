"""The credit-note migration links the refunds issued before it: run on adjustment invoices
whose ``credit_note_for`` is empty, its UPDATE names each one's original invoice (through the
refund and its payment) and touches nothing else. The refund goes through the in-memory gateway
(the subject is the migration, not the provider)."""

import importlib.util
from pathlib import Path

import pytest
from tortoise import connections

from billing.invoicing.models import Invoice
from billing.payments.refunds import refund_payment as refunds
from tests.support.factories.refunds import paid_subscription

pytestmark = pytest.mark.usefixtures("memory_gateway")
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations" / "models"
MIGRATION = next(MIGRATIONS.glob("*_f_refunds_credit_notes.py"))


async def backfill_sql() -> str:
    spec = importlib.util.spec_from_file_location("credit_notes_migration", MIGRATION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    statements = (await module.upgrade(None)).split(";")
    [update] = [sql for sql in statements if sql.strip().startswith("UPDATE")]
    return update


async def test_old_adjustment_invoices_become_credit_notes_of_their_original(merchant):
    paid = await paid_subscription(merchant.id, intent_id="pi_memory_paid")
    sid = paid.subscription.stable_subscription_id
    answer = await refunds.refund(merchant.id, sid, amount_cents=1000)
    note_id = answer["adjustmentInvoiceId"]
    await Invoice.filter(id=note_id).update(credit_note_for=None)  # as stored before it

    await connections.get("default").execute_script(await backfill_sql())

    assert (await Invoice.get(id=note_id)).credit_note_for == paid.invoice.id
    assert (await Invoice.get(id=paid.invoice.id)).credit_note_for is None
