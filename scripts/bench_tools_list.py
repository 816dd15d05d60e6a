"""Size of `tools/list`, ours against @playwright/mcp, measured in the same run (issue 21: target ≤ 0.8×).

Usage: uv run python scripts/bench_tools_list.py [--per-tool]

Two measures, both compact JSON (no spaces), characters:
- listed: the whole `tools/list` result as the server sends it (names, titles, descriptions, input schemas,
  annotations);
- model: what a host puts into every model request for each tool: name, description and input schema (what the
  Anthropic API's `tools[]` carries; titles and annotations stay with the host).
The peer installs from npm into .bench/ (as scripts/bench_realapps.py does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".bench"
PEER_CLI = BENCH / "node_modules/@playwright/mcp/cli.js"
CHROMIUM = "/usr/bin/chromium"


def _compact(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


async def measure(params: StdioServerParameters) -> dict[str, dict[str, int]]:
    with open(os.devnull, "w") as quiet:  # noqa: ASYNC230 (the null device: nothing blocks)
        async with stdio_client(params, errlog=quiet) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
    out: dict[str, dict[str, int]] = {}
    for tool in tools:
        listed = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
        model = {"name": tool.name, "description": tool.description or "", "input_schema": tool.input_schema}
        out[tool.name] = {"listed": _compact(listed), "model": _compact(model)}
    return out


def ours() -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME")} | {"BROWSER_HEADLESS": "true"}
    return StdioServerParameters(command=sys.executable, args=["-m", "mcp_server"], env=env, cwd=str(REPO))


def peer() -> StdioServerParameters:
    if not PEER_CLI.is_file():
        subprocess.run(["npm", "install", "--prefix", str(BENCH), "@playwright/mcp@0.0.83"], check=True)
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME")}
    return StdioServerParameters(command="node", args=[str(PEER_CLI), "--headless", "--isolated",
                                                       "--executable-path", CHROMIUM], env=env)


def render(mine: dict[str, dict[str, int]], theirs: dict[str, dict[str, int]], per_tool: bool) -> str:
    rows = ["| measure | ours | peer | ratio | target |", "|---|---|---|---|---|"]
    for key in ("listed", "model"):
        a, b = sum(t[key] for t in mine.values()), sum(t[key] for t in theirs.values())
        rows.append(f"| {key} ({len(mine)} / {len(theirs)} tools) | {a:,} | {b:,} | {a / b:.2f}× | ≤ 0.80× |")
    if per_tool:
        rows += ["", "| tool (ours) | listed | model |", "|---|---|---|"]
        rows += [f"| {name} | {t['listed']:,} | {t['model']:,} |"
                 for name, t in sorted(mine.items(), key=lambda kv: -kv[1]["model"])]
    return "\n".join(rows)


async def main(args: argparse.Namespace) -> None:
    mine, theirs = await measure(ours()), await measure(peer())
    print(render(mine, theirs, args.per_tool))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-tool", action="store_true", help="also list each of our tools")
    anyio.run(main, parser.parse_args())
