"""What today's gate, observation and widgets get wrong on MLflow (issue 19, measured on main at f657624): strict
xfails the lead removes once the fixes are merged (a fix shows as XPASS, which fails until its key is removed)."""

from __future__ import annotations

# corpus.tasks_mlflow tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
MLFLOW_GATE_GAPS: dict[str, str] = {
    # Measured after the issue-19 merges: asked once, deleted once; the summary names no record. The held 'Delete'
    # is an item of a popup menu whose opener sits beside the page's heading (the run's or experiment's name),
    # and the modal that names the record opens only after the approval.
    "mlflow:delete-run": "asked once and deleted once, but the summary names no run: the held 'Delete' is an item "
                         "of a popup menu with no aria-expanded opener, and the run's name is an h2 (only a page's "
                         "one h1 is taken as its record; an h2 is as often a section's, e.g. 'Runs')",
    "mlflow:delete-experiment": "asked once and deleted once, but the summary names no experiment: the held "
                                "'Delete' is a popup menu item; 'scratchpad' is the heading beside its opener",
}

# tests/realapps/test_observe_realapps.py case -> what observe shows today
MLFLOW_OBSERVE_GAPS: dict[str, str] = {}
