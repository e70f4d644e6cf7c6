"""Enrollment domains: the normal form rules are stored in, and what is refused."""

import pytest

from billing.core.errors import Invalid
from billing.enrollment.domains import email_domain, normalize_domain


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("example.com", "example.com"),
        ("  Example.COM ", "example.com"),
        ("@example.com", "example.com"),
        ("example.com.", "example.com"),
        ("eng.example.co.uk", "eng.example.co.uk"),
        ("Bücher.example", "xn--bcher-kva.example"),
        ("xn--bcher-kva.example", "xn--bcher-kva.example"),
        ("a-b.io", "a-b.io"),
    ],
)
def test_normal_form(typed, stored):
    assert normalize_domain(typed) == stored


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "required"),
        ("   ", "required"),
        (None, "required"),
        (5, "required"),
        ("ada@example.com", "not a whole email address"),
        ("*.example.com", "without wildcards"),
        ("localhost", "dot-separated"),
        ("exa mple.com", "dot-separated"),
        ("-example.com", "dot-separated"),
        ("example..com", "dot-separated"),
        ("example.com/path", "dot-separated"),
        ("example.com:443", "dot-separated"),
        ("10.0.0.1", "not an IP address"),
        ("a" * 64 + ".com", "dot-separated"),
        (("a" * 60 + ".") * 5 + "com", "at most 253"),
        ("ex\u0000ample.com", "dot-separated"),
    ],
)
def test_refused(typed, says):
    with pytest.raises(Invalid, match=says):
        normalize_domain(typed)


def test_email_domain_is_compared_in_the_same_form():
    assert email_domain("Ada@Eng.EXAMPLE.com") == "eng.example.com"
    assert email_domain("ada@bücher.example") == "xn--bcher-kva.example"
    assert email_domain("ada@localhost") is None
