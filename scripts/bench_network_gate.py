"""The network line's cost per action: the same clicks with the line on and off (BROWSER_NETWORK_GATE), over the
stdio MCP server on real Chromium, against the small app of tests/mcp/test_network_gate.py (an ordinary save,
a PUT, that the line judges and lets go) and a page load (every GET passes the route while it is installed).

Usage: xvfb-run -a uv run python scripts/bench_network_gate.py [--rounds 20]
Two servers run at once, one with the line off and one with it on, their calls interleaved (the same load);
prints the median and mean of each tool's duration (the server's own duration_ms) per setting, and the difference.
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
from tests.support.mcp_client import BrowserClient, browser_client  # noqa: E402

ACTIONS = ("click (PUT save)", "click (no request)", "navigate")


async def ids(client: BrowserClient) -> dict[str, str]:
    return {
        "click (PUT save)": await element_id(client, "Plonk", "button"),
        "click (no request)": await element_id(client, "Jot"),
    }


async def measure(rounds: int, url: str) -> dict[bool, dict[str, list[int]]]:
    """Two servers at once, the line off in one and on in the other, their calls interleaved: the same load."""
    took: dict[bool, dict[str, list[int]]] = {gate: {name: [] for name in ACTIONS} for gate in (False, True)}
    with tempfile.TemporaryDirectory() as folder:
        async with (
            browser_client(Path(folder) / "off", BROWSER_NETWORK_GATE="false") as off,
            browser_client(Path(folder) / "on", BROWSER_NETWORK_GATE="true") as on,
        ):
            clients = {False: off, True: on}
            known: dict[bool, dict[str, str]] = {}
            for gate, client in clients.items():
                await client.call("navigate", url=url)
                known[gate] = await ids(client)
            for _ in range(rounds):
                for name in ACTIONS:
                    for gate, client in clients.items():
                        if name == "navigate":
                            call = await client.call("navigate", url=url)
                        else:
                            call = await client.call("click", element_id=known[gate][name])
                        assert call.ok, call.payload
                        took[gate][name].append(int(call.payload["metadata"]["duration_ms"]))
                        if name == "navigate":
                            known[gate] = await ids(client)
    return took


async def main(rounds: int) -> None:
    server = serve(Desk())
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        took = await measure(rounds, url)
    finally:
        server.shutdown()
    print(f"{'action':<22}{'off median':>12}{'on median':>12}{'off mean':>10}{'on mean':>10}{'cost (median)':>15}")
    for name in ACTIONS:
        a, b = took[False][name], took[True][name]
        print(
            f"{name:<22}{statistics.median(a):>10.0f}ms{statistics.median(b):>10.0f}ms"
            f"{statistics.mean(a):>8.0f}ms{statistics.mean(b):>8.0f}ms"
            f"{statistics.median(b) - statistics.median(a):>+13.0f}ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    anyio.run(main, parser.parse_args().rounds)
