"""What today's gate, observation and widgets get wrong on MLflow (issue 19, measured on main at f657624): strict
xfails the lead removes once the fixes are merged (a fix shows as XPASS, which fails until its key is removed)."""

from __future__ import annotations

# corpus.tasks_mlflow tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
MLFLOW_GATE_GAPS: dict[str, str] = {
    "mlflow:delete-run": "asked twice: the menu's 'Delete' (which only opens the app's modal) is held, then the "
                         "modal's 'Delete selected' is held again; its summary names no run (objects [])",
    "mlflow:bulk-delete-runs": "asked twice: the toolbar's 'Delete' (it only opens the modal) is held, naming the "
                               "3 ticked runs, then the modal's 'Delete selected' is held again",
    "mlflow:delete-experiment": "asked twice: menu 'Delete' held, then the modal's 'Delete' held again; neither "
                                "summary names 'scratchpad' (the modal's title does)",
    "mlflow:add-tag": "the tag modal's 'Key' field (a creatable select) is listed as combobox 'icon: bois light "
                      "select', not by its visible label 'Key': the step cannot find it",
}

# tests/realapps/test_observe_realapps.py case -> what observe shows today
MLFLOW_OBSERVE_GAPS: dict[str, str] = {}
