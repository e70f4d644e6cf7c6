"""A real ``tally serve --workers 1`` stops on its first SIGTERM or SIGINT at any moment of its
start-up, and leaves no worker process behind (webapp/serve_signals.py says why it once did
not: a worker still loading the app swallowed the stop its main process sent it, and the main
process waited for it forever, deaf to further signals).

Each case starts its own server in a process group of its own, so "nothing left" can be
checked for the group: granian forks its workers into it. Sending the signal a fixed time
after the start is the one wait here that is not polling: the moment of the signal is what
is under test, and start-up has no event to wait for at, say, "half-way through loading the
app". The moments cover importing, migrations, granian spawning the worker, the worker
loading the app and its start-up hooks; a last case signals once the health check answers.
"""

import os
import signal
import subprocess
import time

import httpx
import pytest

from tests.conftest import tally_process
from tests.processes import free_port

STOP_WITHIN = 15  # seconds from the signal to the whole process group gone
START_WITHIN = 60


def _serve(database_url: str, tmp_path) -> tuple[subprocess.Popen, int, object]:
    port = free_port()
    log = (tmp_path / "serve.log").open("wb")
    process = tally_process(
        database_url,
        tmp_path / "data",
        "serve",
        "--workers",
        "1",
        "--port",
        str(port),
        start_new_session=True,  # its own process group, which its workers join
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    return process, port, log


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _assert_stops(process: subprocess.Popen, tmp_path, log) -> None:
    """The process ends, and every process of its group with it, within ``STOP_WITHIN``; a
    process still there is killed (so no case leaks one) and the case fails with the log."""
    deadline = time.monotonic() + STOP_WITHIN
    try:
        process.wait(timeout=STOP_WITHIN)
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)  # a worker exits a moment after its parent reaped the last one
        left = _group_alive(process.pid)
    except subprocess.TimeoutExpired:
        left = True
    finally:
        if _group_alive(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        log.close()
    assert not left, (tmp_path / "serve.log").read_text()


@pytest.mark.parametrize(
    ("delay", "signal_number"),
    [
        (0.2, signal.SIGTERM),
        (0.6, signal.SIGTERM),
        (1.0, signal.SIGTERM),
        (1.5, signal.SIGTERM),
        (2.0, signal.SIGTERM),
        (3.0, signal.SIGTERM),
        (5.0, signal.SIGTERM),
        (1.0, signal.SIGINT),
    ],
    ids=lambda value: value.name if isinstance(value, signal.Signals) else f"{value}s",
)
def test_a_signal_during_start_up_stops_everything(database_url, tmp_path, delay, signal_number):
    process, _port, log = _serve(database_url, tmp_path)
    time.sleep(delay)  # the moment of start-up under test (see the module docstring)
    process.send_signal(signal_number)
    _assert_stops(process, tmp_path, log)


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_once_serving_stops_everything(database_url, tmp_path, signal_number):
    process, port, log = _serve(database_url, tmp_path)
    deadline, serving = time.monotonic() + START_WITHIN, False
    while not serving and time.monotonic() < deadline and process.poll() is None:
        try:
            serving = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).is_success
        except httpx.HTTPError:
            time.sleep(0.1)
    assert serving, (tmp_path / "serve.log").read_text()
    process.send_signal(signal_number)
    _assert_stops(process, tmp_path, log)
