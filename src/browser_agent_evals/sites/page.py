"""What every local site is made of: a request, a response, the page layout, escaping, a not-found page."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser_agent_evals.sites.data import SiteData


@dataclass
class Request:
    method: str
    path: str  # inside the site: "" for its home, "product/kettle", ...
    query: dict[str, str]
    form: dict[str, str]
    base_a: str  # http://127.0.0.1:<a>/r/<token>
    base_b: str  # http://localhost:<b>/r/<token> (the other origin)


@dataclass
class Response:
    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def html(cls, text: str, status: int = HTTPStatus.OK) -> Response:
        return cls(status, text.encode(), {"Content-Type": "text/html; charset=utf-8"})

    @classmethod
    def text(cls, text: str, status: int = HTTPStatus.OK) -> Response:
        return cls(status, text.encode(), {"Content-Type": "text/plain; charset=utf-8"})

    @classmethod
    def redirect(cls, location: str) -> Response:
        return cls(HTTPStatus.SEE_OTHER, b"", {"Location": location})


Site = Callable[[dict[str, Any], Request, "SiteData"], Response]

STYLE = """body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#f6f7f9}
header{background:#234;color:#fff;padding:10px 24px;display:flex;gap:24px;align-items:center}
header a{color:#fff}main{max-width:880px;margin:20px auto;background:#fff;padding:20px 28px;border-radius:8px}
label{display:block;margin:10px 0 4px}input,select,textarea{font:inherit;padding:6px;min-width:280px}
button{font:inherit;padding:7px 16px;margin-top:12px;cursor:pointer}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}
.notice{background:#e7f5e9;padding:10px;border-radius:6px}
.card{border:1px solid #ddd;border-radius:6px;padding:12px;margin:10px 0}.muted{color:#667}"""


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def layout(title: str, header: str, body: str) -> Response:
    return Response.html(
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(title)}</title>"
        f"<style>{STYLE}</style></head><body><header>{header}</header><main>{body}</main></body></html>"
    )


def not_found(template: str, what: str = "page") -> Response:
    """The page for a missing ``what``; ``template`` is the site's message (``"No such {what}."``)."""
    text = esc(template.format(what=what))
    return Response.html(f"<!doctype html><title>{text}</title><p>{text}</p>", HTTPStatus.NOT_FOUND)
