"""Pages for the reliability suite, generated on the fly (nothing to do with the product's logic).

    /counters?n=8     n buttons, each adds one to its own counter
    /fields?n=8       n text fields
    /page?id=X        a small page titled "page X"
    /busy             a script that never yields the main thread
    /busy-later?ms=N  the same, starting N ms after it loaded
    /slow?s=2&id=X    "page X", answered after s seconds
    /alerts           alert() in an endless loop
    /popups           window.open() in an endless loop
    /big?mb=50        an HTML page of about that many megabytes
    /loop             a redirect to itself, forever
    /hang             headers, then a body that never ends
    /selfnav          a page that navigates itself away every few milliseconds
    /storage          sets a persistent cookie and a localStorage entry
    /storm            a mutation storm: hundreds of nodes replaced on every animation frame, forever
    /many?n=35000     n elements (a button, a field and a link in every row)
    /storage-read     shows both

Plus ``https_origin``: a TLS server with a self-signed certificate (a certificate error), and ``closed_port``.
"""

from __future__ import annotations

import socket
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

PAGES = {
    "/busy": "<title>busy</title><p>busy</p><script>setTimeout(() => { for (;;) {} }, 50)</script>",
    "/alerts": "<title>alerts</title><p>alerts</p><script>setTimeout(() => { for (;;) alert('storm ' + "
               "Math.random()) }, 50)</script>",
    "/popups": "<title>popups</title><p>popups</p><script>let n = 0; setInterval(() => { if (n++ < 40) "
               "window.open('/page?id=popup' + n) }, 20)</script>",
    "/selfnav": "<title>selfnav</title><script>setInterval(() => { location.href = '/selfnav?' + Math.random() },"
                " 5)</script>",
    "/storm": "<title>storm</title><div id=box></div><script>const box = document.getElementById('box');"
              "function storm() { box.replaceChildren(...Array.from({length: 400}, (_, i) => { const b = "
              "document.createElement('button'); b.textContent = 'item ' + i + ' ' + Math.random(); return b }));"
              " requestAnimationFrame(storm) } storm()</script>",
    "/storage": "<title>storage</title><script>document.cookie = 'kept=cookie-value; max-age=86400; path=/';"
                "localStorage.setItem('kept', 'storage-value'); document.title = 'stored'</script>",
    "/storage-read": "<title>storage read</title><p id=out></p><script>document.getElementById('out')"
                     ".textContent = 'cookie:' + document.cookie + ' storage:' + localStorage.getItem('kept')"
                     "</script>",
}


def _counters(n: int) -> str:
    rows = "".join(
        f"<p><button onclick=\"const s = document.getElementById('c{i}'); s.textContent = +s.textContent + 1\">"
        f"Add {i}</button> counter {i}: <span id=c{i}>0</span></p>" for i in range(n)
    )
    return f"<title>counters</title>{rows}"


def _fields(n: int) -> str:
    rows = "".join(f"<p><label>Field {i} <input id=f{i} name=f{i}></label></p>" for i in range(n))
    return f"<title>fields</title>{rows}"


def _many(n: int) -> str:
    rows = "".join(f"<div><button>row {i}</button><input aria-label='row {i}'><a href='#r{i}'>r{i}</a></div>"
                   for i in range(n // 4))
    return f"<title>many</title>{rows}"


def _titled_page(query: dict[str, str]) -> str:
    ident = query.get("id", "0")[:40]
    return f"<title>page {ident}</title><h1>page {ident}</h1>"


def _made_page(path: str, query: dict[str, str]) -> str | None:
    """The pages made from their path and query alone (None: not one of them)."""
    if path in PAGES:
        return PAGES[path]
    if path == "/counters":
        return _counters(int(query.get("n", 8)))
    if path == "/fields":
        return _fields(int(query.get("n", 8)))
    if path == "/many":
        return _many(int(query.get("n", 35000)))
    if path == "/busy-later":
        delay = int(query.get("ms", 500))
        return f"<title>busy later</title><script>setTimeout(() => {{ for (;;) {{}} }}, {delay})</script>"
    if path == "/page":
        return _titled_page(query)
    return None


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, body: bytes, status: int = 200, ctype: str = "text/html; charset=utf-8") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        try:
            self._route(parts.path, query)
        except (BrokenPipeError, ConnectionResetError):
            return None

    def _route(self, path: str, query: dict[str, str]) -> None:
        made = _made_page(path, query)
        if made is not None:
            return self._send(made.encode())
        if path == "/slow":
            time.sleep(min(float(query.get("s", 2)), 30))  # noqa: TID251 - the site itself answers slowly
            return self._send(_titled_page(query).encode())
        if path == "/loop":
            self.send_response(302)
            self.send_header("Location", "/loop")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if path == "/big":
            return self._big(int(query.get("mb", 50)))
        if path == "/hang":
            return self._hang()
        return self._send(b"<title>not found</title>", 404)

    def _big(self, mb: int) -> None:
        chunk = ("<p>" + "lorem ipsum dolor sit amet " * 36 + "</p>\n").encode()
        count = mb * 1024 * 1024 // len(chunk)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(chunk) * count + 20))
        self.end_headers()
        self.wfile.write(b"<title>big</title>\n")
        self.wfile.write(b" ")
        for _ in range(count):
            self.wfile.write(chunk)

    def _hang(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(b"<title>hang</title><p>loading")
        self.wfile.flush()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not self.server.closing:  # type: ignore[attr-defined]
            time.sleep(0.5)  # noqa: TID251 - a server thread trickling a page that never finishes
            self.wfile.write(b".")
            self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    closing = False

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@dataclass
class HardSite:
    origin: str
    https_origin: str
    closed_port_url: str
    _servers: list[_Server]

    def url(self, path: str) -> str:
        return self.origin + path

    def close(self) -> None:
        for server in self._servers:
            server.closing = True
            server.shutdown()
            server.server_close()


def _serve(server: _Server) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


def _self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )
    return cert, key


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_hard_site() -> HardSite:
    plain = _Server(("127.0.0.1", 0), _Handler)
    _serve(plain)
    servers = [plain]
    https_origin = ""
    try:
        cert, key = _self_signed(Path(tempfile.mkdtemp(prefix="hard-site-")))
        tls = _Server(("127.0.0.1", 0), _Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        tls.socket = context.wrap_socket(tls.socket, server_side=True)
        _serve(tls)
        servers.append(tls)
        https_origin = f"https://127.0.0.1:{tls.server_address[1]}"
    except (OSError, subprocess.SubprocessError):
        pass
    return HardSite(f"http://127.0.0.1:{plain.server_address[1]}", https_origin,
                    f"http://127.0.0.1:{_free_port()}/", servers)
