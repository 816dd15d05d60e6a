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
name given: ``removed``, ``decoy`` (a same-role, same-name copy inserted before it), ``rows`` (its row copied:
two look-alike rows) or ``renamed`` (its name changed). ``applied`` counts the pages it changed.

The upstream sees the proxy's Host header, so the app's redirects and CSRF origin checks stay on the proxy.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Literal

from aiohttp import ClientSession, web
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
    applied: int = 0


def masked(path: str) -> str:
    return re.sub(r"\d+", "#", path)


def _text(tag: Tag) -> str:
    """The text a person hears: no aria-hidden parts, no empty brackets (an unused counter), no required mark."""
    tag = copy.copy(tag)
    for hidden in tag.find_all(attrs={"aria-hidden": "true"}):
        hidden.decompose()
    alts = " ".join(str(i.get("alt", "")) for i in tag.find_all("img"))
    text = re.sub(r"\(\s*\)", " ", tag.get_text(" ") + " " + alts)
    return " ".join(text.split()).rstrip("* ")


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


def targets(soup: BeautifulSoup, role: str, name: str) -> list[Tag]:
    found = soup.find_all(lambda t: t.name in ("a", "button", *CONTROLS) or t.get("role") == role)
    return [t for t in found if _role(t) == role and _name(soup, t) == name]


def _row_of(tag: Tag) -> Tag:
    """The element's row: its table row, else the nearest block holding both the control and its label."""
    row = tag.find_parent("tr")
    if row is not None:
        return row
    node = tag.parent
    labelled = _role(tag) not in ("button", "link")
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


def mutate(soup: BeautifulSoup, m: Mutation) -> bool:
    found = targets(soup, m.role, m.name)
    if len(found) != 1:
        return False
    target = found[0]
    if m.kind == "removed":
        target.decompose()
    elif m.kind == "decoy":
        decoy = copy.copy(target)
        for attr in ("id", "name"):
            if decoy.get(attr):
                decoy[attr] = f"{decoy[attr]}-decoy"
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
            out.body = body
            return out

    async def _rewrite(self, path: str, html: str) -> str:
        soup = BeautifulSoup(html, "html.parser")
        m = self.mutation
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
        links += [str(s["href"]) for s in soup.find_all("link", href=True) if "stylesheet" in s.get_attribute_list("rel")]
        for link in links:
            if not link.startswith("/") or link.startswith("//") or link in self._learned:
                continue  # another origin's file, or one already read
            self._learned.add(link)
            async with self._client.get(self.upstream + link) as asset:
                if asset.status == 200 and _asset(asset.content_type):
                    self.cosmetic.learn(await asset.text(errors="replace"))


def _asset(content_type: str) -> bool:
    return content_type.endswith(("javascript", "css", "json"))
