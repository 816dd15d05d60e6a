"""A fleet of browser servers (``BROWSER_ENDPOINTS``): the list, and how many sessions each one holds now.

Every server that takes an endpoint holds a lease: a file under ``<lease_dir>/<endpoint hash>/`` locked
(``flock``) for as long as the session lives. The load of an endpoint is the number of its lease files still
locked; a file whose holder died is unlocked (the kernel drops the lock with the process) and is swept. Picking
and taking happen under one lock of the lease folder, so two servers starting together never take the last slot
twice.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit, urlunsplit

from browser_core.errors import ConfigurationError

DEFAULT_LIMIT = 4


@dataclass(frozen=True)
class Endpoint:
    url: str
    limit: int = DEFAULT_LIMIT

    @property
    def shown(self) -> str:
        return shown(self.url)


def shown(url: str) -> str:
    """The URL as logs and errors show it: no query (browserless passes ?token=) and no user:password."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def parse_endpoints(text: str) -> list[Endpoint]:
    """``ws://a:1/#4,ws://b:2/#2`` or JSON ``[{"url": ..., "limit": ...}]``; a bad entry names the setting."""
    text = text.strip()
    if not text:
        return []
    if text.startswith("["):
        try:
            items = json.loads(text)
            found = [Endpoint(str(i["url"]), int(i.get("limit", DEFAULT_LIMIT))) for i in items]
        except (ValueError, TypeError, KeyError) as exc:
            raise ConfigurationError(f"BROWSER_ENDPOINTS is not a JSON list of {{url, limit}}: {exc}") from exc
    else:
        found = []
        for entry in filter(None, (e.strip() for e in text.split(","))):
            url, _, limit = entry.partition("#")
            if not limit.isdigit():
                if limit:
                    raise ConfigurationError(f"BROWSER_ENDPOINTS: {shown(url)}#{limit}: the limit must be a number")
                limit = str(DEFAULT_LIMIT)
            found.append(Endpoint(url, int(limit)))
    for e in found:
        if urlsplit(e.url).scheme not in ("ws", "wss") or e.limit < 1:
            raise ConfigurationError(f"BROWSER_ENDPOINTS: {e.shown} (limit {e.limit}): each entry is ws:// or "
                                     "wss:// with a limit of at least 1")
    return found


class Lease:
    """One session's slot on an endpoint: a locked file, released on ``release()`` or when the process dies."""

    def __init__(self, endpoint: Endpoint, path: Path, handle: IO[str]) -> None:
        self.endpoint, self.path, self._handle = endpoint, path, handle

    def release(self) -> None:
        if self._handle.closed:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        self._handle.close()


class LeaseBook:
    """The lease folder shared by every server on this machine pointing at the same fleet."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def folder(self, endpoint: Endpoint) -> Path:
        return self.root / hashlib.sha256(endpoint.url.encode()).hexdigest()[:16]

    def load(self, endpoint: Endpoint) -> int:
        """Sessions holding the endpoint now (stale lease files are removed)."""
        count = 0
        for path in self.folder(endpoint).glob("*.lease"):
            try:
                with path.open("a") as probe:
                    fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                count += 1
                continue
            except OSError:
                continue
            with contextlib.suppress(OSError):
                path.unlink()  # its holder is gone
        return count

    def take(self, endpoints: list[Endpoint], skip: set[str] | frozenset[str] = frozenset()) -> Lease | None:
        """A lease on the least-loaded endpoint (load / limit) with a free slot, or None when all are full."""
        self.root.mkdir(parents=True, exist_ok=True)
        with (self.root / ".pick").open("a") as pick:
            fcntl.flock(pick, fcntl.LOCK_EX)
            ranked = sorted(((self.load(e) / e.limit, i, e) for i, e in enumerate(endpoints) if e.url not in skip))
            for share, _, endpoint in ranked:
                if share < 1:
                    return self._lease(endpoint)
        return None

    def loads(self, endpoints: list[Endpoint]) -> str:
        return ", ".join(f"{e.shown} {self.load(e)}/{e.limit}" for e in endpoints)

    def _lease(self, endpoint: Endpoint) -> Lease:
        folder = self.folder(endpoint)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{os.getpid()}-{uuid.uuid4().hex[:8]}.lease"
        handle = path.open("a")
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        handle.write(endpoint.url)
        handle.flush()
        return Lease(endpoint, path, handle)
