"""The reliability suite's quick mode (scripts/reliability.py --mode quick) meets every target (CI runs this)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.mcp_client import REPO

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.mark.timeout(600)  # the suite is about 2-2.5 min here; each of its calls has its own bound
def test_quick_reliability_suite_meets_its_targets() -> None:
    # One more run when only a hard-page row missed: the tab after a hung or self-navigating page can still time
    # out intermittently (issue 13, open; tests/reliability/test_recovery.py keeps it visible as an xfail).
    for attempt in (1, 2):
        run = subprocess.run([sys.executable, "scripts/reliability.py", "--mode", "quick"], cwd=REPO,
                             capture_output=True, text=True, timeout=600)
        missed = [line for line in run.stdout.splitlines() if line.rstrip().endswith(" NO")]
        if run.returncode == 0 or attempt == 2 or not all(line.startswith("hard pages") for line in missed):
            break
        print("quick suite: a hard-page row missed; running it once more:\n" + "\n".join(missed))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 missed their target" in run.stdout
