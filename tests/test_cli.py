"""The ``tally`` command, run as a real subprocess against the test database."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from billing.accounts.models import ApiKey, Membership, Merchant, User
from tests.conftest import PASSWORD, ROOT, unique_email

TALLY = Path(sys.executable).with_name("tally")


@pytest.fixture
def run(database_url, tmp_path):
    def run_tally(*args: str, database: str | None = database_url) -> subprocess.CompletedProcess:
        env = {**os.environ, "TALLY_DATA_DIR": str(tmp_path / "data"), "TALLY_LOG_LEVEL": "INFO"}
        env.pop("DATABASE_URL", None)
        if database is not None:
            env["DATABASE_URL"] = database
        command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
        return subprocess.run(
            [*command, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )

    return run_tally


def create_args(email: str, *extra: str) -> list[str]:
    return ["create-merchant", "--name", "Cli Co", "--email", email, "--password", PASSWORD, *extra]


@pytest.mark.parametrize(
    ("environment", "kind"), [(None, "live"), ("live", "live"), ("test", "test")]
)
async def test_create_merchant_json(run, client, environment, kind):
    email = unique_email()
    extra = ["--environment", environment] if environment else []
    result = run(*create_args(email, *extra, "--json"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    made = json.loads(lines[0])
    assert set(made) == {"merchantId", "secretKey", "publishableKey"}
    assert re.fullmatch(rf"sk_{kind}_[0-9A-Za-z]{{32}}", made["secretKey"])
    assert re.fullmatch(rf"pk_{kind}_[0-9A-Za-z]{{32}}", made["publishableKey"])

    headers = {"Authorization": f"Bearer {made['secretKey']}"}
    current = await client.get("/v1/merchants/current", headers=headers)
    assert current.status_code == 200
    assert await current.get_json() == {
        "id": made["merchantId"],
        "legalName": "Cli Co",
        "displayName": "Cli Co",
        "defaultCurrency": "USD",
    }
    publishable = await client.get(
        "/v1/api-keys/publishable", query_string={"environment": kind}, headers=headers
    )
    assert (await publishable.get_json())["data"]["keyValue"] == made["publishableKey"]
    user = await User.get(email=email)
    tenant = await Merchant.get(id=made["merchantId"])  # the keys' own mode of the business
    assert tenant.mode == kind
    assert await Membership.filter(user_id=user.id, merchant_id=tenant.account_id).exists()


async def test_create_merchant_human_output(run):
    result = run(*create_args(unique_email()))
    assert result.returncode == 0, result.stderr
    assert "Created merchant mer_" in result.stdout
    assert re.search(r"Secret key:\s+sk_live_", result.stdout)


async def test_duplicate_email_fails_cleanly(run):
    email = unique_email()
    assert run(*create_args(email)).returncode == 0
    again = run(*create_args(email.upper(), "--json"))
    assert again.returncode != 0
    assert again.stdout == ""
    assert again.stderr.strip() == "error: An account with this email already exists"
    assert await User.filter(email=email).count() == 1


@pytest.mark.parametrize(
    ("password", "message"),
    [("short", "at least 10 characters"), ("abcdefghijkl", "mix letters")],
)
async def test_weak_password_fails_cleanly(run, password, message):
    email = unique_email()
    result = run("create-merchant", "--name", "W", "--email", email, "--password", password)
    assert result.returncode != 0
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert "Traceback" not in result.stderr
    assert not await User.filter(email=email).exists()


async def test_bad_email_and_blank_name_fail_cleanly(run):
    bad_email = run("create-merchant", "--name", "N", "--email", "nope", "--password", PASSWORD)
    assert bad_email.returncode != 0 and "valid email" in bad_email.stderr
    blank = run("create-merchant", "--name", " ", "--email", unique_email(), "--password", PASSWORD)
    assert blank.returncode != 0 and "legalName is required" in blank.stderr


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["frobnicate"],
        ["create-merchant"],
        ["create-merchant", "--name", "N", "--email", "e@example.com"],
        [
            "create-merchant",
            "--name",
            "N",
            "--email",
            "e@example.com",
            "--password",
            PASSWORD,
            "--environment",
            "prod",
        ],
        ["serve", "--port", "not-a-number"],
        ["serve", "--workers", "0"],
        ["serve", "--port", "70000"],
    ],
)
def test_bad_arguments_exit_non_zero(run, args):
    result = run(*args)
    assert result.returncode != 0
    assert result.stderr.strip()
    assert "Traceback" not in result.stderr


async def test_migrate_is_idempotent(run):
    first = run("migrate")
    second = run("migrate")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert second.stdout.strip() == "Applied 0 migration(s)"


def test_unreachable_database_is_a_clear_error(run):
    result = run("migrate", database="postgresql://postgres@127.0.0.1:1/nothing")
    assert result.returncode != 0
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr


def test_help_lists_the_commands(run):
    result = run("--help")
    assert result.returncode == 0
    for command in ("serve", "migrate", "create-merchant"):
        assert command in result.stdout


async def test_keys_made_by_the_cli_are_hashed(run):
    made = json.loads(run(*create_args(unique_email(), "--json")).stdout)
    secret = await ApiKey.get(merchant_id=made["merchantId"], key_type="secret")
    assert secret.key_value is None and made["secretKey"] not in repr(await ApiKey.all().values())


async def test_backfill_events_reports_its_counts(run, merchant):
    from tests.support.api.events_backfill import bulk_load

    await bulk_load(merchant.id, 6)
    result = run("backfill-events", "--merchant-id", merchant.id)
    assert result.returncode == 0, result.stderr
    assert "Scanned 6 event(s); inserted 2 rollup row(s)" in result.stdout
    again = run("backfill-events", "--batch-size", "10")
    assert again.returncode == 0, again.stderr
    assert "Scanned" in again.stdout
    assert run("backfill-events", "--batch-size", "0").returncode != 0


async def test_create_api_key_of_either_mode(run, client):
    made = json.loads(run(*create_args(unique_email(), "--json")).stdout)
    keys = {}
    for environment, key_type in (("test", "secret"), ("test", "publishable"), ("live", "secret")):
        result = run(
            "create-api-key",
            *("--merchant", made["merchantId"], "--environment", environment),
            *("--type", key_type, "--json"),
        )
        assert result.returncode == 0, result.stderr
        key = json.loads(result.stdout)
        assert set(key) == {"id", "keyValue", "environment", "keyType"}
        assert (key["environment"], key["keyType"]) == (environment, key_type)
        assert key["keyValue"].startswith(f"{key_type[0]}k_{environment}_")
        keys[(environment, key_type)] = key
    test_headers = {"Authorization": f"Bearer {keys[('test', 'secret')]['keyValue']}"}
    current = await (await client.get("/v1/merchants/current", headers=test_headers)).get_json()
    assert current["id"] != made["merchantId"]  # the test row of the same business
    assert current["legalName"] == "Cli Co"
    again = run("create-api-key", "--merchant", current["id"], "--environment", "live", "--json")
    live_headers = {"Authorization": f"Bearer {json.loads(again.stdout)['keyValue']}"}
    live = await (await client.get("/v1/merchants/current", headers=live_headers)).get_json()
    assert live["id"] == made["merchantId"]
    unknown = run("create-api-key", "--merchant", "mer_" + "x" * 22, "--json")
    assert unknown.returncode == 1
    assert unknown.stderr.strip() == "error: Merchant not found or access denied"
