"""A user's view of processes for the newcomer tests: a stdio MCP session over a subprocess the test owns (so it
can close stdin or send a signal itself), and every process still alive that descends from a run (found by a tag
in the environment, which every child inherits — Xvfb and Chromium included, even once orphaned)."""

from __future__ import annotations

import os
import signal
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from subprocess import PIPE
from typing import Any

import anyio
import mcp_types as types
from anyio.abc import Process
from anyio.streams.text import TextReceiveStream
from mcp.client.session import ClientSession
from mcp.shared.message import SessionMessage

TAG_NAME = "NEWCOMER_TEST_TAG"


def new_tag() -> str:
    return uuid.uuid4().hex


def tagged_processes(tag: str) -> dict[int, str]:
    """pid → command line of every live (non-zombie) process whose environment carries the tag."""
    needle = f"{TAG_NAME}={tag}".encode()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            if (entry / "stat").read_text().split(") ", 1)[1].startswith("Z"):
                continue
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        found[int(entry.name)] = cmd
    return found


async def wait_until_gone(tag: str, limit_s: float) -> dict[int, str]:
    """The tagged processes still alive after at most ``limit_s`` (empty = all gone)."""
    left = tagged_processes(tag)
    with anyio.move_on_after(limit_s):
        while left:
            await anyio.sleep(0.1)  # polling the process table: there is no event for "a process exited"
            left = tagged_processes(tag)
    return left


@dataclass
class StdioRun:
    process: Process
    session: ClientSession
    stderr_lines: list[str] = field(default_factory=list)

    async def call(self, tool: str, **arguments: Any) -> types.CallToolResult:
        return await self.session.call_tool(tool, arguments, read_timeout_seconds=90)


def _sigint_as_from_a_terminal() -> None:
    """A pytest-xdist worker ignores SIGINT, and an ignored signal stays ignored in every child (bash and Python
    would never see Ctrl-C); a caught one is reset to its default on exec."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@asynccontextmanager
async def stdio_run(argv: list[str], env: dict[str, str], cwd: Path) -> AsyncIterator[StdioRun]:
    """Start ``argv``, speak MCP over its stdin/stdout, collect its stderr lines; the caller ends it its way."""
    _sigint_as_from_a_terminal()
    process = await anyio.open_process(argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=env, cwd=str(cwd))
    assert process.stdin and process.stdout and process.stderr
    to_client, from_server = anyio.create_memory_object_stream[SessionMessage | Exception](16)
    to_server, from_client = anyio.create_memory_object_stream[SessionMessage](16)
    run_stderr: list[str] = []

    async def read_stdout() -> None:
        async with to_client:
            buffer = ""
            async for chunk in TextReceiveStream(process.stdout):  # type: ignore[arg-type]
                buffer += chunk
                *lines, buffer = buffer.split("\n")
                for line in lines:
                    if line.strip():
                        message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                        await to_client.send(SessionMessage(message))

    async def write_stdin() -> None:
        async with from_client:
            async for message in from_client:
                data = message.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                await process.stdin.send(data.encode())  # type: ignore[union-attr]

    async def read_stderr() -> None:
        async for chunk in TextReceiveStream(process.stderr):  # type: ignore[arg-type]
            run_stderr.extend(chunk.splitlines())

    async with anyio.create_task_group() as group:
        group.start_soon(read_stdout)
        group.start_soon(write_stdin)
        group.start_soon(read_stderr)
        try:
            async with ClientSession(from_server, to_server) as session:
                await session.initialize()
                yield StdioRun(process, session, run_stderr)
        finally:
            group.cancel_scope.cancel()
            with anyio.CancelScope(shield=True), anyio.move_on_after(5):
                if process.returncode is None:
                    process.kill()
                await process.wait()


def clean_env(tag: str, **extra: str) -> dict[str, str]:
    """The user's environment without settings of ours, plus the tag."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BROWSER_", "ORCH_", "PYTEST", "NEWCOMER"))}
    if os.environ.get("BROWSER_EXECUTABLE_PATH"):
        env["BROWSER_EXECUTABLE_PATH"] = os.environ["BROWSER_EXECUTABLE_PATH"]
    return env | {TAG_NAME: tag} | extra
