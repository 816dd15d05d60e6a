"""The human at the keyboard: confirmations of destructive actions, hand-offs (type a password, solve a captcha)
and the line reader the terminal uses.

``Human`` is what the security gate and the stuck detector call. ``TerminalHuman`` asks on the terminal,
``ScriptedHuman`` replays an answers file, ``NoHuman`` (non-interactive runs) says no to everything.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Protocol, TextIO

import anyio
from pydantic import BaseModel, JsonValue
from rich.console import Console
from rich.panel import Panel

YES = frozenset({"y", "yes", "ok", "done", "continue", "да"})


class ConfirmRequest(BaseModel):
    """A pending destructive action as the *server* described it (never the model's words)."""

    confirmation_id: str
    summary: dict[str, JsonValue]  # the browser server's action summary, as its pending file or result says it
    expires_at: float | None = None
    status: str = "pending"

    def describe(self) -> str:
        s = self.summary
        element = s.get("element")
        if isinstance(element, dict):
            element = f"{element.get('role', '')} '{element.get('name', '')}' [{element.get('id', '')}]".strip()
        parts = [f"{s.get('action', '?')} ({s.get('category', '?')})", f"element: {element or '?'}"]
        if s.get("effect"):
            parts.insert(0, f"effect: {s['effect']}")  # the server's words: what will happen, to which objects
        if s.get("frame"):
            parts.append(f"frame: {s['frame']}")
        parts.append(f"page: {s.get('title', '')} <{s.get('url', '')}>")
        return "\n".join(parts)


class Human(Protocol):
    interactive: bool  # a Human may also name itself for the run record: ``who = "The answers file"``

    async def confirm(self, request: ConfirmRequest) -> bool: ...

    async def handoff(self, message: str) -> bool: ...


class NoHuman:
    """Nobody is there: every destructive action is denied, every hand-off fails."""

    interactive = False
    who = "Non-interactive run: the default"

    async def confirm(self, request: ConfirmRequest) -> bool:
        return False

    async def handoff(self, message: str) -> bool:
        return False


class ScriptedHuman:
    """Replays decisions from an answers file (``confirm: [yes, no]``, ``handoff: [yes]``); no = default."""

    interactive = False
    who = "The answers file"

    def __init__(self, confirms: list[bool], handoffs: list[bool]) -> None:
        self.confirms = list(confirms)
        self.handoffs = list(handoffs)
        self.seen: list[str] = []

    async def confirm(self, request: ConfirmRequest) -> bool:
        self.seen.append(request.describe())
        return self.confirms.pop(0) if self.confirms else False

    async def handoff(self, message: str) -> bool:
        self.seen.append(message)
        return self.handoffs.pop(0) if self.handoffs else False


class LineReader:
    """Lines from a text stream, read by one background thread, awaited with a timeout (no lost lines)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self._queue: asyncio.Queue[str | None] | None = None
        self._thread: threading.Thread | None = None

    def _start(self) -> asyncio.Queue[str | None]:
        if self._queue is None:
            loop = asyncio.get_running_loop()
            queue: asyncio.Queue[str | None] = asyncio.Queue()
            self._queue = queue

            def pump() -> None:
                while True:
                    line = self.stream.readline()
                    loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\r\n") if line else None)
                    if not line:
                        return

            self._thread = threading.Thread(target=pump, name="stdin-lines", daemon=True)
            self._thread.start()
        return self._queue

    async def read(self, wait_s: float | None = None) -> str | None:
        """The next line; ``None`` at end of input. Raises ``TimeoutError`` after ``wait_s`` seconds."""
        queue = self._start()
        with anyio.fail_after(wait_s):
            line = await queue.get()
        if line is None:
            queue.put_nowait(None)  # stay at EOF for later readers
        return line


class TerminalHuman:
    interactive = True
    who = "The human"

    def __init__(self, console: Console, reader: LineReader, confirm_timeout_s: float, handoff_timeout_s: float):
        self.console = console
        self.reader = reader
        self.confirm_timeout_s = confirm_timeout_s
        self.handoff_timeout_s = handoff_timeout_s

    async def ask_line(self, prompt: str, wait_s: float) -> str | None:
        self.console.print(prompt, end="")
        self.console.file.flush()
        try:
            return await self.reader.read(wait_s)
        except TimeoutError:
            self.console.print("\n[yellow]no answer in time[/]")
            return None

    async def confirm(self, request: ConfirmRequest) -> bool:
        self.console.print(
            Panel(request.describe(), title="Confirm destructive action (described by the browser server)")
        )
        reply = await self.ask_line("Allow this action? [y/N] ", self.confirm_timeout_s)
        return (reply or "").strip().lower() in YES

    async def handoff(self, message: str) -> bool:
        self.console.print(Panel(message, title="Your turn in the browser window"))
        reply = await self.ask_line("Type 'done' when finished (or 'stop'): ", self.handoff_timeout_s)
        return (reply or "").strip().lower() in YES
