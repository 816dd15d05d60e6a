"""The action guard: the one place every page-changing action passes before it runs.

Actions build an ``ActionIntent`` from what was observed (the resolved element, the page) and hand it to
``session.guard.check``; a guard refuses by raising a ``ToolFailure``. The default guard allows everything;
the security layer installs a stricter one. ``confirmed=True`` is only ever passed by server code that has
checked a human confirmation, never by a tool parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from playwright.async_api import Page

from browser_core.page.targets import Target


@dataclass
class ActionIntent:
    kind: str
    page: Page
    target: Target | None = None
    params: dict[str, Any] = field(default_factory=dict)


class ActionGuard(Protocol):
    async def check(self, intent: ActionIntent, *, confirmed: bool = False) -> None: ...


class AllowAll:
    async def check(self, intent: ActionIntent, *, confirmed: bool = False) -> None:
        return None
