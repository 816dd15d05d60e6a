"""A scripted, Anthropic-compatible model server on 127.0.0.1: the real CLI talks to it instead of the model API
(end-to-end tests, and the evaluation's scripted mode).

``POST /v1/messages`` is served: streamed (what the Claude Code CLI sends), or as one JSON body for the CLI's
non-streaming retry after a cut stream. Every request is
parsed into a :class:`ModelRequest` (which agent is asking, the tool results it has received, ...) and handed to
the current *policy*, a function returning the reply blocks. Policies (the tests' scenarios, the evaluation's
replay of a task's solution) read observations from the tool results they receive and pick element ids from them,
like a model would.

Faults for resilience tests: ``server.faults`` is a list of ``"529"`` / ``"500"`` / ``"429"`` /
``"cut"`` consumed one per request.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic import ValidationError

from browser_core.result_model import ToolResult as ResultEnvelope

AGENT_RE = re.compile(r"You are the (lead|planner|dom_analyzer|executor|validator|answerer)\b")


# HTTP errors the Anthropic API answers with, by status: (error type, message)
HTTP_FAULTS = {"529": ("overloaded_error", "Overloaded"), "500": ("api_error", "Internal server error"),
               "429": ("rate_limit_error", "Rate limited")}

@dataclass
class ToolUse:
    name: str
    input: dict[str, Any]
    id: str = ""


@dataclass
class Text:
    text: str


Block = ToolUse | Text


@dataclass
class ToolResult:
    tool_use_id: str
    name: str
    input: dict[str, Any]
    text: str
    is_error: bool

    def envelope(self) -> dict[str, Any] | None:
        """The browser server's ``{success, data, error, metadata}`` if this result is one (read with the typed
        model, so a result that drifts from the contract shows up here as no envelope)."""
        try:
            return ResultEnvelope.parse(self.text).payload()
        except ValidationError:
            return None


@dataclass
class ModelRequest:
    body: dict[str, Any]
    headers: dict[str, str]
    agent: str
    chars: int
    reply: list[Block] = field(default_factory=list)  # what the policy answered (tool uses with their ids)

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def system_text(self) -> str:
        system = self.body.get("system") or ""
        if isinstance(system, str):
            return system
        return "\n".join(b.get("text", "") for b in system if isinstance(b, dict))

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages") or [])

    @property
    def tool_names(self) -> list[str]:
        return [t.get("name", "") for t in self.body.get("tools") or []]

    @property
    def is_subagent(self) -> bool:
        return "x-claude-code-agent-id" in self.headers

    def texts(self, role: str = "user") -> list[str]:
        out: list[str] = []
        for msg in self.messages:
            if msg.get("role") != role:
                continue
            content = msg.get("content")
            if isinstance(content, str):
                out.append(content)
                continue
            for block in content or []:
                if block.get("type") == "text":
                    out.append(block.get("text", ""))
        return out

    def all_text(self) -> list[str]:
        """Every text block of every message (user, assistant and the CLI's system notes)."""
        out: list[str] = []
        for msg in self.messages:
            content = msg.get("content")
            if isinstance(content, str):
                out.append(content)
            else:
                out += [b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]
        return out

    @property
    def prompt(self) -> str:
        """All user text (the task or the delegation prompt, follow-ups, reminders)."""
        return "\n".join(self.texts("user"))

    def tool_uses(self) -> dict[str, ToolUse]:
        uses: dict[str, ToolUse] = {}
        for msg in self.messages:
            if msg.get("role") != "assistant" or isinstance(msg.get("content"), str):
                continue
            for block in msg.get("content") or []:
                if block.get("type") == "tool_use":
                    uses[block["id"]] = ToolUse(block["name"], dict(block.get("input") or {}), block["id"])
        return uses

    def results(self) -> list[ToolResult]:
        """Every tool result in the conversation, oldest first."""
        return [r for batch in self.result_batches() for r in batch]

    def result_batches(self) -> list[list[ToolResult]]:
        """The tool results per user message: the results of the calls one reply made together, in order."""
        uses = self.tool_uses()
        out: list[list[ToolResult]] = []
        for msg in self.messages:
            if msg.get("role") != "user" or isinstance(msg.get("content"), str):
                continue
            batch: list[ToolResult] = []
            for block in msg.get("content") or []:
                if block.get("type") != "tool_result":
                    continue
                use = uses.get(block.get("tool_use_id", ""), ToolUse("?", {}))
                text, error = _content_text(block), bool(block.get("is_error"))
                batch.append(ToolResult(block["tool_use_id"], use.name, use.input, text, error))
            if batch:
                out.append(batch)
        return out

    def last_result(self, name_suffix: str = "") -> ToolResult | None:
        hits = [r for r in self.results() if r.name.endswith(name_suffix)]
        return hits[-1] if hits else None

    def turns(self) -> int:
        """How many assistant turns this conversation already has."""
        return sum(1 for m in self.messages if m.get("role") == "assistant")


def _content_text(block: dict[str, Any]) -> str:
    content = block.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(c.get("text", "") for c in content or [] if isinstance(c, dict) and c.get("type") == "text")


def detect_agent(body: dict[str, Any], headers: dict[str, str]) -> str:
    system = body.get("system") or ""
    text = system if isinstance(system, str) else "\n".join(b.get("text", "") for b in system if isinstance(b, dict))
    found = AGENT_RE.search(text)
    if found:
        return found.group(1)
    return "subagent" if "x-claude-code-agent-id" in headers else "main"


Policy = Callable[[ModelRequest], list[Block]]


@dataclass
class RequestLog:
    agent: str
    chars: int
    model: str
    seconds: float
    at: float


@dataclass
class ScriptedModel:
    policy: Policy | None = None
    faults: list[str] = field(default_factory=list)
    log: list[RequestLog] = field(default_factory=list)
    requests: list[ModelRequest] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=lambda: {"input_tokens": 0, "output_tokens": 0})
    keep_requests: bool = True
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _counter: int = 0

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> ScriptedModel:
        model = self

        class Handler(_Handler):
            scripted = model

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def reset(self, policy: Policy) -> None:
        with self._lock:
            self.policy = policy
            self.faults.clear()
            self.log.clear()
            self.requests.clear()
            self.errors.clear()

    def next_id(self, prefix: str) -> str:
        with self._lock:
            self._counter += 1
            return f"{prefix}_{self._counter:05d}"

    def model_seconds(self) -> float:
        return sum(r.seconds for r in self.log)

    def agents(self) -> list[str]:
        return [r.agent for r in self.log]


class _Handler(BaseHTTPRequestHandler):
    scripted: ScriptedModel
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_HEAD(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not found"}})

    def do_POST(self) -> None:
        started = time.perf_counter()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if not self.path.startswith("/v1/messages") or self.path.startswith("/v1/messages/count_tokens"):
            self._json(200, {"input_tokens": max(1, len(raw) // 4)})
            return
        model = self.scripted
        with model._lock:
            fault = model.faults.pop(0) if model.faults else ""
        if fault in HTTP_FAULTS:
            kind, message = HTTP_FAULTS[fault]
            self._json(int(fault), {"type": "error", "error": {"type": kind, "message": message}})
            return
        body = json.loads(raw)
        headers = {k.lower(): v for k, v in self.headers.items()}
        request = ModelRequest(body, headers, detect_agent(body, headers), len(raw))
        try:
            assert model.policy is not None, "no policy installed"
            blocks = model.policy(request)
        except BaseException as exc:  # a failing policy must show up in the test, not hang the CLI
            model.errors.append(exc)
            blocks = [Text(f"scripted policy error: {exc!r}")]
        for block in blocks:
            if isinstance(block, ToolUse) and not block.id:
                block.id = model.next_id("toolu")
        request.reply = blocks
        elapsed = time.perf_counter() - started
        with model._lock:
            model.log.append(RequestLog(request.agent, request.chars, request.model, elapsed, time.time()))
            if model.keep_requests:
                model.requests.append(request)
        if body.get("stream") is False:  # the CLI's non-streaming retry after a cut stream
            self._whole(request, blocks)
        else:
            self._stream(request, blocks, cut=fault == "cut")

    def _whole(self, request: ModelRequest, blocks: list[Block]) -> None:
        """A non-streaming reply: the whole message as one JSON body."""
        model = self.scripted
        content: list[dict[str, Any]] = []
        for block in blocks:
            if isinstance(block, ToolUse):
                use_id = block.id or model.next_id("toolu")
                content.append({"type": "tool_use", "id": use_id, "name": block.name, "input": block.input})
            else:
                content.append({"type": "text", "text": block.text})
        input_tokens = max(1, request.chars // 4) + model.usage.get("input_tokens", 0)
        out_chars = sum(len(json.dumps(b.input)) if isinstance(b, ToolUse) else len(b.text) for b in blocks)
        self._json(200, {
            "id": model.next_id("msg"), "type": "message", "role": "assistant", "model": request.model,
            "content": content, "stop_sequence": None,
            "stop_reason": "tool_use" if any(isinstance(b, ToolUse) for b in blocks) else "end_turn",
            "usage": {"input_tokens": input_tokens,
                      "output_tokens": max(1, out_chars // 4) + model.usage.get("output_tokens", 0)},
        })

    def _json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, request: ModelRequest, blocks: list[Block], cut: bool) -> None:
        model = self.scripted
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        input_tokens = max(1, request.chars // 4)
        out_chars = sum(len(json.dumps(b.input)) if isinstance(b, ToolUse) else len(b.text) for b in blocks)
        output_tokens = max(1, out_chars // 4)
        usage_boost = model.usage
        input_tokens += usage_boost.get("input_tokens", 0)
        output_tokens += usage_boost.get("output_tokens", 0)
        message: dict[str, Any] = {
            "id": model.next_id("msg"),
            "type": "message",
            "role": "assistant",
            "model": request.model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": 1},
        }
        self._event("message_start", {"type": "message_start", "message": message})
        if cut:
            self.wfile.flush()
            self.close_connection = True
            return
        has_tool = False
        for index, block in enumerate(blocks):
            if isinstance(block, ToolUse):
                has_tool = True
                start = {"type": "tool_use", "id": block.id or model.next_id("toolu"), "name": block.name, "input": {}}
                delta = {"type": "input_json_delta", "partial_json": json.dumps(block.input)}
            else:
                start = {"type": "text", "text": ""}
                delta = {"type": "text_delta", "text": block.text}
            self._event("content_block_start", {"type": "content_block_start", "index": index, "content_block": start})
            self._event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
            self._event("content_block_stop", {"type": "content_block_stop", "index": index})
        self._event(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use" if has_tool else "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": output_tokens},
            },
        )
        self._event("message_stop", {"type": "message_stop"})
        self.wfile.flush()

    def _event(self, name: str, data: dict[str, Any]) -> None:
        self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
