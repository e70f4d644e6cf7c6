"""``tally serve`` stops on the first SIGTERM or SIGINT, whenever it comes.

What went wrong: a SIGTERM about a second after ``tally serve --workers 1`` started (on a
slower machine about three) left the server running, and deaf to every later SIGTERM and
SIGINT. The cause is in granian's process handling, not in Tally's pages or hooks:

1. granian's main process installs its own handlers (they only set a flag and wake its loop),
   then forks the worker. The forked worker inherits those handlers and keeps them until it
   has imported the app (``webapp.asgi``: ``create_app``) and installs its own. A signal
   that reaches the worker in that window sets a flag on the worker's copy of the *main*
   server object, which nobody reads: the signal is swallowed, and the worker goes on to run
   the lifespan start-up and serve.
2. The main process, on its first signal, asks the worker to stop (SIGTERM, which lands in
   that window) and then waits for it with no time limit (granian's ``workers_kill_timeout``
   defaults to none). Every later signal only sets the flag again, so nothing ends the wait.

What Tally does about it:

- In the worker, the window gets the default handlers back (``os.register_at_fork``): a stop
  signal then ends the worker at once, as it would any program that has not set up yet.
  From the moment granian installs its worker handlers, they stop it gracefully (the
  lifespan start-up finishes, then the shutdown hooks run).
- The main process waits at most ``WORKER_STOP_SECONDS`` for a worker, then kills it, so a
  worker stuck anywhere (a shutdown hook, an unreachable database) cannot hold it either.
- Before granian starts (migrations), Tally's own handler turns a stop signal into
  ``SystemExit``, so clean-up (``atexit``) still runs; granian replaces it with its own when
  it starts. While the embedded PostgreSQL starts (``deferred``) the signal waits for the
  start to finish (seconds at most): cut short, pgserver would leave a server running that
  its clean-up does not know of yet; finished, its ``atexit`` clean-up stops it.

``tests/webapp/test_serve_signals.py`` sends both signals at several moments of start-up.
"""

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
# How long granian's main process lets a worker stop gracefully before killing it.
WORKER_STOP_SECONDS = 10


_deferring = False
_pending: int | None = None


def _exit_now(signal_number: int, _frame) -> None:
    global _pending
    if _deferring:
        _pending = _pending or signal_number
        return
    raise SystemExit(128 + signal_number)


@contextmanager
def deferred() -> Iterator[None]:
    """A stop signal arriving inside the block ends the process when the block is done."""
    global _deferring
    _deferring = True
    try:
        yield
    finally:
        _deferring = False
    if _pending is not None:
        raise SystemExit(128 + _pending)


def _default_handlers() -> None:
    for signal_number in STOP_SIGNALS:
        signal.signal(signal_number, signal.SIG_DFL)


def stop_on_first_signal() -> None:
    """Call once in the ``tally serve`` process, before anything slow starts."""
    for signal_number in STOP_SIGNALS:
        signal.signal(signal_number, _exit_now)
    os.register_at_fork(after_in_child=_default_handlers)
