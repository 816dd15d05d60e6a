"""Print how the destructive-action detector judges every control of the fixture site (no clicks).

Usage: uv run python scripts/security_report.py   (headless Chromium; ground truth: the fixtures' data-expect)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "fixtures")]

from site_server import SITE_ROOT, start_site  # noqa: E402

from browser_core.logs import configure_logging  # noqa: E402
from browser_core.session import BrowserSession  # noqa: E402
from browser_core.settings import BrowserSettings  # noqa: E402
from tests.support.security_audit import Audit, audit_page, fixture_pages  # noqa: E402


async def main() -> int:
    configure_logging("WARNING")
    site = start_site(SITE_ROOT, host_b="localhost")
    tmp = Path(tempfile.mkdtemp(prefix="security-report-"))
    session = BrowserSession(BrowserSettings(headless=True, user_data_dir=tmp / "profile", artifacts_dir=tmp / "a"))
    audit = Audit()
    pages = fixture_pages(SITE_ROOT)
    try:
        for name in pages:
            await audit_page(session, site.url_a(name), audit)
    finally:
        await session.close()
        site.close()
    c = audit.counts
    print(f"| controls ({len(pages)} fixture pages) | tried | judged right | wrong |")
    print("|---|---|---|---|")
    for group, label in (("destructive", "destructive (delete/send/payment)"), ("sensitive", "sensitive fields"),
                         ("safe", "harmless controls")):
        print(f"| {label} | {c[group + ':tried']} | {c[group + ':right']} | {c[group + ':wrong']} |")
    safe = c["safe:tried"] or 1
    print(f"\nfalse-positive rate on harmless controls: {c['safe:wrong'] / safe:.2%}")
    for mistake in audit.mistakes:
        print("  wrong:", mistake)
    return 1 if audit.mistakes else 0


if __name__ == "__main__":
    raise SystemExit(anyio.run(main))
