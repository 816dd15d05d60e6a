"""An HTML-rewriting reverse proxy in front of a real app (issue 22's cosmetic variant and unresolvable mutations).

    proxy = RewritingProxy("http://127.0.0.1:41234", seed=22)
    base = await proxy.start()                 # "http://127.0.0.1:<port>": every request forwarded, Host kept
    proxy.mutation = Mutation("decoy", "button", "Save", "/admin/library/book/add/")
    await proxy.close()

Cosmetic (``cosmetic=True``, fixed seed): ``tests/support/cosmetic_rewrite.py`` on every HTML page (ids and what
refers to them renamed, classes randomised, rows and fieldsets reordered, wrapper divs), the app still working: the
proxy feeds it every script and stylesheet the app serves (and those a page links, fetched before the page is
rewritten), so it leaves alone the ids and classes they name. Labels, names, values and headings are kept.

A ``Mutation`` changes the one element of a page (path with numbers as ``#``) that has the role and accessible
name given (of several, the one on the fingerprint's row, or on no table row): ``removed`` (with the panel it
controls), ``decoy`` (a same-role, same-name copy inserted before it, without the app's script hooks), ``rows``
(its row copied: two look-alike rows) or ``renamed`` (its name changed). ``applied`` counts the pages it changed.
Without the cosmetic rewrite, a page of another path passes as the app sent it (not parsed and printed again).

The upstream sees the proxy's Host header, so the app's redirects and CSRF origin checks stay on the proxy. A file
the app serves as it is on disk (GET, 200, dated by Last-Modified, no cookie, not HTML) is fetched once per proxy
and served from memory after that.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Literal

from aiohttp import ClientResponse, ClientSession, web
from bs4 import BeautifulSoup, Tag

from tests.support.cosmetic_rewrite import CONTROLS, Cosmetic

HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "accept-encoding",
       "upgrade", "proxy-connection", "te", "trailer"}
Kind = Literal["removed", "decoy", "rows", "renamed"]
INPUT_ROLES = {"search": "searchbox", "number": "spinbutton", "checkbox": "checkbox", "radio": "radio",
               "range": "slider"}
NOT_TEXT = {"hidden", "submit", "button", "checkbox", "radio", "image", "reset", "file"}


@dataclass
class Mutation:
    kind: Kind
    role: str
    name: str
    path: str  # the page's path, numbers as '#'
    row: str = ""  # the target's row (its fingerprint's), "" when it is on no row
    applied: int = 0


def masked(path: str) -> str:
    return re.sub(r"\d+", "#", path)


def _text(tag: Tag) -> str:
    """The text a person hears: no aria-hidden parts, no empty brackets (an unused counter), no required mark."""
    tag = copy.copy(tag)
    for hidden in tag.find_all(attrs={"aria-hidden": "true"}):
        hidden.decompose()
    alts = " ".join(str(i.get("alt", "")) for i in tag.find_all("img"))
    return _plain(tag.get_text(" ") + " " + alts)


def _plain(name: str) -> str:
    """A name compared as a person reads it: empty brackets (an unused counter) and a required mark dropped."""
    return " ".join(re.sub(r"\(\s*\)", " ", name).split()).rstrip("* ")


def _label_of(soup: BeautifulSoup, control: Tag) -> str:
    if control.get("aria-label"):
        return str(control["aria-label"])
    ident = control.get("id")
    label = soup.find("label", attrs={"for": ident}) if ident else None
    label = label or control.find_parent("label")
    return _text(label) if isinstance(label, Tag) else ""


def _role(tag: Tag) -> str:
    if tag.get("role"):
        return str(tag["role"])
    if tag.name == "a" and tag.get("href") is not None:
        return "link"
    if tag.name == "button" or (tag.name == "input" and tag.get("type") in ("submit", "button")):
        return "button"
    if tag.name == "select":
        return "combobox" if not tag.has_attr("multiple") else "listbox"
    kind = str(tag.get("type", "text"))
    if tag.name == "input" and kind in INPUT_ROLES:
        return INPUT_ROLES[kind]
    if tag.name == "textarea" or (tag.name == "input" and kind not in NOT_TEXT):
        return "textbox"
    return ""


def _name(soup: BeautifulSoup, tag: Tag) -> str:
    if tag.name in ("a", "button") or (tag.get("role") and tag.name not in CONTROLS):
        return str(tag.get("aria-label") or _text(tag))
    if tag.name == "input" and tag.get("type") in ("submit", "button"):
        return str(tag.get("aria-label") or tag.get("value", ""))
    return _label_of(soup, tag)


def targets(soup: BeautifulSoup, role: str, name: str, row: str = "") -> list[Tag]:
    """The elements of that role and name; of several, those on the row given (a table row holding that text), or
    on no table row when none is given (a header's link, not the same link in every row's menu)."""
    found = soup.find_all(lambda t: t.name in ("a", "button", *CONTROLS) or t.get("role") == role)
    found = [t for t in found if _role(t) == role and _plain(_name(soup, t)) == _plain(name)]
    if len(found) < 2:
        return found
    return [t for t in found if ((line := t.find_parent("tr")) is None and not row)
            or (line is not None and bool(row) and _plain(row) in _text(line))]


def _row_of(tag: Tag) -> Tag:
    """The element's row: its table row, else the nearest block holding both the control and its label; a button
    or link in a scripted container (a menu its script moves into a popup) is an item, its own row."""
    row = tag.find_parent("tr")
    if row is not None:
        return row
    node = tag.parent
    labelled = _role(tag) not in ("button", "link")
    if not labelled and isinstance(node, Tag) and any(a.startswith("data-") for a in node.attrs):
        return tag
    while labelled and node is not None and node.name not in ("form", "body") and not node.find("label"):
        node = node.parent
    if isinstance(node, Tag) and node.name not in ("form", "body"):
        return node
    return tag.parent if isinstance(tag.parent, Tag) else tag


def _suffix_ids(tree: Tag, suffix: str) -> None:
    for el in [tree, *tree.find_all(True)]:
        for attr in ("id", "for"):
            if el.get(attr):
                el[attr] = f"{el[attr]}{suffix}"


def _controlled(soup: BeautifulSoup, target: Tag) -> list[Tag]:
    """The elements the target controls: its aria-controls, and the tab panels it labels."""
    panels = [p for i in str(target.get("aria-controls", "")).split() if isinstance(p := soup.find(id=i), Tag)]
    ident = str(target.get("id", ""))
    return panels + [p for p in soup.find_all(attrs={"role": "tabpanel"})
                     if ident and ident in str(p.get("aria-labelledby", "")).split() and p not in panels]


def mutate(soup: BeautifulSoup, m: Mutation) -> bool:
    found = targets(soup, m.role, m.name, m.row)
    if len(found) != 1:
        return False
    target = found[0]
    if m.kind == "removed":  # with what only it controls (a tab's panel): the app renders without it
        for panel in _controlled(soup, target):
            panel.decompose()
        target.decompose()
    elif m.kind == "decoy":  # markup only: not wired into the app's scripts (no data-* hooks, no id)
        decoy = copy.copy(target)
        for attr in [a for a in decoy.attrs if a.startswith("data-") or a in ("id", "aria-controls")]:
            del decoy[attr]
        if decoy.get("name"):
            decoy["name"] = f"{decoy['name']}-decoy"
        if target.name in CONTROLS and target.get("type") not in ("submit", "button"):
            decoy["aria-label"] = m.name
        target.insert_before(decoy)
    elif m.kind == "rows":
        row = _row_of(target)
        twin = copy.copy(row)
        _suffix_ids(twin, "-twin")
        row.insert_after(twin)
    else:
        _rename(soup, target, m.name + " (renamed)")
    return True


def _rename(soup: BeautifulSoup, target: Tag, new: str) -> None:
    if target.get("aria-label") or (target.name in CONTROLS and target.get("type") not in ("submit", "button")):
        label = soup.find("label", attrs={"for": target.get("id")}) if target.get("id") else None
        if isinstance(label, Tag) and not target.get("aria-label") and label.get_text(strip=True):
            label.string = new
        else:
            target["aria-label"] = new
    elif target.name == "input":
        target["value"] = new
    else:
        target.string = new


class RewritingProxy:
    def __init__(self, upstream: str, seed: int = 22, cosmetic: bool = True) -> None:
        self.upstream = upstream.rstrip("/")
        self.cosmetic = Cosmetic(seed) if cosmetic else None
        self.mutation: Mutation | None = None
        self.writes: list[str] = []  # every non-GET request forwarded: "POST /admin/…"
        self._runner: web.AppRunner | None = None
        self._client: ClientSession | None = None
        self._learned: set[str] = set()  # the scripts and stylesheets the cosmetic rewrite has read
        self._files: dict[str, tuple[int, list[tuple[str, str]], bytes]] = {}  # GET path -> a file's response
        self.base_url = ""

    async def start(self) -> str:
        app = web.Application(client_max_size=10 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self._client = ClientSession(auto_decompress=True)
        return self.base_url

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        assert self._client is not None
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP}
        if request.method not in ("GET", "HEAD"):
            self.writes.append(f"{request.method} {request.path}")
        elif request.method == "GET" and (kept := self._files.get(request.path_qs)) is not None:
            status, kept_headers, body = kept  # a static file, served from here as the app first sent it
            out = web.Response(status=status, body=body)
            for key, value in kept_headers:
                out.headers.add(key, value)
            return out
        async with self._client.request(request.method, self.upstream + request.path_qs, headers=headers,
                                        data=await request.read(), allow_redirects=False) as upstream:
            body = await upstream.read()
            out = web.Response(status=upstream.status)
            for key, value in upstream.headers.items():
                if key.lower() not in HOP:
                    out.headers.add(key, value.replace(self.upstream, self.base_url) if key.lower() == "location"
                                    else value)
            if self.cosmetic is not None and _asset(upstream.content_type) and request.path_qs not in self._learned:
                self._learned.add(request.path_qs)
                self.cosmetic.learn(body.decode(upstream.charset or "utf-8", errors="replace"))
            if upstream.content_type == "text/html" and body:
                body = (await self._rewrite(request.path, body.decode(upstream.charset or "utf-8"))).encode()
            if _static_file(request.method, upstream):
                self._files[request.path_qs] = (upstream.status, list(out.headers.items()), body)
            out.body = body
            return out

    async def _rewrite(self, path: str, html: str) -> str:
        m = self.mutation
        if self.cosmetic is None and (m is None or masked(path) != m.path):
            return html  # nothing rewrites this page: the app's own bytes, not parsed and printed again
        soup = BeautifulSoup(html, "html.parser")
        if m is not None and masked(path) == m.path and mutate(soup, m):
            m.applied += 1
        if self.cosmetic is not None:
            await self._learn_linked(soup)
            self.cosmetic.apply(soup)
        return str(soup)

    async def _learn_linked(self, soup: BeautifulSoup) -> None:
        """The page's own scripts and stylesheets, read before the page is rewritten (the browser asks later)."""
        assert self._client is not None and self.cosmetic is not None
        links = [str(s["src"]) for s in soup.find_all("script", src=True)]
        links += [str(s["href"]) for s in soup.find_all("link", href=True)
                  if "stylesheet" in s.get_attribute_list("rel")]
        for link in links:
            if not link.startswith("/") or link.startswith("//") or link in self._learned:
                continue  # another origin's file, or one already read
            self._learned.add(link)
            async with self._client.get(self.upstream + link) as asset:
                if asset.status == 200 and _asset(asset.content_type):
                    self.cosmetic.learn(await asset.text(errors="replace"))


def _static_file(method: str, upstream: ClientResponse) -> bool:
    """A file the app serves as it is on disk (a script, stylesheet, image: dated, no cookie, not a page): the same
    bytes on every request, so the proxy keeps them (the Wagtail editor's assets were fetched again on each case)."""
    return (method == "GET" and upstream.status == 200 and "Last-Modified" in upstream.headers
            and "Set-Cookie" not in upstream.headers and upstream.content_type != "text/html")


def _asset(content_type: str) -> bool:
    return content_type.endswith(("javascript", "css", "json"))
