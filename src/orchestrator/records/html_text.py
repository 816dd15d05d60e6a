"""The pieces every section of ``report.html`` is made of: record text made safe to show (redacted and clipped;
the templates escape it: page text is data, never markup), compact JSON, and the run folder's images inlined as
``data:`` URIs."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_core.redaction import redact
from orchestrator.records.run_folder import IMAGE_TYPES

MAX_IMAGES = 400  # beyond this many, an image is linked from the folder instead of inlined
MAX_TEXT = 1500


def clip(value: object, limit: int = MAX_TEXT) -> str:
    """Record text as a person may see it: redacted and clipped (the template escapes it)."""
    text = redact(str(value if value is not None else ""))
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text)} chars)"
    return text


@dataclass(frozen=True)
class Image:
    """An image of the run folder: inlined (``src`` is a ``data:`` URI) or, past the limit, only named."""

    alt: str
    css: str
    name: str
    src: str = ""


class ImageInliner:
    """Images of the run folder as ``data:`` URIs (only files inside its screenshots folder)."""

    def __init__(self, folder: Path) -> None:
        self.root = (folder / "screenshots").resolve()
        self.count = 0

    def img(self, path: Path, alt: str, css: str = "thumb") -> Image | None:
        resolved = path.resolve()
        mime = IMAGE_TYPES.get(resolved.suffix.lower())
        if mime is None or resolved.parent != self.root or not resolved.is_file():
            return None
        self.count += 1
        if self.count > MAX_IMAGES:
            return Image(alt, css, resolved.name)
        data = base64.b64encode(resolved.read_bytes()).decode("ascii")
        return Image(alt, css, resolved.name, f"data:{mime};base64,{data}")


def compact(value: Any) -> str:  # boundary: any JSON value of a record
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str) if value else ""
