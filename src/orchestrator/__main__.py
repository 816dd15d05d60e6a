"""``python -m orchestrator "task"``: run a browser task; without a task, an interactive session."""

from __future__ import annotations

from orchestrator.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
