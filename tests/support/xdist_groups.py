"""How the suite is split over pytest-xdist workers (``bash scripts/test.sh``: ``-n $TEST_WORKERS --dist loadgroup``).

    group_of("tests/realapps/test_gate_realapps.py::test_x[trac:delete-ticket]") -> "trac"
    group_of("tests/unit/test_urls.py::test_y")                                   -> "tests/unit/test_urls.py"

- tests/realapps: one group per corpus app. A test's parameter id starts with its app (``[trac]``,
  ``[mlflow:open-run]``, ``[mlflow:runs-grid:named]``), so one worker runs all of an app's tests and is the only
  one to start it; a realapps test without an app is a group of its own.
- every other test: one group per module, so a module's fixtures are set up once (tests/newcomer/test_wheel.py
  builds and installs the wheel once per module; under free distribution a worker switching modules tears it
  down and builds it again).
xdist queues the biggest groups first; a worker asks for the next group when it has two tests or fewer left.

tests/realapps/conftest.py also marks each test ``xdist_group(<its app>)``, but xdist 3.8 applies those marks by
rewriting node ids, which pytest 9.2 ignores (pytest-dev/pytest-xdist#1386: grouping silently off). So the
controller's scheduler (``pytest_xdist_make_scheduler`` in tests/conftest.py) derives the same groups from the
node ids, and still honours an ``@group`` suffix once xdist writes one again.
"""

from __future__ import annotations

from xdist.scheduler import LoadGroupScheduling

from corpus.apps import APPS

REALAPPS = "tests/realapps/"


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
    """``--dist loadgroup`` with the groups above."""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):
            return super()._split_scope(nodeid)
        return group_of(nodeid)
