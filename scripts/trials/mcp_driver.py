"""Keep one stdio MCP session (over a Chromium with a DevTools port) open for a trial, driven line by line.

    xvfb-run -a uv run python scripts/trials/mcp_driver.py /tmp/trial 8765 --elicit &   # --elicit: the human answers
    uv run python scripts/trials/mcp_driver.py --call 8765 observe '{}'
    uv run python scripts/trials/mcp_driver.py --call 8765 confirm_action '{"confirmation_id": "…"}' no

A last word yes/no is the human's answer when the server asks (MCP elicitation); without it the server cannot ask
and the host's own permission prompt is taken to have decided (the call goes through).

Each request is one JSON line {"tool": ..., "arguments": {...}}; the answer is the server's payload as one line.
A trial's harness only: it acts like a host model, through the same tools, on ids it observed.
Two trials at once: the port is taken before anything starts (a taken port fails at once), and with
MCP_DRIVER_DIR=<workdir> set for `--call`, a driver serving another workdir refuses the request.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from corpus.host import start_chromium
from tests.support.mcp_client import Human, browser_client


async def serve(workdir: Path, port: int, elicit: bool) -> None:
    ready = asyncio.Event()
    handler: list[object] = []

    async def dispatch(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await ready.wait()
        await handler[0](reader, writer)  # type: ignore[operator]

    server = await asyncio.start_server(dispatch, "127.0.0.1", port)  # a taken port fails here, before a browser
    process, cdp = await start_chromium(workdir / "chromium-profile")
    human = Human([])
    secrets = {k: v for k, v in os.environ.items() if k.startswith("BROWSER_SECRET")}  # typed by name, as a host's
    try:
        async with browser_client(workdir / "server-profile", errlog=(workdir / "server.log").open("w"),
                                  elicitation_callback=human if elicit else None, BROWSER_CDP_URL=cdp,
                                  **secrets) as client:
            lock = asyncio.Lock()

            async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                request = json.loads(await reader.readline())
                if request.get("workdir") not in (None, str(workdir)):
                    writer.write(json.dumps({"error": f"this driver serves {workdir}"}).encode() + b"\n")
                    await writer.drain()
                    writer.close()
                    return
                async with lock:
                    human.answers[:] = [request["approve"]] if "approve" in request else []
                    result = await client.call(request["tool"], **request.get("arguments", {}))
                writer.write(json.dumps(result.payload).encode() + b"\n")
                await writer.drain()
                writer.close()

            handler.append(handle)
            ready.set()
            print("ready", flush=True)
            async with server:
                await server.serve_forever()
    finally:
        process.terminate()


async def call(port: int, tool: str, arguments: str, answer: str | None, workdir: str | None) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=2**26)
    request: dict[str, object] = {"tool": tool, "arguments": json.loads(arguments)}
    if workdir:
        request["workdir"] = workdir
    if answer is not None:
        request["approve"] = answer == "yes"
    writer.write(json.dumps(request).encode() + b"\n")
    await writer.drain()
    print((await reader.readline()).decode())


if __name__ == "__main__":
    if sys.argv[1] == "--call":
        served = os.environ.get("MCP_DRIVER_DIR")
        asyncio.run(call(int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "{}",
                         sys.argv[5] if len(sys.argv) > 5 else None, str(Path(served).resolve()) if served else None))
    else:
        asyncio.run(serve(Path(sys.argv[1]).resolve(), int(sys.argv[2]), "--elicit" in sys.argv))
