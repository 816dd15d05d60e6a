"""What a long session keeps per event is bounded: refused popups, a dialog witness's unmatched dialogs."""

from __future__ import annotations

from typing import Any, cast

from browser_core.security.url_policy import MAX_BLOCKED_POPUPS_KEPT, HostPolicy, _ContextGuard
from browser_core.session.dialog_carry import MAX_DIALOGS_KEPT, FrameWitness


def test_refused_popups_waiting_for_their_window_are_bounded() -> None:
    guard = _ContextGuard(HostPolicy.from_strings("", "blocked.example"), lambda kind, detail: None)
    for n in range(MAX_BLOCKED_POPUPS_KEPT * 5):
        guard.blocked_popups.append(f"https://blocked.example/{n}")
    assert len(guard.blocked_popups) == MAX_BLOCKED_POPUPS_KEPT
    assert guard.blocked_popups[-1] == f"https://blocked.example/{MAX_BLOCKED_POPUPS_KEPT * 5 - 1}"


def test_a_dialog_loop_keeps_only_the_newest_unmatched_dialogs() -> None:
    witness = FrameWitness(cast(Any, None))
    for n in range(MAX_DIALOGS_KEPT * 10):
        witness._opened({"type": "alert", "message": f"loop {n}", "frameId": "main"})
    assert len(witness.seen) == MAX_DIALOGS_KEPT
    assert witness.seen[-1]["message"] == f"loop {MAX_DIALOGS_KEPT * 10 - 1}"
