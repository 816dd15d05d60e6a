"""While the orchestrator waits on a slow, failing model API, the status line on a terminal keeps moving: the
elapsed seconds count up and each retry shows; then one line says what went wrong."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.e2e.pty_session import PtySession
from tests.newcomer.commands import ORCHESTRATOR, user_env

pytestmark = pytest.mark.timeout(150)
ANSWER_AFTER_S = 1.5  # how long the fake API thinks before it says "overloaded"


class OverloadedAPI(BaseHTTPRequestHandler):
    stop = threading.Event()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.stop.wait(ANSWER_AFTER_S)  # a slow API: the answer takes a while
        body = json.dumps({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}).encode()
        self.send_response(529)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def slow_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), OverloadedAPI)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    OverloadedAPI.stop.set()
    server.shutdown()
    server.server_close()


async def test_status_line_counts_and_shows_retries_while_the_model_is_slow(slow_api: str, tmp_path: Path) -> None:
    env = user_env(tmp_path, ANTHROPIC_API_KEY="test-key-not-a-secret", ANTHROPIC_BASE_URL=slow_api,
                   CLAUDE_CODE_MAX_RETRIES="2", ORCH_HEADFUL="false", ORCH_PROFILE_DIR=str(tmp_path / "profile"),
                   TERM="xterm-256color", COLUMNS="160")
    session = PtySession([ORCHESTRATOR, "Open example.org"], env, tmp_path, tmp_path / "stderr.txt")
    try:
        await session.expect("model API retry 1/2", limit_s=90)
        await session.expect("model API retry 2/2", limit_s=30)
        code = await session.wait(limit_s=60)
    finally:
        session.close()
    text = session.text
    assert code == 4, text[-2000:]
    counted = {float(s) for s in re.findall(r"⏱\s+(\d+\.\d)s", text)}
    assert len(counted) >= 8, f"the status line stood still: {sorted(counted)}"  # 4 redraws a second, several s
    assert "Traceback" not in text
