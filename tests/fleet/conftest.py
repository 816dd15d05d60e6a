"""Local Playwright browser servers (``python -m playwright run-server``) on loopback ports: a small fleet.

Each server launches the system Chromium the client names in its ``x-playwright-launch-options`` header
(``--unsafe`` lets it take an ``executablePath``); the tests reach them exactly as a user reaches a grid.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import pytest

from browser_core.settings import BrowserSettings

START_TIMEOUT_S = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch_options() -> dict[str, object]:
    executable = BrowserSettings().resolve_executable()
    return {"executablePath": str(executable)} if executable else {}


def answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _children(pid: int) -> list[int]:
    """The processes ``pid``'s threads started (none once it has exited)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


@dataclass
class BrowserServer:
    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "playwright", "run-server", "--port", str(self.port), "--host", "127.0.0.1",
             "--unsafe"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        with anyio.fail_after(START_TIMEOUT_S):
            while not answers(self.port):
                assert self.proc.poll() is None, "the browser server exited"
                await anyio.sleep(0.05)

    def browsers(self) -> int:
        """Browsers this server runs now (one per connected session): Chromium main processes under it. Read down
        its own process tree (``/proc/<pid>/task/<tid>/children``), not the whole process table: the tests poll it
        several times a second for each server of the fleet."""
        if self.proc is None:
            return 0
        count, level = 0, [self.proc.pid]
        for _ in range(4):  # python -> node -> chromium (what a browser starts is not looked into)
            below = []
            for child in (child for pid in level for child in _children(pid)):
                if _name(child) == "chromium":
                    count += 1
                else:
                    below.append(child)
            level = below
        return count

    def kill(self) -> None:
        """As a lost machine: the server and every browser it launched, at once."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


@dataclass
class Fleet:
    servers: list[BrowserServer] = field(default_factory=list)

    def env(self, limit: int = 2) -> dict[str, str]:
        return {"BROWSER_ENDPOINTS": ",".join(f"{s.url}#{limit}" for s in self.servers),
                "BROWSER_WS_LAUNCH_OPTIONS": json.dumps(launch_options())}


async def start_fleet(n: int) -> Fleet:
    fleet = Fleet([BrowserServer(free_port()) for _ in range(n)])
    async with anyio.create_task_group() as tg:
        for server in fleet.servers:
            tg.start_soon(server.start)
    return fleet


@pytest.fixture
def fleet_of() -> Iterator[object]:
    """``await fleet_of(n)``: n browser servers, all killed at the end of the test."""
    started: list[Fleet] = []

    async def make(n: int) -> Fleet:
        fleet = await start_fleet(n)
        started.append(fleet)
        return fleet

    yield make
    for fleet in started:
        for server in fleet.servers:
            server.kill()
