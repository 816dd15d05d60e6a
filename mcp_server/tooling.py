"""How a tool is declared (``define_tool``) and run: timeout, typed-error mapping, result envelope, size cap.

This is the one boundary where failures become results: a ``ToolFailure`` becomes ``success: false`` with its
category; a Playwright error that escaped becomes a mapped failure; anything else becomes an internal error.
No exception reaches the MCP host, and no call outlives its timeout.
"""

from __future__ import annotations

import base64
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import structlog
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from playwright.async_api import Error as PlaywrightError

from browser_core.capture import Shot
from browser_core.errors import ActionTimeout, ConfigurationError, ToolFailure, map_playwright_error
from browser_core.redaction import redact
from browser_core.results import cap, failure, success
from browser_core.session import BrowserSession
from mcp_server.human import elicitation_asker

log = structlog.get_logger("mcp_server.tool")

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
) -> Callable[[ToolFn], ToolDef]:
    """Declare a tool; its docstring is the description the model reads."""

    def wrap(fn: ToolFn) -> ToolDef:
        return ToolDef(
            name=fn.__name__,
            fn=fn,
            title=title,
            description=inspect.cleandoc(fn.__doc__ or "") + (TARGET_NOTE if targets else ""),
            read_only=read_only,
            destructive=destructive,
            idempotent=idempotent,
            timeout_s=timeout_s,
            more_hint=more_hint,
            human_gate=human_gate,
        )

    return wrap


def _timeout_for(tool: ToolDef, kwargs: dict[str, Any], override: float | None) -> float:
    """The tool's own bound (or the configured one), stretched to cover a longer timeout_ms the caller asked for."""
    requested = kwargs.get("timeout_ms")
    extra = (requested / 1000 + 5) if isinstance(requested, int | float) else 0
    return max(override or tool.timeout_s, extra)


def envelope_result(payload: dict[str, Any], max_chars: int, more_hint: str, image: Shot | None) -> CallToolResult:
    text = redact(cap(payload, max_chars, more_hint))
    content: list[Any] = [TextContent(type="text", text=text)]
    if image is not None:
        content.append(ImageContent(type="image", data=base64.b64encode(image.image).decode(), mime_type=image.mime))
    return CallToolResult(content=content, is_error=not payload["success"])


async def run_tool(tool: ToolDef, session: BrowserSession, kwargs: dict[str, Any]) -> CallToolResult:
    started = time.monotonic()
    metadata: dict[str, Any] = {"tool": tool.name}
    image: Shot | None = None
    bound = _timeout_for(tool, kwargs, session.settings.tool_timeout_s)
    try:
        with anyio.fail_after(bound):
            data = await tool.fn(session, **kwargs)
        if isinstance(data, Shot):
            image, data = data, data.info
        data = session.content_fence.mark(data, metadata)
        payload = success(data, metadata)
    except TimeoutError:
        payload = failure(ActionTimeout(f"{tool.name} did not finish within {bound:.0f} s: the page may be busy"),
                          metadata)
    except ToolFailure as exc:
        payload = failure(exc, metadata)
    except PlaywrightError as exc:
        payload = failure(map_playwright_error(exc, action=tool.name), metadata)
    except ConfigurationError as exc:
        payload = failure(ToolFailure(f"browser set-up problem: {exc}",
                                      hint="Tell the human: the server's configuration must be fixed."), metadata)
        payload["error"]["category"] = "terminal"
        payload["error"]["code"] = "configuration"
    except Exception as exc:
        log.exception("tool crashed", tool=tool.name)
        payload = failure(ToolFailure(f"internal error in {tool.name}: {type(exc).__name__}",
                                      hint="Observe and try another way; report this if it repeats."), metadata)
        payload["error"]["code"] = "internal"
    metadata["duration_ms"] = int((time.monotonic() - started) * 1000)
    events = session.drain_events()
    if events:
        metadata["events"] = session.content_fence.mark([{"kind": e.kind, **e.detail} for e in events], metadata)
    if session.started:
        page = session.current_page()
        data_url = payload["data"].get("url") if isinstance(payload["data"], dict) else None
        if page is not None and page.url != data_url:
            metadata["url"] = page.url
        tabs = len(session.tabs())
        if tabs > 1:
            metadata["tabs"] = tabs
    log.info("tool", tool=tool.name, ok=payload["success"], ms=metadata["duration_ms"],
             error=(payload["error"] or {}).get("code"))
    return envelope_result(payload, session.settings.max_result_chars, tool.more_hint, image)


def mcp_callable(tool: ToolDef, get_session: Callable[[Context], BrowserSession]) -> Callable[..., Any]:
    """A function MCPServer can register: the tool's own parameters plus the injected Context."""
    signature = inspect.signature(tool.fn, eval_str=True)
    params = [p for p in list(signature.parameters.values())[1:] if p.name != "ask_human"]

    async def call(ctx: Context, **kwargs: Any) -> CallToolResult:
        if tool.human_gate:
            kwargs["ask_human"] = elicitation_asker(ctx)
        return await run_tool(tool, get_session(ctx), kwargs)

    ctx_param = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*params, ctx_param], return_annotation=CallToolResult
    )
    call.__annotations__ = {p.name: p.annotation for p in params} | {"ctx": Context, "return": CallToolResult}
    call.__name__ = tool.name
    call.__doc__ = tool.description
    return call
