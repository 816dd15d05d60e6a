"""The security gate for ``confirm_action``: the human sees the *server-written* summary of the pending action
(``<artifacts>/pending/<id>.json``), never the model's words, and the call is denied unless they say yes.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import anyio
import structlog

from orchestrator.human import ConfirmRequest, Human

log = structlog.get_logger("orchestrator.policy.gate")
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass
class GateDecision:
    allow: bool
    reason: str
    request: ConfirmRequest | None = None


class SecurityGate:
    def __init__(self, pending_dir: Path, human: Human, timeout_s: float) -> None:
        self.pending_dir = pending_dir
        self.human = human
        self.timeout_s = timeout_s
        self.used: set[str] = set()

    def pending(self, confirmation_id: str) -> ConfirmRequest | None:
        if not ID_RE.match(confirmation_id):
            return None
        path = self.pending_dir / f"{confirmation_id}.json"
        try:
            raw: object = json.loads(path.read_text(encoding="utf-8"))  # the browser server's pending file
        except (OSError, ValueError):
            return None
        summary = raw.get("summary") if isinstance(raw, dict) else None
        if not isinstance(raw, dict) or not isinstance(summary, dict):
            return None
        return ConfirmRequest(confirmation_id=confirmation_id, summary=summary, expires_at=raw.get("expires_at"),
                              status=str(raw.get("status", "pending")))

    def askable(self, tool_input: Mapping[str, object]) -> GateDecision:
        """Whether the human may be asked at all: a pending action the server recorded, not run, not expired."""
        confirmation_id = str(tool_input.get("confirmation_id") or "")
        request = self.pending(confirmation_id)
        if request is None:
            return GateDecision(False, f"No pending action '{confirmation_id}' was recorded by the browser server.")
        if confirmation_id in self.used or request.status in ("used", "declined"):
            return GateDecision(False, "This action was already confirmed and run once; it never runs twice.", request)
        if request.status == "expired" or (request.expires_at is not None and request.expires_at < time.time()):
            return GateDecision(False, "The pending action expired; observe and try the action again.", request)
        return GateDecision(True, "", request)

    async def decide(self, tool_input: Mapping[str, object]) -> GateDecision:
        confirmation_id = str(tool_input.get("confirmation_id") or "")
        checked = self.askable(tool_input)
        if not checked.allow or checked.request is None:
            return checked
        request = checked.request
        try:
            with anyio.fail_after(self.timeout_s):
                yes = await self.human.confirm(request)
        except TimeoutError:
            return GateDecision(False, f"The human did not answer within {self.timeout_s:.0f} s: not done.", request)
        except Exception as exc:  # no working confirmation channel means no
            log.debug("confirmation channel failed", exc_info=True)
            reason = f"The confirmation could not be asked ({type(exc).__name__}): not done."
            return GateDecision(False, reason, request)
        who = getattr(self.human, "who", "The human")
        if not yes:
            return GateDecision(False, f"{who} declined this action. Do not retry it in another way.", request)
        self.used.add(confirmation_id)
        return GateDecision(True, f"{who} {'confirmed' if who == 'The human' else 'approved'} this action.", request)
