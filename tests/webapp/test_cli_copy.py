"""``tally copy-catalog``, run as the real console script against the test database: it prints
the diff, applies it unless ``--dry-run``, and a second run finds nothing to copy."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from billing.accounts import merchants
from billing.catalog.models import Feature, Plan
from tests.conftest import ROOT
from tests.support.factories.catalog_copy import build_test_catalog

TALLY = Path(sys.executable).with_name("tally")


@pytest.fixture
def tally(database_url, tmp_path):
    def run(*args: str) -> subprocess.CompletedProcess:
        env = {**os.environ, "TALLY_DATA_DIR": str(tmp_path / "data"), "DATABASE_URL": database_url}
        command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
        return subprocess.run(
            [*command, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )

    return run


async def test_dry_run_then_copy_then_nothing_left(tally, merchant):
    test = await merchants.tenant_of(merchant.id, "test")
    await build_test_catalog(test.id)
    dry = tally(
        "copy-catalog", "--merchant", merchant.id, "--from", "test", "--to", "live", "--dry-run"
    )
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines() == [
        "5 to create in live.",
        "Will create:",
        "  metric API calls (event api_call)",
        "  feature api-calls (API)",
        "  feature sso (Single sign-on)",
        "  plan Pro (2 prices, 2 features)",
        "  pricing table Pricing (1 plan)",
    ]
    assert not await Plan.scoped(merchant.id).exists()

    done = tally("copy-catalog", "--merchant", test.id, "--from", "test", "--to", "live")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["Copied to live: 5 created.", "Created:"]
    assert await Plan.scoped(merchant.id).count() == 1

    again = tally("copy-catalog", "--merchant", merchant.id)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [
        "Nothing to copy: live already has the test catalog.",
        "Unchanged:",
        "  1 metric, 2 features, 1 plan, 1 pricing table",
    ]
    assert await Feature.scoped(merchant.id).count() == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--merchant", "mer_nobody"), "error: Merchant not found or access denied"),
        (
            ("--merchant", "{live}", "--from", "live", "--to", "live"),
            "error: Copy from one mode to the other: from and to are the same",
        ),
    ],
)
async def test_clear_errors_and_a_failing_status(tally, merchant, args, message):
    result = tally("copy-catalog", *(arg.format(live=merchant.id) for arg in args))
    assert result.returncode == 1
    assert result.stderr.strip() == message
    assert result.stdout == ""


def test_bad_arguments_exit_two(tally):
    assert tally("copy-catalog").returncode == 2
    assert tally("copy-catalog", "--merchant", "x", "--to", "staging").returncode == 2
