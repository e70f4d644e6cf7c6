"""Writes for the served webhook test, made by the services themselves in a process of their
own against the served database (the ``tally serve`` under test reads them as any commit):
``endpoint MERCHANT URL`` creates a webhook endpoint and prints its id and secret; ``event
MERCHANT TYPE OBJECT`` records an event in a transaction (its commit notifies the sender).

They stand in for what the API does once it serves the endpoints and records the event on
its own; the test uses the API when it answers and these only when it does not.
"""

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from tortoise.transactions import in_transaction

ROOT = Path(__file__).resolve().parents[3]


def write(database_url: str, data_dir: Path, *args: str) -> dict:
    """Run one write (the arguments above) to its end; what it printed."""
    env = {**os.environ, "DATABASE_URL": database_url, "TALLY_DATA_DIR": str(data_dir)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.processes.webhook_writes", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()
    return json.loads(done.stdout)


async def _main(action: str, merchant_id: str, *rest: str) -> dict:
    from billing.event_log import recording
    from billing.webhooks import endpoints
    from webapp import db
    from webapp.config import Settings

    settings = Settings.from_env()
    settings.configure_domain()
    await db.init_orm(settings.database_url)
    try:
        if action == "endpoint":
            endpoint, secret = await endpoints.create_endpoint(merchant_id, url=rest[0])
            return {"id": endpoint.id, "secret": secret}
        async with in_transaction():
            await recording.record(merchant_id, rest[0], rest[1])
        return {"recorded": rest[0]}
    finally:
        await db.close_orm()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_main(*sys.argv[1:]))))
