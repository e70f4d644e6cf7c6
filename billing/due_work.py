"""The due-work pass: the one entry point for everything Tally does because time passed.

``run_due(now)`` does, in this order, all work due as of ``now`` across all merchants: apply
scheduled changes (plan migrations at the next billing cycle), roll subscription periods over
(and end those cancelled at period end), end trials whose end has come (``trialing`` →
``active``, ``subscriptions/trials.py``), tell trials ending within 3 days
(``subscriptions/trial_notices.py``), yearly renewals within 7 days
(``subscriptions/renewal_notices.py``) and cards expiring next month
(``payments/methods/expiry_notices.py``), apply seat removals whose paid period ended, bill
due cycles into invoices, collect their payments
(charges, retries on the dunning schedule, end actions after grace: ``payments/collecting.py``),
end checkouts nobody paid within a day (``payments/checkout.py``), refund checkouts paid for a
customer who already subscribes (``payments/checkout_claims.py``),
renew credit grants, prune usage idempotency keys past their 24-hour window, usage
checkpoints no read has moved in weeks, portal sessions a day past their expiry and checkout
rate-limit windows that ended (``payments/checkout_limits.py``), send the customer e-mails
that are due, first attempts and retries (``emails/sending.py``), and last send the webhook
deliveries that are due, first attempts and retries (``webhooks/sending.py``). Nothing else
runs on a timer.

Three things run it (``webapp/due_loop.py``): ``tally serve`` in one of its worker processes,
``tally worker`` as a process of its own, and ``tally run-due [--now ISO]`` once, as of any
instant (the test clock). Any number of them may run at once on any number of machines: every
row is claimed with SKIP LOCKED (``core/claims.py``), so nothing is done twice.

Failures never stop the pass: a failing row is logged with its id and retried on the next pass
(``core/claims.py``), and a step that fails as a whole (its database connection dropped) is
logged and the pass goes on with the next step.
"""

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from billing.core.claims import FAILED
from billing.core.models import utcnow
from billing.emails import sending as emails
from billing.invoicing import billing_run
from billing.payments.checkout import checkout_claims, checkout_limits
from billing.payments.checkout import payment_init as checkout
from billing.payments.collection import collecting
from billing.payments.methods import expiry_notices
from billing.portal import sessions as portal_sessions
from billing.seats import removals
from billing.subscriptions import (
    credit_grant_renewal,
    periods,
    renewal_notices,
    scheduled_changes,
    trial_notices,
    trials,
)
from billing.usage import events, usage_checkpoints
from billing.webhooks import sending

log = logging.getLogger("tally.due_work")


Step = Callable[..., Awaitable[Counter[str]]]  # step(now, merchant_id=None)


def _pruned(prune: Callable[[datetime], Awaitable[int]]) -> Step:
    """A prune as a step. It deletes only rows past their windows, whoever they belong to, so
    a pass limited to one merchant prunes them whole."""

    async def step(now: datetime, merchant_id: str | None = None) -> Counter[str]:
        return Counter(pruned=await prune(now))

    return step


STEPS: tuple[tuple[str, Step], ...] = (
    ("scheduled changes", scheduled_changes.apply_due),
    ("subscription periods", periods.roll_due),
    ("trials", trials.end_due),
    ("trial notices", trial_notices.tell_due),
    ("renewal notices", renewal_notices.tell_due),
    ("card expiry notices", expiry_notices.tell_due),
    ("seat removals", removals.apply_due),
    ("billing", billing_run.bill_due),
    ("payments", collecting.collect_due),
    ("abandoned checkouts", checkout.expire_abandoned),
    ("refused checkouts", checkout_claims.refund_refused),
    ("credit grants", credit_grant_renewal.renew_due),
    ("usage idempotency keys", _pruned(events.prune_idempotency_keys)),
    ("usage checkpoints", _pruned(usage_checkpoints.prune)),
    ("portal sessions", _pruned(portal_sessions.prune_expired)),
    ("checkout rate windows", _pruned(checkout_limits.prune)),
    ("customer e-mails", emails.send_due),
    ("webhooks", sending.send_due),
)


@dataclass
class DueWorkReport:
    """What one pass did: per step, how many rows ended in each outcome."""

    now: datetime
    steps: dict[str, Counter[str]] = field(default_factory=dict)

    def count(self, step: str, outcome: str) -> int:
        return self.steps.get(step, Counter())[outcome]

    @property
    def failures(self) -> int:
        return sum(outcomes[FAILED] for outcomes in self.steps.values())

    def lines(self) -> list[str]:
        """One line per step, e.g. ``scheduled changes: 2 applied, 1 cancelled``."""
        return [
            f"{step}: "
            + (", ".join(f"{n} {word}" for word, n in sorted(outcomes.items()) if n) or "nothing")
            for step, outcomes in self.steps.items()
        ]


async def run_due(now: datetime | None = None, merchant_id: str | None = None) -> DueWorkReport:
    """Do all work due as of ``now`` (default: the present), each step in turn. ``merchant_id``
    limits the steps to one merchant row (the prunes run whole), so a test's pass at a clock
    years ahead leaves the other tests' rows alone; the loops and ``tally run-due`` never pass
    it."""
    report = DueWorkReport(now or utcnow())
    for name, step in STEPS:
        try:
            report.steps[name] = await step(report.now, merchant_id=merchant_id)
        except Exception:
            log.exception("due work step %r failed; it runs again on the next pass", name)
            report.steps[name] = Counter({FAILED: 1})
    return report
