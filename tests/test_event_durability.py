"""A 202 from event intake survives the server being killed: the SIGKILL durability proof.

The real ``tally serve`` process takes sustained concurrent ingest (16 clients sending single
events and small batches, every one with its own idempotency key); about two seconds in, the
whole process group gets SIGKILL, with requests in flight and group-commit writes queued. The
server is started again, and then every key that was answered 202 must be stored exactly once,
nothing may be stored twice or be a key nobody sent, and the hourly rollups must count exactly
the stored events (they are written in the same transaction). Re-sending accepted keys to the
restarted server must answer "duplicate": the idempotency window survives the crash too.
"""

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from billing.usage.models import UsageEvent, UsageRollup

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = 16
BATCH = 5


def _start_server(database_url: str, data_dir: Path, log_path: Path):
    """``tally serve`` in a session of its own, so SIGKILL reaches its worker process too."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TALLY_DATA_DIR": str(data_dir),
        "TALLY_LOG_LEVEL": "WARNING",
        "TALLY_DUE_WORK_INTERVAL": "off",
    }
    with log_path.open("ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "webapp.cli", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(log_path.read_text())
        try:
            if httpx.get(f"{base_url}/healthz", timeout=1).status_code == 200:
                return process, base_url
        except httpx.HTTPError:
            time.sleep(0.2)
    _kill(process)
    raise RuntimeError("tally serve did not start within 60 seconds")


def _kill(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def _stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        _kill(process)


class Ingest:
    """What the clients sent and which keys were answered 202."""

    def __init__(self) -> None:
        self.sent: set[str] = set()
        self.accepted: set[str] = set()
        self.stop = False

    async def client(self, base_url: str, headers: dict, number: int) -> None:
        async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=10) as http:
            count = 0
            while not self.stop:
                count += 1
                keys = [f"dur-{number}-{count}-{i}" for i in range(BATCH if count % 4 else 1)]
                events = [
                    {"idempotencyKey": key, "eventName": "call", "customerId": f"cust_{number}"}
                    for key in keys
                ]
                self.sent.update(keys)
                try:
                    if len(events) == 1:
                        response = await http.post("/v1/events", json=events[0])
                    else:
                        response = await http.post("/v1/events/batch", json={"events": events})
                except httpx.HTTPError:
                    return  # the server is gone
                assert response.status_code == 202, response.text
                if len(events) > 1:
                    assert response.json()["newEvents"] == len(events)
                self.accepted.update(keys)


async def test_accepted_events_survive_sigkill(database_url, merchant, tmp_path):
    log_path = tmp_path / "server.log"
    process, base_url = _start_server(database_url, tmp_path / "data", log_path)
    ingest = Ingest()
    try:
        clients = [
            asyncio.create_task(ingest.client(base_url, merchant.headers, number))
            for number in range(CLIENTS)
        ]
        started = time.monotonic()
        while time.monotonic() - started < 2 or len(ingest.accepted) < 50:
            assert time.monotonic() - started < 20, "too few events were accepted"
            assert not any(client.done() for client in clients), log_path.read_text()
            await asyncio.sleep(0.05)
        _kill(process)  # mid-ingest: every client has a request in flight
        ingest.stop = True
        await asyncio.gather(*clients)
    finally:
        ingest.stop = True
        if process.poll() is None:
            _kill(process)

    process, base_url = _start_server(database_url, tmp_path / "data", log_path)
    try:
        stored = await UsageEvent.filter(merchant_id=merchant.id).values_list(
            "idempotency_key", flat=True
        )
        assert len(stored) == len(set(stored)), "an event was stored twice"
        assert ingest.accepted <= set(stored), "an accepted event was lost"
        assert set(stored) <= ingest.sent
        rollups = await UsageRollup.filter(merchant_id=merchant.id).values_list(
            "event_count", flat=True
        )
        assert sum(rollups) == len(stored)

        again = sorted(ingest.accepted)[:BATCH]
        async with httpx.AsyncClient(base_url=base_url, headers=merchant.headers) as http:
            resent = await http.post(
                "/v1/events/batch",
                json={
                    "events": [
                        {"idempotencyKey": k, "eventName": "call", "customerId": "c"} for k in again
                    ]
                },
            )
        assert resent.status_code == 202, resent.text
        assert resent.json()["newEvents"] == 0 and resent.json()["duplicates"] == len(again)
        assert await UsageEvent.filter(merchant_id=merchant.id).count() == len(stored)
    finally:
        _stop(process)
