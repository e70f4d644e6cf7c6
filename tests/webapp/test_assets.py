"""Static files: versioned URLs are cached for good, plain ones for an hour."""

import re

from webapp.assets import _version


async def test_pages_link_versioned_assets_that_cache_for_a_year(client):
    page = (await (await client.get("/login")).get_data()).decode()
    href = re.search(r'href="(/static/tally\.css\?v=[0-9a-f]{12})"', page)
    assert href, "the layout links tally.css with a content version"
    response = await client.get(href.group(1))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


async def test_unversioned_static_files_cache_for_an_hour(client):
    response = await client.get("/static/tally.css")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=3600"


def test_the_version_follows_the_content(tmp_path):
    path = tmp_path / "x.css"
    path.write_text("a { color: red }")
    before = _version(path)
    other = tmp_path / "y.css"
    other.write_text("a { color: blue }")
    assert _version(other) != before
