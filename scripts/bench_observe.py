"""Benchmark our `observe` against @playwright/mcp's `browser_snapshot`: size, latency and coverage.

Usage: uv run python scripts/bench_observe.py [--runs 7] [--pages big genindex ...] [--headful]

Method
- Pages are served over http from 127.0.0.1: the shared fixture page tests/fixtures/site/big.html (or, while
  it does not exist, an equivalent generated page: ~3,300 elements / 300 interactive), python3-doc's
  library/stdtypes.html (17k elements) and genindex-all.html (35k), and four MiniWoB++ tasks from the
  `miniwob` wheel (installed with --no-deps into .bench/py). MiniWoB pages are served with an appended
  script that seeds Math.random and calls core.startEpisodeReal() on load (with a 1 h episode limit), so
  both servers and the ground truth see the same task without relying on either server's evaluate tool.
- Each server is driven over a real MCP stdio client (mcp 2.x ClientSession), one server after the other,
  each with its own Chromium (/usr/bin/chromium) and a 1280x720 viewport. Per page: navigate (not timed),
  a 0.3 s settle, then the snapshot tool N times; we report the median wall time of the call_tool round
  trip and the median characters of the returned text content (sum of all text blocks per call).
  Ours: `uv run python -m mcp_server`, tools navigate / observe. Peer: @playwright/mcp 0.0.83 (npm, in
  .bench/), tools browser_navigate / browser_snapshot.
- Coverage ground truth comes from a separate headless Playwright page (same viewport), not from either
  server: elements that are interactive by standard rules (a[href], button, input except hidden, select,
  textarea, summary, widget ARIA roles, contenteditable, tabindex >= 0, onclick), visible (checkVisibility),
  not inside aria-hidden/inert, with a box intersecting the viewport; role = explicit or implicit ARIA
  role, name = a simple accessible-name computation (aria-labelledby, aria-label, labels, value of
  buttons, alt, text content except for text-entry roles, title, placeholder).
- Coverage = share of those (role, name) pairs, as a multiset, found among an output's addressable
  elements: ours = objects with an id (e12 / f2e7) anywhere in `data`; peer = snapshot nodes with [ref=...]
  (where Playwright omits a name equal to the content, the node's text content stands in). Names are
  whitespace-normalised, case-folded and cut to 60 chars, then compared without whitespace (servers join
  inline text differently); an output name of >= 10 chars that is a prefix of the truth matches (a
  server-side truncation). Widget roles must match; other roles (generic, ...) match on the name alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from playwright.async_api import async_playwright

from browser_agent_evals import miniwob

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_support import (
    GROUND_TRUTH_JS,
    coverage,
    our_elements,
    peer_elements,
    serve_dir,
    start_fixture_site,
    write_big_page,
)

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".bench"
PEER_CLI = BENCH / "node_modules/@playwright/mcp/cli.js"
MINIWOB_HTML = miniwob.package_dir() / "html" if miniwob.package_dir() else BENCH / "py/miniwob/html"  # eval group
PYDOC = Path("/usr/share/doc/python3/html")
CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1280, "height": 720}
MINIWOB_TASKS = ("click-button", "book-flight", "email-inbox", "login-user")
PAGE_KEYS = ("big", "stdtypes", "genindex", *MINIWOB_TASKS)
STEP_TIMEOUT = 180.0


@dataclass
class Page:
    key: str
    url: str
    elements: int = 0
    truth: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Sample:
    chars: int = 0
    ms: float = 0.0
    found: list[tuple[str, str]] = field(default_factory=list)
    error: str | None = None


@dataclass
class Side:
    label: str
    params: StdioServerParameters
    navigate: str
    snapshot: str
    parse: Callable[[str], list[tuple[str, str]]]
    samples: dict[str, Sample] = field(default_factory=dict)
    reason: str | None = None


def ensure_tools() -> None:
    """Install the peer (npm) and the miniwob wheel (pip --target) under .bench/ when missing."""
    gitignore = REPO / ".gitignore"
    lines = gitignore.read_text().splitlines() if gitignore.exists() else []
    if not {".bench/", "/.bench/", ".bench"} & set(lines):
        with gitignore.open("a") as fh:
            fh.write(("\n" if lines and not gitignore.read_text().endswith("\n") else "") + ".bench/\n")
    if not PEER_CLI.is_file():
        subprocess.run(["npm", "install", "--prefix", str(BENCH), "@playwright/mcp@0.0.83"], check=True)
    if not MINIWOB_HTML.is_dir():
        cmd = ["uv", "pip", "install", "--target", str(BENCH / "py"), "--no-deps", "miniwob==1.1.0"]
        subprocess.run(cmd, check=True)


def build_pages(keys: list[str], stack: ExitStack, notes: list[str]) -> list[Page]:
    """Start the http servers needed for `keys` and return the pages in table order."""
    urls: dict[str, str] = {}
    if "big" in keys:
        fixture = start_fixture_site(REPO)
        if fixture is None:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-big-")))
            origin, close = serve_dir(tmp)
            urls["big"] = f"{origin}/{write_big_page(tmp).name}"
            notes.append("big: generated stand-in page (tests/fixtures/site/big.html not available yet)")
        else:
            urls["big"], close = fixture
        stack.callback(close)
    if {"stdtypes", "genindex"} & set(keys):
        if PYDOC.is_dir():
            origin, close = serve_dir(PYDOC)
            stack.callback(close)
            urls["stdtypes"], urls["genindex"] = (
                f"{origin}/library/stdtypes.html",
                f"{origin}/genindex-all.html",
            )
        else:
            notes.append("python3-doc pages skipped: run `apt-get install -y python3-doc`")
    if set(MINIWOB_TASKS) & set(keys):
        origin, close = serve_dir(MINIWOB_HTML)
        stack.callback(close)
        urls.update({task: f"{origin}/miniwob/{task}.html" for task in MINIWOB_TASKS})
    return [Page(key, urls[key]) for key in PAGE_KEYS if key in keys and key in urls]


async def ground_truth(pages: list[Page]) -> None:
    """Element counts and in-viewport interactive (role, name) pairs from an independent Playwright page."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        context = await browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        page = await context.new_page()
        for p in pages:
            await page.goto(p.url, wait_until="load")
            if p.key in MINIWOB_TASKS:
                await page.wait_for_function("window.__benchReady === true")
            result: dict[str, Any] = await page.evaluate(GROUND_TRUTH_JS)
            p.elements = int(result["elements"])
            p.truth = [(str(role), str(name)) for role, name in result["items"]]
        await browser.close()


def text_of(result: Any) -> str:
    return "".join(block.text for block in result.content if getattr(block, "type", "") == "text")


def oneline(text: str, limit: int = 160) -> str:
    return " ".join(text.split())[:limit]


async def measure(session: ClientSession, side: Side, page: Page, runs: int) -> Sample:
    nav = await session.call_tool(side.navigate, {"url": page.url})
    if nav.is_error:
        return Sample(error=f"navigate failed: {oneline(text_of(nav))}")
    await anyio.sleep(0.3)
    times: list[float] = []
    sizes: list[int] = []
    text = ""
    for _ in range(runs):
        start = time.perf_counter()
        result = await session.call_tool(side.snapshot, {})
        times.append(time.perf_counter() - start)
        if result.is_error:
            return Sample(error=f"{side.snapshot} failed: {oneline(text_of(result))}")
        text = text_of(result)
        sizes.append(len(text))
    chars = int(statistics.median_low(sizes))
    return Sample(chars=chars, ms=1000 * statistics.median(times), found=side.parse(text))


async def run_side(side: Side, pages: list[Page], runs: int, log_path: Path) -> None:
    """Drive one server over MCP stdio through all pages; failures become `side.reason` / per-page errors."""
    with log_path.open("w") as errlog:
        try:
            async with (
                stdio_client(side.params, errlog=errlog) as (read, write),
                ClientSession(read, write) as s,
            ):
                with anyio.fail_after(STEP_TIMEOUT):
                    await s.initialize()
                    names = {tool.name for tool in (await s.list_tools()).tools}
                missing = {side.navigate, side.snapshot} - names
                if missing:
                    side.reason = f"server lacks tools {sorted(missing)}"
                    return
                for page in pages:
                    try:
                        with anyio.fail_after(STEP_TIMEOUT):
                            side.samples[page.key] = await measure(s, side, page, runs)
                    except Exception as exc:
                        side.samples[page.key] = Sample(error=describe(exc))
        except Exception as exc:
            side.reason = describe(exc)
    if side.reason:
        log = await anyio.Path(log_path).read_text(errors="replace")
        tail = [line for line in log.splitlines() if line.strip()][-1:]
        side.reason += f" (stderr: {tail[0][:160]})" if tail else ""


def make_sides(headful: bool, tmp: Path) -> tuple[Side, Side]:
    display = {k: os.environ[k] for k in ("DISPLAY", "XAUTHORITY") if headful and k in os.environ}
    passthrough = {k: v for k, v in os.environ.items() if k.startswith("UV_")}
    ours_env = {
        "BROWSER_HEADLESS": "false" if headful else "true",
        "BROWSER_EXECUTABLE_PATH": CHROMIUM,
        "BROWSER_USER_DATA_DIR": str(tmp / "profile"),
        "BROWSER_ALLOW_FILE_URLS": "true",
    }
    ours = StdioServerParameters(
        command="uv",
        args=["run", "python", "-m", "mcp_server"],
        cwd=REPO,
        env=passthrough | display | ours_env,
    )
    peer_args = [str(PEER_CLI), "--executable-path", CHROMIUM, "--isolated", "--no-sandbox"]
    peer_args += ["--viewport-size", "1280x720", "--output-dir", str(tmp / "peer-out")]
    peer = StdioServerParameters(
        command="node", args=peer_args + ([] if headful else ["--headless"]), cwd=tmp, env=display
    )
    return (
        Side("ours", ours, "navigate", "observe", our_elements),
        Side("peer", peer, "browser_navigate", "browser_snapshot", peer_elements),
    )


def ratio(a: float, b: float) -> str:
    if not b:
        return "n/a"
    return f"{a / b:.3f}×" if a / b < 0.1 else f"{a / b:.2f}×"


def describe(exc: BaseException) -> str:
    """One line for an exception, unwrapping (single-leaf) exception groups from task groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = f"{type(exc).__name__}: {exc}".splitlines()
    return text[0][:160] if text else type(exc).__name__


def render(pages: list[Page], ours: Side, peer: Side, runs: int, headful: bool, notes: list[str]) -> str:
    head = [
        "page",
        "elements",
        "in-viewport interactive",
        "ours chars",
        "peer chars",
        "chars ratio",
        "ours ms",
        "peer ms",
        "latency ratio",
        "ours coverage",
        "peer coverage",
    ]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for p in pages:
        cells = [p.key, f"{p.elements:,}", str(len(p.truth))]
        o, q = ours.samples.get(p.key), peer.samples.get(p.key)
        ok_o = o is not None and o.error is None
        ok_q = q is not None and q.error is None
        cells += [f"{o.chars:,}" if o and ok_o else "n/a", f"{q.chars:,}" if q and ok_q else "n/a"]
        cells.append(ratio(o.chars, q.chars) if o and q and ok_o and ok_q else "n/a")
        cells += [f"{o.ms:.0f}" if o and ok_o else "n/a", f"{q.ms:.0f}" if q and ok_q else "n/a"]
        cells.append(ratio(o.ms, q.ms) if o and q and ok_o and ok_q else "n/a")
        cells.append(str(coverage(p.truth, o.found)) if o and ok_o else "n/a")
        cells.append(str(coverage(p.truth, q.found)) if q and ok_q else "n/a")
        rows.append("| " + " | ".join(cells) + " |")
    mode = "headful" if headful else "headless"
    lines = [
        *rows,
        "",
        f"Median of {runs} call_tool round trips per page; {mode}; viewport 1280x720; ratios are "
        "ours / peer; coverage = in-viewport interactive (role, name) pairs addressable by an id/ref.",
    ]
    for side in (ours, peer):
        if side.reason:
            lines.append(f"- {side.label}: n/a — {side.reason}")
        lines += [f"- {side.label} {k}: {s.error}" for k, s in side.samples.items() if s.error]
    if any(not p.truth for p in pages):
        notes.append(
            "0 in viewport: nothing there matches the standard interactive rules (e.g. rows clickable "
            "only through script listeners), so coverage is undefined"
        )
    lines += [f"- {note}" for note in notes]
    return "\n".join(lines) + "\n\n" + targets(pages, ours, peer)


def targets(pages: list[Page], ours: Side, peer: Side) -> str:
    def ok(side: Side, key: str) -> Sample | None:
        s = side.samples.get(key)
        return s if s is not None and s.error is None else None

    both = [(p, o, q) for p in pages if (o := ok(ours, p.key)) and (q := ok(peer, p.key))]
    lines = ["## Targets"]
    if not both:
        reason = ours.reason or peer.reason or "no page measured by both servers"
        return "\n".join([*lines, f"- all targets: n/a — {reason}"])
    bad1 = [p.key for p, o, q in both if o.chars > 0.15 * q.chars or not coverage(p.truth, o.found).complete]
    bad2 = [p.key for p, o, q in both if o.ms > 0.6 * q.ms]

    def verdict(bad: list[str]) -> str:
        return "PASS" if not bad else "MISS (" + ", ".join(bad) + ")"

    lines.append(f"- chars ≤ 0.15× peer at 100% in-viewport coverage: {verdict(bad1)}")
    lines.append(f"- latency ≤ 0.6× peer: {verdict(bad2)}")
    big = ok(ours, "genindex")
    if big is None:
        lines.append("- genindex-all (35k elements) ≤ 16,000 chars in ≤ 0.4 s: n/a (not measured)")
    else:
        good = big.chars <= 16_000 and big.ms <= 400
        lines.append(
            f"- genindex-all (35k elements) ≤ 16,000 chars in ≤ 0.4 s: {'PASS' if good else 'MISS'} "
            f"({big.chars:,} chars, {big.ms:.0f} ms)"
        )
    if len(both) < len(pages):
        lines.append(f"- measured by both on {len(both)} of {len(pages)} pages")
    return "\n".join(lines)


async def main(args: argparse.Namespace) -> str:
    ensure_tools()
    notes: list[str] = []
    artifacts = REPO / "artifacts"
    artifacts.mkdir(exist_ok=True)
    with ExitStack() as stack:
        pages = build_pages(args.pages, stack, notes)
        await ground_truth(pages)
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-observe-")))
        ours, peer = make_sides(args.headful, tmp)
        for side in (ours, peer):
            await run_side(side, pages, args.runs, artifacts / f"bench_observe.{side.label}.stderr.log")
    report = render(pages, ours, peer, args.runs, args.headful, notes)
    (artifacts / "bench_observe.md").write_text(report + "\n")
    return report


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="snapshot calls per page (median is reported)")
    parser.add_argument(
        "--pages",
        nargs="+",
        choices=PAGE_KEYS,
        default=list(PAGE_KEYS),
        metavar="PAGE",
        help=f"subset of: {' '.join(PAGE_KEYS)}",
    )
    parser.add_argument("--headful", action="store_true", help="run both servers headful under $DISPLAY")
    return parser.parse_args()


if __name__ == "__main__":
    print(anyio.run(main, parse_args()))
