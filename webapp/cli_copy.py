"""``tally copy-catalog``: the dashboard's "Copy to live" from the command line
(billing/catalog/catalog_copy.py). It prints the same diff the page shows, then applies it
unless ``--dry-run``. ``--merchant`` takes the id of either mode's merchant row of the business
(the live row's id is also the account id), so an operator can paste whichever id they have."""

import argparse
import asyncio

from webapp import db
from webapp.config import Settings


async def _copy(url: str, args: argparse.Namespace):
    from billing.catalog import catalog_copy

    await db.init_orm(url)
    try:
        source, target = await catalog_copy.modes(args.merchant, args.source, args.target)
        if args.dry_run:
            return await catalog_copy.plan_copy(source, target)
        return await catalog_copy.apply_copy(source, target)
    finally:
        await db.close_orm()


def cmd_copy_catalog(args: argparse.Namespace, settings: Settings) -> int:
    from webapp.pages.catalog_copy_words import text

    print(text(asyncio.run(_copy(db.url_of(settings), args))))
    return 0


def add_parser(commands) -> None:
    copy = commands.add_parser(
        "copy-catalog",
        help="copy features, metrics, plans and pricing tables from test to live",
        description=(
            "Copy the catalog (features, metrics, plans with their prices, pricing tables) "
            "from one mode of a business to the other, as the dashboard's Copy to live does. "
            "A second copy updates what changed and creates nothing; a changed plan becomes a "
            "new version; rows only in the target mode are left alone."
        ),
    )
    copy.add_argument(
        "--merchant",
        required=True,
        help="the business: its live or test merchant id (the live id is the account id)",
    )
    copy.add_argument("--from", dest="source", choices=["test", "live"], default="test")
    copy.add_argument("--to", dest="target", choices=["test", "live"], default="live")
    copy.add_argument("--dry-run", action="store_true", help="print the diff, change nothing")
    copy.set_defaults(handler=cmd_copy_catalog)
