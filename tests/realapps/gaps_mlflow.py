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
    "mlflow:delete-registered-model": "asked twice: menu 'Delete' held, then the modal's 'Delete' held again",
    "mlflow:add-tag": "the tag modal's 'Key' field (a creatable select) is listed as combobox 'icon: bois light "
                      "select', not by its visible label 'Key': the step cannot find it",
}

# tests/realapps/test_observe_realapps.py case -> what observe shows today
MLFLOW_OBSERVE_GAPS: dict[str, str] = {
    "mlflow:runs-grid:named": "names from CSS classes on the runs grid's header: row 'icon: header column "
                              "group', columnheader 'icon: header group cell' (x7)",
    "mlflow:runs-grid:rows": "each run's checkbox is 'Press Space to toggle row selection (unchecked)' with no row "
                             "context, on a row named 'Press SPACE to select this row.'",
    "mlflow:experiments:named": "every experiment's checkbox is 'icon: bois light checkbox', the select-all "
                                "column header 'icon: css bois light'",
    "mlflow:experiments:rows": "every experiment's checkbox carries no row context (the row's 'Edit tags' neither)",
    "mlflow:run-delete-modal": "with the 24-run grid behind it (321 elements), observe notes the modal 'Delete "
                               "Experiment Run' but lists 150 elements of the covered page, not its 'Cancel' / "
                               "'Delete selected'",
}
