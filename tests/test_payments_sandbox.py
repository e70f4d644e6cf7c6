"""``tally payments-sandbox`` (the README's "Try payments offline"), run as a real subprocess
against a database of its own: it starts its own localstripe and walks one invoice from issued
to paid, or with ``--decline`` to a failed payment with a retry date.

A database of its own because the walk-through charges at localstripe: it must not meet any
other test's merchants. Both tests share it (whichever runs second reuses the demo merchant).
"""

import os
import re
import signal
import subprocess
import uuid

import httpx
import pytest

from tests.conftest import (
    serve_on_free_port,
    stop_process,
    tally_process,
)
from tests.support import databases


@pytest.fixture(scope="module")
async def sandbox_database():
    base = databases.server_url()
    name = f"tally_sandbox_{uuid.uuid4().hex[:8]}"
    await databases.admin(base, f'CREATE DATABASE "{name}"')
    yield databases.with_database(base, name)
    await databases.admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def sandbox(url: str, data_dir, *args: str) -> list[str]:
    process = tally_process(
        url, data_dir, "payments-sandbox", *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, err = process.communicate(timeout=180)
    assert process.returncode == 0, err.decode() + out.decode()
    return out.decode().splitlines()


def test_walks_an_invoice_from_issued_to_paid(sandbox_database, tmp_path):
    lines = sandbox(sandbox_database, tmp_path)
    text = "\n".join(lines)
    assert re.match(r"Started localstripe at http://127\.0\.0\.1:\d+ \(pid \d+\)$", lines[0])
    assert re.search(r"^Created the demo merchant mer_\w+ \(Sandbox Co, test mode\)$", text, re.M)
    assert "with the card 4242424242424242 at localstripe" in text
    issued = re.search(
        r"^Issued the invoice INV-000001 \((inv_\w+)\) for 49\.00 USD: unpaid$", text, re.M
    )
    assert issued, text
    assert "1 payments succeeded" in text
    assert re.search(r"^Payment pay_\w+ \(attempt 1\): succeeded$", text, re.M)
    assert "INV-000001 49.00 USD: paid" in lines, text
    # Where to look next: the invoice's page and the API call that reads it.
    assert f"/dashboard/invoices/{issued[1]}" in text
    assert re.search(rf"Bearer sk_test_\w+' http://127\.0\.0\.1:8000/v1/invoices/{issued[1]}", text)
    assert lines[-1] == "Stopped localstripe"


def test_decline_ends_with_a_failed_payment_and_a_retry_date(sandbox_database, tmp_path):
    lines = sandbox(sandbox_database, tmp_path, "--decline")
    text = "\n".join(lines)
    assert re.search(r"^(Created|Reusing) the demo merchant mer_\w+", text, re.M), text
    assert "with the card 4000000000000341 at localstripe" in text
    assert "1 payments failed" in text
    assert re.search(r"^Payment pay_\w+ \(attempt 1\): failed$", text, re.M), text
    retry = r"\d{4}-\d\d-\d\d \d\d:\d\d UTC"
    assert re.search(rf"^  .*declined.*; next retry: {retry}$", text, re.M), text
    final = rf"^INV-\d{{6}} 49\.00 USD: unpaid, payment failed, next retry {retry}$"
    assert re.search(final, text, re.M), text
    assert lines[-1] == "Stopped localstripe"


def test_keep_leaves_localstripe_up_for_tally_serve(sandbox_database, tmp_path, monkeypatch):
    """The README's last step: serve against the kept localstripe and read the invoice with
    the printed key."""
    text = "\n".join(sandbox(sandbox_database, tmp_path, "--keep"))
    pid = int(re.search(r"localstripe keeps running \(pid (\d+); stop it with: kill \1\)", text)[1])
    try:
        serve = re.search(
            r"^  TALLY_PROVIDER_A_API_BASE=(http://127\.0\.0\.1:\d+) \S+tally serve$", text, re.M
        )
        assert serve, text
        assert (
            httpx.get(
                f"{serve[1]}/v1/balance", headers={"Authorization": "Bearer sk_test_x"}
            ).status_code
            == 200
        )
        key, invoice_id = re.search(
            r"Bearer (sk_test_\w+)' http://127\.0\.0\.1:8000/v1/invoices/(inv_\w+)", text
        ).groups()
        monkeypatch.setenv("TALLY_PROVIDER_A_API_BASE", serve[1])
        server, base_url = serve_on_free_port(sandbox_database, tmp_path / "serve")
        try:
            answer = httpx.get(
                f"{base_url}/v1/invoices/{invoice_id}", headers={"Authorization": f"Bearer {key}"}
            )
        finally:
            stop_process(server)
        assert answer.status_code == 200, answer.text
        assert answer.json()["invoice"]["status"] == "paid"
    finally:
        os.kill(pid, signal.SIGTERM)


def test_without_localstripe_it_says_how_to_install_it(monkeypatch, tmp_path):
    from webapp import cli_sandbox
    from webapp.config import ConfigError

    monkeypatch.setattr(cli_sandbox.sys, "executable", str(tmp_path / "python"))
    monkeypatch.setattr(cli_sandbox.shutil, "which", lambda name: None)
    with pytest.raises(ConfigError, match="pip install localstripe"):
        cli_sandbox.start_localstripe(1, keep=False)


def test_the_demo_password_always_passes_the_strength_rule():
    """A random password that happened to be all letters failed the walk about once in thirty."""
    from billing.accounts.passwords import check_strength
    from webapp.cli_sandbox import DEMO_EMAIL, demo_password

    for _ in range(500):
        check_strength(demo_password(), DEMO_EMAIL)
