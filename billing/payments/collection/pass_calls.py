"""The provider calls of one payments pass: concurrent, bounded, fair between merchants.

A charge waits on the provider (a few hundred milliseconds) far longer than on the database,
so a pass that called one attempt after another spent nearly all its time waiting: 20,000
renewals at 300 ms a call took 100 minutes. ``PassCalls`` runs a pass's calls concurrently:

- **Bounded**: at most ``CALL_CONCURRENCY`` calls in flight (128). A 300 ms call holds its
  slot longer than 300 ms: its reads and its outcome's transaction queue for the pool and the
  event loop behind the other calls' (measured on a loaded 2-core machine: 64 in flight made
  about 95 charges a second, 128 about 120, 256 no more), so the bound is twice what 300 ms
  alone would ask for 150 a second. A call takes a pool connection only for one statement or
  for its outcome's short transaction, never while it waits for the provider and never a
  second one while it holds one, so the calls share the pool's connections (``webapp/db.py``,
  10 by default) by queueing for them at worst, with no deadlock.
- **Fair between merchants**: round-robin. Each merchant has its own queue and the next free
  slot goes to the next merchant in turn that has calls waiting, so a merchant with 10 renewals
  is not served after another's 10,000 but alongside them. There is no per-merchant cap: a
  merchant alone with calls to make gets every slot. Claims come in invoice id order, and ids
  are random, so each claim holds merchants in proportion to their due invoices: every
  merchant's calls start in the first second of the pass and go on through it.
- **Pipelined, with backpressure**: the payments step hands over each claim's attempts as soon
  as the claim commits (``core.claims``'s ``on_committed``), so calls run while the next claims
  are made, and waits (``room``, no lock held) before the next claim while more than
  ``CALL_CONCURRENCY`` calls are still waiting for a slot. A call therefore starts soon after
  its attempt commits, well within the attempt's lease (``charging.LEASE``: until it runs out
  no other pass calls the attempt), however many invoices are due at once. Measured against
  making every claim first and calling after (``held``, kept for that comparison): see
  ``bench/README.md``.
- **One call per attempt**: an attempt is handed over once, by the pass that started it or
  re-leased it; how a call that raises is counted is the caller's (``collecting._called``).

The calls run in tasks of the context the pass started in, outside any transaction, whatever
context ``add`` is called from.
"""

import asyncio
import contextvars
from collections import Counter, deque
from collections.abc import Awaitable, Callable

CALL_CONCURRENCY = 128  # calls in flight per pass (see the module docstring)


class PassCalls:
    """Call ``call(payment_id)`` for every attempt ``add``-ed, as the module docstring says;
    ``outcomes`` counts the words the calls answer."""

    def __init__(
        self,
        call: Callable[[str], Awaitable[str]],
        bound: int | None = None,
        *,
        held: bool = False,
    ) -> None:
        self._call = call
        self.bound = bound or CALL_CONCURRENCY  # read now: a bench or test may set it
        self.held = held  # True: nothing is called until ``release`` (the phased variant)
        self._waiting: dict[str, deque[str]] = {}  # merchant -> attempts; dict order = turns
        self._queued = 0
        self._running = 0  # workers: each calls one attempt after another while any wait
        self._busy = 0  # workers inside a call
        self._tasks: set[asyncio.Task] = set()
        self._space = asyncio.Event()
        self._context = contextvars.copy_context()
        self.outcomes: Counter[str] = Counter()

    def add(self, merchant_id: str, payment_id: str) -> None:
        """Queue a committed attempt's call behind its merchant's others."""
        self._waiting.setdefault(merchant_id, deque()).append(payment_id)
        self._queued += 1
        self._start()

    def release(self) -> None:
        self.held = False
        self._start()

    async def room(self) -> None:
        """Return once at most ``bound`` calls are waiting for a slot (at once when held)."""
        while not self.held and self._queued > self.bound:
            self._space.clear()
            await self._space.wait()

    async def finish(self) -> Counter[str]:
        """Wait for every call handed over (releasing a held runner); the outcome counts. If
        the wait is cancelled, the calls in flight are cancelled with it."""
        self.release()
        try:
            while self._tasks:
                await asyncio.gather(*list(self._tasks))
        except asyncio.CancelledError:
            for task in self._tasks:
                task.cancel()
            raise
        return self.outcomes

    def _start(self) -> None:
        starting = self._running - self._busy  # workers about to take an attempt
        while not self.held and self._running < self.bound and starting < self._queued:
            starting += 1
            self._running += 1
            task = asyncio.create_task(self._work(), context=self._context.copy())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _next(self) -> str:
        """The first attempt of the merchant whose turn it is; that merchant goes last."""
        merchant_id = next(iter(self._waiting))
        queue = self._waiting.pop(merchant_id)
        payment_id = queue.popleft()
        if queue:
            self._waiting[merchant_id] = queue
        self._queued -= 1
        if self._queued <= self.bound:
            self._space.set()
        return payment_id

    async def _work(self) -> None:
        try:
            while self._waiting:
                payment_id = self._next()
                self._busy += 1
                try:
                    outcome = await self._call(payment_id)
                finally:
                    self._busy -= 1
                self.outcomes[outcome] += 1
        finally:
            self._running -= 1  # at once, so an ``add`` right after starts a new worker
