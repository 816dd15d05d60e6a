"""Benchmark issue 22's flows on the real-app corpus (Django admin): a live run of each flow's steps through the
MCP server (driven as bench_realapps drives it: ids read from the results received, observe/search when needed)
against ``replay_flow`` of the saved flow with new parameters.

Usage: xvfb-run -a uv run python scripts/bench_flows.py [--runs 3]     (prints a markdown table)

The live side here is the scripted driver, so its model requests are the tool calls a model would have had to
choose (at least one request per call when a model drives); the replay needs none.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]

from corpus.host import Host, corpus_session  # noqa: E402
from corpus.runner import confirm, run_step  # noqa: E402
from corpus.steps import Step, click, open_, press, select, type_  # noqa: E402


def flows(n: int) -> list[tuple[str, list[Step], dict[str, str], dict[str, str]]]:
    old, new = f"Bench Almanac {n}a", f"Bench Almanac {n}b"
    return [
        ("bench-add", [open_("/admin/library/book/add/"), type_("Title", old), select("Author", "Ada Lindqvist"),
                       type_("Published", "2021-03-04"), click("Save", "button")],
         {"title": old}, {"title": new, "published": "2022-02-02"}),
        ("bench-edit", [open_("/admin/library/book/"), type_("", old, "textbox", row="Search"),
                        press("Enter"), click(old, "link"), type_("Pages", "321"),
                        click("Save", "button")],
         {"search": old}, {"search": new, "pages": "123"}),
    ]


class Counting:
    def __init__(self, host: Host) -> None:
        self.host, self.calls = host, 0

    async def __call__(self, tool: str, /, **arguments: Any) -> dict[str, Any]:
        self.calls += 1
        return await self.host.call(tool, **arguments)


async def main(runs: int) -> None:
    rows: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        async with corpus_session(Path(tmp), ["django_admin"]) as (apps, host):
            app = apps["django_admin"]
            await host.login(app)
            for n in range(runs):
                for name, steps, params, replay_params in flows(n):
                    await host.call("save_flow", name="bench-scratch")
                    counting, started = Counting(host), time.monotonic()
                    for step in steps:
                        outcome = await run_step(counting, app.base_url, step)
                        if outcome.held:
                            await confirm(counting, outcome)
                    live = time.monotonic() - started
                    await host.call("save_flow", name=name, params=params)
                    started = time.monotonic()
                    report = (await host.call("replay_flow", name=name, params=replay_params))["data"]
                    replay = time.monotonic() - started
                    assert report["status"] == "done", report
                    row = rows.setdefault(name, {"live_s": [], "live_calls": [], "replay_s": [], "requests": []})
                    row["live_s"].append(live)
                    row["live_calls"].append(counting.calls)
                    row["replay_s"].append(replay)
                    row["requests"].append(report["model_requests"])
    print("| flow | live run: wall s | live run: tool calls (model turns) | replay: wall s | replay: model "
          "requests | replay: USD |")
    print("|---|---|---|---|---|---|")
    for name, row in rows.items():
        print(f"| {name} | {statistics.median(row['live_s']):.1f} | {statistics.median(row['live_calls']):.0f} | "
              f"{statistics.median(row['replay_s']):.1f} | {max(row['requests']):.0f} | 0 |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    anyio.run(main, parser.parse_args().runs)
