"""Malformed JSON-RPC on stdin gets its JSON-RPC error answer at once; the server goes on serving."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest
from anyio.abc import Process
from anyio.streams.buffered import BufferedByteReceiveStream

from tests.support.mcp_client import REPO, server_env

pytestmark = [pytest.mark.mcp]

INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
CASES = [  # line sent, expected error code, expected id
    (b'{"id":1,"method":"tools/list"}', -32600, 1),
    (b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[1,2]}', -32602, 2),
    (b'[{"jsonrpc":"2.0","id":3,"method":"tools/list"}]', -32600, None),
    (b'{"jsonrpc":"2.0","id":5,"method":"tools/list"\x00}', -32700, None),
    (b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"navigate","arguments":{"url":"\\ud800"}}}',
     -32600, 6),
    (b"not json at all \xff\xfe", -32700, None),
    (b'{"jsonrpc":"2.0","id":7}', -32600, 7),
    # nested 20,000 levels deep (killed the server before): refused, and the server stays up
    (b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"navigate","arguments":{"url":'
     + b"[" * 20000 + b"]" * 20000 + b"}}}", -32600, None),
    (b'{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"navigate","arguments":{"url":'
     + b"[" * 100 + b"]" * 100 + b"}}}", -32600, 10),
]


async def _exchange(process: Process, reader: BufferedByteReceiveStream, line: bytes, limit_s: float = 15) -> dict:
    assert process.stdin is not None
    await process.stdin.send(line + b"\n")
    with anyio.fail_after(limit_s):
        return json.loads(await reader.receive_until(b"\n", 10_000_000))


async def test_malformed_messages_are_answered_and_the_server_goes_on(tmp_path: Path) -> None:
    env = server_env(tmp_path / "profile", BROWSER_HEADLESS="true")
    async with await anyio.open_process([sys.executable, "-m", "mcp_server"], env=env, cwd=str(REPO)) as process:
        assert process.stdout is not None
        reader = BufferedByteReceiveStream(process.stdout)
        # The first answer waits for the server to start as well (slow on a loaded machine).
        assert "result" in await _exchange(process, reader, json.dumps(INIT).encode(), limit_s=60)
        for line, code, ident in CASES:
            answer = await _exchange(process, reader, line)
            assert answer.get("error", {}).get("code") == code, (line, answer)
            assert answer["id"] == ident
        with_bom = await _exchange(process, reader, b'\xef\xbb\xbf{"jsonrpc":"2.0","id":8,"method":"ping"}')
        assert with_bom == {"jsonrpc": "2.0", "id": 8, "result": {}}
        assert process.stdin is not None
        await process.stdin.aclose()
        with anyio.fail_after(30):
            await process.wait()
