"""Drive ``python -m orchestrator`` through a pseudo-terminal, as a person at a terminal would."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import subprocess
import threading
from pathlib import Path

import anyio

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\r")


class PtySession:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, stderr: Path) -> None:
        master, slave = pty.openpty()
        self._stderr = stderr.open("wb")
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=self._stderr, env=env, cwd=cwd,
                                     close_fds=True)
        os.close(slave)
        self.master = master
        self.raw = bytearray()
        self._cond = threading.Condition()
        self._seen = 0
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            with self._cond:
                if not chunk:
                    self._seen = -1
                    self._cond.notify_all()
                    return
                self.raw += chunk
                self._cond.notify_all()

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", errors="replace"))

    async def expect(self, pattern: str, *, after: int = 0, limit_s: float = 60) -> int:
        """Wait until ``pattern`` appears in the cleaned output after position ``after``; its end position."""

        def wait_once() -> None:
            with self._cond:
                self._cond.wait(timeout=1)

        with anyio.fail_after(limit_s):
            while True:
                text = self.text
                found = text.find(pattern, after)
                if found != -1:
                    return found + len(pattern)
                if self._seen == -1 or self.proc.poll() is not None:
                    raise AssertionError(f"process ended before {pattern!r}:\n{text[-3000:]}")
                await anyio.to_thread.run_sync(wait_once)

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    async def wait(self, limit_s: float = 60) -> int:
        def wait_once() -> None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1)

        with anyio.fail_after(limit_s):
            while self.proc.poll() is None:
                await anyio.to_thread.run_sync(wait_once)
        return int(self.proc.returncode)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        os.close(self.master)
        self._stderr.close()
