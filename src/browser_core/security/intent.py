"""The action guard: the one place every page-changing action passes before it runs.

Actions build an ``ActionIntent`` from what was observed (the resolved element, the page) and hand it to
``session.guard.check``; a guard refuses by raising a ``ToolFailure``, and may return a note for the result. The
default guard allows everything; the security layer installs a stricter one. ``confirmed=True`` is only ever
passed by server code that has checked a human confirmation, never by a tool parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict

from playwright.async_api import Page

from browser_core.page.targets import Target


class ActionParams(TypedDict, total=False):
    """What an action would do, beyond its kind and element: what the guard judges and a held action reruns."""

    button: Literal["left", "right", "middle"]
    double: bool
    text: str
    secret: str  # a named secret typed instead of text (the text is then its mask)
    press_enter: bool
    clear_first: bool
    key: str
    values: list[str]
    index: int
    url: str
    accept: bool
    prompt_text: str | None
    paths: list[str]
    files: list[str]


@dataclass
class ActionIntent:
    kind: str
    page: Page
    target: Target | None = None
    params: ActionParams = field(default_factory=lambda: ActionParams())


class ActionGuard(Protocol):
    async def check(self, intent: ActionIntent, *, confirmed: bool = False) -> str | None:
        """Refuse or hold by raising; allow by returning None, or a note when an earlier approval covered it."""
        ...

    async def hold_at_dialog(self, intent: ActionIntent, dialogs: list[dict[str, object]], *,
                             confirmed: bool = False) -> None:
        """After the action: hold it (raise) when a native dialog it raised was refused by the gate."""
        ...


class AllowAll:
    async def check(self, intent: ActionIntent, *, confirmed: bool = False) -> str | None:
        return None

    async def hold_at_dialog(self, intent: ActionIntent, dialogs: list[dict[str, object]], *,
                             confirmed: bool = False) -> None:
        return None
