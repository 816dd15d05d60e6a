"""An HTML-rewriting reverse proxy in front of a real app (issue 22's cosmetic variant and unresolvable mutations).

    proxy = RewritingProxy("http://127.0.0.1:41234", seed=22)
    base = await proxy.start()                 # "http://127.0.0.1:<port>": every request forwarded, Host kept
    proxy.mutation = Mutation("decoy", "button", "Save", "/admin/library/book/add/")
    await proxy.close()

Cosmetic (``cosmetic=True``, fixed seed): every id renamed (and the ``for`` / ``aria-*`` / ``href="#…"`` that
point at it, consistently), every class name replaced by a random one, the rows of every ``tbody`` and the
sibling fieldsets of a form reordered, a wrapper ``div`` put around every table, fieldset and form control.
Labels, names, values and headings are left as they are.

A ``Mutation`` changes the one element of a page (path with numbers as ``#``) that has the role and accessible
name given: ``removed``, ``decoy`` (a same-role, same-name copy inserted before it), ``rows`` (its row copied:
two look-alike rows) or ``renamed`` (its name changed). ``applied`` counts the pages it changed.

The upstream sees the proxy's Host header, so the app's redirects and CSRF origin checks stay on the proxy.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Literal

from aiohttp import ClientSession, web
from bs4 import BeautifulSoup, Tag

HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "accept-encoding",
       "upgrade", "proxy-connection", "te", "trailer"}
Kind = Literal["removed", "decoy", "rows", "renamed"]
CONTROLS = ("input", "select", "textarea")
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
    alts = " ".join(str(i.get("alt", "")) for i in tag.find_all("img"))
    return " ".join((tag.get_text(" ") + " " + alts).split())


def _label_of(soup: BeautifulSoup, control: Tag) -> str:
    if control.get("aria-label"):
        return str(control["aria-label"])
    ident = control.get("id")
    label = soup.find("label", attrs={"for": ident}) if ident else None
    label = label or control.find_parent("label")
    return _text(label) if isinstance(label, Tag) else ""


def _role(tag: Tag) -> str:
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
    if tag.name in ("a", "button"):
        return str(tag.get("aria-label") or _text(tag))
    if tag.name == "input" and tag.get("type") in ("submit", "button"):
        return str(tag.get("aria-label") or tag.get("value", ""))
    return _label_of(soup, tag)


def targets(soup: BeautifulSoup, role: str, name: str) -> list[Tag]:
    return [t for t in soup.find_all(["a", "button", *CONTROLS]) if _role(t) == role and _name(soup, t) == name]


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


@dataclass
class Cosmetic:
    """The cosmetic rewrite, one mapping for the whole run (fixed seed): the same id or class gets the same new
    name on every page."""

    seed: int
    ids: dict[str, str] = field(default_factory=dict)
    classes: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _new(self, table: dict[str, str], old: str, prefix: str) -> str:
        if old not in table:
            table[old] = prefix + "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
        return table[old]

    def apply(self, soup: BeautifulSoup) -> None:
        for el in soup.find_all(True):
            if el.get("id"):
                el["id"] = self._new(self.ids, str(el["id"]), "i")
            if el.get("for"):
                el["for"] = self._new(self.ids, str(el["for"]), "i")
            for attr in ("aria-labelledby", "aria-describedby", "aria-controls"):
                if el.get(attr):
                    el[attr] = " ".join(self._new(self.ids, i, "i") for i in str(el[attr]).split())
            href = str(el.get("href", ""))
            if href.startswith("#") and len(href) > 1:
                el["href"] = "#" + self._new(self.ids, href[1:], "i")
            if el.get("class"):
                el["class"] = [self._new(self.classes, c, "c") for c in el.get_attribute_list("class")]
        self._reorder(soup)
        self._wrap(soup)

    def _reorder(self, soup: BeautifulSoup) -> None:
        groups = [body.find_all("tr", recursive=False) for body in soup.find_all("tbody")]
        groups += [form.find_all("fieldset", recursive=False) for form in soup.find_all("form")]
        for rows in groups:
            if len(rows) < 2:
                continue
            order = rows[:]
            while order == rows:
                self.rng.shuffle(order)
            anchor = soup.new_tag("span")
            rows[0].insert_before(anchor)
            for row in rows:
                row.extract()
            for row in order:
                anchor.insert_before(row)
            anchor.decompose()

    def _wrap(self, soup: BeautifulSoup) -> None:
        for el in soup.find_all(["table", "fieldset", *CONTROLS]):
            if el.name == "input" and el.get("type") == "hidden":
                continue
            wrapper = soup.new_tag("div", attrs={"class": self._new(self.classes, "wrap", "c")})
            el.wrap(wrapper)


class RewritingProxy:
    def __init__(self, upstream: str, seed: int = 22, cosmetic: bool = True) -> None:
        self.upstream = upstream.rstrip("/")
        self.cosmetic = Cosmetic(seed) if cosmetic else None
        self.mutation: Mutation | None = None
        self.writes: list[str] = []  # every non-GET request forwarded: "POST /admin/…"
        self._runner: web.AppRunner | None = None
        self._client: ClientSession | None = None
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
            if upstream.content_type == "text/html" and body:
                body = self._rewrite(request.path, body.decode(upstream.charset or "utf-8")).encode()
            out.body = body
            return out

    def _rewrite(self, path: str, html: str) -> str:
        soup = BeautifulSoup(html, "html.parser")
        m = self.mutation
        if m is not None and masked(path) == m.path and mutate(soup, m):
            m.applied += 1
        if self.cosmetic is not None:
            self.cosmetic.apply(soup)
        return str(soup)
