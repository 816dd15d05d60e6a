"""Soak: thousands of mixed calls over the fixture pages through one stdio server, with its memory at each tenth.

Usage: xvfb-run -a uv run python scripts/soak.py [--calls 5000] [--trace-malloc DIR]

With --trace-malloc the server runs under tracemalloc (a sitecustomize hook written into DIR, nothing in the product)
and dumps a snapshot into DIR at each tenth, with its live objects counted by type (types-NN.txt); compare two with
tracemalloc.Snapshot.load(...).compare_to(...). SOAK_TRACE_FRAMES=0: only the counts by type (no tracemalloc).

Each round of ten calls: navigate (the next page of PAGES, round robin), observe, type_text into the first field
it listed, get_page_text, scroll, find_interactive_elements, click the first button, screenshot, list_tabs,
get_accessibility_tree. At each tenth of the run it reads the server's RSS, the renderers' PSS and the whole
browser's PSS (/proc). Targets (issue 30): after the first tenth (warm-up) the server's RSS stays within 10 MB,
and the renderers' PSS levels off below BROWSER_RENDERER_LIMIT_MB: its highest reading in the second half of the run
after warm-up is at most 10 % above its highest in the first half (a collection every so often makes it a saw).
Exit status 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO)]

from tests.fixtures.site_server import start_site  # noqa: E402
from tests.reliability import devtools, procs  # noqa: E402
from tests.reliability.hard_site import start_hard_site  # noqa: E402
from tests.support.mcp_client import BrowserClient, browser_client  # noqa: E402

PAGES = [
    "big.html",
    "cart.html",
    "book_form.html",
    "admin_list.html",
    "admin_filters.html",
    "covered.html",
    "deep_1.html",
    "effect_grid.html",
    "effect_list.html",
    "controls_safe.html",
]
HARD_PAGES = ["/fields?n=8", "/counters?n=8"]
RENDERER_LIMIT_MB = 1024  # the product's default BROWSER_RENDERER_LIMIT_MB
SERVER_FLAT_MB = 10.0
METRICS = ["JSHeapUsedSize", "Documents", "Nodes", "JSEventListeners", "Frames"]
TRACE_HOOK = """import os, signal, tracemalloc
_folder = os.environ["SOAK_TRACE_DIR"]
_frames = int(os.environ.get("SOAK_TRACE_FRAMES", "8"))
if _frames:
    tracemalloc.start(_frames)
_taken = [0]
def _dump(*_):
    _taken[0] += 1
    if _frames:
        tracemalloc.take_snapshot().dump(os.path.join(_folder, f"snap-{_taken[0]:02d}.trace"))
    import collections, gc
    live = gc.get_objects()
    kinds = collections.Counter(type(o).__qualname__ for o in live)
    kinds.update(f"frame at {f.f_code.co_filename}:{f.f_code.co_name}" for f in live if type(f).__name__ == "frame")
    del live
    with open(os.path.join(_folder, f"types-{_taken[0]:02d}.txt"), "w") as out:
        out.writelines(f"{n} {k}\\n" for k, n in kinds.most_common(400))
signal.signal(signal.SIGUSR1, _dump)
"""


def _first(elements: list[dict[str, Any]], roles: set[str]) -> str | None:
    return next((e["id"] for e in elements if e.get("role") in roles), None)


async def _round(client: BrowserClient, url: str, counts: dict[str, int], only: set[str] | None = None) -> None:
    async def call(tool: str, **args: Any) -> Any:
        if only is not None and tool not in only and tool != "navigate":
            return None
        result = await client.call(tool, **args)
        counts[tool] = counts.get(tool, 0) + 1
        counts["failed"] = counts.get("failed", 0) + (0 if result.ok else 1)
        return result

    await call("navigate", url=url)
    seen = await call("observe")
    elements = seen.data.get("elements", []) if seen is not None and seen.ok else []
    field = _first(elements, {"textbox", "searchbox"}) or "e1"
    await call("type_text", element_id=field, text=f"soak {counts.get('navigate', 0)}")
    await call("get_page_text")
    await call("scroll", direction="down")
    await call("find_interactive_elements")
    await call("click", element_id=_first(elements, {"button"}) or "e2")
    await call("screenshot")
    await call("list_tabs")
    await call("get_accessibility_tree")


async def _snapshot(profile: Path, server: int, calls: int, started: float, port: int = 0) -> dict[str, float]:
    browser = procs.browser_pid(profile)
    tree = [browser, *procs.descendants(browser)] if browser else []
    renderers = procs.renderer_pids(profile)
    row = {
        "calls": calls,
        "s": time.monotonic() - started,
        "server_rss": procs.rss_mb(server),
        "renderer_pss": procs.pss_mb(renderers),
        "browser_pss": procs.pss_mb(tree),
        "renderers": len(renderers),
    }
    if port:
        metrics = await devtools.page_metrics(port)
        row |= {name: metrics.get(name, -1.0) for name in METRICS}
    return row


def _trace_env(folder: str | None) -> dict[str, str]:
    """With --trace-malloc: the server runs under tracemalloc and dumps a snapshot at each tenth (SIGUSR1)."""
    if not folder:
        return {}
    Path(folder).mkdir(parents=True, exist_ok=True)
    (Path(folder) / "sitecustomize.py").write_text(TRACE_HOOK)
    frames = os.environ.get("SOAK_TRACE_FRAMES", "8")
    return {"PYTHONPATH": folder, "SOAK_TRACE_DIR": folder, "SOAK_TRACE_FRAMES": frames}


async def soak(
    calls: int,
    trace: str | None = None,
    metrics: bool = False,
    only: set[str] | None = None,
    server_log: str | None = None,
) -> list[dict[str, float]]:
    site, hard = start_site(), start_hard_site()
    urls = [site.url_a(p) for p in PAGES] + [hard.url(p) for p in HARD_PAGES]
    rows: list[dict[str, float]] = []
    counts: dict[str, int] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="soak-") as folder:
            profile = Path(folder) / "profile"
            with Path(server_log or Path(folder) / "server.log").open("w") as errlog:  # noqa: ASYNC230
                port = devtools.free_port() if metrics else 0
                env = {"BROWSER_LOG_LEVEL": "INFO" if server_log else "WARNING", **_trace_env(trace)}
                if port:
                    env["BROWSER_REMOTE_DEBUGGING_PORT"] = str(port)
                async with browser_client(profile, errlog=errlog, **env) as client:
                    await client.call("navigate", url=urls[0])
                    server = procs.server_pid(profile) or 0
                    started = time.monotonic()
                    rows.append(await _snapshot(profile, server, 0, started, port))
                    rounds = calls // 10
                    for n in range(rounds):
                        await _round(client, urls[n % len(urls)], counts, only)
                        if (n + 1) % max(rounds // 10, 1) == 0:
                            rows.append(await _snapshot(profile, server, (n + 1) * 10, started, port))
                            if trace:
                                os.kill(server, signal.SIGUSR1)
                            print(_line(rows[-1]), flush=True)
    finally:
        site.close()
        hard.close()
    print(f"calls by tool: {counts}", flush=True)
    return rows


def _line(row: dict[str, float]) -> str:
    line = (
        f"| {row['calls']:.0f} | {row['s']:.0f} s | {row['server_rss']:.1f} MB | {row['renderer_pss']:.0f} MB | "
        f"{row['browser_pss']:.0f} MB |"
    )
    extra = [f"{row[name]:.0f}" for name in METRICS if name in row]
    return line + (f" {row['renderers']:.0f} | " + " | ".join(extra) + " |" if extra else "")


def verdict(rows: list[dict[str, float]]) -> tuple[list[str], bool]:
    warm = rows[1:] if len(rows) > 2 else rows
    rss = [r["server_rss"] for r in warm]
    pss = [r["renderer_pss"] for r in warm]
    early, late = pss[: len(pss) // 2], pss[len(pss) // 2 :]
    rss_ok = max(rss) - min(rss) <= SERVER_FLAT_MB
    level_ok = max(late) < RENDERER_LIMIT_MB and max(late) <= 1.1 * max(early)
    lines = [
        f"server RSS after warm-up: {min(rss):.1f}-{max(rss):.1f} MB (spread {max(rss) - min(rss):.1f} MB, "
        f"target <= {SERVER_FLAT_MB:.0f} MB): {'ok' if rss_ok else 'MISSED'}",
        f"renderer PSS after warm-up: highest {max(early):.0f} MB in the first half, {max(late):.0f} MB in the "
        f"second (limit {RENDERER_LIMIT_MB} MB, target: second <= first + 10 %): {'ok' if level_ok else 'MISSED'}",
    ]
    return lines, rss_ok and level_ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--trace-malloc", metavar="DIR", help="dump the server's tracemalloc snapshots into DIR")
    parser.add_argument("--metrics", action="store_true", help="also the tab's JS heap, documents, nodes (CDP)")
    parser.add_argument("--tools", help="only these tools each round (comma-separated; navigate always)")
    parser.add_argument("--server-log", metavar="FILE", help="keep the server's stderr (at INFO) in FILE")
    options = parser.parse_args()
    print(
        "| calls | elapsed | server RSS | renderer PSS | browser PSS (all processes) |\n|---|---|---|---|---|",
        flush=True,
    )
    only = set(options.tools.split(",")) if options.tools else None
    rows = anyio.run(soak, options.calls, options.trace_malloc, options.metrics, only, options.server_log)
    print(_line(rows[0]) + "  (start, after the first navigate)")
    lines, ok = verdict(rows)
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
