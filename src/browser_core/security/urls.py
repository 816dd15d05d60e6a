"""URL checks done before any navigation: scheme policy and friendly normalisation."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from browser_core.errors import InvalidInput, UrlNotAllowed
from browser_core.security.url_policy import HostPolicy
from browser_core.settings import BrowserSettings

_HOSTLIKE = re.compile(r"^(localhost|[\w-]+(\.[\w-]+)+|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d+)?([/?#].*)?$", re.I)
_ALWAYS_REFUSED = ("javascript", "data", "chrome", "chrome-extension", "devtools", "view-source", "blob", "ftp")


def normalise_url(raw: str, settings: BrowserSettings) -> str:
    """A navigable URL for ``raw``, or a typed error saying why not; nothing is opened here."""
    url = _plain_text(raw)
    if url == "about:blank":
        return url
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme in _ALWAYS_REFUSED:
        raise UrlNotAllowed(f"{scheme}: URLs are not allowed")
    if scheme == "file":
        if not settings.allow_file_urls:
            raise UrlNotAllowed("file: URLs are refused (set BROWSER_ALLOW_FILE_URLS=true for local testing)")
        return url
    url = _with_scheme(url, raw)
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https"):
        raise UrlNotAllowed(f"{parts.scheme}: URLs are not allowed (only http, https and about:blank)")
    if not parts.hostname:
        raise InvalidInput(f"'{raw[:200]}' has no host")
    refusal = HostPolicy.from_strings(settings.allowed_hosts, settings.blocked_hosts).refusal(url)
    if refusal:
        raise UrlNotAllowed(f"{url[:200]}: {refusal}")
    return url


def _plain_text(raw: str) -> str:
    """``raw`` stripped, refused when empty, too long or holding control characters."""
    url = (raw or "").strip()
    if not url:
        raise InvalidInput("url is empty", hint="Pass a full URL such as https://example.com/")
    if len(url) > 8192:
        raise InvalidInput("url is longer than 8192 characters")
    if any(c in url for c in "\n\r\t"):
        raise InvalidInput("url contains control characters")
    return url


def _with_scheme(url: str, raw: str) -> str:
    """``example.com/x`` → ``https://example.com/x`` (``http://`` for the local machine); a URL with a scheme as is."""
    if re.match(r"^[a-z][a-z0-9+.-]*://", url, re.I):
        return url
    if not _HOSTLIKE.match(url):
        raise InvalidInput(f"'{raw[:200]}' is not a URL", hint="Pass a full URL such as https://example.com/")
    local = url.startswith(("localhost", "127.", "[::1]"))
    return ("http://" if local else "https://") + url
