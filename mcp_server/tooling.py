"""How a tool is declared (``define_tool``) and run: timeout, typed-error mapping, result envelope, size cap.

This is the one boundary where failures become results: a ``ToolFailure`` becomes ``success: false`` with its
category; a Playwright error that escaped becomes a mapped failure; anything else becomes an internal error.
No exception reaches the MCP host, and no call outlives its timeout.
"""

from __future__ import annotations

import base64
import contextlib
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import anyio.lowlevel
import structlog
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError
from pydantic import ValidationError

from browser_core.act import flow_record
from browser_core.errors import (
    ActionTimeout,
    BrowserUnavailable,
    ConfigurationError,
    NoPageOpen,
    PageChanged,
    ToolFailure,
    map_playwright_error,
)
from browser_core.page.handles import released_after_call
from browser_core.read.capture import Shot
from browser_core.redaction import redact_data
from browser_core.result_model import ToolResult
from browser_core.results import Envelope, ResultMetadata, cap, failure, success
from browser_core.security.guard import SecurityGuard
from browser_core.session import BrowserSession, restless
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
    needs_page: bool = True  # false: works with no tab open (navigate opens one)

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
            needs_page=needs_page,
        )

    return wrap


def _timeout_for(tool: ToolDef, kwargs: dict[str, Any], override: float | None) -> float:
    """The tool's own bound (or the configured one), stretched to cover a longer timeout_ms the caller asked for."""
    requested = kwargs.get("timeout_ms")
    extra = (requested / 1000 + 5) if isinstance(requested, int | float) else 0
    return max(override or tool.timeout_s, extra)


MAX_EVENTS_LISTED = 12


def _summarise_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first events as they are, the rest counted by kind (a page can raise thousands of alerts)."""
    if len(events) <= MAX_EVENTS_LISTED:
        return events
    counts: dict[str, int] = {}
    for event in events[MAX_EVENTS_LISTED:]:
        kinds = event.get("by_kind") if event.get("kind") == "omitted" else {str(event.get("kind")): 1}
        for kind, n in (kinds or {}).items():
            counts[kind] = counts.get(kind, 0) + int(n)
    return [*events[:MAX_EVENTS_LISTED], {"kind": "omitted", "count": sum(counts.values()), "by_kind": counts,
                                          "note": "more events of these kinds happened; observe to see the page"}]


def envelope_result(payload: Envelope, max_chars: int, more_hint: str, image: Shot | None) -> CallToolResult:
    # The envelope passes the typed model first (a key the contract does not name is logged, the call still
    # answers). Values are redacted before the JSON is written (a secret like "true" cannot break it) and before
    # the cap (a cut cannot leave half a secret).
    written: Envelope | dict[str, Any] = payload
    try:
        written = ToolResult.model_validate(payload).payload()
    except ValidationError as exc:
        log.error("result outside the contract", tool=payload["metadata"].get("tool"),
                  problems=[".".join(map(str, e["loc"])) for e in exc.errors()][:5])
    text = cap(redact_data(written), max_chars, more_hint)
    content: list[Any] = [TextContent(type="text", text=text)]
    if image is not None:
        content.append(ImageContent(type="image", data=base64.b64encode(image.image).decode(), mime_type=image.mime))
    return CallToolResult(content=content, is_error=not payload["success"])


def _page_not_browser(error: ToolFailure, session: BrowserSession) -> ToolFailure:
    """A closed tab or frame reads like a closed browser to Playwright; while the browser lives, it is not."""
    if isinstance(error, BrowserUnavailable) and session.started and not session.gone:
        return PageChanged(f"{_action_of(error)}: the tab or frame it needed was closed",
                           hint="Re-observe the active tab and use fresh ids.")
    return error


def _action_of(error: ToolFailure) -> str:
    return error.message.split(" failed", 1)[0][:80]


async def run_tool(tool: ToolDef, session: BrowserSession, kwargs: dict[str, Any]) -> CallToolResult:
    await session.snapshots.serve_requests(session)
    started = time.monotonic()
    metadata: ResultMetadata = {"tool": tool.name}
    step = await _recording(session, tool.name, kwargs)
    payload, image = await _payload(tool, session, kwargs, metadata)
    if payload["success"] and session.connection is not None and session.gone:  # lost under the call: not done
        payload, image = failure(BrowserUnavailable(
            f"{tool.name}: the connection to the browser server ({session.connection.setting}) was lost during the "
            "call; the next call connects again"), metadata), None
    await _recorded(session, step, tool.name, payload)
    metadata["duration_ms"] = int((time.monotonic() - started) * 1000)
    _note_session(session, payload, metadata)
    if not tool.read_only and session.state_keeper is not None and session.started:
        session.state_keeper.changed(session.context)  # on disk within a second: nothing lost on a kill
    code = payload["error"]["code"] if payload["error"] is not None else None
    await session.snapshots.after_call(session, tool.name, code)
    health = restless.health(session.context) if session.started else {}  # tabs, listeners: leaks show in the log
    log.info("tool", tool=tool.name, ok=payload["success"], ms=metadata["duration_ms"], error=code, **health)
    return envelope_result(payload, session.settings.max_result_chars, tool.more_hint, image)


async def _recording(session: BrowserSession, tool: str, kwargs: dict[str, Any]) -> dict[str, Any] | None:
    """The step a flow would record (``flow_record``): never in the way of the call itself, and only when a flow
    can be saved from it (the flow tools listed, or a flow log kept); otherwise no call pays for the look."""
    if not (session.settings.flow_tools or session.settings.flow_log is not None):
        return None
    try:
        with anyio.fail_after(10):
            return await flow_record.before(session, tool, kwargs)
    except Exception as exc:  # noqa: BLE001 - recording is a side concern: the call runs regardless
        log.warning("flow step not recorded", tool=tool, error=type(exc).__name__)
        return None


async def _recorded(session: BrowserSession, step: dict[str, Any] | None, tool: str, payload: Envelope) -> None:
    try:
        with anyio.fail_after(10):
            await flow_record.after(session, step, tool, dict(payload))
    except Exception as exc:  # noqa: BLE001 - recording is a side concern: the result is returned regardless
        log.warning("flow step not recorded", tool=tool, error=type(exc).__name__)


async def _payload(
    tool: ToolDef, session: BrowserSession, kwargs: dict[str, Any], metadata: ResultMetadata
) -> tuple[Envelope, Shot | None]:
    """The call's envelope (and its screenshot): every failure, expected or not, becomes a failure envelope."""
    bound = _timeout_for(tool, kwargs, session.settings.tool_timeout_s)
    try:
        data = await _call(tool, session, kwargs, bound)
        image = data if isinstance(data, Shot) else None
        if image is not None:
            data = image.info
        return success(session.content_fence.mark(data, metadata), metadata), image
    except TimeoutError:
        error = ActionTimeout(f"{tool.name} did not finish within {bound:.0f} s: the page may be busy")
        return failure(error, metadata), None
    except ToolFailure as exc:
        return failure(_page_not_browser(exc, session), metadata), None
    except PlaywrightError as exc:
        return failure(_page_not_browser(map_playwright_error(exc, action=tool.name), session), metadata), None
    except ConfigurationError as exc:
        return _configuration(ToolFailure(f"browser set-up problem: {exc}",
                                          hint="Tell the human: the server's configuration must be fixed."), metadata)
    except OSError as exc:  # a folder the server writes to (artifacts, downloads) is unusable
        where = f" {exc.filename}" if exc.filename else ""
        log.warning("file system error", tool=tool.name, error=str(exc))
        return _configuration(ToolFailure(f"{tool.name} cannot write{where}: {exc.strerror or exc}",
                                          hint="Tell the human: BROWSER_ARTIFACTS_DIR must be a writable folder."),
                              metadata)
    except Exception as exc:
        log.exception("tool crashed", tool=tool.name)
        return failure(ToolFailure(f"internal error in {tool.name}: {type(exc).__name__}",
                                   hint="Observe and try another way; report this if it repeats."), metadata,
                       code="internal"), None


async def _call(tool: ToolDef, session: BrowserSession, kwargs: dict[str, Any], bound: float) -> Any:
    """The tool itself, within its time bound; page-changing tools one at a time (hosts send several calls at
    once), reads may overlap."""
    serial = contextlib.nullcontext() if tool.read_only else session.action_lock
    try:
        with anyio.fail_after(bound) as deadline:
            async with serial:
                if session.no_page_open and tool.needs_page:
                    raise NoPageOpen("no page is open: the last tab was closed")
                async with released_after_call(kept=lambda: _kept_handle(session)):
                    return await tool.fn(session, **kwargs)
    except anyio.get_cancelled_exc_class():
        await stray_cancellation(tool.name)
        if deadline.cancel_called:  # the deadline's cancellation, re-raised unrecognised: still a timeout
            raise TimeoutError from None
        raise RuntimeError("a cancellation that was not the call's") from None


def _kept_handle(session: BrowserSession) -> ElementHandle | None:
    """The handle a later call still needs (the last pressed element): not let go with the call's others."""
    return session.action_guard.kept_handle() if isinstance(session.action_guard, SecurityGuard) else None


async def stray_cancellation(tool: str) -> None:
    """Re-raise a real cancellation (the client cancelled the call, the server stops); else log the stray one.

    A cancellation that reaches the tool boundary while nothing cancelled the call would end the task group that
    runs it: the MCP session's, which then closes its read stream and the server exits at the next line (issue 30).
    """
    await anyio.lowlevel.checkpoint_if_cancelled()
    log.error("stray cancellation stopped at the tool boundary; the call is answered with an error and the "
              "session goes on", tool=tool)


def _configuration(error: ToolFailure, metadata: ResultMetadata) -> tuple[Envelope, None]:
    """A set-up problem the model cannot fix: terminal, code ``configuration``."""
    return failure(error, metadata, category="terminal", code="configuration"), None


def _note_session(session: BrowserSession, payload: Envelope, metadata: ResultMetadata) -> None:
    """What happened beside the call: browser events, a restart, the page's URL when it moved, open tabs."""
    events = session.drain_events()
    if events:
        listed = _summarise_events([{"kind": e.kind, **e.detail} for e in events])
        metadata["events"] = session.content_fence.mark(listed, metadata)
    restarted = session.take_restart_note()
    if restarted:
        metadata["browser_restarted"] = restarted["browser_restarted"]
        metadata["ids_reset"] = restarted["ids_reset"]
        metadata["note"] = restarted["note"]
    if not session.started:
        return
    page = session.current_page()
    data_url = payload["data"].get("url") if isinstance(payload["data"], dict) else None
    if page is not None and page.url != data_url:
        metadata["url"] = page.url
    tabs = len(session.tabs())
    if tabs > 1:
        metadata["tabs"] = tabs


def mcp_callable(tool: ToolDef, get_session: Callable[[Context], BrowserSession]) -> Callable[..., Any]:
    """A function MCPServer can register: the tool's own parameters plus the injected Context."""
    signature = inspect.signature(tool.fn, eval_str=True)
    params = [p for p in list(signature.parameters.values())[1:] if p.name != "ask_human"]

    async def call(ctx: Context, **kwargs: Any) -> CallToolResult:
        if tool.human_gate:
            kwargs["ask_human"] = elicitation_asker(ctx)
        session = get_session(ctx)
        try:
            return await run_tool(tool, session, kwargs)
        except anyio.get_cancelled_exc_class():
            await stray_cancellation(tool.name)
            error = ToolFailure(f"internal error in {tool.name}: the call was cut short",
                                hint="Observe and try again; report this if it repeats.")
            return envelope_result(failure(error, {"tool": tool.name, "duration_ms": 0}, code="internal"),
                                   session.settings.max_result_chars, tool.more_hint, None)

    ctx_param = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*params, ctx_param], return_annotation=CallToolResult
    )
    call.__annotations__ = {p.name: p.annotation for p in params} | {"ctx": Context, "return": CallToolResult}
    call.__name__ = tool.name
    call.__doc__ = tool.description
    return call
