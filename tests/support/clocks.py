"""Where the suite's wall time goes without CPU: each test's wall time against the CPU time of the worker's whole
process tree over the same span (with ``TEST_CLOCKS=<file>``, tests/conftest.py wraps each test's setup, call and
teardown; two reads of /proc a test, ~4 ms of CPU beside a Chromium, so only when asked).

    tree_cpu_s()                  # CPU-s so far: this process, the children it reaped, every live descendant
    with clocked(nodeid): ...     # appends Clock(nodeid, wall_s, cpu_s) to CLOCKS

``resource.getrusage(RUSAGE_CHILDREN)`` counts a child only once it is reaped: a Chromium the worker keeps for the
whole session, or an MCP server kept by a module, shows its CPU at the end or never. So each live descendant is read
from /proc as well (utime + stime, plus what it reaped: cutime + cstime) at the test's start and end: a test counts
what each process alive at its end spent meanwhile (all of it for one started meanwhile). A process that ended
during the test counts only through the ancestor that reaped it, and not at all when none accumulates it: Chromium's
renderers are ended by a zygote that does not (a page spinning a core for 20 s, then closed, shows as waiting), nor
is a grandchild re-parented to init. Elsewhere than Linux only this process and its reaped children count.

A test's ``waited_s`` (wall − CPU) is how long the worker's tree left a core idle: timeouts waited out, polls,
settle windows, a model server's latency (or, when the machine is loaded, the CPU it could not get). A module-scoped
fixture's start is counted in its first test, its teardown in its last.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

_PROC = Path("/proc")
_TICK = float(os.sysconf("SC_CLK_TCK")) if hasattr(os, "sysconf") else 100.0


@dataclass
class Clock:
    nodeid: str
    wall_s: float
    cpu_s: float

    @property
    def waited_s(self) -> float:
        return self.wall_s - self.cpu_s


CLOCKS: list[Clock] = []


def _stat(pid: int) -> tuple[int, int, float] | None:
    """(parent pid, start time, CPU-s of the process and of the children it reaped) from /proc/<pid>/stat; None once
    it is gone."""
    try:
        raw = (_PROC / str(pid) / "stat").read_bytes()
    except OSError:
        return None
    fields = raw[raw.rfind(b")") + 2:].split()  # after "pid (comm) ": state ppid ... utime(12) stime cutime cstime
    return int(fields[1]), int(fields[19]), sum(int(f) for f in fields[11:15]) / _TICK


def _children(pid: int) -> list[int]:
    """The processes ``pid``'s threads started that are still alive (/proc/<pid>/task/<tid>/children)."""
    found: list[int] = []
    try:
        tasks = os.listdir(_PROC / str(pid) / "task")
    except OSError:
        return found
    for tid in tasks:
        try:
            found += [int(child) for child in (_PROC / str(pid) / "task" / tid / "children").read_bytes().split()]
        except OSError:
            continue
    return found


ME = (0, 0)
Snapshot = dict[tuple[int, int], tuple[int, float]]  # (pid, start time) -> (its parent, CPU-s); ME: this process


def snapshot() -> Snapshot:
    """CPU-s so far of this process (with the children it reaped) and of each live descendant (with its own)."""
    own, reaped = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    snap = {ME: (0, own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime)}
    todo = _children(os.getpid()) if _PROC.is_dir() else []
    while todo:
        pid = todo.pop()
        stat = _stat(pid)
        if stat is not None:
            snap[(pid, stat[1])] = (stat[0], stat[2])
            todo += _children(pid)
    return snap


def cpu_between(before: Snapshot, after: Snapshot) -> float:
    """The CPU-s spent between two snapshots: each process alive at the second, since the first (all of it for one
    started meanwhile). A process gone by then counts through the ancestor that reaped it, whose reaped total took
    all of its CPU: what was already counted at the first snapshot is taken off again, each reaper's gain matched once
    (parents first). One whose parent took none (a renderer its zygote ended, a killed server's worker sent to init)
    counts only up to the first snapshot."""
    spent = sum(cpu - before.get(key, (0, 0.0))[1] for key, (_, cpu) in after.items())
    alive = {key[0]: key for key in after} | {os.getpid(): ME}
    gone = {key[0]: parent for key, (parent, _) in before.items() if key not in after}
    gained: dict[tuple[int, int], float] = {}  # what each reaper's total gained, not yet matched to a process gone
    for key, (parent, cpu) in sorted(before.items(), key=lambda item: item[0][1]):  # parents (started first) first
        if key in after:
            continue
        for _ in range(len(gone) + 1):  # up to the nearest ancestor still alive (a whole server tree ended)
            if parent in alive or parent not in gone:
                break
            parent = gone[parent]
        reaper = alive.get(parent)
        if reaper is None:
            continue
        left = gained.setdefault(reaper, after[reaper][1] - before.get(reaper, (0, 0.0))[1])
        if left >= cpu - 0.02:  # its CPU reached this reaper's total (a grandchild sent to init never does)
            spent -= cpu
            gained[reaper] = left - cpu
    return spent


def tree_cpu_s() -> float:
    """User + system CPU-s of this process, the children it reaped and every live descendant."""
    return sum(cpu for _, cpu in snapshot().values())


@contextmanager
def clocked(nodeid: str) -> Iterator[None]:
    wall, cpu = time.monotonic(), snapshot()
    try:
        yield
    finally:
        CLOCKS.append(Clock(nodeid, time.monotonic() - wall, cpu_between(cpu, snapshot())))


def most_waited(clocks: list[Clock], n: int = 25) -> list[Clock]:
    return sorted(clocks, key=lambda c: -c.waited_s)[:n]


def by_module(clocks: list[Clock]) -> list[Clock]:
    """The clocks summed per test module, most waited first."""
    modules: dict[str, Clock] = {}
    for clock in clocks:
        module = clock.nodeid.split("::", 1)[0]
        total = modules.setdefault(module, Clock(module, 0.0, 0.0))
        total.wall_s += clock.wall_s
        total.cpu_s += clock.cpu_s
    return sorted(modules.values(), key=lambda c: -c.waited_s)


def lines(clocks: list[Clock], n: int = 25) -> list[str]:
    """The terminal summary's lines: the modules and the tests that waited most."""
    if not clocks:
        return []
    wall, cpu = sum(c.wall_s for c in clocks), sum(c.cpu_s for c in clocks)
    out = [f"Wall vs CPU of each worker's process tree ({len(clocks)} tests: wall {wall:.0f} s, CPU {cpu:.0f} s, "
           f"waited {wall - cpu:.0f} s); modules that waited most (wall s, CPU s, waited s):"]
    out += [f"  {c.wall_s:7.1f} {c.cpu_s:7.1f} {c.waited_s:7.1f}  {c.nodeid}" for c in by_module(clocks)[:n]]
    out.append("tests that waited most (wall s, CPU s, waited s):")
    out += [f"  {c.wall_s:7.1f} {c.cpu_s:7.1f} {c.waited_s:7.1f}  {c.nodeid}" for c in most_waited(clocks, n)]
    return out


def write_tsv(clocks: list[Clock], path: Path) -> None:
    rows = [f"{c.wall_s:.2f}\t{c.cpu_s:.2f}\t{c.waited_s:.2f}\t{c.nodeid}" for c in most_waited(clocks, len(clocks))]
    path.write_text("wall_s\tcpu_s\twaited_s\tnodeid\n" + "\n".join(rows) + "\n", "utf-8")
