"""A model endpoint that fails every request and counts them (``ANTHROPIC_BASE_URL`` for a replay that must make
none): any method, any path, answered 503 with an Anthropic-style error body.

    async with counting_model_stub() as stub:   # stub.url, stub.requests (["POST /v1/messages", …])
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from aiohttp import web


@dataclass
class ModelStub:
    url: str = ""
    requests: list[str] = field(default_factory=list)


@asynccontextmanager
async def counting_model_stub() -> AsyncIterator[ModelStub]:
    stub = ModelStub()

    async def fail(request: web.Request) -> web.Response:
        stub.requests.append(f"{request.method} {request.path}")
        return web.json_response({"type": "error", "error": {"type": "overloaded_error",
                                                             "message": "the replay must not call the model"}},
                                 status=503)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", fail)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    stub.url = f"http://127.0.0.1:{runner.addresses[0][1]}"
    try:
        yield stub
    finally:
        await runner.cleanup()
