"""What today's gate, observation and widgets get wrong on MLflow (issue 19, measured on main at f657624): strict
xfails the lead removes once the fixes are merged (a fix shows as XPASS, which fails until its key is removed)."""

from __future__ import annotations

# corpus.tasks_mlflow tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
MLFLOW_GATE_GAPS: dict[str, str] = {}

# tests/realapps/test_observe_realapps.py case -> what observe shows today
MLFLOW_OBSERVE_GAPS: dict[str, str] = {}


# Tasks that failed only after another task ran first in the same browser (none today: the Flask-Admin deletions'
# native confirm() was dismissed by the test host's own Playwright connection, which had no dialog listener).
ORDER_DEPENDENT: dict[str, str] = {}
