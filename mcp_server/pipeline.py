"""The path of every tool call, declared once: ``CHAIN`` lists its stages in the order they run.

A call enters the chain with its arguments already checked at the JSON-RPC boundary (``server.call_tool``: unknown
names and strict JSON types, then pydantic against the tool's signature); the security gate runs inside each core
action (``session.guard``), so a held action comes back here as a result like any other. Each stage is a small
object with one job that reads and writes the one ``ToolCall``; to add a step (a network gate, a metric), write a
stage and put it in ``CHAIN`` where it belongs (``tests/unit/test_pipeline.py`` lists the order).

This is the one boundary where failures become results: a ``ToolFailure`` becomes ``success: false`` with its
category; a Playwright error that escaped becomes a mapped failure; anything else becomes an internal error.
No exception reaches the MCP host, and no call outlives its timeout.
"""

from __future__ import annotations

import base64
import contextlib
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import anyio
import structlog
from mcp_types import CallToolResult, ImageContent, TextContent
from playwright.async_api import Error as PlaywrightError
from pydantic import JsonValue, ValidationError

from browser_core.act import flow_record, network_line
from browser_core.errors import (
    ActionTimeout,
    BrowserUnavailable,
    ConfigurationError,
    NoPageOpen,
    ToolFailure,
    as_failure,
)
from browser_core.flow_schema import FlowStep
from browser_core.page.handles import released_after_call
from browser_core.read.capture import Shot
from browser_core.redaction import redact_data
from browser_core.result_model import ToolResult
from browser_core.results import Envelope, ResultMetadata, cap, failure, success
from browser_core.session import BrowserSession, restless, stuck
from mcp_server.cancellation import kept_handle, stray_cancellation

log = structlog.get_logger("mcp_server.tool")

Arguments = Mapping[str, object]  # a call's JSON-RPC arguments, as the tool's signature accepted them
MAX_EVENTS_LISTED = 12
RECORD_BOUND_S = 10


class ChainTool(Protocol):
    """What the chain needs of a tool (``tooling.ToolDef`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def fn(self) -> Callable[..., Awaitable[Any]]: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def needs_page(self) -> bool: ...
    @property
    def leaves_page(self) -> bool: ...
    @property
    def probes_stuck_tab(self) -> bool: ...
    @property
    def timeout_s(self) -> float: ...
    @property
    def more_hint(self) -> str: ...


@dataclass
class ToolCall:
    """One call on its way through the chain: what came in, and the result as the stages build it."""

    tool: ChainTool
    session: BrowserSession
    kwargs: Arguments
    started: float = field(default_factory=time.monotonic)
    metadata: ResultMetadata = field(init=False)
    payload: Envelope | None = None
    image: Shot | None = None
    step: FlowStep | None = None  # the step as recorded (RecordIntent → RecordStep)
    text: str = ""  # the envelope as written: contract-checked, redacted, capped
    result: CallToolResult | None = None

    def __post_init__(self) -> None:
        self.metadata = {"tool": self.tool.name}

    @property
    def envelope(self) -> Envelope:
        assert self.payload is not None, "a stage ran before Act"
        return self.payload

    @property
    def code(self) -> str | None:
        error = self.envelope["error"]
        return error["code"] if error is not None else None


class Stage(Protocol):
    async def __call__(self, call: ToolCall) -> None: ...


class ServeHostRequests:
    """Screenshots a host asked for since the last call (the orchestrator's run record) are taken first; the
    call's clock starts after them."""

    async def __call__(self, call: ToolCall) -> None:
        await call.session.snapshots.serve_requests(call.session)
        call.started = time.monotonic()


class RecordIntent:
    """The step a flow would record, read before the call changes the page; only when a flow can be saved from it
    (the flow tools listed, or a flow log kept), so no other call pays for the look. Never in the way."""

    async def __call__(self, call: ToolCall) -> None:
        settings = call.session.settings
        if not (settings.flow_tools or settings.flow_log is not None):
            return
        try:
            with anyio.fail_after(RECORD_BOUND_S):
                call.step = await flow_record.before(call.session, call.tool.name, call.kwargs)
        except Exception as exc:  # noqa: BLE001 - recording is a side concern: the call runs regardless
            log.warning("flow step not recorded", tool=call.tool.name, error=type(exc).__name__)


class Act:
    """The tool itself within its time bound, page-changing tools one at a time; every failure, expected or not,
    becomes a failure envelope."""

    async def __call__(self, call: ToolCall) -> None:
        tool, session = call.tool, call.session
        bound = time_bound(tool, call.kwargs, session.settings.tool_timeout_s)
        tab = session.current_page() if on_the_tab(tool) else None
        try:
            data = await self.run(tool, session, call.kwargs, bound)
        except TimeoutError:
            stuck.timed_out(tab)  # the next call on this tab asks it first (session/stuck.py)
            error: ToolFailure = ActionTimeout(f"{tool.name} did not finish within {bound:.0f} s: the page may be busy")
            call.payload = failure(error, call.metadata)
        except (ToolFailure, PlaywrightError) as exc:
            call.payload = failure(as_failure(exc, action=tool.name, browser_alive=session.started), call.metadata)
        except ConfigurationError as exc:
            call.payload = configuration(
                ToolFailure(
                    f"browser set-up problem: {exc}", hint="Tell the human: the server's configuration must be fixed."
                ),
                call.metadata,
            )
        except OSError as exc:  # a folder the server writes to (artifacts, downloads) is unusable
            where = f" {exc.filename}" if exc.filename else ""
            log.warning("file system error", tool=tool.name, error=str(exc))
            call.payload = configuration(
                ToolFailure(
                    f"{tool.name} cannot write{where}: {exc.strerror or exc}",
                    hint="Tell the human: BROWSER_ARTIFACTS_DIR must be a writable folder.",
                ),
                call.metadata,
            )
        except Exception as exc:
            log.exception("tool crashed", tool=tool.name)
            call.payload = failure(
                ToolFailure(
                    f"internal error in {tool.name}: {type(exc).__name__}",
                    hint="Observe and try another way; report this if it repeats.",
                ),
                call.metadata,
                code="internal",
            )
        else:
            call.image = data if isinstance(data, Shot) else None
            call.payload = success(call.image.info if call.image is not None else data, call.metadata)

    @staticmethod
    async def run(tool: ChainTool, session: BrowserSession, kwargs: Arguments, bound: float) -> object:
        """Reads may overlap; page-changing tools take the action lock (hosts send several calls at once)."""
        serial = contextlib.nullcontext() if tool.read_only else session.action_lock
        try:
            with anyio.fail_after(bound) as deadline:
                if on_the_tab(tool):
                    await stuck.unless_stuck(session.current_page(), tool.name, bound)
                async with serial:
                    if session.no_page_open and tool.needs_page:
                        raise NoPageOpen("no page is open: the last tab was closed")
                    async with released_after_call(kept=lambda: kept_handle(session)):
                        if tool.read_only:
                            return await tool.fn(session, **kwargs)
                        return await network_line.guarded(session, lambda: tool.fn(session, **kwargs),
                                                          leaves=tool.leaves_page)
        except anyio.get_cancelled_exc_class():
            await stray_cancellation(tool.name)
            if deadline.cancel_called:  # the deadline's cancellation, re-raised unrecognised: still a timeout
                raise TimeoutError from None
            raise RuntimeError("a cancellation that was not the call's") from None


class FenceContent:
    """Page text in a successful result is fenced and labelled untrusted (``security/fence.py``)."""

    async def __call__(self, call: ToolCall) -> None:
        if call.envelope["success"]:
            call.envelope["data"] = call.session.content_fence.mark(call.envelope["data"], call.metadata)


class ConnectionCheck:
    """A remote browser's connection lost under the call: the call is not done, whatever it answered."""

    async def __call__(self, call: ToolCall) -> None:
        session = call.session
        if call.envelope["success"] and session.connection is not None and session.gone:
            call.payload, call.image = (
                failure(
                    BrowserUnavailable(
                        f"{call.tool.name}: the connection to the browser server ({session.connection.setting}) "
                        "was lost during the call; the next call connects again"
                    ),
                    call.metadata,
                ),
                None,
            )


class RecordStep:
    """The recorded step completed with the result (``flow_record.after``); never in the way of the result."""

    async def __call__(self, call: ToolCall) -> None:
        try:
            with anyio.fail_after(RECORD_BOUND_S):
                await flow_record.after(call.session, call.step, call.tool.name, call.envelope)
        except Exception as exc:  # noqa: BLE001 - recording is a side concern: the result is returned regardless
            log.warning("flow step not recorded", tool=call.tool.name, error=type(exc).__name__)


class NoteSession:
    """The call's duration and what happened beside it: browser events (fenced), a restart, the page's URL when
    it moved since a result last said it, open tabs."""

    async def __call__(self, call: ToolCall) -> None:
        session, metadata = call.session, call.metadata
        metadata["duration_ms"] = int((time.monotonic() - call.started) * 1000)
        events = session.drain_events()
        if events:
            listed = summarise_events([{"kind": e.kind, **e.detail} for e in events])
            metadata["events"] = session.content_fence.mark(listed, metadata)
        restarted = session.take_restart_note()
        if restarted:
            metadata["browser_restarted"] = restarted["browser_restarted"]
            metadata["ids_reset"] = restarted["ids_reset"]
            metadata["note"] = restarted["note"]
        if not session.started:
            return
        page = session.current_page()
        data = call.envelope["data"]
        data_url = data.get("url") if isinstance(data, dict) else None
        said = data_url if isinstance(data_url, str) else session.registry.said_url
        if page is not None and page.url != said:  # said once where it moved, not in every result
            metadata["url"] = page.url
        session.registry.said_url = metadata.get("url") or said
        tabs = len(session.tabs())
        if tabs > 1:
            metadata["tabs"] = tabs


class KeepState:
    """After a page-changing call, cookies and storage are on disk within a second: nothing lost on a kill."""

    async def __call__(self, call: ToolCall) -> None:
        session = call.session
        if not call.tool.read_only and session.state_keeper is not None and session.started:
            session.state_keeper.changed(session.context)


class RecordScreenshots:
    """The record screenshots of a failed call (``BROWSER_RECORD_SCREENSHOTS_DIR``)."""

    async def __call__(self, call: ToolCall) -> None:
        await call.session.snapshots.after_call(call.session, call.tool.name, call.code)


class LogCall:
    """One log line per call (stderr), with the tabs and listeners open: leaks show in the log."""

    async def __call__(self, call: ToolCall) -> None:
        health = restless.health(call.session.context) if call.session.started else {}
        log.info(
            "tool",
            tool=call.tool.name,
            ok=call.envelope["success"],
            ms=call.metadata.get("duration_ms"),
            error=call.code,
            **health,
        )


class WriteEnvelope:
    """The envelope checked against the contract, redacted, capped and answered (with its image, if any)."""

    async def __call__(self, call: ToolCall) -> None:
        call.result = envelope_result(
            call.envelope, call.session.settings.max_result_chars, call.tool.more_hint, call.image
        )


CHAIN: tuple[Stage, ...] = (
    ServeHostRequests(),
    RecordIntent(),
    Act(),
    FenceContent(),
    ConnectionCheck(),
    RecordStep(),
    NoteSession(),
    KeepState(),
    RecordScreenshots(),
    LogCall(),
    WriteEnvelope(),
)


async def run_chain(
    tool: ChainTool, session: BrowserSession, kwargs: Arguments, chain: tuple[Stage, ...] = CHAIN
) -> CallToolResult:
    call = ToolCall(tool, session, kwargs)
    for stage in chain:
        await stage(call)
    assert call.result is not None, "the chain ends with WriteEnvelope"
    return call.result


def envelope_result(payload: Envelope, max_chars: int, more_hint: str, image: Shot | None) -> CallToolResult:
    """The envelope passes the typed model first (a key the contract does not name is logged, the call still
    answers). Values are redacted before the JSON is written (a secret like "true" cannot break it) and before
    the cap (a cut cannot leave half a secret)."""
    written: Envelope | dict[str, JsonValue] = payload
    try:
        written = ToolResult.model_validate(payload).payload()
    except ValidationError as exc:
        log.error(
            "result outside the contract",
            tool=payload["metadata"].get("tool"),
            problems=[".".join(map(str, e["loc"])) for e in exc.errors()][:5],
        )
    text = cap(redact_data(written), max_chars, more_hint)
    content: list[TextContent | ImageContent] = [TextContent(type="text", text=text)]
    if image is not None:
        content.append(ImageContent(type="image", data=base64.b64encode(image.image).decode(), mime_type=image.mime))
    return CallToolResult(content=content, is_error=not payload["success"])


def on_the_tab(tool: ChainTool) -> bool:
    """The call needs the active tab's scripts to answer (not navigate or close_tab, wait_for, switch_tab)."""
    return tool.needs_page and not tool.leaves_page and tool.probes_stuck_tab


def time_bound(tool: ChainTool, kwargs: Arguments, override: float | None) -> float:
    """The tool's own bound (or the configured one), stretched to cover a longer timeout_ms the caller asked for."""
    requested = kwargs.get("timeout_ms")
    extra = (requested / 1000 + 5) if isinstance(requested, int | float) else 0
    return max(override or tool.timeout_s, extra)


def summarise_events(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """The first events as they are, the rest counted by kind (a page can raise thousands of alerts)."""
    if len(events) <= MAX_EVENTS_LISTED:
        return events
    counts: dict[str, int] = {}
    for event in events[MAX_EVENTS_LISTED:]:
        by_kind = event.get("by_kind")
        omitted = by_kind if isinstance(by_kind, dict) else {}
        kinds = omitted if event.get("kind") == "omitted" else {str(event.get("kind")): 1}
        for kind, n in kinds.items():
            counts[kind] = counts.get(kind, 0) + int(n)
    return [
        *events[:MAX_EVENTS_LISTED],
        {
            "kind": "omitted",
            "count": sum(counts.values()),
            "by_kind": counts,
            "note": "more events of these kinds happened; observe to see the page",
        },
    ]


def configuration(error: ToolFailure, metadata: ResultMetadata) -> Envelope:
    """A set-up problem the model cannot fix: terminal, code ``configuration``."""
    return failure(error, metadata, category="terminal", code="configuration")
