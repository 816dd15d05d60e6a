"""The detector over every control of every fixture page: destructive ones caught, harmless ones left alone."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.support.security_audit import Audit, audit_page, fixture_pages

pytestmark = pytest.mark.browser


@pytest.mark.timeout(600)  # ~2,000 controls on 70+ pages: about a minute alone, several under a loaded machine
async def test_every_fixture_control_is_classified_right(session: BrowserSession, site) -> None:
    audit = Audit()
    for name in fixture_pages(site.root):
        await audit_page(session, site.url_a(name), audit)
    c = audit.counts
    print(f"\ndestructive {c['destructive:right']}/{c['destructive:tried']} caught; "
          f"safe {c['safe:wrong']}/{c['safe:tried']} falsely flagged; "
          f"sensitive {c['sensitive:right']}/{c['sensitive:tried']} caught")
    assert c["destructive:tried"] >= 30 and c["safe:tried"] >= 150 and c["sensitive:tried"] >= 10
    assert audit.mistakes == [], "\n".join(map(str, audit.mistakes))
