"""Helpers for tests of pages/embed, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import html


def site_page(live_server: str, slug: str, key: str) -> str:
    slug, key = html.escape(slug), html.escape(key)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme pricing</title>
<script src="{live_server}/static/pricing-table.js" defer></script>
<style>body {{ font-family: Georgia, serif; margin: 0 auto; max-width: 1100px; padding: 16px; }}
iframe {{ width: 100%; height: 760px; border: 0; }}</style></head>
<body>
<h1>Acme plans</h1>
<section id="element"><tally-pricing-table slug="{slug}" publishable-key="{key}">
</tally-pricing-table></section>
<section id="frame"><iframe title="Pricing"
 src="{live_server}/embed/pricing-tables/{slug}?key={key}"></iframe></section>
</body></html>"""


def card(scope, name: str):
    """A plan's card, found by its heading (names like "Pro" occur in other cards' text)."""
    return scope.locator(f'.tpt-card:has(.tpt-name:text-is("{name}"))')
