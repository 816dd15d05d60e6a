"""Awaitables run together inside the caller's cancel scope (the anyio task group under ``asyncio.gather``).

``asyncio.gather`` is not safe under an anyio deadline: when the deadline cancels the gather and one of its
children finishes without being cancelled (it had caught the cancellation, or was already returning), gather
raises a bare ``CancelledError`` that no anyio scope recognises as its own. ``fail_after`` then lets it pass
instead of raising ``TimeoutError``, and the stray cancellation ends whatever task group runs the call (the MCP
session's, issue 30). Here the children run in a task group nested in the caller's scope: a deadline cancels
them as anyio's, and the group raises the cancellation the scope owns.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from typing import Any, TypeVar

import anyio

A = TypeVar("A")
B = TypeVar("B")
T = TypeVar("T")


async def _all(awaitables: list[Awaitable[Any]], settle: bool) -> list[Any]:
    results: list[Any] = [None] * len(awaitables)

    async def run(index: int, awaitable: Awaitable[Any]) -> None:
        try:
            results[index] = await awaitable
        except Exception as exc:
            if not settle:
                raise
            results[index] = exc

    try:
        async with anyio.create_task_group() as group:
            for index, awaitable in enumerate(awaitables):
                group.start_soon(run, index, awaitable)
    except BaseExceptionGroup as group_error:  # as gather: the first failure, not a group
        raise _first(group_error) from None
    return results


def _first(group_error: BaseExceptionGroup[BaseException]) -> BaseException:
    first = group_error.exceptions[0]
    return _first(first) if isinstance(first, BaseExceptionGroup) else first


async def both(first: Awaitable[A], second: Awaitable[B]) -> tuple[A, B]:
    """Both results, in order; the first failure is raised (the other is cancelled)."""
    one, two = await _all([first, second], settle=False)
    return one, two


async def both_settled(first: Awaitable[A], second: Awaitable[B]) -> tuple[A | Exception, B | Exception]:
    """Both outcomes, in order: a result or the exception it raised (a cancellation is never an outcome)."""
    one, two = await _all([first, second], settle=True)
    return one, two


async def each(awaitables: Iterable[Awaitable[T]]) -> list[T]:
    """Every result, in order; the first failure is raised (the others are cancelled)."""
    return await _all(list(awaitables), settle=False)


async def each_settled(awaitables: Iterable[Awaitable[T]]) -> list[T | Exception]:
    """Every outcome, in order: a result or the exception it raised."""
    return await _all(list(awaitables), settle=True)
