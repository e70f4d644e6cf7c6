"""A real localstripe (a fake Stripe server) on loopback for the tests that talk to provider A.

``localstripe_url`` starts localstripe (with the Stripe behaviours ``webapp.sandbox_gateway`` adds:
``setup_future_usage``, ``setup_intent.succeeded``) on a free port once per session
and waits until it answers; ``provider_a_api`` points the payments setup at it for one test
and puts the previous setup back afterwards, so no other test reaches a gateway by surprise.
A pytest plugin (listed in ``tests/conftest.py``): a test asks for either fixture by name.
``running_localstripe`` starts one of a test module's own (the end-to-end tests register
webhooks at theirs).
"""

import contextlib
import dataclasses
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from billing.payments import setup
from tests.support.processes.ports import free_port, stop_process


def _localstripe_command() -> str:
    beside = Path(sys.executable).parent / "localstripe"
    found = str(beside) if beside.exists() else shutil.which("localstripe")
    if found is None:
        raise RuntimeError("localstripe is not installed (it is a dev dependency)")
    return found


@contextlib.contextmanager
def running_localstripe(workdir: Path):
    """A fresh localstripe process answering on a free port; its base URL. Stopped on exit.
    A module that registers webhooks at it uses one of its own: localstripe posts every event
    to every registered webhook, so a shared one would send other tests' events there."""
    port = free_port()
    log = (workdir / "localstripe.log").open("wb")
    _localstripe_command()  # installed, or say so
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, "-m", "webapp.sandbox_gateway", "--port", str(port), "--from-scratch"],
        cwd=workdir,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"localstripe ended with {process.returncode}")
            try:
                answer = httpx.get(
                    f"{base_url}/v1/balance", headers={"Authorization": "Bearer sk_test_up"}
                )
                if answer.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("localstripe did not answer within 30 seconds")
            time.sleep(0.1)
        yield base_url
    finally:
        stop_process(process)
        log.close()


@pytest.fixture(scope="session")
def localstripe_url(tmp_path_factory):
    """The base URL of a fresh localstripe process, stopped at the end of the session."""
    with running_localstripe(tmp_path_factory.mktemp("localstripe")) as base_url:
        yield base_url


@pytest.fixture
def provider_a_api(app, localstripe_url):
    """The payments setup pointed at localstripe for one test; the URL it points at."""
    previous = setup.current()
    setup.configure(dataclasses.replace(previous, provider_a_api_base=localstripe_url))
    try:
        yield localstripe_url
    finally:
        setup.configure(previous)
