"""Argument types of the ``tally`` command: each turns a word into a value or says, in one
line, why it cannot (argparse prints it and exits 2)."""

import argparse
from datetime import datetime

from billing.core.errors import ServiceError
from billing.core.timestamps import parse_timestamp
from webapp.config import ConfigError, parse_interval


def batch_size(value: str) -> int:
    number = int(value) if value.isdigit() else 0
    if not 1 <= number <= 5000:
        raise argparse.ArgumentTypeError(f"{value!r} is not a batch size (1-5000)")
    return number


def instant(value: str) -> datetime:
    try:
        return parse_timestamp(value, "--now")
    except ServiceError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def seconds(value: str) -> float:
    try:
        interval = parse_interval(value)
    except ConfigError:
        interval = None
    if interval is None:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds (0.1-86400)")
    return interval


def port(value: str) -> int:
    number = int(value) if value.isdigit() else 0
    if not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number (1-65535)")
    return number


def workers(value: str) -> int:
    number = int(value) if value.isdigit() else 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a positive number of workers")
    return number
