"""How the suite is split over pytest-xdist workers (``bash scripts/test.sh``: ``-n $TEST_WORKERS --dist loadgroup``).

    group_of("tests/realapps/test_gate_realapps.py::test_x[trac:delete-ticket]") -> "trac"
    group_of("tests/unit/test_urls.py::test_y")                                   -> "tests/unit/test_urls.py"

- tests/realapps: one group per corpus app. A test's parameter id starts with its app (``[trac]``,
  ``[mlflow:open-run]``, ``[mlflow:runs-grid:named]``), so one worker runs all of an app's tests and is the only
  one to start it; a realapps test without an app is a group of its own.
- every other test: one group per module, so a module's fixtures are set up once (tests/newcomer/test_wheel.py
  builds and installs the wheel once per module; under free distribution a worker switching modules tears it
  down and builds it again).
xdist would queue the groups with the most tests first (a module of 70 unit tests before a 3-minute fleet run); a
worker asks for the next group when it has two tests or fewer left. So the queue is re-ordered by each group's
expected seconds, longest first (``expected_seconds``: the last recorded run's time per group, in
``group_seconds.json``, else a per-test figure for its folder): the long groups start early on both workers and the
short ones fill the ends, so both workers finish together. The file is a seed today (single-module timings and
the slowest tests of the last CI run); record it from a whole run with
``XDIST_GROUP_SECONDS=tests/support/group_seconds.json bash scripts/test.sh`` (tests/support/run_summary.py).

tests/realapps/conftest.py also marks each test ``xdist_group(<its app>)``, but xdist 3.8 applies those marks by
rewriting node ids, which pytest 9.2 ignores (pytest-dev/pytest-xdist#1386: grouping silently off). So the
controller's scheduler (``pytest_xdist_make_scheduler`` in tests/conftest.py) derives the same groups from the
node ids, and still honours an ``@group`` suffix once xdist writes one again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

from xdist.scheduler import LoadGroupScheduling

from corpus.apps import APPS

REALAPPS = "tests/realapps/"
RECORDED = Path(__file__).with_name("group_seconds.json")
# Seconds per test of a group with no recorded time, by folder (a new module): rough, from recorded runs.
PER_TEST_S = {"tests/unit": 0.2, "tests/browser": 2.0, "tests/mcp": 8.0, "tests/realapps": 12.0, "tests/e2e": 25.0,
              "tests/eval": 40.0, "tests/fleet": 30.0, "tests/reliability": 40.0, "tests/newcomer": 15.0}


def app_of(nodeid: str) -> str | None:
    """The corpus app a realapps test drives, from the start of its parameter id; None without one."""
    if "[" not in nodeid:
        return None
    first = nodeid.split("[", 1)[1].split(":", 1)[0].split("]", 1)[0]
    return first if first in APPS else None


def group_of(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    if path.startswith(REALAPPS):
        return app_of(nodeid) or nodeid
    return path


class SuiteScheduling(LoadGroupScheduling):
    """``--dist loadgroup`` with the groups above, the longest expected first."""

    def schedule(self) -> None:
        first = self.collection is None
        super().schedule()  # the first groups go out at once (the biggest by count: fast unit modules)
        if first and self.workqueue:
            self.workqueue = longest_first(self.workqueue, recorded_seconds())

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):
            return super()._split_scope(nodeid)
        return group_of(nodeid)


def recorded_seconds(path: Path = RECORDED) -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(path.read_text("utf-8")).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def expected_seconds(group: str, tests: int, recorded: dict[str, float]) -> float:
    """The group's time in the last recorded run, else its tests times its folder's figure."""
    if group in recorded:
        return recorded[group]
    folder = "/".join(group.split("/")[:2]) if "/" in group else REALAPPS.rstrip("/")
    return tests * PER_TEST_S.get(folder, 5.0)


def longest_first(queue: dict[str, dict[str, bool]], recorded: dict[str, float]) -> OrderedDict[str, dict[str, bool]]:
    return OrderedDict(sorted(queue.items(), key=lambda kv: -expected_seconds(kv[0], len(kv[1]), recorded)))
