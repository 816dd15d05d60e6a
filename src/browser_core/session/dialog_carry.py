"""A human's approval carried through the native dialog that the approved action itself raised.

When ``confirm_action`` runs a held click, the app often asks its own question (``confirm('Delete X?')``, a
``beforeunload``, a ``prompt``). The human has already answered it, so the session's dialog desk accepts that one
dialog on the approval's behalf, bound to:

- the tab the approved action runs on, while it runs (the carry ends when the action's result is built), and at
  most ``CARRY_WINDOW_S`` seconds after the click: a dialog the page raises on its own later gets the default;
- the approved action's origin: the frame that raised the dialog (read from Chromium's own dialog event, so a
  frame of another origin inside the page is told apart) must be of that origin, else the default;
- one dialog (confirm, beforeunload or prompt; an alert is answered OK anyway), then it is spent;
- a prompt is answered only with the text armed by ``handle_dialog`` or the dialog's own default value, else the
  default (Cancel) and a note saying how to arm an answer.

The dialog's report names the approval (``approved_by``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import CDPSession, Dialog, Page
from playwright.async_api import Error as PlaywrightError

CARRY_WINDOW_S = 5.0  # a dialog later than this after the approved click is the page's own, never the approval's
WITNESS_WAIT_S = 2.0  # how long a dialog waits for Chromium to say which frame raised it (else: not carried)
CARRIED = ("confirm", "beforeunload", "prompt")
MAX_DIALOGS_KEPT = 32  # unmatched witness records past this many are dropped, oldest first (a dialog loop)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".casefold() if parts.scheme in ("http", "https") else ""


@dataclass
class FrameWitness:
    """Chromium's own record of each dialog opened on a tab (``Page.javascriptDialogOpening``): which frame, of
    which origin, raised it. Playwright's dialog event does not say. The frames' origins are read before the action
    and kept up to date from navigations: while a dialog is open the page answers no question."""

    cdp: CDPSession
    origins: dict[str, str] = field(default_factory=dict)
    # Chromium's dialog events not yet matched to a dialog (a matched one is removed)
    seen: deque[Mapping[str, object]] = field(default_factory=lambda: deque(maxlen=MAX_DIALOGS_KEPT))
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    closed: list[bool] = field(default_factory=list)  # each dialog's outcome as Chromium reports it (True: accepted)

    @classmethod
    async def open(cls, page: Page) -> FrameWitness | None:
        with contextlib.suppress(PlaywrightError):
            cdp = await page.context.new_cdp_session(page)
            witness = cls(cdp)
            cdp.on("Page.javascriptDialogOpening", witness._opened)
            cdp.on("Page.frameNavigated", lambda e: witness._note(e.get("frame", {})))
            cdp.on("Page.javascriptDialogClosed", lambda e: witness.closed.append(bool(e.get("result"))))
            await cdp.send("Page.enable")
            witness._note_tree((await cdp.send("Page.getFrameTree")).get("frameTree", {}))
            return witness
        return None

    def _note(self, frame: Mapping[str, object]) -> None:  # a CDP frame
        if frame.get("id"):
            self.origins[str(frame["id"])] = str(frame.get("securityOrigin") or "").casefold().rstrip("/")

    def _note_tree(self, node: dict[str, Any]) -> None:  # boundary: a CDP frame tree
        self._note(node.get("frame", {}))
        for child in node.get("childFrames", []):
            self._note_tree(child)

    def _opened(self, event: Mapping[str, object]) -> None:  # a CDP event
        self.seen.append(event)
        self.arrived.set()

    async def origin(self, dialog: Dialog) -> str:
        """The origin of the frame that raised ``dialog`` ('' when Chromium did not say in time)."""
        deadline = time.monotonic() + WITNESS_WAIT_S
        while True:
            event = next((e for e in self.seen if e.get("type") == dialog.type
                          and e.get("message") == dialog.message), None)
            if event is not None:
                self.seen.remove(event)
                frame_id = event.get("frameId")
                return self.origins.get(str(frame_id), "") if frame_id else origin_of(str(event.get("url", "")))
            left = deadline - time.monotonic()
            if left <= 0:
                return ""
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), left)

    async def close(self) -> None:
        with contextlib.suppress(PlaywrightError):
            await self.cdp.detach()


@dataclass
class DialogCarry:
    """One approval, ready to answer the one dialog its action raises."""

    confirmation_id: str
    origin: str
    page: Page
    until: float
    witness: FrameWitness | None = None
    used: bool = False
    preempted: bool = False  # the browser closed the dialog before the approval's answer reached it

    def closed_unaccepted(self) -> bool:
        """The approval's dialog was closed by the browser and Chromium says it was not accepted: nothing ran."""
        return self.preempted and self.witness is not None and self.witness.closed[:1] == [False]

    def refusal(self, dialog: Dialog) -> str | None:
        """Why this carry may not answer ``dialog`` (None: it may, if the frame's origin is the action's)."""
        if self.used:
            return "spent on an earlier dialog"
        if dialog.type not in CARRIED:
            return f"a {dialog.type} needs no approval"
        if dialog.page is not self.page:
            return "raised on another tab"
        if time.monotonic() > self.until:
            return f"raised more than {CARRY_WINDOW_S:.0f} s after the approved click"
        return None

    async def frame_origin(self, dialog: Dialog) -> str:
        """The origin of the frame that raised ``dialog`` ('' when unknown: never carried)."""
        return await self.witness.origin(dialog) if self.witness is not None else ""
