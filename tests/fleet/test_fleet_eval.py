"""The eval harness over a fleet of local browser servers: the suite spread with back-pressure (one session per
endpoint at a time, every endpoint used), a killed endpoint's tasks retried elsewhere once (marked), nothing
reported passed that did not pass. Every bundled task passes in CI in scripted mode, each run once: the fleet run
takes the tasks no other eval test runs (the side-by-side section of tests/eval/test_scripted_suite.py and the
killed-endpoint subset here pass with the same harness and checks)."""

from __future__ import annotations

import re
from pathlib import Path

import anyio
import pytest

from browser_agent_evals.suite import find_suite, load_tasks
from tests.eval.conftest import EvalOutput, clean_env, run_eval
from tests.eval.test_scripted_suite import SECTION
from tests.fleet.conftest import Fleet

pytestmark = [pytest.mark.fleet, pytest.mark.e2e]
SUBSET = ["click-button", "enter-text", "click-checkboxes"]


async def watch_browsers(fleet: Fleet, peaks: list[int], stop: anyio.Event) -> None:
    while not stop.is_set():
        for i, server in enumerate(fleet.servers):
            peaks[i] = max(peaks[i], server.browsers())
        with anyio.move_on_after(0.2):
            await stop.wait()


async def run_on(fleet: Fleet, args: list[str], out: Path, limit: int, timeout_s: float,
                 peaks: list[int]) -> EvalOutput:
    stop = anyio.Event()
    result: list[EvalOutput] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(watch_browsers, fleet, peaks, stop)
        result.append(await run_eval(args, out, timeout_s=timeout_s, env=clean_env(**fleet.env(limit))))
        stop.set()
    return result[0]


@pytest.mark.timeout(400)
async def test_an_endpoint_killed_mid_run_its_tasks_retried_elsewhere(tmp_path: Path, fleet_of) -> None:
    fleet: Fleet = await fleet_of(2)
    survivor, doomed = fleet.servers  # the harness reads the utterances on the first; tasks go to both
    out = tmp_path / "out"

    async def kill_when_busy() -> None:
        with anyio.fail_after(120):
            while doomed.browsers() == 0:  # noqa: ASYNC110 (another process's browser: no event of ours)
                await anyio.sleep(0.1)
        doomed.kill()

    async with anyio.create_task_group() as tg:
        tg.start_soon(kill_when_busy)
        done = await run_eval(["all", "--only", *SUBSET], out, timeout_s=380, env=clean_env(**fleet.env(1)))
    results = done.results()["results"]
    retried = [r for r in results if r["retried"]]
    assert retried, done.out[-3000:]
    for r in retried:  # the second run, on the endpoint still there, is the one reported
        assert r["endpoint"] == survivor.url and f"{doomed.url} was lost" in r["reason"]
        # the cut run ended itself, not done, within a few calls on the lost browser (issue 30: 2,214 observes)
        ended = re.search(r"first run \((\w+) after (\d+) calls", r["reason"])
        assert ended and ended.group(1) != "done" and int(ended.group(2)) <= 12, r["reason"]
    for r in results:
        if r["success"] and r["endpoint"] == doomed.url:
            assert not r["retried"]  # passed there before the kill, judged by the page's own report
    assert all(r["success"] for r in results), done.out[-3000:]
    assert done.code == 0


def rest_of_suite() -> list[str]:
    """The bundled tasks no other eval test runs, in the suite's order: every task added later lands here."""
    everywhere = [t.id for t in load_tasks(find_suite("all"))]
    elsewhere = set(SECTION) | set(SUBSET)
    assert elsewhere <= set(everywhere), elsewhere - set(everywhere)
    return [t for t in everywhere if t not in elsewhere]


@pytest.mark.timeout(1500)
@pytest.mark.slow_fleet
async def test_the_whole_scripted_suite_over_three_endpoints(tmp_path: Path, fleet_of) -> None:
    """CI's fleet run: `BROWSER_ENDPOINTS=ws://…,ws://…,ws://… python -m browser_agent_evals all --only …`, the
    rest of the suite (20 of 30 tasks: many more than the three slots, so tasks wait for a free one)."""
    fleet: Fleet = await fleet_of(3)
    peaks = [0, 0, 0]
    tasks = rest_of_suite()
    assert len(tasks) >= 4 * len(fleet.servers), tasks
    done = await run_on(fleet, ["all", "--only", *tasks], tmp_path / "out", 1, 1400, peaks)
    run = done.results()
    results = run["results"]
    failed = [f"{r['id']}: {r['checker']} {r['error']}" for r in results if not r["success"]]
    assert not failed and done.code == 0, "\n".join(failed)
    assert [r["id"] for r in results] == tasks
    assert run["workers"] == 3 and run["browser"].startswith("fleet ")
    assert {r["endpoint"] for r in results} == {s.url for s in fleet.servers}  # every endpoint took tasks
    assert not any(r["retried"] for r in results)
    assert max(peaks) == 1, peaks  # one session each: the other tasks waited for a free slot
