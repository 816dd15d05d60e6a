"""The evaluation's web server: MiniWoB++ task pages (seeded) and the local multi-step sites, on two origins
(``http://127.0.0.1:<a>`` and ``http://localhost:<b>``, so a frame from one in a page of the other is a real
cross-origin, out-of-process iframe), with every task run under its own path ``/r/<token>/`` and its own state.

Pages report their state to ``/__eval/<token>/report`` (``bridge.py``); that is what the checkers read.
"""

from __future__ import annotations

import json
import mimetypes
import secrets
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from browser_agent_evals import bridge, miniwob
from browser_agent_evals.sites import SITES, Request, Response
from browser_agent_evals.sites.data import SiteData, load_site_data

HANDS_POLL_S = 10.0
MINIWOB_DIRS = ("miniwob", "core", "common", "flight")


@dataclass
class TaskContext:
    """One task run's server side: its seed, what its pages reported, its site's state, the human's hands."""

    token: str
    miniwob_task: str = ""
    seed: str = ""
    hands: bool = False
    reports: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    _hands: list[dict[str, Any]] = field(default_factory=list)
    _cond: threading.Condition = field(default_factory=threading.Condition)

    def report(self, data: dict[str, Any]) -> None:
        with self._cond:
            data["at"] = time.time()
            self.reports.append(data)
            self._cond.notify_all()

    def give_hands(self, command: dict[str, Any]) -> None:
        with self._cond:
            self._hands.append(command)
            self._cond.notify_all()

    def take_hands(self, wait_s: float) -> dict[str, Any] | None:
        with self._cond:
            self._cond.wait_for(lambda: bool(self._hands), timeout=wait_s)
            return self._hands.pop(0) if self._hands else None

    def wait_report(self, kind: str, after: float, wait_s: float) -> dict[str, Any] | None:
        """The first report of ``kind`` made after ``after`` (waits up to ``wait_s``)."""

        def found() -> dict[str, Any] | None:
            return next((r for r in self.reports if r.get("kind") == kind and r["at"] >= after), None)

        with self._cond:
            self._cond.wait_for(lambda: found() is not None, timeout=wait_s)
            return found()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    web: EvalWeb

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # browsers drop connections on navigation


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        web = self.server.web
        segments = [s for s in parts.path.split("/") if s]
        if len(segments) >= 3 and segments[0] == "__eval":
            self._send(web.harness(segments[1], segments[2], body))
            return
        if len(segments) < 3 or segments[0] != "r" or segments[1] not in web.contexts:
            self._send(Response.text("Not found", HTTPStatus.NOT_FOUND))
            return
        ctx = web.contexts[segments[1]]
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()} if method == "POST" else {}
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        request = Request(method, "/".join(segments[3:]), query, form, web.base(ctx.token), web.base(ctx.token, "b"))
        self._send(web.page(ctx, segments[2], request))

    def _send(self, response: Response) -> None:
        self.send_response(response.status)
        for key, value in response.headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(response.body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(response.body)


class EvalWeb:
    def __init__(self, sites: SiteData | None = None) -> None:
        self.sites = sites or load_site_data()  # what the local sites serve
        self.contexts: dict[str, TaskContext] = {}
        self._servers: list[_Server] = []
        self.origin_a = self.origin_b = ""

    def start(self) -> EvalWeb:
        for host in ("127.0.0.1", "127.0.0.1"):
            server = _Server((host, 0), _Handler)
            server.web = self
            threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
            self._servers.append(server)
        self.origin_a = f"http://127.0.0.1:{self._servers[0].server_address[1]}"
        self.origin_b = f"http://localhost:{self._servers[1].server_address[1]}"
        return self

    def close(self) -> None:
        for server in self._servers:
            server.shutdown()
            server.server_close()
        self._servers.clear()

    def __enter__(self) -> EvalWeb:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def register(self, *, miniwob_task: str = "", seed: str = "", hands: bool = False) -> TaskContext:
        ctx = TaskContext(secrets.token_hex(6), miniwob_task=miniwob_task, seed=seed, hands=hands)
        self.contexts[ctx.token] = ctx
        return ctx

    def base(self, token: str, origin: str = "a") -> str:
        return f"{self.origin_a if origin == 'a' else self.origin_b}/r/{token}"

    # ------------------------------------------------------------------ routes
    def harness(self, token: str, what: str, body: bytes) -> Response:
        ctx = self.contexts.get(token)
        if ctx is None:
            return Response.text("unknown run", HTTPStatus.NOT_FOUND)
        if what == "report":
            try:
                data = json.loads(body or b"{}")
            except ValueError:
                return Response.text("bad report", HTTPStatus.BAD_REQUEST)
            if isinstance(data, dict):
                ctx.report(data)
            return Response(HTTPStatus.NO_CONTENT)
        if what == "hands":
            command = ctx.take_hands(HANDS_POLL_S)
            if command is None:
                return Response(HTTPStatus.NO_CONTENT)
            return Response(HTTPStatus.OK, json.dumps(command).encode(), {"Content-Type": "application/json"})
        return Response.text("Not found", HTTPStatus.NOT_FOUND)

    def page(self, ctx: TaskContext, area: str, request: Request) -> Response:
        if area in MINIWOB_DIRS:
            return self._miniwob(ctx, area, request.path)
        site = SITES.get(area)
        if site is None:
            return Response.text("Not found", HTTPStatus.NOT_FOUND)
        response = site(ctx.state, request, self.sites)
        if response.headers.get("Content-Type", "").startswith("text/html"):
            response.body = bridge.inject(response.body, bridge.script(ctx.token, hands=ctx.hands))
        return response

    def _miniwob(self, ctx: TaskContext, area: str, rest: str) -> Response:
        root = miniwob.html_root()
        path = (root / area / rest).resolve()
        if not path.is_relative_to(root.resolve()) or not path.is_file():
            return Response.text("Not found", HTTPStatus.NOT_FOUND)
        if area == "miniwob" and path.suffix == ".html":
            extra = bridge.script(ctx.token, miniwob=True, hands=ctx.hands)
            body = miniwob.task_page(path.stem, ctx.seed or path.stem, extra=extra)
            return Response(HTTPStatus.OK, body, {"Content-Type": "text/html; charset=utf-8"})
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return Response(HTTPStatus.OK, path.read_bytes(), {"Content-Type": kind})
