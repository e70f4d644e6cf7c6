"""GET /v1/merchants/current throughput on one worker, as a ratio to a trivial route.

Both routes are served by the same ``tally serve --workers 1`` process in the same run; the
trivial route (``/healthz``) has no authentication and no database work, so the ratio shows
what key authentication plus one merchant read cost per request. Each route is measured
several times in alternation and the best run counts, which damps a noisy neighbour.

    .venv/bin/python -m bench.merchants_current [--seconds 5] [--rounds 3] [--connections 32]
"""

import argparse
import asyncio

from bench._harness import scratch_database, server, wrk_rps
from billing.accounts.accounts import provision_merchant
from webapp import db


async def _secret_key(database_url: str) -> str:
    await db.init_orm(database_url)
    try:
        made = await provision_merchant(
            name="Bench Inc", email="bench@example.com", password="bench-password-1"
        )
        return made.secret_key
    finally:
        await db.close_orm()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()

    with scratch_database() as database_url:
        key = asyncio.run(_secret_key(database_url))
        with server(database_url, workers=1) as base:
            routes = {
                "GET /healthz (baseline)": (f"{base}/healthz", {}),
                "GET /v1/merchants/current": (
                    f"{base}/v1/merchants/current",
                    {"Authorization": f"Bearer {key}"},
                ),
            }
            for url, headers in routes.values():  # warm up connections and caches
                wrk_rps(url, headers, 1, args.connections)
            best = dict.fromkeys(routes, 0.0)
            for _ in range(args.rounds):
                for label, (url, headers) in routes.items():
                    rps = wrk_rps(url, headers, args.seconds, args.connections)
                    best[label] = max(best[label], rps)

    for label, rps in best.items():
        print(f"{label:32} {rps:10.0f} req/s")
    baseline, measured = best.values()
    print(f"ratio merchants/current : healthz = {measured / baseline:.2f}")


if __name__ == "__main__":
    main()
