"""The corpus apps' cached builds made ahead, beside the tests, when a run under pytest-xdist finds them missing.

    order = apps_to_build(node_ids)     # the apps the run's realapps tests need and the cache lacks, queue order
    process = start(node_ids)           # nice 19: python -m tests.support.prebuild <apps...>, or None
    with app_lock("wagtail"): ...       # what a worker holds while it builds or checks an app's cache

On a fresh clone corpus/.cache is empty: an app's first test seeds it (and installs the app's own environment),
5-100 s per app and ~5 min for the eight, mostly waiting on subprocesses (migrations, uv pip). Under xdist the
worker that runs an app's tests did that in the middle of its queue. Now, once the first worker has collected, the
controller (``pytest_xdist_node_collection_finished``, tests/conftest.py) starts this module at the lowest CPU
priority: it builds the missing apps, a few at a time, in the order the scheduler hands their groups out
(tests/support/xdist_groups.py). Each build holds the app's lock; a worker starting an app takes the same lock
first (tests/realapps/conftest.py), so an app being prebuilt is waited for, not built twice, and one the prebuild
has not reached is built by the worker as before (the prebuild skips an app whose lock is taken). The controller
stops the prebuild, if still going, when the run ends. A warm cache starts nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import subprocess
import sys
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from corpus.apps import APPS, CACHE, REPO, seeded_state
from tests.support.xdist_groups import REALAPPS, app_of, group_of, longest_first, recorded_seconds

LOCKS = CACHE / ".locks"
LOG = LOCKS / "prebuild.log"
IN_FLIGHT = 3  # builds at once: each mostly waits on its subprocesses


def is_built(name: str) -> bool:
    spec = APPS[name]
    return (CACHE / f"{spec.name}-{spec.cache_key()}").exists()  # seeded_state's own path


def apps_to_build(node_ids: list[str]) -> list[str]:
    """The apps the realapps tests among ``node_ids`` need that the cache lacks, in the scheduler's queue order."""
    queue: OrderedDict[str, dict[str, bool]] = OrderedDict()
    for nodeid in node_ids:
        if nodeid.startswith(REALAPPS):
            queue.setdefault(group_of(nodeid), {})[nodeid] = False
    ordered = [group for group in longest_first(queue, recorded_seconds()) if group in APPS]
    if any(app_of(group) is None for group in queue if group not in APPS):  # a test without an app needs them all
        ordered += [name for name in APPS if name not in ordered]
    return [name for name in ordered if not is_built(name)]


@contextlib.contextmanager
def app_lock(name: str, wait: bool = True) -> Iterator[bool]:
    """Holds ``name``'s build lock (an flock, released when its holder exits); yields False if ``wait`` is False
    and another process holds it."""
    LOCKS.mkdir(parents=True, exist_ok=True)
    with (LOCKS / f"{name}.lock").open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(name: str) -> str:
    with app_lock(name, wait=False) as mine:
        if not mine:
            return f"{name}: a worker is on it"
        try:
            return f"{name}: {seeded_state(APPS[name])}"
        except Exception as exc:  # noqa: BLE001 - the worker's own build reports it where it matters
            return f"{name}: failed ({exc})"


def start(node_ids: list[str]) -> subprocess.Popen[bytes] | None:
    names = apps_to_build(node_ids)
    if not names:
        return None
    LOCKS.mkdir(parents=True, exist_ok=True)
    with LOG.open("wb") as log:
        return subprocess.Popen(["nice", "-n", "19", sys.executable, "-m", "tests.support.prebuild", *names],
                                cwd=REPO, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """Ends the prebuild and the builds it started (its own process group), if it is still going."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)


def main(names: list[str]) -> None:
    with ThreadPoolExecutor(max_workers=IN_FLIGHT) as pool:
        for line in pool.map(build, names):
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
