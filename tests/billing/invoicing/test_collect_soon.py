"""An invoice issued outside a due pass signals the due-work loops when its transaction
commits (``issuing.collect_soon``): a proration that is owed NOTIFYs its issue date, one rolled
back NOTIFYs nothing. The served loop charging on that signal is proven end to end in
tests/test_prompt_charging.py."""

import asyncio
from datetime import datetime

import pytest
from tortoise.transactions import in_transaction

from billing.core.due_signal import CHANNEL
from billing.invoicing.models import Invoice
from billing.invoicing.prorations import override_price
from tests.support.billing.invoicing.prorations import paid_subscription
from tests.support.billing.listening import listening


class RolledBack(Exception):
    pass


async def test_an_owed_proration_signals_its_issue_on_commit_only(database_url, merchant):
    sub, dearer = await paid_subscription(merchant.id)
    async with listening(database_url, CHANNEL) as heard:
        with pytest.raises(RolledBack):
            async with in_transaction():
                await override_price(merchant.id, sub.id, price_id=dearer.id)
                raise RolledBack
        assert not await Invoice.filter(
            stable_subscription_id=sub.id, billing_reason="proration"
        ).exists()

        await override_price(merchant.id, sub.id, price_id=dearer.id)
        [invoice] = await Invoice.filter(stable_subscription_id=sub.id, billing_reason="proration")
        assert invoice.status == "unpaid" and invoice.total_cents > 0
        # The first signal is the committed issue's: the rolled-back one never left.
        moment = await asyncio.wait_for(heard.get(), timeout=10)
        assert datetime.fromisoformat(moment) == invoice.issue_date
