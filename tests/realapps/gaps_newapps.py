"""What today's gate and page model get wrong on JupyterLab, django-oscar (issue 29, measured on s10-i29apps) and
Datasette (measured on s11-datasette):
strict xfails naming the general rule that is missing; a fix shows as XPASS, which fails until its key is removed."""

from __future__ import annotations

ROWS = (
    "rule missing: items selected by a click (the li rows of a list whose selection is a class, with one "
    "roving tabindex) are not listed as controls; only the focused row is, so a file cannot be named or acted on"
)

# corpus.tasks_newapps tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
NEWAPPS_GATE_GAPS: dict[str, str] = {
    "jupyterlab:delete-file": ROWS,
    "jupyterlab:rename-file": ROWS,
    "jupyterlab:open-folder": ROWS,
    "jupyterlab:shut-down-kernels": "held at the right step, but on the wrong element: while the app's own dialog "
    "is open, find_interactive_elements lists the covered sidebar button 'Shut Down All' before the dialog's button "
    "of the same name, so the approved click is 'intercepted' (rule missing: an open modal's controls outrank the "
    "equally named controls it covers)",
    "datasette:insert-row": "the insert dialog's own 'Insert row' button is not the one clicked: "
    "find_interactive_elements lists the page's 'Insert row' button that opened the dialog (now covered by it) "
    "first, so the click is 'intercepted' (rule missing: an open modal's controls outrank the equally named "
    "controls it covers; the same rule as jupyterlab:shut-down-kernels)",
}
