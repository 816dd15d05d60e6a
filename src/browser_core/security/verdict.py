"""The gate's verdict on one action: its consequential category, why, the effect as the human reads it, and the
records it names (``detector.py`` reads it from a control, ``dialog_gate.py`` from a native dialog)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Verdict:
    category: str
    reason: str
    effect: str = ""
    objects: tuple[str, ...] = field(default=())
    said: str = ""  # the app's own dialog's words, when they decided the act (a loss the dialog asks about)
