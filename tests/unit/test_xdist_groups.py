"""Each corpus app's tests form one xdist group, so one worker alone starts that app and runs its tests in order.

A realapps test whose parameter id does not start with its app (pytest-playwright prefixes ``chromium-`` to the id
of any test with a parameter named ``page``) becomes a group of its own: another worker then starts a second copy
of the app, and the app's own worker stops and restarts it around that test, losing the state its tests built.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.xdist_groups import app_of, expected_seconds, group_of, longest_first, recorded_seconds

APP_LESS = {"tests/realapps/test_apps_smoke.py::test_tasks_are_well_formed"}  # reads the task files, starts nothing


def realapps_nodes(session: pytest.Session) -> list[str]:
    """The realapps tests this run collected (the whole suite's run: no second collection), else collected here."""
    nodes = [item.nodeid for item in session.items if item.nodeid.startswith("tests/realapps/")]
    if nodes:
        return nodes
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly",
                                "tests/realapps"], capture_output=True, text=True, timeout=280, check=False)
    nodes = [line.strip() for line in collected.stdout.splitlines() if "::" in line]
    assert nodes, collected.stdout[-2000:] + collected.stderr[-2000:]
    return nodes


@pytest.mark.timeout(300)  # alone, it collects tests/realapps in a subprocess (a minute or more on a loaded machine)
def test_every_realapps_test_is_in_its_apps_group(request: pytest.FixtureRequest) -> None:
    nodes = realapps_nodes(request.session)
    strays = [node for node in nodes if app_of(node) is None and node not in APP_LESS]
    assert not strays, f"realapps tests outside their app's group: {strays}"
    assert {group_of(node) for node in nodes if node not in APP_LESS} <= {app_of(node) for node in nodes}


def test_a_groups_name_is_the_app_at_the_start_of_the_parameter_id() -> None:
    assert group_of("tests/realapps/test_gate_realapps.py::test_x[trac:delete-ticket]") == "trac"
    assert group_of("tests/realapps/test_x.py::test_y[chromium-mlflow:grid]") == "tests/realapps/test_x.py::" \
        "test_y[chromium-mlflow:grid]"
    assert group_of("tests/unit/test_urls.py::test_y") == "tests/unit/test_urls.py"


def test_the_queue_is_longest_first_by_recorded_or_expected_seconds() -> None:
    queue = {"tests/unit/test_a.py": dict.fromkeys(f"u{i}" for i in range(70)),  # 70 quick tests: 14 s
             "tests/fleet/test_fleet_eval.py": {"f1": False, "f2": False},    # recorded: 300 s
             "trac": dict.fromkeys(f"t{i}" for i in range(14)),               # 14 app tests: 168 s
             "tests/reliability/test_x.py": {"r1": False}}                   # 1 test: 40 s
    order = list(longest_first(queue, {"tests/fleet/test_fleet_eval.py": 300.0}))
    assert order == ["tests/fleet/test_fleet_eval.py", "trac", "tests/reliability/test_x.py", "tests/unit/test_a.py"]
    assert expected_seconds("tests/newcomer/test_new.py", 2, {}) == 30.0


def test_the_recorded_seconds_name_groups_that_exist() -> None:
    recorded = recorded_seconds()
    assert recorded and all(s > 0 for s in recorded.values())
    modules = {g for g in recorded if g.startswith("tests/")}
    files = {g.split("::")[0] for g in modules}  # a test of its own group is named by its node id
    assert all(Path(g).exists() for g in files), [g for g in files if not Path(g).exists()]
