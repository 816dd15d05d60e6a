"""Each corpus app's tests form one xdist group, so one worker alone starts that app and runs its tests in order.

A realapps test whose parameter id does not start with its app (pytest-playwright prefixes ``chromium-`` to the id
of any test with a parameter named ``page``) becomes a group of its own: another worker then starts a second copy
of the app, and the app's own worker stops and restarts it around that test, losing the state its tests built.
"""

from __future__ import annotations

import subprocess
import sys

from tests.support.xdist_groups import app_of, group_of

APP_LESS = {"tests/realapps/test_apps_smoke.py::test_tasks_are_well_formed"}  # reads the task files, starts nothing


def test_every_realapps_test_is_in_its_apps_group() -> None:
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly",
                                "tests/realapps"], capture_output=True, text=True, timeout=120, check=False)
    nodes = [line.strip() for line in collected.stdout.splitlines() if "::" in line]
    assert nodes, collected.stdout[-2000:] + collected.stderr[-2000:]
    strays = [node for node in nodes if app_of(node) is None and node not in APP_LESS]
    assert not strays, f"realapps tests outside their app's group: {strays}"
    assert {group_of(node) for node in nodes if node not in APP_LESS} <= {app_of(node) for node in nodes}


def test_a_groups_name_is_the_app_at_the_start_of_the_parameter_id() -> None:
    assert group_of("tests/realapps/test_gate_realapps.py::test_x[trac:delete-ticket]") == "trac"
    assert group_of("tests/realapps/test_x.py::test_y[chromium-mlflow:grid]") == "tests/realapps/test_x.py::" \
        "test_y[chromium-mlflow:grid]"
    assert group_of("tests/unit/test_urls.py::test_y") == "tests/unit/test_urls.py"
