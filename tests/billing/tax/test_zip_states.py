"""The ZIP-prefix table: spot checks, ZIP+4, and every prefix mapped to a real code or None."""

import pytest

from billing.tax.us_states import STATES
from billing.tax.zip_states import RANGES, state_for_zip


@pytest.mark.parametrize(
    ("zip_code", "state"),
    [
        ("10001", "NY"), ("90210", "CA"), ("20500", "DC"), ("00901", "PR"), ("96813", "HI"),
        ("99501", "AK"), ("73301", "TX"), ("02101", "MA"), ("05501", "MA"), ("60601", "IL"),
        ("96910", "GU"), ("96799", "AS"), ("00802", "VI"), ("12345-6789", "NY"),
        ("123456789", "NY"),
    ],
)  # fmt: skip
def test_spot_checks(zip_code, state):
    assert state_for_zip(zip_code) == state


@pytest.mark.parametrize("zip_code", [None, "", "1234", "ABCDE", "09001", "96201", "00000"])
def test_military_unassigned_and_malformed_have_no_state(zip_code):
    assert state_for_zip(zip_code) is None


def test_ranges_are_ordered_disjoint_and_name_known_codes():
    previous = -1
    for first, last, state in RANGES:
        assert previous < first <= last and state in STATES
        previous = last
