"""First run as a new user meets it: a port in use, a wrong DATABASE_URL, `make run PORT=…`,
the Docker health check, and a README that lists only commands and settings that exist."""

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import ROOT
from tests.support.processes.ports import free_port

TALLY = Path(sys.executable).with_name("tally")
README = (ROOT / "README.md").read_text()


def tally(*args: str, **env: str) -> subprocess.CompletedProcess:
    command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
    return subprocess.run(
        [*command, *args],
        cwd=ROOT,
        env={**os.environ, "TALLY_DATA_DIR": str(ROOT / "var" / "first-run"), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_error_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_a_port_in_use_ends_with_one_line(database_url):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_error_line(tally("serve", "--port", str(port), DATABASE_URL=database_url))
    assert line.startswith(
        f"error: port {port} is already in use; choose another with PORT=… (make run PORT="
    )


def test_a_second_tally_does_not_share_a_running_ones_port(live_server, database_url):
    """A second ``tally serve`` on the port of a running one stops at once, in one line."""
    port = urlsplit(live_server).port
    line = one_error_line(tally("serve", "--port", str(port), DATABASE_URL=database_url))
    assert f"port {port} is already in use" in line


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("mysql://root@db.internal/tally", "must be a PostgreSQL URL such as postgresql://"),
        ("db.internal:5432/tally", "must be a PostgreSQL URL"),
        ("postgresql://postgres@127.0.0.1:99999/tally", "bad port '99999'"),
        ("postgresql://postgres@127.0.0.1:fivefour/tally", "bad port 'fivefour'"),
        ("postgresql://postgres@127.0.0.1:0/tally", "bad port '0'"),
        ("postgresql://postgres@/tally?host=/tmp&port=x", "bad port 'x'"),
    ],
)
@pytest.mark.parametrize("command", [("serve", "--port", "0"), ("migrate",), ("run-due",)])
def test_a_bad_database_url_ends_with_one_line(url, words, command):
    if command[0] == "serve":
        command = ("serve", "--port", str(free_port()))
    line = one_error_line(tally(*command, DATABASE_URL=url))
    assert line.startswith("error: DATABASE_URL ") and words in line


@pytest.mark.parametrize("value", ["soon", "-5", "0.01", "1e9"])
def test_a_bad_due_work_interval_ends_with_one_line(value):
    line = one_error_line(tally("worker", TALLY_DUE_WORK_INTERVAL=value))
    assert line.startswith("error: TALLY_DUE_WORK_INTERVAL must")


def test_make_run_takes_a_port():
    plan = subprocess.run(
        ["make", "-n", "-W", "pyproject.toml", "run", "PORT=8080"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert plan.returncode == 0, plan.stderr
    assert ".venv/bin/tally serve --port 8080" in plan.stdout.splitlines()
    assert "PORT=8080" in README


def health_check_command() -> list[str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    line = next(line for line in text.splitlines() if line.startswith("HEALTHCHECK"))
    return json.loads(line.split(" CMD ", 1)[1])


def test_the_docker_health_check_asks_healthz(live_server):
    command = health_check_command()
    assert command[0] == "python"  # the slim image has no curl
    command = [sys.executable, *command[1:]]
    healthy = subprocess.run(command, env={"PORT": str(urlsplit(live_server).port)}, timeout=30)
    assert healthy.returncode == 0
    nobody = subprocess.run(
        command, env={"PORT": str(free_port())}, capture_output=True, timeout=30
    )
    assert nobody.returncode != 0


def test_the_readme_lists_exactly_the_commands_that_exist():
    help_text = tally("--help").stdout
    existing = set(re.search(r"\{([a-z,-]+)\}", help_text).group(1).split(","))
    listed = set(re.findall(r"^\| `tally ([a-z-]+)", README, re.MULTILINE))
    assert listed == existing


def test_every_setting_in_the_readme_is_read_somewhere():
    table = README.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    names = re.findall(r"^\| `([A-Z_]+)`", table, re.MULTILINE)
    assert "TALLY_DUE_WORK_INTERVAL" in names
    sources = "".join(
        path.read_text()
        for pattern in (
            "webapp/*.py",
            "tests/**/conftest.py",
            "bench/*.py",
            "Makefile",
            "Dockerfile",
        )
        for path in ROOT.glob(pattern)
    )
    assert [name for name in names if name not in sources] == []


def test_a_bad_trusted_proxy_ends_with_one_line():
    line = one_error_line(tally("worker", TALLY_TRUSTED_PROXIES="10.0.0.1, the-proxy"))
    assert line == "error: TALLY_TRUSTED_PROXIES: 'the-proxy' is not an address or network"


def test_a_bad_checkout_rate_ends_with_one_line():
    line = one_error_line(tally("worker", TALLY_CHECKOUT_RATE_PER_KEY="abc"))
    assert line == (
        "error: TALLY_CHECKOUT_RATE_PER_KEY must be N or N/SECONDS, with N of at least 1 and "
        "SECONDS from 1 to 86400 (got 'abc')"
    )
