"""The suite's per-test clock (tests/support/clocks.py): the CPU of a process the test started counts while it runs,
not only once it is reaped, and not twice after; a test that only waits shows as waiting."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.support import clocks

# Burns 0.4 CPU-s of its own, says so, then waits for its stdin to close (alive, not reaped, until then).
BURN = ("import sys, time\nwhile time.process_time() < 0.4: pass\nprint('burnt', flush=True)\nsys.stdin.read()")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="live descendants are read from /proc")
def test_a_live_childs_cpu_counts_before_it_is_reaped_and_once_after() -> None:
    start = clocks.snapshot()
    child = subprocess.Popen([sys.executable, "-c", BURN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "burnt"
        burnt = clocks.snapshot()
        alive = clocks.cpu_between(start, burnt)
        assert alive >= 0.35, alive  # its CPU, while it still runs
    finally:
        child.communicate("", timeout=30)
    reaped = clocks.cpu_between(burnt, clocks.snapshot())
    assert reaped < 0.2, reaped  # reaped since: its CPU moved to this process's reaped total, not counted again
    assert alive - 0.05 <= clocks.cpu_between(start, clocks.snapshot()) <= alive + 0.3


def test_a_test_that_waits_shows_its_wait() -> None:
    done = threading.Event()
    with clocks.clocked("tests/unit/test_x.py::test_waits"):
        done.wait(0.3)  # nothing sets it: 0.3 s of wall, next to no CPU
    clock = clocks.CLOCKS.pop()
    assert clock.nodeid == "tests/unit/test_x.py::test_waits"
    assert clock.wall_s >= 0.3 and clock.waited_s >= 0.2, clock


def test_the_summary_lists_modules_and_tests_most_waited_first() -> None:
    tests = [clocks.Clock("tests/a.py::one", 10.0, 9.0), clocks.Clock("tests/a.py::two", 10.0, 1.0),
             clocks.Clock("tests/b.py::three", 20.0, 2.0)]
    assert [c.nodeid for c in clocks.by_module(tests)] == ["tests/b.py", "tests/a.py"]
    assert [c.nodeid for c in clocks.most_waited(tests, 2)] == ["tests/b.py::three", "tests/a.py::two"]
    lines = clocks.lines(tests)
    assert "3 tests: wall 40 s, CPU 12 s, waited 28 s" in lines[0]
    assert lines[1].split() == ["20.0", "2.0", "18.0", "tests/b.py"]


def test_a_killed_tree_whose_grandchild_went_to_init_is_taken_off_once() -> None:
    """A server (100 CPU-s) and its worker (40 CPU-s) both gone by the test's end: the server was reaped here (its 100
    moved into this process's reaped total), the worker went to init (its CPU reached no total of ours). Only what
    this process's total gained is taken off: the test spent no CPU, never minus 40."""
    me, server, worker = clocks.ME, (4242, 1), (4243, 2)
    before = {me: (0, 10.0), server: (os.getpid(), 100.0), worker: (4242, 40.0)}
    after = {me: (0, 110.0)}
    assert clocks.cpu_between(before, after) == pytest.approx(0.0)
