"""The eval over a fleet of local Playwright browser servers: wall time on 1, 2, 3 endpoints, and what one browser
session costs (CPU seconds, memory). Prints a Markdown table.

  uv run python scripts/bench_fleet.py [SUITE] [--endpoints 1 2 3] [--limit 1] [--only ID ...]

Method
- For each N: N `python -m playwright run-server --unsafe` on loopback ports, then
  `BROWSER_ENDPOINTS=ws://…#LIMIT,… python -m browser_agent_evals SUITE` (scripted mode: the model is the scripted
  server; the CLI, the orchestrator, the MCP server and Chromium are real). N × LIMIT tasks run at once.
- Browser cost, sampled every 0.25 s: every Chromium process under the servers (one browser per session, each
  with its renderers, GPU, network and storage processes). CPU: user + system seconds of those processes
  (the last sample of each process), divided by the tasks. Memory: the proportional set size (PSS, shared pages
  split between the processes sharing them) of one session's browser, its peak, median over the sessions.
- Everything here runs on this machine: the servers, the browsers, AND the agent side (per task a Claude Code
  CLI, the orchestrator, the MCP server, the scripted model). With few cores the run is CPU-bound: more endpoints
  on the same cores only add parallelism until the cores are full.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_servers(n: int) -> list[tuple[int, subprocess.Popen[bytes]]]:
    servers = []
    for _ in range(n):
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "playwright", "run-server", "--port", str(port), "--host",
                                 "127.0.0.1", "--unsafe"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        servers.append((port, proc))
    deadline = time.monotonic() + 30
    for port, proc in servers:
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            if time.monotonic() > deadline:
                raise SystemExit(f"the browser server on port {port} did not start")
            try:
                proc.wait(timeout=0.05)  # its exit, bounded: it should not exit
                raise SystemExit(f"the browser server on port {port} exited")
            except subprocess.TimeoutExpired:
                pass
    return servers


def processes() -> dict[int, tuple[int, str, float, int]]:
    """pid -> (parent, name, cpu seconds, PSS kB)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            pid = int(stat.parent.name)
            rest = text[text.rindex(")") + 2:].split()
            pss = 0
            if text[text.index("(") + 1:text.rindex(")")] == "chromium":
                for line in (stat.parent / "smaps_rollup").read_text().splitlines():
                    if line.startswith("Pss:"):
                        pss = int(line.split()[1])
            found[pid] = (int(rest[1]), text[text.index("(") + 1:text.rindex(")")],
                          (int(rest[11]) + int(rest[12])) / TICK, pss)
        except (OSError, ValueError, IndexError):
            continue
    return found


@dataclass
class Sampler:
    roots: set[int]
    cpu: dict[int, float] = field(default_factory=dict)  # chromium pid -> cpu seconds, last seen
    peak: dict[int, int] = field(default_factory=dict)  # browser (session) pid -> peak PSS kB of its tree

    def sample(self) -> None:
        procs = processes()
        under = set(self.roots)
        for _ in range(6):
            under |= {pid for pid, (parent, *_rest) in procs.items() if parent in under}
        for pid in under:
            parent, name, cpu, _ = procs.get(pid, (0, "", 0.0, 0))
            if name != "chromium":
                continue
            self.cpu[pid] = cpu
            if procs.get(parent, (0, ""))[1] != "chromium":  # a browser's main process: one session
                tree = {pid}
                for _ in range(3):
                    tree |= {p for p, (pp, *_r) in procs.items() if pp in tree}
                self.peak[pid] = max(self.peak.get(pid, 0), sum(procs[p][3] for p in tree if p in procs))


def run(n: int, limit: int, suite: str, only: list[str]) -> dict[str, float]:
    servers = start_servers(n)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORCH_", "ANTHROPIC_", "CLAUDE"))}
    env["BROWSER_ENDPOINTS"] = ",".join(f"ws://127.0.0.1:{port}/#{limit}" for port, _ in servers)
    from browser_core.settings import BrowserSettings
    executable = BrowserSettings().resolve_executable()
    env["BROWSER_WS_LAUNCH_OPTIONS"] = json.dumps({"executablePath": str(executable)} if executable else {})
    sampler = Sampler({p.pid for _, p in servers})
    with tempfile.TemporaryDirectory() as out:
        args = [sys.executable, "-m", "browser_agent_evals", suite, "--out", out, *(["--only", *only] if only else [])]
        eval_proc = subprocess.Popen(args, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while eval_proc.poll() is None:
            sampler.sample()
            with contextlib.suppress(subprocess.TimeoutExpired):
                eval_proc.wait(timeout=0.25)  # its end, or the next sample
        results = json.loads(next(Path(out).glob("eval-*/results.json")).read_text())
    for _, proc in servers:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    tasks = len(results["results"])
    peaks = list(sampler.peak.values()) or [0]
    return {"endpoints": n, "limit": limit, "tasks": tasks, "passed": sum(r["success"] for r in results["results"]),
            "wall_s": results["wall_s"], "cpu_per_task": sum(sampler.cpu.values()) / max(1, tasks),
            "pss_mb": statistics.median(peaks) / 1024, "pss_max_mb": max(peaks) / 1024, "sessions": len(peaks)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("suite", nargs="?", default="all")
    p.add_argument("--endpoints", type=int, nargs="+", default=[1, 2, 3])
    p.add_argument("--limit", type=int, default=1, help="sessions per endpoint (default 1)")
    p.add_argument("--only", nargs="+", default=[], metavar="ID")
    a = p.parse_args()
    rows = [run(n, a.limit, a.suite, a.only) for n in a.endpoints]
    base = rows[0]["wall_s"]
    print(f"cores: {os.cpu_count()}\n")
    print("| endpoints × sessions | tasks passed | wall time | speed-up | browser CPU per task | "
          "browser memory per session (PSS, median / max) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['endpoints']} × {r['limit']} | {r['passed']}/{r['tasks']} | {r['wall_s']:.0f} s | "
              f"{base / r['wall_s']:.2f}× | {r['cpu_per_task']:.1f} s | {r['pss_mb']:.0f} / {r['pss_max_mb']:.0f} MB |")


if __name__ == "__main__":
    main()
