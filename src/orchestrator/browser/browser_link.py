"""One browser for the whole session, shared by agents that run in separate CLI processes.

The orchestrator itself is the only client of the ``browser`` MCP server (one stdio session: one Chromium, one
page, element ids that stay valid from one agent to the next). Each agent's CLI gets an in-process SDK MCP server
named ``browser`` that lists only that agent's tools (least privilege in the schema itself, not only in a hook)
and forwards every call to the shared session, so tool names stay ``mcp__browser__<tool>``.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

import anyio
import mcp.types as mt
from claude_agent_sdk.types import McpSdkServerConfig, McpStdioServerConfig
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.server import Server

from orchestrator.agents import BROWSER_PREFIX
from orchestrator.preflight import StartError

CALL_TIMEOUT_S = 180.0
START_TIMEOUT_S = 60.0  # the server's process started and answered ``initialize`` and ``tools/list``
SHARED_MIN = 2  # a parameter this many of an agent's tools share is described once, in its system prompt
# Parameters that only tune how a call runs, not what it acts on: an agent's schema leaves them out and the server's
# defaults apply (a wait keeps its timeout: how long to wait is what it is asked). A model that sends one anyway is
# still served: the server checks every call against its own signature.
# ``include_boxes`` only shapes what comes back: boxes serve coordinate tools, which no agent here is given.
TUNING = frozenset({"timeout_ms", "wait_until", "image_format", "quality", "include_boxes"})
KEEPS_TUNING = frozenset({"wait_for"})
# Parameters whose work the agents here do another way (least privilege in the schema): an id carries its frame
# (f2e7) and a description is searched in every frame, so ``frame`` only narrows a search; a wait's ``load`` and
# ``ms`` wait for a load state or a fixed time, where the prompts wait for what they expect to see (a text, an
# element, a URL) and every action already waits for its page to load. (``modifiers`` stay: a second file or row
# picked by Control-click has no other way.) A model that sends one anyway is still served, as with ``TUNING``.
ELSEWHERE = frozenset({"frame", "load", "ms"})
FILLER = frozenset({"a", "an", "the", "to", "of", "in", "it", "its", "or", "and"})
UNSAID = (False, "")  # a default that is what leaving the parameter out reads as anyway (off, empty)


class BrowserServerGone(RuntimeError):
    """The browser server's process or pipe is gone."""


class BrowserServerStartError(StartError):
    """The browser server's command did not give an MCP session (missing program, it exited, it never answered)."""


class BrowserLink:
    """The orchestrator's own stdio session to the browser server, and per-agent proxies of it."""

    def __init__(
        self, config: McpStdioServerConfig, cwd: str | None = None, errlog: Any = None,
        start_timeout_s: float = START_TIMEOUT_S,
    ) -> None:
        self.config = config
        self.cwd = cwd
        self.errlog = errlog
        self.start_timeout_s = start_timeout_s
        self.tools: dict[str, mt.Tool] = {}
        self.session: ClientSession | None = None
        self.gone = ""
        self._task: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()

    async def connect(self) -> None:
        """Start the server and its session in a task of their own: the stdio transport's task group is then
        entered and left by that task, whatever scopes the caller opens between ``connect`` and ``close``.
        A server that does not start (within ``start_timeout_s``) is stopped again and raises
        ``BrowserServerStartError`` naming the command."""
        if self._task is not None:
            raise RuntimeError("the browser link is already connected: close() it first")
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._closing = asyncio.Event()
        self.gone = ""
        self._task = asyncio.create_task(self._serve(ready))
        try:
            with anyio.fail_after(self.start_timeout_s):
                await ready
        except BaseException as exc:
            await self.close()
            if not isinstance(exc, Exception):
                raise
            raise BrowserServerStartError(self._start_failure(exc)) from exc

    def _start_failure(self, exc: Exception) -> str:
        command = " ".join([self.config["command"], *(self.config.get("args") or [])])
        while isinstance(exc, ExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        if isinstance(exc, TimeoutError):
            why = f"it did not answer within {self.start_timeout_s:.0f} s"
        elif isinstance(exc, OSError):
            why = exc.strerror or str(exc)
        else:
            why = f"it stopped before answering ({type(exc).__name__}: {exc})" if str(exc) else "it stopped"
        return f"the browser server did not start: {why} (ORCH_MCP_COMMAND: {command})"

    async def _serve(self, ready: asyncio.Future[None]) -> None:
        params = StdioServerParameters(
            command=self.config["command"], args=list(self.config.get("args") or []),
            env=dict(self.config.get("env") or {}), cwd=self.cwd,
        )
        kwargs = {"errlog": self.errlog} if self.errlog is not None else {}
        try:
            async with stdio_client(params, **kwargs) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                listed = await session.list_tools()
                self.tools = {t.name: t for t in listed.tools}
                self.session = session
                ready.set_result(None)
                await self._closing.wait()
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(exc if isinstance(exc, Exception) else RuntimeError(repr(exc)))
            elif not self._closing.is_set():
                self.gone = self.gone or f"connection closed ({type(exc).__name__})"
            if not isinstance(exc, Exception):
                raise
        finally:
            self.session = None

    async def close(self) -> None:
        """Stop the server (gracefully once it is serving, at once while it is still starting); twice is fine."""
        task, self._task = self._task, None
        if task is None:
            return
        self._closing.set()
        if self.session is None and not task.done():
            task.cancel()  # still starting: nothing to finish gracefully
        with anyio.move_on_after(15, shield=True):
            await asyncio.wait({task})
        if not task.done():
            task.cancel()

    async def call(self, name: str, arguments: Mapping[str, object]) -> mt.CallToolResult:
        """Forward one call. A dead server answers with an error result naming it (the hooks stop the run)."""
        if self.session is None or self.gone:
            return _error(f"browser server not connected: {self.gone or 'closed'}")
        try:
            with anyio.fail_after(CALL_TIMEOUT_S):
                return await self.session.call_tool(name, dict(arguments))
        except TimeoutError:
            return _error(f"browser server did not answer {name} within {CALL_TIMEOUT_S:.0f} s")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError) as exc:
            self.gone = f"connection closed ({type(exc).__name__})"
            return _error(f"browser server connection closed: {exc!r}")
        except Exception as exc:  # noqa: BLE001 - an MCP error (arguments refused, ...) or a bad reply: the agent sees it as an error result
            return _error(f"{type(exc).__name__}: {exc}")

    def proxy(self, names: frozenset[str]) -> McpSdkServerConfig:
        """An in-process ``browser`` server for one agent: its tools only, calls forwarded to the session.
        Parameters several of its tools share are described once (``shared_parameters``, in the agent's system
        prompt), not in every schema; the server still checks every call against its own signature."""
        tools = [lean_tool(t, self.shared(names)) for t in self._chosen(names)]
        allowed = {t.name for t in tools}

        async def on_list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
            return mt.ListToolsResult(tools=tools)

        async def on_call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
            if params.name not in allowed:
                return _error(f"{params.name} is not among this agent's tools")
            return await self.call(params.name, dict(params.arguments or {}))

        server: Server[Any] = Server("browser", version="1", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
        return McpSdkServerConfig(type="sdk", name="browser", instance=server)


    def _chosen(self, names: frozenset[str]) -> list[mt.Tool]:
        wanted = {n[len(BROWSER_PREFIX):] if n.startswith(BROWSER_PREFIX) else n for n in names}
        return [tool for name, tool in self.tools.items() if name in wanted]

    def shared(self, names: frozenset[str]) -> dict[str, Shared]:
        """Parameters at least ``SHARED_MIN`` of these tools have with the same description and type: name → both."""
        seen: dict[tuple[str, Shared], int] = {}
        for tool in self._chosen(names):
            for param, schema in offered(tool).items():
                text = schema.get("description") if isinstance(schema, dict) else None
                if text and not restates(param, tool.name, str(text)):
                    key = (param, Shared(str(text), json.dumps(schema.get("type"))))
                    seen[key] = seen.get(key, 0) + 1
        return {param: both for (param, both), n in sorted(seen.items()) if n >= SHARED_MIN}

    def shared_parameters(self, names: frozenset[str]) -> str:
        """The line an agent's system prompt gets for the parameters its tools share (empty when none): each
        parameter's type and description, said once here instead of in every schema."""
        shared = self.shared(names)
        if not shared:
            return ""
        return "Shared parameters: " + "; ".join(f"`{p}`{s.said_type}: {s.text.rstrip('.')}"
                                                 for p, s in shared.items()) + "."


class Shared(NamedTuple):
    """A parameter's description and JSON type (as JSON text) that several of an agent's tools share."""

    text: str
    type: str

    @property
    def said_type(self) -> str:
        """`` (string)``, `` (string or integer)``, or nothing when the schema gives no type."""
        kinds = json.loads(self.type)
        kinds = kinds if isinstance(kinds, list) else [kinds] if kinds else []
        return f" ({' or '.join(map(str, kinds))})" if kinds else ""


def offered(tool: mt.Tool) -> dict[str, Any]:  # boundary: JSON Schema
    """The parameters an agent's schema of ``tool`` lists: neither ``TUNING`` (unless the tool keeps it) nor
    ``ELSEWHERE``."""
    props = tool.input_schema.get("properties")
    left_out = ELSEWHERE | (frozenset() if tool.name in KEEPS_TUNING else TUNING)
    return {k: v for k, v in props.items() if k not in left_out} if isinstance(props, dict) else {}


def restates(param: str, tool: str, text: str) -> bool:
    """Whether a parameter's description only repeats words of its own name or of its tool's name and description
    (``direction``: "Direction.", ``text`` of ``type_text``: "Text to type.", ``into_view`` of a tool that can
    "bring an element into view": "Scroll the element into view."): the schema says as much."""
    said = set(re.findall(r"[a-z0-9]+", text.lower())) - FILLER
    return bool(said) and said <= set(re.findall(r"[a-z0-9]+", f"{param} {tool}".lower().replace("_", " ")))


def lean_tool(tool: mt.Tool, shared: dict[str, Shared]) -> mt.Tool:
    """``tool`` without the descriptions and types of shared parameters (said once, in the agent's system prompt:
    ``{}`` is left), without the descriptions of parameters the tool's description already explains
    (``name=value``) or whose description only restates the name or lists its enum's values, without defaults that
    say off or empty (``UNSAID``), without the ``TUNING`` and ``ELSEWHERE`` parameters, and without
    ``additionalProperties`` (the server refuses unknown arguments by name either way)."""
    schema = {k: v for k, v in tool.input_schema.items() if k != "additionalProperties"}
    props = schema.get("properties")

    named = set(re.findall(r"[a-z_]+(?==)", tool.description or ""))  # named in it: "clear_first=false"
    context = f"{tool.name} {tool.description or ''}"

    def lean(name: str, p: Any) -> Any:
        if not isinstance(p, dict):
            return p
        text = p.get("description")
        said = f"{context} {' '.join(map(str, p.get('enum') or []))}"
        drop = {"default"} if "default" in p and p["default"] in UNSAID else set()
        if shared.get(name) == Shared(str(text), json.dumps(p.get("type"))):
            drop |= {"description", "type"}
        elif text is not None and (name in named or restates(name, said, text)):
            drop.add("description")
        return {k: v for k, v in p.items() if k not in drop}

    if isinstance(props, dict):
        schema["properties"] = {name: lean(name, p) for name, p in offered(tool).items()}
    return tool.model_copy(update={"input_schema": schema})


def _error(text: str) -> mt.CallToolResult:
    return mt.CallToolResult(content=[mt.TextContent(type="text", text=text)], isError=True)
