"""The reliability suite's quick mode (scripts/reliability.py --mode quick) meets every target (CI runs this)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.mcp_client import REPO

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.mark.timeout(600)  # the suite is about 2-2.5 min here; each of its calls has its own bound
def test_quick_reliability_suite_meets_its_targets() -> None:
    run = subprocess.run([sys.executable, "scripts/reliability.py", "--mode", "quick"], cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 missed their target" in run.stdout
