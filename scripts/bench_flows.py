"""Benchmark issue 22's flows on the real-app corpus (Django admin): a model run of each task against a replay of
the flow saved from that run, with new parameters.

Usage: xvfb-run -a uv run python scripts/bench_flows.py [--runs 2] [--headless]     (prints a markdown table)

Model side: ``python -m orchestrator "task"`` as a new process (the real SDK, the real bundled Claude Code CLI, the
browser server, Chromium), its model the tests' scripted Anthropic-compatible server on 127.0.0.1
(``browser_agent_evals.scripted.server``; the scripted agents of tests/e2e/policies.py: they read each observation
and pick ids from it, like a model; the server answers at once). Requests are the server's; tokens are what it
reports to the CLI (characters / 4, in and out, per request); USD is those tokens at list prices (``PRICES``).
Then ``python -m orchestrator flows save RUN NAME`` saves that run as a flow.

Replay side: ``python -m orchestrator replay NAME --param ...`` as a new process, its ``ANTHROPIC_BASE_URL`` still
pointed at the scripted server, which counts every request (0 expected), with new values; both sides are judged
in the app's database. Both wall times include the process start and the browser launch.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "src")]

from browser_core.act.flow_store import load  # noqa: E402
from corpus.apps import APPS, RunningApp, running  # noqa: E402
from corpus.runner import find_id, run_step  # noqa: E402
from corpus.steps import Step, click, open_, type_  # noqa: E402
from tests.e2e.conftest import E2E  # noqa: E402
from tests.e2e.policies import Intent, Scenario  # noqa: E402
from tests.e2e.scripted_model import Block, ModelRequest, ScriptedModel, Text, ToolUse  # noqa: E402
from tests.support.mcp_client import browser_client  # noqa: E402

# USD per million tokens (input, output): Anthropic's list prices per model family, no prompt caching.
PRICES = {"haiku": (1.0, 5.0), "sonnet": (3.0, 15.0), "opus": (5.0, 25.0)}
SECRET = "django_admin_password"
AUTHOR = "Ada Lindqvist"


@dataclass
class Counted:
    """The scenario, plus each request's model and the tokens the scripted server reports for it."""

    scenario: Callable[[ModelRequest], list[Block]]
    tokens: list[tuple[str, int, int]] = field(default_factory=list)

    def __call__(self, req: ModelRequest) -> list[Block]:
        blocks = self.scenario(req)
        out = sum(len(json.dumps(b.input)) if isinstance(b, ToolUse) else len(b.text) for b in blocks
                  if isinstance(b, ToolUse | Text))
        self.tokens.append((req.model, max(1, req.chars // 4), max(1, out // 4)))
        return blocks

    def usd(self) -> float:
        total = 0.0
        for model, tokens_in, tokens_out in self.tokens:
            price_in, price_out = next((p for k, p in PRICES.items() if k in model), PRICES["sonnet"])
            total += (tokens_in * price_in + tokens_out * price_out) / 1e6
        return total


@dataclass
class Flow:
    name: str
    task: str
    intents: list[Intent]
    expect: str
    new: dict[str, str]  # recorded value -> the replay's value
    check: str  # SQL: 1 when the end state holds, with the values as parameters
    values: tuple[str, ...]
    new_values: tuple[str, ...]
    confirms: bool = False  # a destructive step: the human approves it (an answers file), in both runs


def flows(base: str, n: int) -> list[Flow]:
    old, new = f"Bench Almanac {n}a", f"Bench Almanac {n}b"
    add = f"{base}/admin/library/book/add/"
    listing = f"{base}/admin/library/book/"
    book = ("SELECT count(*) FROM library_book b JOIN library_author a ON a.id = b.author_id "
            "WHERE b.title = ? AND a.name = ? AND b.published = ?")
    return [
        Flow("bench-add", f"Open {add} and add the book {old!r} by {AUTHOR}, published 2021-03-04.",
             [Intent("open", "navigate", url=add), Intent("title", "type", role="textbox", name="title", text=old),
              Intent("author", "select", role="combobox", name="author", text=AUTHOR),
              Intent("published", "type", role="textbox", name="published", text="2021-03-04"),
              Intent("save", "click", role="button", name="save")],
             "was added successfully", {old: new, "2021-03-04": "2022-02-02"},
             book, (old, AUTHOR, "2021-03-04"), (new, AUTHOR, "2022-02-02")),
        Flow("bench-edit", f"Open {listing}, search for {old!r}, open that book and set its pages to 321.",
             [Intent("open", "navigate", url=listing),
              Intent("search", "type", role="textbox", name="search", text=old),
              Intent("go", "click", role="button", name="search"), Intent("row", "click", role="link", name=old),
              Intent("pages", "type", role="spinbutton", name="pages", text="321"),
              Intent("save", "click", role="button", name="save")],
             "was changed successfully", {old: new, "321": "123"},
             "SELECT count(*) FROM library_book WHERE title = ? AND pages = ?", (old, "321"), (new, "123")),
        Flow("bench-delete", f"Open {listing}, search for {old!r}, open that book and delete it.",
             [Intent("open", "navigate", url=listing),
              Intent("search", "type", role="textbox", name="search", text=old),
              Intent("go", "click", role="button", name="search"), Intent("row", "click", role="link", name=old),
              Intent("delete", "click", role="link", name="delete"),
              Intent("sure", "click", role="button", name="yes")],
             "was deleted successfully", {old: new},
             "SELECT count(*) = 0 FROM library_book WHERE title = ?", (old,), (new,), confirms=True),
    ]


async def login(profile: Path, app: RunningApp) -> None:
    """Log in once on the profile both sides use (the password by its secret name, through the MCP server)."""
    spec = app.spec.login
    assert spec is not None
    origin = app.base_url.rstrip("/")
    env = {"BROWSER_SECRET_DJANGO_ADMIN_PASSWORD": spec.password,
           "BROWSER_SECRET_DJANGO_ADMIN_PASSWORD_ORIGINS": origin}
    async with browser_client(profile, **env) as client:

        async def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
            return (await client.call(tool, **arguments)).payload

        await run_step(call, origin, open_(spec.path))
        await run_step(call, origin, type_("Username", spec.username))
        await call("type_text", element_id=await find_id(call, Step("type", "Password")), text={"secret": SECRET})
        await run_step(call, origin, click("Log in", "button"))
        left = await call("wait_for", url=f"re:^(?!{re.escape(origin + spec.path)})", timeout_ms=20000)
        if not left.get("success"):
            raise RuntimeError(f"the login failed: {left.get('error')}")


async def orchestrator(env: dict[str, str], *argv: str) -> tuple[float, str]:
    started = time.monotonic()
    proc = await anyio.run_process([sys.executable, "-m", "orchestrator", *argv], env=env, cwd=REPO, check=False)
    wall = time.monotonic() - started
    out = proc.stdout.decode() + proc.stderr.decode()
    if proc.returncode != 0:
        raise RuntimeError(f"orchestrator {argv[0]!r} exited {proc.returncode}:\n{out[-3000:]}")
    return wall, out


def holds(app: RunningApp, flow: Flow, values: tuple[str, ...]) -> bool:
    return int(app.db.scalar(flow.check, *values)) == 1


async def bench_flow(e2e: E2E, model: ScriptedModel, app: RunningApp, env: dict[str, str], flow: Flow,
                     row: dict[str, list[float]]) -> None:
    policy = Counted(Scenario(intents=flow.intents, expect=flow.expect, horizon=len(flow.intents)))
    model.reset(policy)
    runs_before = set(e2e.runs())
    answers = ["--answers", env["BENCH_ANSWERS"]] if flow.confirms else []
    wall, out = await orchestrator(env, flow.task, *answers)
    if not holds(app, flow, flow.values):
        raise RuntimeError(f"{flow.name}: the model run did not reach its end state:\n{out[-3000:]}")
    requests = len(model.log)
    (run,) = set(e2e.runs()) - runs_before
    task_s = json.loads((run / "summary.json").read_text("utf-8"))["tasks"][-1]["duration_s"]
    await orchestrator(env, "flows", "save", str(run), flow.name)
    saved = load(Path(env["BROWSER_FLOWS_DIR"]), flow.name)
    params = [f"{p.name}={flow.new[p.default]}" for p in saved.params if p.default in flow.new]
    model.reset(Counted(lambda req: [Text("a replay must not ask the model")]))
    replay, out = await orchestrator(env, "replay", flow.name, *(a for p in params for a in ("--param", p)), *answers)
    reported = re.search(r'"model_requests": (\d+)', out)
    steps_s = re.findall(r'"duration_s": ([\d.]+)', out)
    if flow.confirms and "confirmed and done" not in out:
        raise RuntimeError(f"{flow.name}: the replay's destructive step was not asked again:\n{out[-3000:]}")
    if not holds(app, flow, flow.new_values) or reported is None:
        raise RuntimeError(f"{flow.name}: the replay did not reach its end state ({params}):\n{out[-3000:]}")
    tokens_in = sum(t[1] for t in policy.tokens)
    tokens_out = sum(t[2] for t in policy.tokens)
    for key, value in (("model_s", wall), ("requests", requests), ("in", tokens_in), ("out", tokens_out),
                       ("usd", policy.usd()), ("replay_s", replay),
                       ("task_s", task_s), ("steps_s", float(steps_s[-1]) if steps_s else 0.0),
                       ("replay_requests", len(model.log)),
                       ("reported", int(reported.group(1)))):
        row.setdefault(key, []).append(float(value))
    print(f"{flow.name}: model {wall:.1f} s, {requests} requests, {tokens_in:,}+{tokens_out:,} tokens, "
          f"${policy.usd():.3f}; replay {replay:.1f} s, {len(model.log)} requests ({' '.join(params)})",
          file=sys.stderr)


async def main(runs: int, headless: bool) -> None:
    rows: dict[str, dict[str, list[float]]] = {}
    model = ScriptedModel().start()
    try:
        with tempfile.TemporaryDirectory() as tmp, running(APPS["django_admin"], Path(tmp) / "corpus") as app:
            root = Path(tmp)
            for sub in ("home", "claude", "tmp"):
                (root / sub).mkdir()
            e2e = E2E(root, model)
            profile = root / "profile"
            if headless:
                os.environ["BROWSER_HEADLESS"] = "true"
            await login(profile, app)
            (root / "answers.json").write_text(json.dumps({"confirm": [True, True]}), encoding="utf-8")
            env = e2e.process_env(ORCH_PROFILE_DIR=str(profile), BROWSER_FLOWS_DIR=str(root / "flows"),
                                  ORCH_WALL_CLOCK_S="180", BENCH_ANSWERS=str(root / "answers.json"))
            if headless:
                env["ORCH_HEADFUL"] = "false"
            for n in range(runs):
                for flow in flows(app.base_url.rstrip("/"), n):
                    await bench_flow(e2e, model, app, env, flow, rows.setdefault(flow.name, {}))
    finally:
        model.close()
    print("| flow | model run: wall s (task) | model requests | tokens in + out | USD | replay: wall s (steps) | "
          "replay: model requests | replay: USD |")
    print("|---|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        med = {k: statistics.median(v) for k, v in row.items()}
        print(f"| {name} | {med['model_s']:.1f} ({med['task_s']:.1f}) | {med['requests']:.0f} | "
              f"{med['in']:,.0f} + {med['out']:,.0f} | "
              f"{med['usd']:.3f} | {med['replay_s']:.1f} ({med['steps_s']:.1f}) | {max(row['replay_requests']):.0f} "
              f"(report: {max(row['reported']):.0f}) | 0 |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--headless", action="store_true")
    args = parser.parse_args()
    anyio.run(main, args.runs, args.headless)
