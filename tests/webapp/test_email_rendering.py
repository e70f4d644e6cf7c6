"""The customer e-mails as rendered (``webapp/emails``): every template gives a subject, HTML
and text from its sample; what a merchant or customer typed is escaped in HTML and cannot
break the subject line; the HTML has no <style> or <script>, no classes (every style is
inline) and only absolute links, so it reads the same in any mail client."""

import re

import pytest

from billing.emails import contexts, kinds, rendering
from webapp import emails

BRAND = {
    "name": "Acme Software",
    "reply_to": "help@acme.example",
    "color": "#0f766e",
    "logo_url": "https://acme.example/logo.png",
}
TEMPLATES = [*kinds.BY_TEMPLATE, kinds.TEST]
LINK = re.compile(r'\b(?:href|src)="([^"]*)"')


@pytest.fixture(autouse=True, scope="module")
def renderer():
    emails.register()


def sample(template: str, **changes) -> dict:
    return {**contexts.sample(template, dict(BRAND)), **changes}


@pytest.mark.parametrize("template", TEMPLATES)
def test_each_template_renders_subject_html_and_text(template):
    rendered = rendering.render(template, sample(template))
    assert rendered.subject and "\n" not in rendered.subject
    assert "Acme Software" in rendered.html and "Acme Software" in rendered.text
    assert "<title>" + rendered.subject.replace("&", "&amp;") + "</title>" in rendered.html
    assert "Hello Ada Lovelace," in rendered.html and "Hello Ada Lovelace," in rendered.text
    assert "help@acme.example" in rendered.text  # the footer: who sends it, how to answer
    assert "{{" not in rendered.html + rendered.text and "{%" not in rendered.text


@pytest.mark.parametrize("template", TEMPLATES)
def test_html_is_inline_styled_with_absolute_links_only(template):
    html = rendering.render(template, sample(template)).html
    assert "<style" not in html.lower() and "<script" not in html.lower()
    assert "class=" not in html
    assert 'src="https://acme.example/logo.png"' in html
    assert "max-width:600px" in html
    for link in LINK.findall(html):
        assert link.startswith(("https://", "http://", "mailto:")), (template, link)


@pytest.mark.parametrize(
    ("template", "says"),
    [
        ("invoice_issued", ["INV-000042", "34.80 USD", "12 March 2027", "5.80 USD"]),
        ("payment_receipt", ["29.00 USD", "Visa ending in 4242", "INV-000042"]),
        ("payment_failed", ["29.00 USD", "Your card was declined.", "15 March 2027"]),
        ("trial_ending", ["Pro", "29.00 USD per month", "15 March 2027", "Visa ending in 4242"]),
        ("renewal_upcoming", ["19 March 2027", "290.00 USD"]),
        ("card_expiring", ["Visa ending in 4242", "April 2027"]),
        ("refund_issued", ["15.00 USD", "Visa ending in 4242", "INV-000042"]),
        ("subscription_cancelled", ["Pro", "12 April 2027"]),
    ],
)
def test_html_and_text_say_the_same(template, says):
    rendered = rendering.render(template, sample(template))
    for words in says:
        assert words in rendered.html, words
        assert words in rendered.text, words


@pytest.mark.parametrize("template", ["payment_failed", "card_expiring"])
def test_the_portal_button_is_in_brand_colour_and_in_the_text(template):
    rendered = rendering.render(template, sample(template))
    assert re.search(
        r'<a href="https://billing.example.com/portal/e/sample"[^>]*>Update your card',
        rendered.html,
    )
    assert "background-color:#0f766e" in rendered.html
    assert "Update your card: https://billing.example.com/portal/e/sample" in rendered.text


def test_the_last_failure_says_no_more_tries():
    rendered = rendering.render("payment_failed", sample("payment_failed", next_try=""))
    assert "will not try to charge this card again" in rendered.text
    assert "will not try to charge this card again" in rendered.html


@pytest.mark.parametrize(
    ("usage_billed", "says"),
    [
        (True, "Your usage up to that day is billed once on a final invoice; after that you"),
        (False, ". You will not be charged again."),
    ],
)
def test_a_cancellation_says_whether_usage_is_still_billed(usage_billed, says):
    context = sample("subscription_cancelled", usage_billed=usage_billed)
    rendered = rendering.render("subscription_cancelled", context)
    assert says in rendered.text and says in rendered.html
    assert ("billed once" in rendered.text) is usage_billed


def test_trial_without_a_card_says_so_and_offers_to_add_one():
    context = sample("trial_ending", card="", portal_url="https://billing.example.com/portal/e/x")
    rendered = rendering.render("trial_ending", context)
    assert "There is no card on file yet" in rendered.text
    assert ">Add a card</a>" in rendered.html


def test_a_trial_already_cancelled_is_told_it_ends_with_nothing_charged():
    rendered = rendering.render("trial_ending", sample("trial_ending", ending=True))
    says = "You have cancelled, so your subscription ends with the trial on"
    assert says in rendered.text and says in rendered.html
    assert "you will not be charged" in rendered.text
    assert "we will charge" not in rendered.text and "we will charge" not in rendered.html
    assert "Price after the trial" not in rendered.text


def test_what_people_typed_is_escaped_in_html_and_kept_in_text():
    evil = '<script>alert("x")</script> & Co'
    brand = {**BRAND, "name": evil}
    context = {**contexts.sample("payment_failed", brand), "customer_name": evil}
    rendered = rendering.render("payment_failed", context)
    assert "<script>" not in rendered.html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co" in rendered.html
    assert f"Hello {evil}," in rendered.text  # plain text is not HTML: shown as typed
    assert rendered.subject == f"Your payment of 29.00 USD to {evil} failed"


def test_a_name_cannot_break_the_subject_line():
    brand = {**BRAND, "name": "Acme\r\nBcc: victim@example.com"}
    rendered = rendering.render("payment_receipt", contexts.sample("payment_receipt", brand))
    assert "\r" not in rendered.subject and "\n" not in rendered.subject


def test_a_colour_or_logo_that_is_not_one_falls_back():
    brand = {**BRAND, "color": "red;background:url(https://x)", "logo_url": "javascript:alert(1)"}
    html = rendering.render("card_expiring", contexts.sample("card_expiring", brand)).html
    assert "url(https://x)" not in html and "javascript:" not in html
    assert "#2563eb" in html and "<img" not in html


def test_a_light_brand_colour_gets_dark_button_text():
    brand = {**BRAND, "color": "#facc15"}  # yellow: white text would not read
    html = rendering.render("card_expiring", contexts.sample("card_expiring", brand)).html
    assert "color:#111827;text-decoration:none" in html
