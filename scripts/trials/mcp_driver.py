"""Keep one stdio MCP session (over a Chromium with a DevTools port) open for a trial, driven line by line.

    xvfb-run -a uv run python scripts/trials/mcp_driver.py /tmp/trial 8765 &
    uv run python scripts/trials/mcp_driver.py --call 8765 observe '{}'

Each request is one JSON line {"tool": ..., "arguments": {...}}; the answer is the server's payload as one line.
A trial's harness only: it acts like a host model, through the same tools, on ids it observed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from corpus.host import start_chromium
from tests.support.mcp_client import browser_client


async def serve(workdir: Path, port: int) -> None:
    process, cdp = await start_chromium(workdir / "chromium-profile")
    secrets = {k: v for k, v in os.environ.items() if k.startswith("BROWSER_SECRET")}  # named secrets pass through
    try:
        async with browser_client(workdir / "server-profile", errlog=(workdir / "server.log").open("w"),
                                  BROWSER_CDP_URL=cdp, **secrets) as client:
            lock = asyncio.Lock()

            async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                request = json.loads(await reader.readline())
                async with lock:
                    result = await client.call(request["tool"], **request.get("arguments", {}))
                writer.write(json.dumps(result.payload).encode() + b"\n")
                await writer.drain()
                writer.close()

            server = await asyncio.start_server(handle, "127.0.0.1", port)
            print("ready", flush=True)
            async with server:
                await server.serve_forever()
    finally:
        process.terminate()


async def call(port: int, tool: str, arguments: str) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=2**26)
    writer.write(json.dumps({"tool": tool, "arguments": json.loads(arguments)}).encode() + b"\n")
    await writer.drain()
    print((await reader.readline()).decode())


if __name__ == "__main__":
    if sys.argv[1] == "--call":
        asyncio.run(call(int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "{}"))
    else:
        asyncio.run(serve(Path(sys.argv[1]), int(sys.argv[2])))
