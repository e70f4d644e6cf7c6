"""The listener that sends webhook deliveries moments after the change that made them commits.

``billing.event_log.recording`` (and a resend) NOTIFY ``CHANNEL`` in the transaction that
writes deliveries; PostgreSQL delivers it on commit. This listener holds a connection of its
own LISTENing on that channel and, when notified, runs ``sending.send_live``: the first
attempt goes out within moments, with no loop that polls or sleeps. Notifications that come
while a pass runs are coalesced into one more pass after it (which the running pass will
mostly have emptied already: it reads the present at each claim), never one pass each. It
also passes once when it starts (or reconnects), for what was committed while nobody
listened. Retries are due work: the sender announces each to the due loops
(``billing.core.due_signal``), and ``run_due``'s last step sends them.

Where it runs: beside the due-work loop, in the same process and only while that loop runs
(``webapp/due_loop.py``): in ``tally serve`` in the one worker that holds the due-work lock,
and in every ``tally worker``. So ``TALLY_DUE_WORK_INTERVAL=off`` on ``tally serve`` turns the
sending off there too, as it does all background work: a deployment that keeps background work
apart from its web servers runs ``tally worker`` processes, and those send. Any number may
listen at once; each delivery is claimed by one of them (``webhooks/delivery_rows.py``).
"""

import asyncio
import contextlib
import logging

from billing.event_log.recording import CHANNEL
from billing.webhooks.sending import send_live
from webapp import db

log = logging.getLogger("tally.webhooks")

RECONNECT_SECONDS = 5.0


class WebhookSender:
    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._wake = asyncio.Event()

    def _on_notify(self, *_args) -> None:
        self._wake.set()

    async def run(self) -> None:
        """Listen and send until cancelled; a dropped connection is logged and re-made."""
        while True:
            connection = None
            try:
                connection = await db.connect(self.database_url)
                await connection.add_listener(CHANNEL, self._on_notify)
                self._wake.set()
                while True:
                    await self._wake.wait()
                    self._wake.clear()
                    sent = await send_live()
                    if sent:
                        log.info(
                            "webhooks: %s", ", ".join(f"{n} {w}" for w, n in sorted(sent.items()))
                        )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("webhook sender failed; it starts again in %s s", RECONNECT_SECONDS)
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await connection.close(timeout=5)
