#!/usr/bin/env python3
"""Seed 001's entry point: the same as ``python -m orchestrator`` (a task runs it; no task = interactive).

    uv run python scripts/run.py "Find the cheapest lamp on the shop page"
    uv run python scripts/run.py            # interactive session
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from orchestrator.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
