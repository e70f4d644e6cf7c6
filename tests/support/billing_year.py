"""Helpers for tests of billing_year, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import subprocess

from tests.conftest import (
    tally_process,
)


def tally(url, data_dir, *args, exits: int = 0) -> str:
    """Run one ``tally`` command to its end; its output, once it exited with ``exits``."""
    process = tally_process(url, data_dir, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=120)
    assert process.returncode == exits, err.decode()
    return out.decode()


def first_price_id(listed: dict) -> str:
    prices = listed.get("prices", listed) if isinstance(listed, dict) else listed
    return prices[0]["id"]
