"""Shared benchmark plumbing: a scratch database, a real server process and a load tool.

Benchmarks never assert timings; they print figures and a ratio against a baseline measured
in the same run on the same machine, because these machines are shared and noisy.
"""

import asyncio
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import httpx

from webapp import db

ROOT = Path(__file__).resolve().parent.parent


def base_database_url() -> str:
    url = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    return url or db.start_embedded(ROOT / "var" / "bench-pgdata", database="tally_bench")


async def _admin(url: str, statement: str) -> None:
    creds = db.credentials_from_url(url)
    conn = await asyncpg.connect(
        host=creds["host"], port=creds["port"], user=creds["user"], database="postgres"
    )
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@contextmanager
def scratch_database() -> Iterator[str]:
    """A new, migrated database for one benchmark run, dropped afterwards."""
    base = base_database_url()
    name = f"tally_bench_{uuid.uuid4().hex[:8]}"
    url = urlunsplit(urlsplit(base)._replace(path=f"/{name}"))
    asyncio.run(_admin(base, f'CREATE DATABASE "{name}"'))
    try:
        asyncio.run(db.migrate(url))
        yield url
    finally:
        asyncio.run(_admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def connect(database_url: str) -> asyncpg.Connection:
    """A plain asyncpg connection to the scratch database, for set-up and checks."""
    creds = db.credentials_from_url(database_url)
    keys = ("host", "port", "user", "password", "database")
    return await asyncpg.connect(**{key: creds[key] or None for key in keys})


@contextmanager
def server(database_url: str, workers: int = 1) -> Iterator[str]:
    with served(database_url, workers) as (base, _process):
        yield base


@contextmanager
def served(database_url: str, workers: int = 1) -> Iterator[tuple[str, subprocess.Popen]]:
    """``server``, also giving the process (for its memory, say)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TALLY_LOG_LEVEL": "WARNING",
        "TALLY_DUE_WORK_INTERVAL": "off",  # no background pass in the timings
    }
    command = [sys.executable, "-m", "webapp.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--workers", str(workers)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=15)


def wrk_rps(url: str, headers: dict[str, str], seconds: int, connections: int) -> float:
    """Requests per second reported by wrk (Debian package ``wrk``)."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install wrk")
    args = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    output = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non_2xx:
        sys.exit(f"{url} answered {non_2xx.group(1)} errors:\n{output}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def wrk_script(
    url: str,
    script: Path,
    script_args: list[str],
    *,
    seconds: float,
    connections: int,
    headers: dict[str, str],
) -> dict[str, float]:
    """Run wrk with a Lua script that takes the active seconds as its first argument and
    prints one ``BENCH key=value ...`` line from ``done()`` (see ``bench/load.lua``); answer
    those figures. wrk runs two seconds longer than the script sends requests, so every request
    sent is answered before wrk stops."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install wrk")
    duration = math.ceil(seconds) + 2
    args = ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--timeout", "10s"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    args += ["-s", str(script), url, "--", str(seconds), *script_args]
    completed = subprocess.run(args, capture_output=True, text=True, check=True)
    line = next((x for x in completed.stdout.splitlines() if x.startswith("BENCH ")), None)
    if line is None:
        sys.exit(f"wrk printed no figures:\n{completed.stdout}\n{completed.stderr}")
    return {k: float(v) for k, v in (item.split("=") for item in line.split()[1:])}
