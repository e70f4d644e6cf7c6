"""The ``tally`` command: serve, migrate, create-merchant, create-api-key, make-migration,
run-due, worker, backfill-events, payments-sandbox, copy-catalog.

Without ``DATABASE_URL`` every command uses the embedded PostgreSQL in the data folder, which
``serve`` starts and keeps running for its worker processes.

Failures a person can fix (a rejected value, an unreachable database) end with one
``error: ...`` line on stderr and exit status 1, never a traceback; bad arguments exit 2.
"""

import argparse
import asyncio
import errno
import json
import os
import socket
import sys

import asyncpg
from tortoise.exceptions import BaseORMException

from billing.core.errors import ServiceError
from webapp import cli_args, cli_copy, cli_due, cli_sandbox, db, serve_signals
from webapp.config import ConfigError, Settings

# What an unreachable, missing or refusing database raises, depending on where it fails.
DATABASE_ERRORS = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, BaseORMException)


def _check_port_free(host: str, port: int) -> None:
    """ConfigError unless ``host:port`` can be listened on.

    Left to the ASGI server, a port in use ends in a long traceback, and a listener bound with
    SO_REUSEPORT could be joined by a second one silently. A plain bind first refuses both in
    one line. SO_REUSEADDR keeps a port whose old connections linger in TIME_WAIT (a restart)
    usable.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ConfigError(
                    f"port {port} is already in use; choose another with PORT=… "
                    f"(make run PORT={port + 1}, or tally serve --port {port + 1})"
                ) from None
            raise ConfigError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    from granian import Granian
    from granian.constants import Interfaces

    serve_signals.stop_on_first_signal()  # why: webapp/serve_signals.py
    _check_port_free(args.host, args.port)
    with serve_signals.deferred():  # the embedded server's start is not cut short
        url = db.url_of(settings)
    asyncio.run(db.migrate(url))
    os.environ["DATABASE_URL"] = url  # worker processes inherit the resolved database
    print(f"Tally is running at http://{args.host}:{args.port}", flush=True)
    Granian(
        "webapp.asgi:app",
        address=args.host,
        port=args.port,
        workers=args.workers,
        interface=Interfaces.ASGI,
        log_access=False,
        workers_kill_timeout=serve_signals.WORKER_STOP_SECONDS,
    ).serve()
    return 0


def cmd_migrate(args: argparse.Namespace, settings: Settings) -> int:
    applied = asyncio.run(db.migrate(db.url_of(settings)))
    print(f"Applied {len(applied)} migration(s)" + (": " + ", ".join(applied) if applied else ""))
    return 0


def cmd_make_migration(args: argparse.Namespace, settings: Settings) -> int:
    result = asyncio.run(db.make_migration(db.url_of(settings), args.name, empty=args.empty))
    print(f"Created migration {result}" if result else "No model changes found")
    return 0


async def _create_merchant(url: str, args: argparse.Namespace):
    from billing.accounts.accounts import provision_merchant

    await db.migrate(url)
    await db.init_orm(url)
    try:
        return await provision_merchant(
            name=args.name, email=args.email, password=args.password, environment=args.environment
        )
    finally:
        await db.close_orm()


def cmd_create_merchant(args: argparse.Namespace, settings: Settings) -> int:
    made = asyncio.run(_create_merchant(db.url_of(settings), args))
    if args.json:
        print(
            json.dumps(
                {
                    "merchantId": made.merchant.id,
                    "secretKey": made.secret_key,
                    "publishableKey": made.publishable_key,
                }
            )
        )
    else:
        print(f"Created merchant {made.merchant.id} ({made.merchant.legal_name})")
        print(f"Owner login:      {made.user.email}")
        print(f"Secret key:       {made.secret_key}   (shown once; store it now)")
        print(f"Publishable key:  {made.publishable_key}")
    return 0


async def _create_api_key(url: str, args: argparse.Namespace):
    from billing.accounts import api_keys, merchants

    await db.init_orm(url)
    try:
        tenant = await merchants.tenant_of(args.merchant, args.environment)
        return await api_keys.create_api_key(
            tenant.id, name=args.name, key_type=args.type, environment=args.environment
        )
    finally:
        await db.close_orm()


def cmd_create_api_key(args: argparse.Namespace, settings: Settings) -> int:
    """A key of either mode for a merchant (its id in either mode), for operators and tests.
    The value is shown once."""
    key, value = asyncio.run(_create_api_key(db.url_of(settings), args))
    if args.json:
        answer = {
            "id": key.id,
            "keyValue": value,
            "environment": key.environment,
            "keyType": key.key_type,
        }
        print(json.dumps(answer))
    else:
        print(f"Created {key.environment} {key.key_type} key {key.id}: {value}")
    return 0


async def _backfill_events(url: str, args: argparse.Namespace):
    from billing.usage import rollup_backfill

    await db.init_orm(url)
    try:
        if args.merchant_id:
            return await rollup_backfill.backfill_merchant(
                args.merchant_id, batch_size=args.batch_size, cutoff_seconds=args.cutoff_seconds
            )
        return await rollup_backfill.backfill_all(
            batch_size=args.batch_size, cutoff_seconds=args.cutoff_seconds
        )
    finally:
        await db.close_orm()


def cmd_backfill_events(args: argparse.Namespace, settings: Settings) -> int:
    """One back-fill batch per merchant (or for one): rollups recomputed for events loaded
    straight into the event table (see billing/usage/rollup_backfill.py)."""
    result = asyncio.run(_backfill_events(db.url_of(settings), args))
    print(f"Scanned {result.scanned} event(s); inserted {result.inserted} rollup row(s)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tally", description="Tally subscription billing")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the web server (migrates first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=cli_args.port, default=8000)
    serve.add_argument("--workers", type=cli_args.workers, default=1)
    serve.set_defaults(handler=cmd_serve)

    migrate = commands.add_parser("migrate", help="apply database migrations")
    migrate.set_defaults(handler=cmd_migrate)

    make = commands.add_parser("make-migration", help="generate a migration from model changes")
    make.add_argument("name")
    make.add_argument("--empty", action="store_true", help="an empty migration to write by hand")
    make.set_defaults(handler=cmd_make_migration)

    create = commands.add_parser(
        "create-merchant", help="create a merchant with its owner and keys"
    )
    create.add_argument("--name", required=True, help="the merchant's legal and display name")
    create.add_argument("--email", required=True, help="the owner's dashboard login")
    create.add_argument("--password", required=True, help="the owner's password (10+ characters)")
    create.add_argument("--environment", choices=["live", "test"], default="live")
    create.add_argument("--json", action="store_true", help="print the ids and keys as JSON")
    create.set_defaults(handler=cmd_create_merchant)

    key = commands.add_parser("create-api-key", help="create an API key of either mode")
    key.add_argument("--merchant", required=True, help="the merchant's id (of either mode)")
    key.add_argument("--environment", choices=["live", "test"], default="live")
    key.add_argument("--type", choices=["secret", "publishable"], default="secret")
    key.add_argument("--name", default="Command-line key")
    key.add_argument("--json", action="store_true", help="print the key as JSON")
    key.set_defaults(handler=cmd_create_api_key)

    due = commands.add_parser("run-due", help="run one due-work pass and print what it did")
    due.add_argument(
        "--now", type=cli_args.instant, help="as of this ISO 8601 instant (default: the present)"
    )
    due.set_defaults(handler=cli_due.cmd_run_due)

    worker = commands.add_parser("worker", help="run the due-work loop as its own process")
    worker.add_argument(
        "--interval",
        type=cli_args.seconds,
        help="seconds between passes (default: TALLY_DUE_WORK_INTERVAL, else 30)",
    )
    worker.set_defaults(handler=cli_due.cmd_worker)

    backfill = commands.add_parser(
        "backfill-events", help="recompute usage rollups for events loaded outside the API"
    )
    backfill.add_argument("--batch-size", type=cli_args.batch_size, default=500)
    backfill.add_argument("--cutoff-seconds", type=int, default=60)
    backfill.add_argument("--merchant-id", help="only this merchant (default: every merchant)")
    backfill.set_defaults(handler=cmd_backfill_events)

    sandbox = commands.add_parser(
        "payments-sandbox", help="walk one invoice from issued to paid against a localstripe"
    )
    sandbox.add_argument("--decline", action="store_true", help="use a card that is declined")
    sandbox.add_argument("--keep", action="store_true", help="leave localstripe running")
    sandbox.add_argument(
        "--port", type=cli_args.port, help="localstripe's port (default: a free one)"
    )
    sandbox.set_defaults(handler=cli_sandbox.cmd_payments_sandbox)

    cli_copy.add_parser(commands)  # copy-catalog
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args, Settings.from_env())
    except ServiceError as error:
        print(f"error: {error.message}", file=sys.stderr)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
    except DATABASE_ERRORS as error:
        print(f"error: the database could not be used: {error}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
