"""How a tool is declared (``define_tool``) and handed to MCPServer (``mcp_callable``); every call then runs the
one declared chain of ``pipeline.py`` (act, fence, record, notes, envelope: redacted and capped).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ToolAnnotations

from browser_core.errors import ToolFailure
from browser_core.results import ResultMetadata, failure
from browser_core.session import BrowserSession
from mcp_server.cancellation import stray_cancellation
from mcp_server.human import elicitation_asker
from mcp_server.pipeline import envelope_result, run_chain

ToolFn = Callable[..., Awaitable[Any]]

TARGET_NOTE = ""  # targets are explained once, in the parameters (element_id / element_description / role)


@dataclass(frozen=True)
class ToolDef:
    """A tool as data: the function (first parameter: the session), its description and hints."""

    name: str
    fn: ToolFn
    title: str
    description: str
    read_only: bool
    destructive: bool
    idempotent: bool
    timeout_s: float
    more_hint: str = ""
    human_gate: bool = False
    needs_page: bool = True  # false: works with no tab open (navigate opens one)
    leaves_page: bool = False  # leaves the page (navigate, close_tab): closes the network line's window
    probes_stuck_tab: bool = True  # false: waits for the page by design, or acts on another tab (session/stuck.py)

    @property
    def annotations(self) -> ToolAnnotations:
        return ToolAnnotations(
            title=self.title,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent,
            open_world_hint=True,
        )


def define_tool(
    *,
    title: str,
    read_only: bool,
    destructive: bool = False,
    idempotent: bool = False,
    timeout_s: float = 30.0,
    more_hint: str = "",
    targets: bool = False,
    human_gate: bool = False,
    needs_page: bool = True,
    leaves_page: bool = False,
    probes_stuck_tab: bool = True,
) -> Callable[[ToolFn], ToolDef]:
    """Declare a tool; its docstring is the description the model reads (its lines joined: one paragraph)."""

    def wrap(fn: ToolFn) -> ToolDef:
        return ToolDef(
            name=fn.__name__,
            fn=fn,
            title=title,
            description=" ".join(inspect.cleandoc(fn.__doc__ or "").splitlines()) + (TARGET_NOTE if targets else ""),
            read_only=read_only,
            destructive=destructive,
            idempotent=idempotent,
            timeout_s=timeout_s,
            more_hint=more_hint,
            human_gate=human_gate,
            needs_page=needs_page,
            leaves_page=leaves_page,
            probes_stuck_tab=probes_stuck_tab,
        )

    return wrap


def mcp_callable(tool: ToolDef, get_session: Callable[[Context], BrowserSession]) -> Callable[..., Any]:
    """A function MCPServer can register: the tool's own parameters plus the injected Context."""
    signature = inspect.signature(tool.fn, eval_str=True)
    params = [p for p in list(signature.parameters.values())[1:] if p.name != "ask_human"]

    async def call(ctx: Context, **kwargs: Any) -> CallToolResult:
        if tool.human_gate:
            kwargs["ask_human"] = elicitation_asker(ctx)
        session = get_session(ctx)
        try:
            return await run_chain(tool, session, kwargs)
        except anyio.get_cancelled_exc_class():
            await stray_cancellation(tool.name)
            error = ToolFailure(
                f"internal error in {tool.name}: the call was cut short",
                hint="Observe and try again; report this if it repeats.",
            )
            metadata: ResultMetadata = {"tool": tool.name, "duration_ms": 0}
            return envelope_result(
                failure(error, metadata, code="internal"), session.settings.max_result_chars, tool.more_hint, None
            )

    ctx_param = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*params, ctx_param], return_annotation=CallToolResult
    )
    call.__annotations__ = {p.name: p.annotation for p in params} | {"ctx": Context, "return": CallToolResult}
    call.__name__ = tool.name
    call.__doc__ = tool.description
    return call
