"""Database start-up: the embedded server, the Tortoise configuration and migrations.

Tortoise 1.x keeps its state in a context variable. Under a real ASGI server every request
runs in a fresh context, so ``Tortoise.init`` must be called with
``_enable_global_fallback=True``; without it requests fail with "No TortoiseContext is
currently active" although in-process tests pass (``tests/test_server_process.py`` guards this).
"""

import json
import logging
import os
import warnings
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

import asyncpg
from aerich import Command
from tortoise import Tortoise, connections

from api import event_objects
from billing.emails import outbox
from billing.usage import metric_sandbox
from webapp import emails, metrics_role
from webapp.config import ConfigError, Settings

log = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
# Every context's models, loaded by Tortoise as the one app ``models`` (so relations are
# declared as "models.Merchant" whichever package the model lives in).
MODEL_MODULES = [
    f"billing.{context}.models"
    for context in (
        "accounts",
        "catalog",
        "customers",
        "subscriptions",
        "usage",
        "tax",
        "invoicing",
        "payments",
        "portal",
        "seats",
        "enrollment",
        "event_log",
        "emails",
    )
]
EMBEDDED_DATABASE = "tally"


class PooledConnection(asyncpg.Connection):
    """A pooled connection that skips asyncpg's reset query on every release.

    asyncpg sends ``RESET ALL; UNLISTEN *; CLOSE ALL; pg_advisory_unlock_all()`` each time a
    connection goes back to the pool, and Tortoise takes a connection per query, so every
    query paid a second round trip (measured: about half of a simple read). Tally never leaves
    session state behind on pooled connections: settings are per transaction, advisory locks
    are transaction-scoped and LISTEN uses a dedicated connection, so the reset is not needed.
    """

    def get_reset_query(self) -> str:
        return ""


def _port_of(parsed, query_port: str | None) -> int:
    """The URL's port (in the netloc or as ``?port=``), 5432 when absent; ConfigError when it
    is not a number from 1 to 65535."""
    try:
        text = str(parsed.port) if parsed.port is not None else query_port
    except ValueError:  # urllib refuses non-numbers and numbers out of range
        text = parsed.netloc.rpartition(":")[2]
    if text is None:
        return 5432
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"DATABASE_URL has a bad port {text!r}: use a number from 1 to 65535")
    return int(text)


def credentials_from_url(url: str) -> dict:
    """Turn ``postgres://user:pass@host:port/db?host=/socket/dir`` into asyncpg credentials.

    Tortoise's own URL parser rejects the socket form the embedded server uses, so we parse it.
    """
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql"}:
        found = f"its scheme is {parsed.scheme!r}" if parsed.scheme else "it has no scheme"
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL such as "
            f"postgresql://user:password@host:5432/tally ({found})"
        )
    query = {key: values[-1] for key, values in parse_qs(parsed.query).items()}
    host = query.pop("host", None) or parsed.hostname or "127.0.0.1"
    return {
        "host": unquote(host),
        "port": _port_of(parsed, query.pop("port", None)),
        "user": unquote(parsed.username or "postgres"),
        "password": unquote(parsed.password or ""),
        "database": unquote(parsed.path.lstrip("/") or "postgres"),
        "connection_class": PooledConnection,
        "minsize": 1,
        "maxsize": int(query.pop("pool_size", 10)),
    }


# Session settings of every pooled connection. ``force_generic_plan``: asyncpg prepares every
# statement once per connection, but PostgreSQL's default still plans most of them anew on
# each execution (a "custom plan" for the parameter values). Tally's statements are
# merchant-scoped index lookups whose best plan does not depend on the values, and planning
# cost more than executing on the hot paths: an entitlement check's statements planned in
# about 1.2 ms and ran in 0.2 ms (measured with log_min_duration_statement).
SERVER_SETTINGS = {"plan_cache_mode": "force_generic_plan"}


def tortoise_config(database_url: str) -> dict:
    credentials = {**credentials_from_url(database_url), "server_settings": SERVER_SETTINGS}
    return {
        "connections": {
            "default": {
                "engine": "tortoise.backends.asyncpg",
                "credentials": credentials,
            }
        },
        "apps": {
            "models": {
                "models": [*MODEL_MODULES, "aerich.models"],
                "default_connection": "default",
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


def start_embedded(pgdata: Path, database: str = EMBEDDED_DATABASE) -> str:
    """Start (or join) the private PostgreSQL in ``pgdata`` and return a URL for ``database``.

    The server keeps running while any process holding it is alive, and its data survives
    restarts because the folder is kept.
    """
    import pgserver  # imported here: only needed when no DATABASE_URL is set

    pgdata.mkdir(parents=True, exist_ok=True)
    _forget_dead_handles(pgdata)
    server = pgserver.get_server(pgdata, cleanup_mode="stop")
    exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{database}';")
    if "(1 row)" not in exists:
        server.psql(f'CREATE DATABASE "{database}";')
    socket_dir = urlparse(server.get_uri()).query.split("host=")[-1]
    return f"postgresql://postgres@/{database}?host={socket_dir}"


def _forget_dead_handles(pgdata: Path) -> None:
    """Drop processes that died without cleaning up from pgserver's handle list.

    pgserver stops the server when its last handle closes, counting handles by process id in
    ``.handle_pids.json``. A process killed hard never removes its id, and then the server
    would never be stopped again; pruning dead ids keeps the count honest.
    """
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return
    try:
        pids = json.loads(handles.read_text())
    except (OSError, ValueError):
        return
    alive = [pid for pid in pids if _process_alive(pid)]
    if alive != pids:
        handles.write_text(json.dumps(alive))


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def url_of(settings: Settings) -> str:
    """The database to use: ``DATABASE_URL``, else the embedded server (started if needed)."""
    if settings.database_url:
        return settings.database_url
    warnings.filterwarnings("ignore", module="platformdirs")
    return start_embedded(settings.pgdata_dir)


async def connect(database_url: str) -> asyncpg.Connection:
    """A connection of its own, outside the pool (for LISTEN, which holds its connection)."""
    credentials = credentials_from_url(database_url)
    for pool_only in ("connection_class", "minsize", "maxsize"):
        credentials.pop(pool_only)
    return await asyncpg.connect(**credentials)


async def init_orm(database_url: str) -> None:
    """Open the database: the ORM's shared pool now, the custom-metric pool (its own role) on
    its first use."""
    event_objects.register()
    emails.register()
    outbox.register()  # customer e-mails: a consumer of the event log
    await Tortoise.init(config=tortoise_config(database_url), _enable_global_fallback=True)
    metric_sandbox.configure(metrics_role.credentials(credentials_from_url(database_url)))


async def check_connection() -> None:
    """Raise the driver's error now when the database cannot be reached."""
    await connections.get("default").execute_query("SELECT 1")


async def close_orm() -> None:
    await metric_sandbox.close()
    await Tortoise.close_connections()


async def migrate(database_url: str) -> list[str]:
    """Apply every aerich migration not yet applied, then make the custom-metric role and its
    grants where missing (``metrics_role.prepare``); returns the names applied."""
    command = Command(tortoise_config(database_url), app="models", location=str(MIGRATIONS_DIR))
    try:
        await command.init()
        applied = await command.upgrade(run_in_transaction=True)
    finally:
        await Tortoise.close_connections()
    for name in applied:
        log.info("applied migration %s", name)
    connection = await connect(database_url)
    try:
        await metrics_role.prepare(connection)
    finally:
        await connection.close()
    return applied


async def make_migration(database_url: str, name: str, *, empty: bool = False) -> str | None:
    """Generate a new migration from the model changes (developer tool)."""
    command = Command(tortoise_config(database_url), app="models", location=str(MIGRATIONS_DIR))
    try:
        if not (MIGRATIONS_DIR / "models").exists():
            await command.init_db(safe=True)
            return "initial"
        await command.init()
        return await command.migrate(name, empty=empty)
    finally:
        await Tortoise.close_connections()
