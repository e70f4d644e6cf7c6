"""The dashboard's customers list at 100,000 customers against an empty account, same run.

Two merchants in one scratch database: one with 100,000 customers (inserted by one
``INSERT ... SELECT generate_series`` with distinct names, emails and creation times), one
with none. Both log in through the real sign-in form; then each page below is loaded 50
times, one request at a time, from the real ``tally serve`` process, and p50/p95 are printed
with the ratio to the empty account's list page. The deep pages are reached by cursor, as
the "Next" link does: page 201 (the 5,000th customer) and the very last page.

    .venv/bin/python -m bench.customers_page [--customers 100000] [--loads 50]
"""

import argparse
import asyncio
import re
import statistics
import time
from types import SimpleNamespace
from urllib.parse import quote

import asyncpg
import httpx

from bench._harness import scratch_database, server
from billing.accounts.accounts import provision_merchant
from billing.customers.customers import encode_cursor
from webapp import db

PASSWORD = "bench-password-1"
TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')
PAGE_SIZE = 25  # webapp.pages.customers.PAGE_SIZE

FILL = """
WITH first(names) AS (SELECT ARRAY['Ada','Alan','Grace','Linus','Margaret','Dennis','Barbara',
        'Ken','Frances','John','Radia','Donald','Edsger','Hedy','Tim','Katherine','Guido',
        'Anita','Bjarne','Sophie']),
     last(names) AS (SELECT ARRAY['Lovelace','Turing','Hopper','Torvalds','Hamilton','Ritchie',
        'Liskov','Thompson','Allen','McCarthy','Perlman','Knuth','Dijkstra','Lamarr',
        'Berners-Lee','Johnson','van Rossum','Borg','Stroustrup','Wilson','Kay','Wirth',
        'Backus','Shannon','Neumann'])
INSERT INTO customers (id, merchant_id, email, email_normalized, name, name_normalized,
                       billing_country, created_at, updated_at)
SELECT 'cust_' || substr(md5('bench' || i), 1, 22), $1,
       e.email, lower(e.email), n.name, lower(n.name),
       (ARRAY['DE','US','GB','FR','NL'])[1 + i % 5],
       now() - make_interval(secs => i * 37), now() - make_interval(secs => i * 37)
FROM generate_series(1, $2) AS i, first, last,
     LATERAL (SELECT first.names[1 + i % 20] || ' ' || last.names[1 + (i / 20) % 25] AS name) n,
     LATERAL (SELECT lower(replace(n.name, ' ', '.')) || '.' || i || '@example'
                     || (i % 9) || '.com' AS email) e
"""


async def _setup(database_url: str, count: int) -> dict[str, str]:
    await db.init_orm(database_url)
    try:
        emails = {}
        for label in ("empty", "big"):
            email = f"{label}@bench.example.com"
            made = await provision_merchant(name=f"{label} Inc", email=email, password=PASSWORD)
            emails[label] = (email, made.merchant.id)
    finally:
        await db.close_orm()
    creds = db.credentials_from_url(database_url)
    keys = ("host", "port", "user", "password", "database")
    conn = await asyncpg.connect(**{key: creds[key] for key in keys})
    try:
        started = time.perf_counter()
        await conn.execute(FILL, emails["big"][1], count)
        await conn.execute("ANALYZE customers")
        print(f"inserted {count} customers in {time.perf_counter() - started:.1f} s")
        cursors = {}
        for name, offset in (("page 201", 200 * PAGE_SIZE), ("last page", count - PAGE_SIZE)):
            row = await conn.fetchrow(
                "SELECT id, created_at FROM customers WHERE merchant_id = $1"
                " ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1",
                emails["big"][1],
                offset - 1,
            )
            cursors[name] = encode_cursor(SimpleNamespace(**dict(row)))
    finally:
        await conn.close()
    return {"empty": emails["empty"][0], "big": emails["big"][0], **cursors}


def _log_in(base: str, email: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    token = TOKEN_RE.search(client.get("/login").text).group(1)
    response = client.post(
        "/login", data={"csrf_token": token, "email": email, "password": PASSWORD, "next": ""}
    )
    if response.status_code != 303:
        raise SystemExit(f"log-in failed for {email}: {response.status_code}")
    return client


def _time(client: httpx.Client, path: str, loads: int, expect: str) -> list[float]:
    for _ in range(5):  # warm up
        client.get(path)
    times = []
    for _ in range(loads):
        started = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200 or expect not in response.text:
            raise SystemExit(f"{path} answered {response.status_code} without {expect!r}")
    return times


def _p(times: list[float], percent: int) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[percent - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--customers", type=int, default=100_000)
    parser.add_argument("--loads", type=int, default=50)
    args = parser.parse_args()
    row = 'data-customer-email="'
    with scratch_database() as database_url:
        setup = asyncio.run(_setup(database_url, args.customers))
        with server(database_url, workers=1) as base:
            empty, big = _log_in(base, setup["empty"]), _log_in(base, setup["big"])
            cases = [
                ("empty account: list page", empty, "/dashboard/customers", "No customers yet"),
                ("100k: first page", big, "/dashboard/customers", row),
                ("100k: page 201 (by cursor)", big, _after(setup["page 201"]), row),
                ("100k: last page (by cursor)", big, _after(setup["last page"]), row),
                ("100k: search 'grace' (5,000 match)", big, _search("grace"), row),
                ("100k: search 'ada.lovelace.2'", big, _search("ada.lovelace.2"), row),
                ("empty account: search 'grace'", empty, _search("grace"), "No customers match"),
            ]
            results = {}
            for label, client, path, expect in cases:
                results[label] = _time(client, path, args.loads, expect)
    baseline = _p(results["empty account: list page"], 95)
    print(f"{'page':40} {'p50 ms':>8} {'p95 ms':>8} {'p95 / empty':>12}")
    for label, times in results.items():
        p50, p95 = _p(times, 50), _p(times, 95)
        print(f"{label:40} {p50:8.1f} {p95:8.1f} {p95 / baseline:12.2f}")


def _after(cursor: str) -> str:
    return f"/dashboard/customers?after={quote(cursor)}"


def _search(text: str) -> str:
    return f"/dashboard/customers?search={quote(text)}"


if __name__ == "__main__":
    main()
