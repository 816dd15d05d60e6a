"""JavaScript dialogs (alert, confirm, prompt, beforeunload): answered at once, so no call ever hangs.

This module holds the session's dialog state (the armed answer, the dialogs seen); the tool that arms an answer
is ``act/dialogs.py::handle_dialog``.

An open dialog freezes the page's scripts and every Playwright call that needs them, so the session answers
each dialog the moment it opens and reports it (``metadata.events`` and the acting tool's ``dialogs``).
The answer is, in this order:

1. the human's approval, for the one dialog the approved action raised (``dialog_carry.py``): accepted, and
   reported with ``approved_by``;
2. the gate: a confirm or prompt whose text names a destructive effect (the security vocabulary, ``judge``), and
   any beforeunload (the page's own warning that leaving loses unsaved work), is never accepted without the
   human; it is dismissed and the act that raised it is held (``answered_by: "gate"``; an armed answer is kept
   for the confirmed re-run);
3. the answer armed by ``handle_dialog(accept, prompt_text)`` (it applies to the next dialog on any tab within
   ``ARM_TTL_S`` seconds, once);
4. otherwise the documented default: alert → OK, beforeunload → leave the page (only with no guard), confirm →
   Cancel, prompt → Cancel (no text).

So to accept a confirm or answer a prompt, the model calls ``handle_dialog`` and then repeats the action that
opened the dialog. Defaults are the safe choice: nothing is confirmed that nobody agreed to.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

import anyio
import structlog
from playwright.async_api import Dialog, Page
from playwright.async_api import Error as PlaywrightError

from browser_core.session.dialog_carry import CARRY_WINDOW_S, WITNESS_WAIT_S, DialogCarry, FrameWitness, origin_of

log = structlog.get_logger("browser_core.dialogs")

ARM_TTL_S = 120.0
MAX_PROMPT_TEXT = 2000
DEFAULT_ANSWERS = {"alert": True, "beforeunload": True, "confirm": False, "prompt": False}
DEFAULT_POLICY = (
    "alert: OK; beforeunload: stay, the act held (leave only with no guard); confirm: Cancel; prompt: Cancel "
    "(no text) - unless handle_dialog armed another answer; the dialog a confirmed action raises is accepted "
    "(approved_by); a confirm that names a destructive effect, or a beforeunload (unsaved work), is never "
    "accepted without the human (the act is held)"
)


@dataclass
class ArmedAnswer:
    accept: bool
    prompt_text: str | None
    expires: float


@dataclass
class Decision:
    accept: bool
    prompt_text: str | None
    answered_by: str
    approved_by: str | None = None  # the confirmation id whose approval answered it
    held: str | None = None  # the destructive category the gate refused to accept without the human
    note: str | None = None


class DialogDetail(TypedDict):
    """A dialog as results report it: its type and message, the answer and who chose it."""

    type: str
    message: str
    accepted: bool
    answered_by: str
    prompt_text: NotRequired[str]
    hint: NotRequired[str]
    seconds_ago: NotRequired[float]
    approved_by: NotRequired[str]
    held: NotRequired[str]


@dataclass
class DialogDesk:
    """The armed answer (if any) and the last dialog seen."""

    armed: ArmedAnswer | None = None
    last: DialogDetail | None = None
    _last_at: float = 0.0
    history: list[DialogDetail] = field(default_factory=list)
    seen: int = 0  # dialogs recorded so far (``since``)
    _times: list[float] = field(default_factory=list)
    judge: Callable[[str], str | None] | None = None  # a dialog text's destructive category (the security guard's)
    carry: DialogCarry | None = None
    _answering: int = 0  # dialogs being decided or answered right now
    _idle: asyncio.Event = field(default_factory=asyncio.Event)
    _recorded: asyncio.Event = field(default_factory=asyncio.Event)  # set when a dialog is recorded

    @asynccontextmanager
    async def carrying(self, confirmation_id: str, url: str, page: Page) -> AsyncIterator[DialogCarry]:
        """While the approved action runs: its approval answers the one dialog it raises (``dialog_carry.py``)."""
        witness = await FrameWitness.open(page)
        carry = DialogCarry(confirmation_id, origin_of(url), page, time.monotonic() + CARRY_WINDOW_S, witness)
        self.carry = carry
        try:
            yield carry
        finally:
            # A dialog the action raised may still be being decided (the witness says which frame raised it): let
            # its answer reach the page first. Closing the witness's DevTools session while the dialog is open
            # would dismiss it (Chromium answers "no" for a session that goes away).
            with anyio.move_on_after(WITNESS_WAIT_S + 1):
                while self._answering:
                    self._idle.clear()
                    await self._idle.wait()
            if self.carry is carry:
                self.carry = None
            if carry.witness is not None:
                await carry.witness.close()

    async def answered(self, bound_s: float = 2.0) -> None:
        """Wait (at most ``bound_s``) until a dialog being answered now is recorded (a navigation the answer cancels
        fails before its answer is back)."""
        if self._answering:
            self._idle.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), bound_s)

    async def respond(self, dialog: Dialog, policy_accept: bool | None,
                      report: Callable[[DialogDetail], None]) -> DialogDetail:
        """Decide on a dialog that just opened, answer it on the page, then record and report what was answered."""
        self._answering += 1
        try:
            decision = await self.answer(dialog, policy_accept)
            text = (decision.prompt_text if decision.prompt_text is not None else dialog.default_value
                    ) if dialog.type == "prompt" and decision.accept else None
            try:
                if not decision.accept:
                    await dialog.dismiss()
                else:
                    await dialog.accept(text) if text is not None else await dialog.accept()
            except PlaywrightError as exc:  # the browser closed it first (or its page is gone): not our answer
                log.warning("dialog answer not delivered", type=dialog.type, accept=decision.accept,
                            error=str(exc)[:200])
                if decision.accept:
                    if decision.approved_by and self.carry is not None:
                        self.carry.preempted = True
                    decision = Decision(False, None, "browser", note="the browser closed this dialog before it "
                                        "could be answered: what it asked was not done")
            detail = dialog_detail(dialog.type, dialog.message, decision)
            self.record(detail)
            report(detail)
            return detail
        finally:
            self._answering -= 1
            if not self._answering:
                self._idle.set()

    async def answer(self, dialog: Dialog, policy_accept: bool | None = None) -> Decision:
        """The answer to a dialog that just opened: the approval's, the gate's, the armed one, else the default."""
        kind = dialog.type
        carry = self.carry
        if carry is not None and await self._carried(carry, dialog):
            carry.used = True
            armed = self._take_armed()
            if armed is not None:
                return Decision(armed.accept, armed.prompt_text if kind == "prompt" else None, "handle_dialog",
                                carry.confirmation_id)
            if kind == "prompt" and not dialog.default_value:
                return Decision(False, None, "default", note="the approval answers no prompt without text: arm "
                                "it with handle_dialog(accept=true, prompt_text=...) before confirm_action")
            return Decision(True, None, "approval", carry.confirmation_id)
        if kind == "beforeunload" and self.judge is not None:
            # The page itself warns that leaving loses work not yet saved (it asks only when it has some): a loss,
            # never accepted without the human; dismissed, the page and its draft stay.
            return Decision(False, None, "gate", held="loss")
        category = self.judge(dialog.message) if self.judge and kind in ("confirm", "prompt") else None
        if category:
            return Decision(False, None, "gate", held=category)
        return self.decide(kind, policy_accept)

    @staticmethod
    async def _carried(carry: DialogCarry, dialog: Dialog) -> bool:
        why = carry.refusal(dialog)
        if why is None:
            origin = await carry.frame_origin(dialog)
            if origin and origin == carry.origin:
                return True
            why = (f"raised by a frame of {origin}, not the approved action's {carry.origin}" if origin else
                   "Chromium did not say which frame raised it" if carry.witness else "no frame witness on this tab")
        log.info("dialog not answered by the approval", confirmation_id=carry.confirmation_id, type=dialog.type,
                 why=why)
        return False

    def _take_armed(self) -> ArmedAnswer | None:
        armed, self.armed = self.armed, None
        return armed if armed is not None and armed.expires > time.monotonic() else None

    def arm(self, accept: bool, prompt_text: str | None) -> ArmedAnswer:
        self.armed = ArmedAnswer(accept, prompt_text, time.monotonic() + ARM_TTL_S)
        return self.armed

    def decide(self, kind: str, policy_accept: bool | None = None) -> Decision:
        armed = self._take_armed()
        if armed is not None:
            return Decision(armed.accept, armed.prompt_text if kind == "prompt" else None, "handle_dialog")
        if policy_accept is not None:
            return Decision(policy_accept, None, "policy")
        return Decision(DEFAULT_ANSWERS.get(kind, False), None, "default")

    def record(self, detail: DialogDetail) -> None:
        self.last, self._last_at = detail, time.monotonic()
        self.history = [*self.history[-9:], detail]
        self.seen += 1
        self._recorded.set()
        self._times = [*self._times[-19:], self._last_at]

    async def next_recorded(self) -> None:
        """Return when the next dialog is recorded."""
        self._recorded.clear()
        await self._recorded.wait()

    def since(self, seen: int) -> list[DialogDetail]:
        """The dialogs recorded after ``seen`` were (the last ten at most)."""
        return self.history[-min(self.seen - seen, len(self.history)):] if self.seen > seen else []

    def storming(self, within_s: float = 2.0, count: int = 10) -> bool:
        """True if at least ``count`` dialogs opened in the last ``within_s`` seconds (a page in a dialog loop)."""
        now = time.monotonic()
        return sum(now - t <= within_s for t in self._times) >= count

    def last_seen(self) -> DialogDetail | None:
        if self.last is None:
            return None
        return {**self.last, "seconds_ago": round(time.monotonic() - self._last_at, 1)}


def dialog_detail(kind: str, message: str, decision: Decision) -> DialogDetail:
    detail: DialogDetail = {"type": kind, "message": message[:300], "accepted": decision.accept,
                              "answered_by": decision.answered_by}
    if decision.prompt_text is not None and decision.accept:
        detail["prompt_text"] = decision.prompt_text[:80]
    if decision.approved_by:
        detail["approved_by"] = decision.approved_by
    if decision.held:
        detail["held"] = decision.held
        detail["hint"] = ("it asks to confirm a destructive effect, so it is never accepted without the human: a click "
                          "that raised it is held (requires_confirmation), for confirm_action")
    elif decision.note:
        detail["hint"] = decision.note
    elif decision.answered_by == "default" and kind in ("confirm", "prompt"):
        detail["hint"] = "to answer differently: handle_dialog(accept=...), then repeat the action"
    return detail
