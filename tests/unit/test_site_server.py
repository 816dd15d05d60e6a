"""The fixture website is served on two origins with {{ORIGIN_*}} templating."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from site_server import SITE_ROOT, start_site


def _get(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=5) as resp:
        return resp.status, resp.headers.get("Content-Type", ""), resp.read().decode("utf-8")


def test_two_distinct_origins(site):
    assert site.origin_a.startswith("http://127.0.0.1:")
    assert site.origin_b.startswith(("http://127.0.0.1:", "http://localhost:"))
    assert site.origin_a != site.origin_b


@pytest.mark.parametrize("which", ["origin_a", "origin_b"])
def test_both_origins_serve_index(site, which):
    origin = getattr(site, which)
    for path in ("/index.html", "/"):
        status, ctype, body = _get(origin + path)
        assert status == 200
        assert ctype.startswith("text/html")
        assert "<h1>Test pages</h1>" in body


def test_placeholders_replaced(site):
    _, _, frames = _get(site.url_a("frames.html"))
    assert "{{ORIGIN_" not in frames
    assert f'src="{site.origin_b}/frame_cross.html"' in frames

    _, _, cross = _get(site.url_b("frame_cross.html"))
    assert "{{ORIGIN_" not in cross
    assert f'src="{site.origin_a}/frame_nested.html"' in cross


def test_query_string_and_static_assets(site):
    status, _, body = _get(site.url_a("product.html?id=3"))
    assert status == 200 and 'id="add-to-cart"' in body
    status, ctype, css = _get(site.url_b("style.css"))
    assert status == 200 and ctype.startswith("text/css") and "body" in css
    with pytest.raises(urllib.error.HTTPError) as err:
        _get(site.url_a("no_such_page.html"))
    assert err.value.code == 404


def test_every_page_served(site):
    for page in sorted(SITE_ROOT.glob("*.html")):
        status, _, body = _get(site.url_a(page.name))
        assert status == 200, page.name
        assert "{{ORIGIN_" not in body, page.name


def test_start_and_close_quietly(capsys):
    servers = start_site(SITE_ROOT)
    try:
        status, _, _ = _get(servers.url_a("index.html"))
        assert status == 200
    finally:
        servers.close()
    assert capsys.readouterr().out == ""
