"""Shared fixtures: a real PostgreSQL, the app, a live server process and merchants.

``TEST_DATABASE_URL`` selects the database server; without it the embedded server in
``var/test-pgdata`` is used. Every run builds one template database with the migrations (so
they are under test too) and every pytest-xdist worker gets a clone of its own
(``tests/support/databases.py``); all are dropped at the end. Each test makes its own
merchant, so tests never share data; due passes are scoped to it, or run in a database of
their own (``module_database``, ``own_orm_database``, ``own_database_url``): the rules are in
``tests/support/__init__.py``.
"""

import contextlib
import os
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, replace
from pathlib import Path

import httpx
import pytest
from argon2 import PasswordHasher
from cryptography.fernet import Fernet

from billing.accounts import merchants, passwords
from billing.accounts.accounts import provision_merchant
from billing.accounts.api_keys import create_api_key
from billing.payments import setup as payments_setup
from billing.payments.checkout.checkout_limits import CheckoutLimits, Limit
from tests.support import databases
from tests.support.fakes import no_provider
from tests.support.fakes.provider_b_fake import running_fake
from tests.support.processes.ports import free_port, stop_process  # noqa: F401 (stop_process: for tests)
from webapp import db
from webapp.app import create_app
from webapp.config import Settings

# Fixtures that tests in more than one directory use, found by name (never imported).
pytest_plugins = [
    "tests.support.dashboard",
    "tests.support.fakes.memory_gateway",
    "tests.support.fakes.localstripe_server",
    "tests.support.fakes.webhook_receiving",
    "tests.support.fakes.smtp_server",
]

ROOT = Path(__file__).resolve().parent.parent
# argon2 at its cheapest in this process: the same hashing, without ~140 ms of CPU for every
# merchant a test signs up (tests of the cost itself build their own hasher).
passwords.use_hasher(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
PASSWORD = "correct-horse-42"


@pytest.fixture(scope="session")
async def database_url():
    """This worker's database (each pytest-xdist worker has one, and so has a run without
    workers), cloned from the run's template that the migrations built once
    (``tests/support/databases.py``); dropped afterwards, the template with it."""
    base = databases.server_url()
    url = await databases.worker_database(base)
    yield url
    await db.close_orm()
    await databases.drop_worker_database(base)


# Refuses every provider call at once (tests/support/fakes/no_provider.py).
NOWHERE = no_provider.start()
# The same for the tally processes tests start (they inherit this environment); a test that
# wants a provider sets the variable itself.
os.environ.setdefault("TALLY_PROVIDER_A_API_BASE", NOWHERE)
os.environ.setdefault("TALLY_PROVIDER_B_API_BASE", NOWHERE)
os.environ.setdefault("TALLY_WEBHOOK_ALLOW_PRIVATE_URLS", "true")  # they receive on loopback
# The suite starts thousands of checkouts from 127.0.0.1, many per shop (isolation probes,
# journeys): the checkout rate limits (billing/payments/checkout/checkout_limits.py) are set far
# above that for the in-process app and the processes tests start. The tests of the limits set
# their own (the ``checkout_limits`` fixture, or the variables for a served process).
GENEROUS = CheckoutLimits(per_address=Limit(100_000, 600), per_key=Limit(1_000_000, 3600))
os.environ.setdefault("TALLY_CHECKOUT_RATE_PER_ADDRESS", "100000/600")
os.environ.setdefault("TALLY_CHECKOUT_RATE_PER_KEY", "1000000/3600")


@pytest.fixture(scope="session")
def settings(database_url, tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("tally-data")
    return Settings(
        database_url=database_url,
        data_dir=data_dir,
        pgdata_dir=data_dir / "pgdata",
        secret_key="test-secret-key",
        encryption_key=Fernet.generate_key().decode(),
        secure_cookies=False,
        log_level="WARNING",
        # No test ever reaches a real provider: unless a test's fixture points them at
        # localstripe or the provider B fake, both API bases refuse at once
        # (tests/support/fakes/no_provider.py), so a due pass that meets another test's payment
        # fails fast.
        provider_a_api_base=NOWHERE,
        provider_b_api_base=NOWHERE,
        checkout_limits=GENEROUS,
        webhook_allow_private_urls=True,  # the tests receive webhooks on loopback
    )


@pytest.fixture(scope="session")
async def app(settings):
    application = create_app(settings)
    async with application.test_app():
        yield application


@pytest.fixture
def client(app):
    return app.test_client()


@dataclass
class MerchantAccount:
    id: str
    email: str
    password: str
    secret_key: str
    publishable_key: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secret_key}"}

    @property
    def public_headers(self) -> dict[str, str]:
        return {"X-Service-Key": self.publishable_key}


def unique_email(label: str = "owner") -> str:
    return f"{label}-{uuid.uuid4().hex[:12]}@example.com"


@pytest.fixture
def make_merchant(app):
    async def make(name: str = "Acme Software", environment: str = "live") -> MerchantAccount:
        email = unique_email()
        made = await provision_merchant(
            name=name, email=email, password=PASSWORD, environment=environment
        )
        return MerchantAccount(
            made.merchant.id, email, PASSWORD, made.secret_key, made.publishable_key
        )

    return make


async def in_test_mode(account: MerchantAccount) -> MerchantAccount:
    """The same business in test mode: its test merchant row, with a new test secret key and
    test publishable key (the dashboard login is the same)."""
    tenant = await merchants.tenant_of(account.id, "test")
    _, secret = await create_api_key(tenant.id, name="Test secret key", key_type="secret")
    _, publishable = await create_api_key(tenant.id, name="Test key", key_type="publishable")
    return MerchantAccount(tenant.id, account.email, account.password, secret, publishable)


@pytest.fixture
async def merchant(make_merchant) -> MerchantAccount:
    return await make_merchant()


def tally_process(
    database_url: str, data_dir: Path, *args: str, due_work: str = "off", **popen
) -> subprocess.Popen:
    """A ``tally`` command (``serve``, ``worker``, ...) as a child process against the test
    database. Its due-work loop is off unless ``due_work`` gives an interval: a loop passing
    at real time while other tests run would settle their due rows under them."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TALLY_DATA_DIR": str(data_dir),
        "TALLY_LOG_LEVEL": "WARNING",
        "TALLY_DUE_WORK_INTERVAL": due_work,
    }
    return subprocess.Popen([sys.executable, "-m", "webapp.cli", *args], cwd=ROOT, env=env, **popen)


def serve_on_free_port(
    database_url: str, data_dir: Path, *, port: int | None = None, **popen
) -> tuple[subprocess.Popen, str]:
    """``tally serve`` (granian) on a free port (``port`` when the caller picked one, to name
    it in the environment first), once its health check answers; returns the process and its
    base URL. Its output goes where ``popen`` says (``stdout=...``)."""
    port = port or free_port()
    process = tally_process(database_url, data_dir, "serve", "--port", str(port), **popen)
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = process.stdout.read().decode() if process.stdout else ""
            raise RuntimeError(f"tally serve ended with {process.returncode}: {output}")
        try:
            if httpx.get(f"{base_url}/healthz", timeout=1).status_code == 200:
                return process, base_url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("tally serve did not start within 60 seconds")


@contextlib.contextmanager
def two_served(database_url: str, tmp_path_factory, environment: dict[str, str]):
    """Two ``tally serve`` processes on one database, with ``environment`` set for both (the
    things they must share or that the test tunes); their base URLs. For what must hold
    across processes (a stream fed by the other process's webhook, a shared rate limit)."""
    started = []
    try:
        with pytest.MonkeyPatch.context() as patch:
            for name, value in environment.items():
                patch.setenv(name, value)
            for name in ("first", "second"):
                started.append(
                    serve_on_free_port(
                        database_url,
                        tmp_path_factory.mktemp(name),
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                )
        yield [base_url for _, base_url in started]
    finally:
        for process, _ in started:
            stop_process(process)


@pytest.fixture(scope="session")
def live_server(database_url, tmp_path_factory):
    """The real ``tally serve`` process (granian) on a free port, against the test database."""
    process, base_url = serve_on_free_port(
        database_url,
        tmp_path_factory.mktemp("live-data"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    yield base_url
    stop_process(process)


@pytest.fixture(scope="session")
def provider_b_fake():
    """The provider B fake (``tests/support/fakes/provider_b_fake.py``), one for the session."""
    with running_fake() as fake:
        yield fake


@pytest.fixture
def checkout_limits(app):
    """Set the in-process app's checkout rate limits for one test: call it with
    ``per_address`` and ``per_key`` (``Limit``s); the suite's generous ones come back after."""
    original = payments_setup.current()

    def set_limits(per_address: Limit, per_key: Limit) -> None:
        limits = CheckoutLimits(per_address=per_address, per_key=per_key)
        payments_setup.configure(replace(payments_setup.current(), checkout_limits=limits))

    yield set_limits
    payments_setup.configure(
        replace(payments_setup.current(), checkout_limits=original.checkout_limits)
    )


@pytest.fixture
def provider_b(app, provider_b_fake):
    """The app's payments pointed at the provider B fake for one test (the encryption key
    and public URL kept), and set back afterwards, with any outage or refusal the test asked
    of the fake taken back so it cannot leak into the next test."""
    original = payments_setup.current()
    payments_setup.configure(replace(original, provider_b_api_base=provider_b_fake.url))
    try:
        yield provider_b_fake
    finally:
        payments_setup.configure(original)
        provider_b_fake.failures, provider_b_fake.refuse_webhooks = 0, False
        provider_b_fake.losses = 0


def pytest_sessionfinish(session):
    databases.drop_template_at_exit()  # if a clone of it outlived the worker's database


@pytest.fixture
async def own_database_url():
    """A database of the test's own (a clone of the migrated template, dropped after it), for
    tests whose ``tally`` processes run due passes at clocks years ahead and would otherwise
    bill every other test's subscriptions."""
    async with databases.own_database("test") as url:
        yield url


@contextlib.asynccontextmanager
async def _orm_on(url: str, worker_url: str):
    """The in-process ORM (the app's, the services') pointed at ``url``, then back."""
    await db.close_orm()
    await db.init_orm(url)
    try:
        yield url
    finally:
        await db.close_orm()
        await db.init_orm(worker_url)


@pytest.fixture(scope="module")
async def module_database(app, database_url):
    """A database of the test module's own (a clone of the migrated template), with the
    in-process ORM pointed at it while the module runs; its URL, for the ``tally`` processes
    the module starts. For modules whose subject is an unscoped due pass or ``tally run-due``
    processes, which act on every merchant of the database they are given. A module asks for
    it with ``pytestmark = pytest.mark.usefixtures("module_database")``."""
    async with databases.own_database("module") as url, _orm_on(url, database_url):
        yield url


@pytest.fixture
async def own_orm_database(app, database_url):
    """The same for one test: a database of its own with the in-process ORM pointed at it (the
    test asks for it before any fixture that writes, such as ``make_merchant``)."""
    async with databases.own_database("test") as url, _orm_on(url, database_url):
        yield url


@pytest.fixture(scope="module")
async def stack(tmp_path_factory):
    """A payments stack of the test module's own (tests/support/processes/served_payments.py:
    its database, localstripe and ``tally serve``), for the journey tests; made only where
    asked for."""
    from tests.support.processes import served_payments  # it builds on this module's helpers

    async with served_payments.own_database() as url:
        data_dir = tmp_path_factory.mktemp("stack")
        with served_payments.running_stack(url, data_dir) as running:
            yield running


@pytest.fixture
async def shop(stack):
    """A test-mode merchant of the module's stack with provider A configured."""
    from tests.support.processes import served_payments

    shop = await served_payments.open_shop(stack)
    yield shop
    await shop.http.aclose()


# Test files that take minutes of one worker's time: started first, so the parallel workers
# end together instead of one running the longest file alone at the end (xdist hands out
# files in collection order).
LONGEST_FIRST = ("tests/api/test_openapi_fuzz.py", "tests/test_journey_", "tests/test_billing_")


def pytest_collection_modifyitems(items):
    def late(item) -> bool:
        return not item.nodeid.startswith(LONGEST_FIRST)

    items.sort(key=late)  # stable: every other test keeps its order
