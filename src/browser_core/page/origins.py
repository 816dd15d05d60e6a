"""The origin of a frame, as the browser reports its URL (not as the page's own script could claim it).

``about:blank`` / ``about:srcdoc`` frames run with their parent's origin, a ``blob:`` URL carries its origin
inside it; ``data:`` and other schemes are opaque (None): nothing is trusted to them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.async_api import Frame

_DEFAULT_PORTS = {"http": 80, "https": 443}


def url_origin(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) URL (default ports dropped, host lower-cased), else None."""
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" if port in (None, _DEFAULT_PORTS[scheme]) else f"{scheme}://{host}:{port}"


def frame_origin(frame: Frame) -> str | None:
    """The origin the frame's document runs with, or None when it is opaque or unknown."""
    current: Frame | None = frame
    while current is not None:
        url = current.url
        if url not in ("about:blank", "about:srcdoc", ""):
            return url_origin(url)
        current = current.parent_frame
    return None
