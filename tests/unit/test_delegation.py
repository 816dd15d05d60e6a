"""``DelegationQueue``: the Agent calls of one planner reply run one after another; a later one is skipped when an
earlier one failed (no check after a horizon that failed)."""

from __future__ import annotations

import anyio

from orchestrator.policy.delegation import SKIPPED, DelegationQueue


async def test_a_second_delegation_waits_for_the_first_and_runs_after_it() -> None:
    queue = DelegationQueue()
    order: list[str] = []

    async def second() -> None:
        verdict = await queue.wait_turn("b")
        order.append(f"b:{verdict or 'go'}")
        queue.done("b", ok=True)

    with anyio.fail_after(5):
        assert await queue.wait_turn("a") == ""
        async with anyio.create_task_group() as tg:
            tg.start_soon(second)
            await anyio.wait_all_tasks_blocked()
            order.append("a done")
            queue.done("a", ok=True)
    assert order == ["a done", "b:go"]


async def test_a_failed_delegation_skips_the_rest_of_its_batch_only() -> None:
    queue = DelegationQueue()
    seen: list[str] = []

    async def later(call: str) -> None:
        seen.append(await queue.wait_turn(call))
        queue.done(call, ok=False)

    with anyio.fail_after(5):
        await queue.wait_turn("executor")
        async with anyio.create_task_group() as tg:
            tg.start_soon(later, "validator")
            await anyio.wait_all_tasks_blocked()
            queue.done("executor", ok=False)
        assert seen == [SKIPPED]
        assert await queue.wait_turn("next horizon") == ""  # a new batch starts clean
