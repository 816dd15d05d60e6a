"""The rewriting proxy (tests/support/rewriting_proxy.py) keeps a file the app serves as it is on disk: a second GET
of a dated script is answered from the proxy, byte for byte, while pages, answers that set a cookie and undated
answers (an app's JSON) still go to the app every time."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator

import pytest
from aiohttp import ClientSession, web

from tests.support.rewriting_proxy import RewritingProxy

DATED = {"Last-Modified": "Tue, 01 Sep 2026 10:00:00 GMT"}


@pytest.fixture
async def upstream() -> AsyncIterator[tuple[str, Counter[str]]]:
    hits: Counter[str] = Counter()

    async def answer(request: web.Request) -> web.Response:
        hits[request.path] += 1
        if request.path == "/assets/app.js":
            return web.Response(text="window.ready = 1;", content_type="application/javascript", headers=DATED)
        if request.path == "/assets/session.js":  # dated, but it sets a cookie: not a plain file
            return web.Response(text="x", content_type="application/javascript",
                                headers=DATED | {"Set-Cookie": "s=1"})
        if request.path == "/api/count":  # no date: computed on each request
            return web.json_response({"count": hits[request.path]})
        return web.Response(text="<html><body><p>page</p></body></html>", content_type="text/html", headers=DATED)

    app = web.Application()
    app.router.add_get("/{tail:.*}", answer)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    yield f"http://127.0.0.1:{runner.addresses[0][1]}", hits
    await runner.cleanup()


async def test_a_dated_file_is_fetched_once_and_pages_and_computed_answers_every_time(
        upstream: tuple[str, Counter[str]]) -> None:
    base, hits = upstream
    proxy = RewritingProxy(base, cosmetic=False)
    origin = await proxy.start()
    try:
        async with ClientSession() as http:
            bodies = []
            for _ in range(3):
                for path in ("/assets/app.js", "/assets/session.js", "/api/count", "/page"):
                    async with http.get(origin + path) as got:
                        assert got.status == 200
                        bodies.append((path, got.content_type, await got.text()))
    finally:
        await proxy.close()
    assert hits == {"/assets/app.js": 1, "/assets/session.js": 3, "/api/count": 3, "/page": 3}
    scripts = [b for b in bodies if b[0] == "/assets/app.js"]
    assert scripts == [("/assets/app.js", "application/javascript", "window.ready = 1;")] * 3
    assert [b[2] for b in bodies if b[0] == "/api/count"] == ['{"count": 1}', '{"count": 2}', '{"count": 3}']
