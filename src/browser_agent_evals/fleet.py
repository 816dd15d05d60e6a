"""Tasks spread over a fleet of browser servers (``BROWSER_ENDPOINTS`` / ``--endpoints``), with back-pressure.

A task takes a slot on the least-loaded live endpoint (load / limit) and waits while every one is full; it gives
the slot back when it ends. A task that did not pass on an endpoint that no longer answers was cut short by the
endpoint, not judged: the endpoint is marked lost (no new task goes there) and the task runs once more elsewhere,
marked ``retried``. Its result is the retry's own: nothing is reported passed that did not pass.
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import anyio

from browser_core.session.leases import Endpoint

PROBE_S = 2.0


def answers(endpoint: Endpoint) -> bool:
    """Whether anything listens at the endpoint's host and port (a lost machine or a killed server does not)."""
    parts = urlsplit(endpoint.url)
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", port), timeout=PROBE_S):
            return True
    except OSError:
        return False


class FleetSlots:
    def __init__(self, endpoints: list[Endpoint]) -> None:
        self.endpoints = endpoints
        self.load = {e.url: 0 for e in endpoints}
        self.lost: set[str] = set()
        self._changed = anyio.Condition()

    @property
    def capacity(self) -> int:
        return sum(e.limit for e in self.endpoints)

    def describe(self) -> str:
        return ", ".join(f"{e.shown}#{e.limit}" for e in self.endpoints)

    async def take(self) -> Endpoint | None:
        """A slot on the least-loaded live endpoint, waiting for one to be free; None when every endpoint is lost."""
        async with self._changed:
            while True:
                live = [e for e in self.endpoints if e.url not in self.lost]
                if not live:
                    return None
                free = [e for e in live if self.load[e.url] < e.limit]
                if free:
                    chosen = min(free, key=lambda e: self.load[e.url] / e.limit)
                    self.load[chosen.url] += 1
                    return chosen
                await self._changed.wait()

    async def give_back(self, endpoint: Endpoint) -> None:
        async with self._changed:
            self.load[endpoint.url] -= 1
            self._changed.notify_all()

    async def still_there(self, endpoint: Endpoint) -> bool:
        """Probe the endpoint; a lost one is marked so and every waiting task looks again."""
        if endpoint.url not in self.lost and await anyio.to_thread.run_sync(answers, endpoint):
            return True
        async with self._changed:
            self.lost.add(endpoint.url)
            self._changed.notify_all()
        return False
