"""The pieces every section of ``report.html`` is made of: record text as HTML text (redacted, clipped, escaped:
page text is data, never markup), badges, compact JSON, and the run folder's images inlined as ``data:`` URIs."""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from browser_core.redaction import redact
from orchestrator.records.run_folder import IMAGE_TYPES

MAX_IMAGES = 400  # beyond this many, an image is linked from the folder instead of inlined
MAX_TEXT = 1500


def t(value: Any, limit: int = MAX_TEXT) -> str:
    """Record text as HTML text: redacted, clipped, escaped (page text is data, never markup)."""
    text = redact(str(value if value is not None else ""))
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text)} chars)"
    return html.escape(text, quote=True)


def badge(ok: bool | None, text: str) -> str:
    kind = "" if ok is None else (" ok" if ok else " bad")
    return f'<span class="badge{kind}">{t(text)}</span>'


class ImageInliner:
    """Images of the run folder as ``data:`` URIs (only files inside its screenshots folder)."""

    def __init__(self, folder: Path) -> None:
        self.root = (folder / "screenshots").resolve()
        self.count = 0

    def img(self, path: Path, alt: str, css: str = "thumb") -> str:
        resolved = path.resolve()
        mime = IMAGE_TYPES.get(resolved.suffix.lower())
        if mime is None or resolved.parent != self.root or not resolved.is_file():
            return ""
        self.count += 1
        if self.count > MAX_IMAGES:
            return f'<span class="muted">(not inlined: screenshots/{t(resolved.name)})</span>'
        data = base64.b64encode(resolved.read_bytes()).decode("ascii")
        return f'<img class="{css}" alt="{t(alt)}" src="data:{mime};base64,{data}">'


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str) if value else ""
