"""Benchmark the real-app corpus: ours against @playwright/mcp on the same task plans, in the same run.

Usage: xvfb-run -a uv run python scripts/bench_realapps.py [--apps django_admin wagtail trac]
       [--kinds ordinary destructive said everyday]  (writes artifacts/bench_realapps.md, each side's calls, results)
       The `everyday` kind (corpus.tasks_everyday, issue 31): ten Django-admin tasks started from the front page, as
       a host in a fresh conversation starts them (targets: calls ≤ 0.55×, characters ≤ 0.35× the peer's).

Method
- Apps: corpus/ (Django admin with a library app, Wagtail, Trac), each side on its own fresh copy of the seeded
  state. Tasks: corpus.tasks (plain steps by visible names), each one task plan run by both servers; the `said`
  kind adds corpus.tasks.BY_DESCRIPTION, whose clicks ours makes by description (element_description, no id), as
  a model often does ("the page 3 link in the pagination"), while the peer clicks the ref it read.
- Each side drives its server over MCP stdio the way a model would with that server's natural calls, reading
  ids/refs only from results it received:
  ours: navigate / click / type_text (press_enter merges a following Enter) / select_option / fill_form for two
  or more consecutive field steps, or for field steps followed by a button click (its `submit`; a click on a
  checkbox is a field set to the opposite of its shown state); ids come from the results received (a new page
  comes as a digest: header/menu elements already shown are counted in as_before, not repeated, and their
  earlier ids still work; long lists are folded); a control not seen is searched (find_interactive_elements, as
  elements_more/folded suggest), then observed; an id that went stale is observed again; a held step is confirmed
  (confirm_action).
  peer: browser_navigate / browser_click / browser_type (submit) / browser_select_option / browser_fill_form;
  refs from the last snapshot in a result (read as a person reads it: a nameless button by the text inside it,
  a table row by its cells, an unnamed field by the heading above it); browser_snapshot when the ref is missing
  or the result says a new page is shown; a "leave page?" dialog is accepted (browser_handle_dialog).
- Both servers run at once and take the tasks in turn (a task with ours, the same task with the peer), so a change
  of the machine's load during the run weighs on both sides alike; each call's wall time is taken by the client.
- Log-in (as a person: ours cannot type passwords, so the human types it over CDP) is set-up, not counted.
- Per task: calls, characters of all results (text content), largest result, observe calls per action
  (ours: observe + find_interactive_elements; peer: browser_snapshot), and the share of nameless interactive
  elements among the elements each side listed (ours: elements with ids; peer: widget nodes with refs).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "scripts")]
from bench_realapps_drivers import Driver, OursDriver, PeerDriver  # noqa: E402

from corpus.apps import APPS, RunningApp, start  # noqa: E402
from corpus.host import start_chromium  # noqa: E402
from corpus.steps import Task  # noqa: E402
from corpus.tasks import BY_DESCRIPTION, TASKS  # noqa: E402
from corpus.tasks_everyday import EVERYDAY  # noqa: E402

BENCH = REPO / ".bench"
PEER_CLI = BENCH / "node_modules/@playwright/mcp/cli.js"
CHROMIUM = "/usr/bin/chromium"
TASK_TIMEOUT_S = 240.0


@dataclass
class TaskResult:
    calls: int = 0
    chars: int = 0
    largest: int = 0
    observes: int = 0
    actions: int = 0
    held: int = 0
    ok: bool = False
    error: str = ""


@dataclass
class SideResult:
    label: str
    tasks: dict[str, TaskResult] = field(default_factory=dict)
    listed: int = 0
    nameless: int = 0
    reason: str = ""
    timings: list[tuple[str, float, str]] = field(default_factory=list)


def ensure_peer() -> None:
    if not PEER_CLI.is_file():
        subprocess.run(["npm", "install", "--prefix", str(BENCH), "@playwright/mcp@0.0.83"], check=True)


def display_env() -> dict[str, str]:
    return {k: os.environ[k] for k in ("DISPLAY", "XAUTHORITY") if k in os.environ}


async def run_task(driver: Driver, app: RunningApp, task: Task) -> TaskResult:
    driver.reset_counts()
    res = TaskResult()
    try:
        with anyio.fail_after(TASK_TIMEOUT_S):
            await driver.run(app, task)
        res.ok = driver.check(app, task)
        if not res.ok:
            res.error = "outcome check failed"
    except Exception as exc:  # one task's failure is reported, the run goes on
        res.error = f"{type(exc).__name__}: {str(exc)[:300]}"
    c = driver.counts
    res.calls, res.chars, res.largest = c.calls, c.chars, c.largest
    res.observes, res.actions, res.held = c.observes, c.actions, c.held
    return res


@dataclass
class Side:
    driver: Driver
    params: StdioServerParameters
    app: RunningApp
    result: SideResult
    log: Path


async def run_sides(sides: list[Side], tasks: list[Task]) -> None:
    """Both servers up at once, each logged in; then task by task, each side in turn, so a change of the machine's
    load during the run (other jobs) weighs on both sides alike."""
    try:
        async with contextlib.AsyncExitStack() as stack:
            for side in sides:
                errlog = stack.enter_context(side.log.open("w"))
                read, write = await stack.enter_async_context(stdio_client(side.params, errlog=errlog))
                session = await stack.enter_async_context(ClientSession(read, write))
                await session.initialize()
                side.driver.session = session
                await side.driver.login(side.app)
            for task in tasks:
                for side in sides:
                    side.result.tasks[task.key] = await run_task(side.driver, side.app, task)
            for side in sides:
                driver, result = side.driver, side.result
                result.listed, result.nameless = driver.listed, driver.nameless
                result.timings = list(driver.timings)
                side.log.with_suffix(".calls.txt").write_text("\n".join(driver.trace) + "\n")
                side.log.with_suffix(".results.txt").write_text("\n".join(driver.results) + "\n")
    except Exception as exc:
        while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        for side in sides:
            side.result.reason = side.result.reason or f"{type(exc).__name__}: {exc}"[:200]


def ours_params(tmp: Path, cdp_url: str) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if k.startswith("UV_") or k in ("PATH", "HOME")}
    env |= display_env() | {"BROWSER_CDP_URL": cdp_url, "BROWSER_USER_DATA_DIR": str(tmp / "ours-profile"),
                            "BROWSER_EXECUTABLE_PATH": CHROMIUM}
    return StdioServerParameters(command="uv", args=["run", "--no-sync", "python", "-m", "mcp_server"],
                                 cwd=REPO, env=env)


def peer_params(tmp: Path) -> StdioServerParameters:
    args = [str(PEER_CLI), "--executable-path", CHROMIUM, "--isolated", "--no-sandbox",
            "--viewport-size", "1280x900"]
    if not os.environ.get("DISPLAY"):
        args.append("--headless")
    env = display_env() | {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")}
    return StdioServerParameters(command="node", args=args, cwd=tmp, env=env)


async def bench_app(name: str, kinds: set[str], tmp: Path, artifacts: Path) -> tuple[SideResult, SideResult, int]:
    tasks = [t for t in TASKS if t.app == name and t.kind in kinds]
    tasks += [t for t in BY_DESCRIPTION if t.app == name and "said" in kinds]
    tasks += [t for t in EVERYDAY if t.app == name and "everyday" in kinds]
    ours, peer = SideResult("ours"), SideResult("peer")
    chromium, cdp_url = await start_chromium(tmp / f"{name}-chromium")
    apps = [start(APPS[name], tmp / f"{name}-{side}") for side in ("ours", "peer")]
    try:
        await run_sides([Side(OursDriver(cdp_url), ours_params(tmp, cdp_url), apps[0], ours,
                              artifacts / f"bench_realapps.{name}.ours.log"),
                         Side(PeerDriver(), peer_params(tmp), apps[1], peer,
                              artifacts / f"bench_realapps.{name}.peer.log")], tasks)
    finally:
        for app in apps:
            app.stop()
        chromium.terminate()
        chromium.wait(timeout=10)
    return ours, peer, len(tasks)


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}×" if b else "n/a"


def render(results: list[tuple[str, SideResult, SideResult, int]]) -> str:
    head = ["app", "tasks", "passed ours/peer", "calls/task ours", "calls/task peer", "calls ratio", "chars ours",
            "chars peer", "chars ratio", "largest ours", "largest peer", "observes/action ours",
            "observes/action peer", "nameless ours", "nameless peer", "gate holds ours"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    totals: dict[str, list[float]] = {"oc": [], "pc": [], "och": [], "pch": [], "held": []}
    notes: list[str] = []
    for name, ours, peer, n in results:
        both = [k for k in ours.tasks if k in peer.tasks]
        if not both:
            rows.append(f"| {name} | {n} | n/a — {ours.reason or peer.reason or 'no task ran'} |")
            continue

        def agg(side: SideResult, attr: str, keys: list[str] = both) -> float:
            return float(sum(getattr(side.tasks[k], attr) for k in keys))

        oc, pc = agg(ours, "calls"), agg(peer, "calls")
        och, pch = agg(ours, "chars"), agg(peer, "chars")
        for key, value in (("oc", oc), ("pc", pc), ("och", och), ("pch", pch), ("held", agg(ours, "held"))):
            totals[key].append(value)
        cells = [name, str(len(both)),
                 f"{sum(ours.tasks[k].ok for k in both)}/{sum(peer.tasks[k].ok for k in both)}",
                 f"{oc / len(both):.1f}", f"{pc / len(both):.1f}", ratio(oc, pc), f"{och:,.0f}", f"{pch:,.0f}",
                 ratio(och, pch), f"{max(ours.tasks[k].largest for k in both):,}",
                 f"{max(peer.tasks[k].largest for k in both):,}",
                 f"{agg(ours, 'observes') / max(agg(ours, 'actions'), 1):.2f}",
                 f"{agg(peer, 'observes') / max(agg(peer, 'actions'), 1):.2f}",
                 f"{100 * ours.nameless / max(ours.listed, 1):.1f}% ({ours.nameless}/{ours.listed})",
                 f"{100 * peer.nameless / max(peer.listed, 1):.1f}% ({peer.nameless}/{peer.listed})",
                 f"{agg(ours, 'held'):.0f}"]
        rows.append("| " + " | ".join(cells) + " |")
        for side in (ours, peer):
            notes += [f"- {name} {side.label} {k}: {r.error}" for k, r in side.tasks.items() if r.error]
    out = "\n".join(rows)
    if totals["pc"]:
        oc, pc, och, pch, held = (sum(totals[k]) for k in ("oc", "pc", "och", "pch", "held"))
        out += (f"\n\nAll apps: calls {ratio(oc, pc)} peer ({oc:.0f} against {pc:.0f}; target ≤ 0.8×; "
                f"{ratio(oc - held, pc)} without the {held:.0f} confirm_action calls of gate holds), characters "
                f"{ratio(och, pch)} peer ({och:,.0f} against {pch:,.0f}; target ≤ 0.25×); nameless target ≤ 1%.")
    return out + ("\n" + "\n".join(notes) if notes else "")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def render_times(results: list[tuple[str, SideResult, SideResult, int]]) -> str:
    """Tool time (wall time of every call, measured by the client, same run): totals, p50/p95/max per tool, and
    the slowest calls of each side."""
    sides = {"ours": [t for _, o, _, _ in results for t in o.timings],
             "peer": [t for _, _, p, _ in results for t in p.timings]}
    total = {k: sum(ms for _, ms, _ in v) for k, v in sides.items()}
    out = [f"Tool time: ours {total['ours'] / 1000:.1f} s, peer {total['peer'] / 1000:.1f} s: "
           f"{ratio(total['ours'], total['peer'])} (target ≤ 0.6×); calls over 1.5 s: ours "
           f"{sum(ms > 1500 for _, ms, _ in sides['ours'])}, peer {sum(ms > 1500 for _, ms, _ in sides['peer'])}",
           "", "| side | tool | calls | p50 ms | p95 ms | max ms |", "|---|---|---|---|---|---|"]
    for side, calls in sides.items():
        for tool in sorted({t for t, _, _ in calls}):
            ms = [m for t, m, _ in calls if t == tool]
            out.append(f"| {side} | {tool} | {len(ms)} | {_pct(ms, 0.5):.0f} | {_pct(ms, 0.95):.0f} | {max(ms):.0f} |")
    for side, calls in sides.items():
        out.append(f"\nSlowest calls, {side}:")
        out += [f"- {ms:.0f} ms {tool} {args}" for tool, ms, args in sorted(calls, key=lambda c: -c[1])[:5]]
    return "\n".join(out)


async def main(args: argparse.Namespace) -> str:
    ensure_peer()
    artifacts = REPO / "artifacts"
    artifacts.mkdir(exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-realapps-") as tmp:
        for name in args.apps:
            ours, peer, n = await bench_app(name, set(args.kinds), Path(tmp), artifacts)
            results.append((name, ours, peer, n))
    report = render(results) + "\n\n" + render_times(results)
    (artifacts / "bench_realapps.md").write_text(report + "\n")
    return report


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", nargs="+", choices=sorted(APPS), default=sorted(APPS))
    parser.add_argument("--kinds", nargs="+", choices=["ordinary", "destructive", "said", "everyday"],
                        default=["ordinary", "destructive", "said"])
    return parser.parse_args()


if __name__ == "__main__":
    print(anyio.run(main, parse_args()))
