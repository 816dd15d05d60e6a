"""How the confirmation gate judges actions: on every control of the fixture site, and on the real apps' paths.

Usage: uv run python scripts/security_report.py [--apps django_admin,wagtail,trac | --no-corpus] [-v]

- fixtures: every control of every fixture page judged without acting (ground truth: the fixtures' data-expect);
- per corpus app (``corpus/``, when its dependency group is installed): every destructive path and ordinary task of
  ``corpus.tasks`` run through the stdio MCP server on real Chromium, every hold confirmed as the human would.
  Destructive: paths tried, paths whose effect step was held, paths that then happened exactly once (the app's own
  database); ordinary: actions tried, actions held (false holds); asked once via an earlier step: paths whose
  earlier, indistinguishable step ("Go" with a delete action chosen) was held and its approval covered the app's own
  confirmation page; asked twice: holds on a destructive path's step that neither performed the effect nor
  carried its approval.
Exit status 1 when a destructive effect ran unheld or a false hold exceeds 2 %.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "fixtures")]

from site_server import SITE_ROOT, start_site  # noqa: E402

from browser_core.logs import configure_logging  # noqa: E402
from browser_core.session import BrowserSession  # noqa: E402
from browser_core.settings import BrowserSettings  # noqa: E402
from tests.support.security_audit import Audit, PathAudit, audit_page, audit_task, fixture_pages  # noqa: E402

FALSE_HOLD_LIMIT = 0.02


async def fixture_audit(tmp: Path) -> tuple[Audit, int]:
    site = start_site(SITE_ROOT, host_b="localhost")
    session = BrowserSession(BrowserSettings(headless=True, user_data_dir=tmp / "profile", artifacts_dir=tmp / "a"))
    audit = Audit()
    pages = fixture_pages(SITE_ROOT)
    try:
        for name in pages:
            await audit_page(session, site.url_a(name), audit)
    finally:
        await session.close()
        site.close()
    return audit, len(pages)


async def corpus_audit(tmp: Path, apps: list[str]) -> PathAudit | None:
    try:
        from corpus.apps import APPS, running
        from corpus.host import Host
        from corpus.tasks import TASKS
    except ImportError as exc:
        print(f"(corpus skipped: {exc}; install it with `uv sync --group corpus`)", file=sys.stderr)
        return None
    audit = PathAudit()
    host = Host(tmp / "host")
    (tmp / "host").mkdir(parents=True, exist_ok=True)
    await host.start()
    try:
        for name in apps:
            tasks = [t for t in TASKS if t.app == name]
            if name not in APPS or not tasks:
                continue
            with running(APPS[name], tmp / name) as app:
                for task in tasks:
                    await audit_task(host, app, task, audit)
    finally:
        await host.close()
    return audit


def _pct(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "–"


def table(fixtures: Audit, pages: int, corpus: PathAudit | None, apps: list[str]) -> tuple[list[str], bool]:
    lines = ["| ground | destructive tried | held | done once after confirm | ordinary tried | falsely held | "
             "asked at an earlier step (approval carried) | asked twice |", "|---|---|---|---|---|---|---|---|"]
    f = fixtures.counts
    total: Counter[str] = Counter()
    total.update({"d": f["destructive:tried"], "h": f["destructive:right"], "o": f["safe:tried"],
                  "f": f["safe:wrong"]})
    lines.append(f"| fixtures ({pages} pages, every control) | {f['destructive:tried']} | {f['destructive:right']} "
                 f"| – | {f['safe:tried']} | {f['safe:wrong']} | – | – |")
    if corpus is not None:
        c = corpus.counts
        for app in apps:
            row: dict[str, Any] = {k: c[f"{app}:{k}"] for k in ("destructive:tried", "destructive:held",
                                                                 "destructive:done_once", "ordinary:actions",
                                                                 "ordinary:held", "approval_carried", "cautious",
                                                                 "failed")}
            if not row["destructive:tried"] and not row["ordinary:actions"] and not row["failed"]:
                continue
            failed = f" ({row['failed']} tasks could not run)" if row["failed"] else ""
            lines.append(f"| {app}{failed} | {row['destructive:tried']} | {row['destructive:held']} | "
                         f"{row['destructive:done_once']} | {row['ordinary:actions']} | {row['ordinary:held']} | "
                         f"{row['approval_carried']} | {row['cautious']} |")
            total.update({"d": row["destructive:tried"], "h": row["destructive:held"],
                          "o": row["ordinary:actions"], "f": row["ordinary:held"]})
    lines.append(f"\ndestructive effects held: {total['h']}/{total['d']} ({_pct(total['h'], total['d'])}); "
                 f"false holds: {total['f']}/{total['o']} ({total['f'] / max(total['o'], 1):.2%})")
    ok = total["h"] == total["d"] and total["f"] <= FALSE_HOLD_LIMIT * total["o"]
    return lines, ok


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default="django_admin,wagtail,trac,mlflow", help="corpus apps, comma-separated")
    parser.add_argument("--no-corpus", action="store_true", help="only the fixture site")
    parser.add_argument("-v", "--verbose", action="store_true", help="also print each hold's summary")
    args = parser.parse_args()
    configure_logging("WARNING")
    tmp = Path(tempfile.mkdtemp(prefix="security-report-"))
    apps = [a for a in args.apps.split(",") if a]
    fixtures, pages = await fixture_audit(tmp / "fixtures")
    corpus = None if args.no_corpus else await corpus_audit(tmp / "corpus", apps)
    lines, ok = table(fixtures, pages, corpus, apps)
    print("\n".join(lines))
    f = fixtures.counts
    print(f"sensitive fields refused (fixtures): {f['sensitive:right']}/{f['sensitive:tried']}")
    for mistake in fixtures.mistakes:
        print("  fixture wrong:", mistake)
    if corpus is not None:
        for note in corpus.notes:
            print("  " + note)
        if args.verbose:
            for summary in corpus.summaries:
                print("  held: " + summary)
    return 0 if ok and not fixtures.mistakes else 1


if __name__ == "__main__":
    raise SystemExit(anyio.run(main))
