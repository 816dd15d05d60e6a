"""Seed 001's ``scripts/eval.py``: the evaluation harness (the same program as ``python -m browser_agent_evals``).

uv run python scripts/eval.py                     # every bundled task, scripted (offline)
uv run python scripts/eval.py miniwob -j 4        # one suite, four tasks at once
uv run python scripts/eval.py --model sonnet      # the real model (needs credentials)
"""

import sys

from browser_agent_evals.cli import main

if __name__ == "__main__":
    sys.exit(main())
