"""Pending destructive actions: created by the guard, executed once by confirm_action, or refused.

A pending action records what the server saw on the page (never the model's words): the action, the element's
id, role, name and frame, the URL and title. It can be executed once, before it expires, and only while the page
still shows that same element. Each summary is also written to ``<artifacts>/pending/<id>.json`` so an
orchestrator's permission hook can show the human exactly what will happen.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict

import structlog

from browser_core.errors import ConfirmationRefused, InvalidInput
from browser_core.redaction import redact
from browser_core.security.intent import ActionParams

log = structlog.get_logger("browser_core.confirmations")
ID_PREFIX = "confirm-"


class ElementNamed(TypedDict):
    id: str | None
    role: str
    name: str


class ActionSummary(TypedDict):
    """What a destructive action would do, as the human is asked about it (written by the server, never the page's
    own words only)."""

    effect: str
    action: str
    element: ElementNamed
    category: str
    reason: str
    objects: list[str]
    frame: str
    url: str
    title: str
    text: NotRequired[str]
    dialog: NotRequired[str]  # the native dialog's text that revealed the effect (held at the dialog)


class PendingPublic(TypedDict):
    """A pending action as a requires_confirmation result and a host's prompt show it."""

    confirmation_id: str
    summary: ActionSummary
    expires_in_s: int


@dataclass
class PendingAction:
    confirmation_id: str
    kind: str
    element_id: str | None
    params: ActionParams
    summary: ActionSummary
    url: str
    created_at: float
    expires_at: float
    used: bool = False
    status: str = "pending"
    page_asked: bool = False  # held on a page that asks a confirmation question (else it may lead to one)

    def public(self) -> PendingPublic:
        return {"confirmation_id": self.confirmation_id, "summary": self.summary,
                "expires_in_s": max(int(self.expires_at - time.time()), 0)}


@dataclass
class ConfirmationStore:
    ttl_s: float
    folder: Path | None = None
    _pending: dict[str, PendingAction] = field(default_factory=dict)

    def create(self, *, kind: str, element_id: str | None, params: ActionParams, summary: ActionSummary,
               url: str, page_asked: bool = False) -> PendingAction:
        now = time.time()
        pending = PendingAction(ID_PREFIX + secrets.token_hex(6), kind, element_id, params, summary, url,
                                now, now + self.ttl_s, page_asked=page_asked)
        self._write(pending)  # before it is live: a host that cannot read it must never see it run
        self._pending = {k: v for k, v in self._pending.items() if v.expires_at + self.ttl_s > now}  # bounded:
        self._pending[pending.confirmation_id] = pending  # one expired a whole ttl ago reads as unknown
        return pending

    def _write(self, pending: PendingAction) -> None:
        """The record a host's permission hook reads; if it cannot be written, nothing runs (fail closed)."""
        if self.folder is None:
            return
        record = {"confirmation_id": pending.confirmation_id, "status": pending.status, "summary": pending.summary,
                  "created_at": pending.created_at, "expires_at": pending.expires_at}
        path = self.folder / f"{pending.confirmation_id}.json"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path.write_text(redact(json.dumps(record, ensure_ascii=False, indent=1)), encoding="utf-8")
        except OSError as exc:  # the result still carries the summary; only a host's file view is missing
            log.warning("cannot write the pending-action file (BROWSER_ARTIFACTS_DIR)", path=str(path),
                        error=exc.strerror or str(exc))

    def get(self, confirmation_id: str) -> PendingAction | None:
        return self._pending.get(confirmation_id)

    def take(self, confirmation_id: str, status: str = "used") -> PendingAction:
        """The pending action, marked used (or declined); refuses unknown, expired and already used ids.

        The file a host reads is updated too, so it can tell an id is no longer live."""
        if not isinstance(confirmation_id, str) or not confirmation_id.startswith(ID_PREFIX):
            raise InvalidInput("confirmation_id must be the details.confirmation_id of a requires_confirmation result")
        pending = self._pending.get(confirmation_id)
        if pending is None:
            raise ConfirmationRefused(f"no pending action has the id {confirmation_id}", details={"reason": "unknown"})
        if pending.used:
            raise ConfirmationRefused(f"{confirmation_id} was already used; an action runs at most once",
                                      details={"reason": "used"})
        if time.time() > pending.expires_at:
            pending.status = "expired"
            self._write(pending)
            raise ConfirmationRefused(f"{confirmation_id} expired", details={"reason": "expired"})
        pending.used = True
        pending.status = status
        self._write(pending)
        return pending

