"""Helpers for tests of api/robustness, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

ODD_VALUES = [
    None,
    "",
    "x" * 100_000,  # nine fields of it stay under the 1 MiB body limit
    "\u0000",
    "\ud83d",
    "🚀" * 50,
    "'; DROP TABLE merchants; --",
    -1,
    10**40,
    1e308,
    True,
    [],
    ["a", None, {}],
    {"nested": {"deeper": [1, 2]}},
]


async def assert_clean(response) -> None:
    assert response.status_code < 500, await response.get_data()
    if response.status_code >= 400:
        body = await response.get_json()
        assert isinstance(body, dict) and isinstance(body["error"], str)
