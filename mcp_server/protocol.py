"""Screening of raw JSON-RPC lines on stdin: what the MCP SDK would drop silently gets its JSON-RPC error.

The SDK's stdio transport gives a line that is not one valid JSON-RPC message to the session as an exception,
and nothing answers it: a client that sent a malformed request would wait forever. Here each line is checked
first; a bad one is answered at once (-32700 parse error, -32600 invalid request, -32602 invalid params, with
the request's id when it can be read) and not passed on. A leading byte-order mark is dropped.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp_types as types
import structlog
from anyio.streams.memory import MemoryObjectSendStream
from mcp.shared.message import SessionMessage

log = structlog.get_logger("mcp_server.protocol")
BOM = "\ufeff"
MAX_DEPTH = 64  # arrays and objects nested deeper than this are refused (a tool's arguments need far fewer)


def _too_deep(message: Any) -> bool:
    """Whether ``message`` nests arrays/objects deeper than MAX_DEPTH (measured without recursion)."""
    stack: list[tuple[Any, int]] = [(message, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _error(code: int, message: str, request_id: Any = None) -> types.JSONRPCError:
    valid_id = request_id if isinstance(request_id, str | int) and not isinstance(request_id, bool) else None
    if isinstance(valid_id, str):
        valid_id = valid_id[:200]
    return types.JSONRPCError(jsonrpc="2.0", id=valid_id, error=types.ErrorData(code=code, message=message))


def screen(line: str) -> types.JSONRPCError | None:
    """None if ``line`` is one well-formed JSON-RPC 2.0 message, else the error response it deserves."""
    try:
        message = json.loads(line)
    except ValueError:
        return _error(types.PARSE_ERROR, "Parse error: the line is not valid JSON")
    except RecursionError:
        return _error(types.INVALID_REQUEST, f"Invalid Request: nested deeper than {MAX_DEPTH} levels")
    if _too_deep(message):
        ident = message.get("id") if isinstance(message, dict) else None
        return _error(types.INVALID_REQUEST, f"Invalid Request: nested deeper than {MAX_DEPTH} levels", ident)
    try:
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        ident = message.get("id") if isinstance(message, dict) else None
        return _error(types.INVALID_REQUEST, "Invalid Request: a string holds a lone UTF-16 surrogate", ident)
    if isinstance(message, list):
        return _error(types.INVALID_REQUEST, "Invalid Request: JSON-RPC batches are not supported by MCP; "
                      "send one message per line")
    if not isinstance(message, dict):
        return _error(types.INVALID_REQUEST, "Invalid Request: a message must be a JSON object")
    ident = message.get("id")
    if message.get("jsonrpc") != "2.0":
        return _error(types.INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"', ident)
    if "method" in message and "params" in message and not isinstance(message["params"], dict):
        return _error(types.INVALID_PARAMS, "Invalid params: params must be an object", ident)
    try:
        types.jsonrpc_message_adapter.validate_python(message, by_name=False)
    except ValueError:
        return _error(types.INVALID_REQUEST, "Invalid Request: not a JSON-RPC request, notification or response",
                      ident)
    return None


class ScreenedStdin:
    """Lines of stdin for the SDK's stdio transport, with malformed messages answered here instead."""

    def __init__(self) -> None:
        text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
        self._source = anyio.wrap_file(text)
        self._writer: MemoryObjectSendStream[SessionMessage] | None = None
        self._ready = anyio.Event()
        self.ended = False  # stdin reached its end (the one normal way for the session to end)

    def answer_on(self, writer: MemoryObjectSendStream[SessionMessage]) -> None:
        self._writer = writer
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for raw in self._source:
            line = raw.lstrip(BOM)
            if not line.strip():
                continue
            error = screen(line)
            if error is None:
                yield line
                continue
            log.info("malformed message answered", code=error.error.code)
            await self._ready.wait()
            assert self._writer is not None
            await self._writer.send(SessionMessage(error))
        self.ended = True
