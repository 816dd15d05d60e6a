"""What today's gate and page model get wrong on JupyterLab, django-oscar (issue 29, measured on s10-i29apps) and
Datasette (measured on s11-datasette):
strict xfails naming the general rule that is missing; a fix shows as XPASS, which fails until its key is removed."""

from __future__ import annotations

# corpus.tasks_newapps tasks -> why each fails today (tests/realapps/test_gate_realapps.py)
NEWAPPS_GATE_GAPS: dict[str, str] = {
}
