"""How a field holding a named secret is marked and masked: in results, in observe's listing, in screenshots.

The field is marked (an attribute naming the secret) before the value is set; the walker lists a marked field's
value as the mask, and every screenshot is taken with ``SCREENSHOT_STYLE``, which paints marked fields over in
every frame while the picture is taken.
"""

from __future__ import annotations

MARK_ATTRIBUTE = "data-agent-secret"
SCREENSHOT_STYLE = (
    f"[{MARK_ATTRIBUTE}] {{ color: transparent !important; "
    "-webkit-text-fill-color: transparent !important; text-shadow: none !important; "
    "background: #1f2328 !important; caret-color: transparent !important; outline: none !important; }"
)


def masked(name: str) -> str:
    """What a result says instead of the value: ``•••• (secret github_password)``."""
    return f"•••• (secret {name})"
