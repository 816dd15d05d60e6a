"""The network line's cost per action: the same clicks with the line on and off (BROWSER_NETWORK_GATE), over the
stdio MCP server on real Chromium, against the small app of tests/mcp/test_network_gate.py (an ordinary save,
a PUT, that the line judges and lets go) and a page load (every GET passes the route while it is installed).

Usage: xvfb-run -a uv run python scripts/bench_network_gate.py [--rounds 20]
Prints the median and mean of each tool's duration (the server's own duration_ms) per setting, and the difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from tests.mcp.test_network_gate import Desk, serve  # noqa: E402
from tests.mcp.test_security_adversarial import element_id  # noqa: E402
from tests.support.mcp_client import browser_client  # noqa: E402


async def measure(gate: bool, rounds: int, url: str) -> dict[str, list[int]]:
    took: dict[str, list[int]] = {"click (PUT save)": [], "click (no request)": [], "navigate": []}
    with tempfile.TemporaryDirectory() as folder:
        async with browser_client(Path(folder) / "profile", BROWSER_NETWORK_GATE=str(gate).lower()) as client:
            await client.call("navigate", url=url)
            save = await element_id(client, "Plonk", "button")
            jot = await element_id(client, "Jot")
            for _ in range(rounds):
                for name, tool, args in (
                    ("click (PUT save)", "click", {"element_id": save}),
                    ("click (no request)", "click", {"element_id": jot}),
                    ("navigate", "navigate", {"url": url}),
                ):
                    call = await client.call(tool, **args)
                    assert call.ok, call.payload
                    took[name].append(int(call.payload["metadata"]["duration_ms"]))
                    if tool == "navigate":
                        save = await element_id(client, "Plonk", "button")
                        jot = await element_id(client, "Jot")
    return took


async def main(rounds: int) -> None:
    server = serve(Desk())
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        off = await measure(False, rounds, url)
        on = await measure(True, rounds, url)
    finally:
        server.shutdown()
    print(f"{'action':<22}{'off median':>12}{'on median':>12}{'off mean':>10}{'on mean':>10}{'cost (median)':>15}")
    for name in off:
        a, b = off[name], on[name]
        print(
            f"{name:<22}{statistics.median(a):>10.0f}ms{statistics.median(b):>10.0f}ms"
            f"{statistics.mean(a):>8.0f}ms{statistics.mean(b):>8.0f}ms"
            f"{statistics.median(b) - statistics.median(a):>+13.0f}ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    anyio.run(main, parser.parse_args().rounds)
