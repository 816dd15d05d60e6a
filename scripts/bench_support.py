"""Helpers for scripts/bench_observe.py: page serving, ground truth, output parsing, coverage matching."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import re
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_agent_evals import miniwob

NAME_LIMIT = 60
# Roles compared strictly; for any other ground-truth role (generic, listitem, ...) only the name is compared.
WIDGET_ROLES = frozenset(
    {"link", "button", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option"}
    | {"switch", "combobox", "textbox", "searchbox", "slider", "spinbutton", "listbox"}
)
# MiniWoB++ task pages are served with a seeded, auto-started episode (the evaluation's boot script).
MINIWOB_BOOT = miniwob.boot_script("bench-observe", on_start="window.__benchReady=true;")

# Interactive elements that are visible and intersect the viewport, with a simple role/name computation.
GROUND_TRUTH_JS = r"""() => {
  const ROLES = new Set(['button','link','checkbox','radio','tab','menuitem','option','switch','combobox',
    'textbox','searchbox','slider','spinbutton']);
  const NO_CONTENT = new Set(['textbox','searchbox','combobox','listbox','slider','spinbutton','img']);
  const W = innerWidth, H = innerHeight;
  const interactive = (el) => {
    const tag = el.localName, role = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (tag === 'a' && el.hasAttribute('href')) return true;
    if (['button', 'select', 'textarea', 'summary'].includes(tag)) return true;
    if (tag === 'input') return el.type !== 'hidden';
    if (ROLES.has(role) || el.hasAttribute('onclick')) return true;
    const ce = el.getAttribute('contenteditable');
    if (ce !== null && ce !== 'false') return true;
    return el.hasAttribute('tabindex') && parseInt(el.getAttribute('tabindex'), 10) >= 0;
  };
  const roleOf = (el) => {
    const r = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (r && r !== 'none' && r !== 'presentation') return r;
    const tag = el.localName;
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : 'generic';
    if (tag === 'button') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'input') {
      const t = el.type;
      if (['button', 'submit', 'reset', 'image', 'file', 'color'].includes(t)) return 'button';
      if (t === 'checkbox' || t === 'radio') return t;
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (el.hasAttribute('list')) return 'combobox';
      return t === 'search' ? 'searchbox' : 'textbox';
    }
    if (el.getAttribute('contenteditable') !== null) return 'textbox';
    return {li: 'listitem', img: 'img', td: 'cell', th: 'columnheader', tr: 'row', option: 'option'}[tag]
      || 'generic';
  };
  const text = (node) => {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 || node.getAttribute('aria-hidden') === 'true') return '';
    const tag = node.localName;
    if (['script', 'style', 'noscript', 'template'].includes(tag)) return '';
    const cs = getComputedStyle(node);
    if (cs.display === 'none' || cs.visibility === 'hidden') return '';
    if (node.getAttribute('aria-label')) return node.getAttribute('aria-label');
    if (tag === 'img' || tag === 'area') return node.getAttribute('alt') || '';
    if (tag === 'input' || tag === 'select' || tag === 'textarea') return node.value || '';
    const inner = Array.from(node.childNodes, text).join('');
    return cs.display.startsWith('inline') ? inner : ' ' + inner + ' ';
  };
  const nameOf = (el, role) => {
    const ids = (el.getAttribute('aria-labelledby') || '').trim();
    if (ids) {
      const s = ids.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean).map(text).join(' ');
      if (s.trim()) return s;
    }
    if ((el.getAttribute('aria-label') || '').trim()) return el.getAttribute('aria-label');
    const tag = el.localName;
    if (tag === 'input' && ['button', 'submit', 'reset'].includes(el.type))
      return el.value || {submit: 'Submit', reset: 'Reset'}[el.type] || '';
    if (tag === 'input' && el.type === 'image') return el.alt || el.title || 'Submit';
    if (el.labels && el.labels.length) return Array.from(el.labels, text).join(' ');
    if (tag === 'img') return el.getAttribute('alt') || el.title || '';
    const content = NO_CONTENT.has(role) ? '' : Array.from(el.childNodes, text).join('');
    if (content.trim()) return content;
    return el.getAttribute('title') || el.getAttribute('placeholder') || '';
  };
  const items = [];
  for (const el of document.querySelectorAll('*')) {
    if (!interactive(el) || el.closest('[aria-hidden=true],[inert]')) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.right <= 0 || r.bottom <= 0 || r.left >= W || r.top >= H) continue;
    const role = roleOf(el);
    items.push([role, nameOf(el, role)]);
  }
  return {elements: document.getElementsByTagName('*').length, items};
}"""


def norm_name(name: str) -> str:
    """Case-folded name cut to NAME_LIMIT chars (whitespace-collapsed, trailing ellipsis dropped), then
    with all whitespace removed: servers differ in how they join inline text nodes ("a , b" vs "a, b")."""
    s = " ".join(unicodedata.normalize("NFKC", name).split()).casefold()
    s = s.removesuffix("…").removesuffix("...").rstrip()
    return "".join(s[:NAME_LIMIT].split())


@dataclass
class Coverage:
    matched: int
    total: int

    def __str__(self) -> str:
        if not self.total:
            return "n/a (0 in viewport)"
        return f"{100 * self.matched / self.total:.1f}% ({self.matched}/{self.total})"

    @property
    def complete(self) -> bool:
        return self.matched == self.total


def coverage(truth: Iterable[tuple[str, str]], found: Iterable[tuple[str, str]]) -> Coverage:
    """Multiset match of ground-truth (role, name) pairs against an output's addressable (role, name) pairs.

    Widget roles must match exactly; other roles match on the name alone. Names match when equal after
    norm_name, or when the output's name (>= 10 chars) is a prefix of the truth's (a server-side truncation); a
    truth with no name matches a remaining output element of the same role.
    """
    pool = [(role.casefold(), norm_name(name)) for role, name in found]
    used = [False] * len(pool)
    by_name: dict[str, list[int]] = {}
    for i, (_, name) in enumerate(pool):
        by_name.setdefault(name, []).append(i)
    wanted = [(role.casefold(), norm_name(name)) for role, name in truth]
    # Strict items claim their matches first; unnamed truths last: an element the simple name computation cannot
    # name (an unlabelled field) matches any same-role element the output names otherwise.
    wanted.sort(key=lambda rn: (rn[1] == "", rn[0] not in WIDGET_ROLES))

    def take(role: str, candidates: Iterable[int]) -> bool:
        for i in candidates:
            if not used[i] and (role not in WIDGET_ROLES or pool[i][0] == role):
                used[i] = True
                return True
        return False

    def truncated(name: str) -> Iterable[int]:
        return (i for i, (_, n) in enumerate(pool) if len(n) >= 10 and name.startswith(n))

    def same_role(role: str) -> Iterable[int]:
        return (i for i, (r, _) in enumerate(pool) if r == role)

    hits = [
        take(role, by_name.get(name, ())) or take(role, truncated(name)) or (not name and take(role, same_role(role)))
        for role, name in wanted
    ]
    return Coverage(sum(hits), len(wanted))


_PEER_KEY = re.compile(r'^(?P<role>[a-z][\w-]*)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[^\]]*\])*)$')


def _scalar(value: str) -> str:
    value = value.strip()
    if value.startswith('"'):
        try:
            return str(json.loads(value))
        except ValueError:
            return value.strip('"')
    if len(value) > 1 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    return value


def _split_entry(entry: str) -> tuple[str, str | None]:
    """A YAML list entry `key`, `key:` or `key: value` (the key possibly single-quoted) -> (key, value)."""
    if not entry.startswith("'"):
        key, sep, value = entry.partition(": ")
        return (key, _scalar(value)) if sep else (key.removesuffix(":"), None)
    end = 1
    while (end := entry.find("'", end)) >= 0 and entry[end + 1 : end + 2] == "'":
        end += 2
    if end < 0:
        return entry[1:], None
    rest = entry[end + 1 :].removeprefix(":").strip()
    return entry[1:end].replace("''", "'"), (_scalar(rest) if rest else None)


@dataclass
class _Node:
    role: str | None  # None for a text node
    name: str | None
    text: str | None
    ref: bool
    children: list[_Node]

    def content(self) -> str:
        """Name, else inline text, else the children's text: Playwright omits a name equal to the content."""
        if self.name is None and self.text is None:  # memoised, cut well past NAME_LIMIT
            self.name = " ".join(child.content() for child in self.children)[: 4 * NAME_LIMIT]
        return self.name if self.name is not None else self.text or ""


def peer_elements(text: str) -> list[tuple[str, str]]:
    """(role, name) of every `[ref=...]` node of a @playwright/mcp snapshot (YAML-ish, parsed by indent)."""
    root = _Node(None, None, None, False, [])
    stack: list[tuple[int, _Node]] = [(-1, root)]
    refs: list[_Node] = []
    for raw in text.splitlines():
        entry = raw.lstrip()
        if not entry.startswith("- "):
            continue
        indent = len(raw) - len(entry)
        key, value = _split_entry(entry[2:])
        if key.startswith("/"):  # a property such as /url or /placeholder
            continue
        if key == "text":
            node = _Node(None, None, value or "", False, [])
        elif m := _PEER_KEY.match(key):
            name = m.group("name")
            if name is not None:
                name = _scalar(f'"{name}"')
            node = _Node(m.group("role"), name, value, "[ref=" in m.group("attrs"), [])
        else:
            continue
        while stack[-1][0] >= indent:
            stack.pop()
        stack[-1][1].children.append(node)
        stack.append((indent, node))
        if node.ref and node.role:
            refs.append(node)
    return [(node.role or "", node.content()) for node in refs]


_OUR_ID = re.compile(r"^(?:f\d+)?e\d+$")


def our_elements(text: str) -> list[tuple[str, str]]:
    """(role, name) of every object carrying an element id anywhere in our observe envelope's `data`."""
    payload = json.loads(text)
    if not payload.get("success", False):
        raise RuntimeError(f"observe failed: {str(payload.get('error'))[:120]}")
    out: list[tuple[str, str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ident = node.get("id")
            if isinstance(ident, str) and _OUR_ID.match(ident):
                out.append((str(node.get("role", "")), str(node.get("name", ""))))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(payload.get("data"))
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files; MiniWoB task pages get a seeded, auto-started episode appended."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if not (path.suffix == ".html" and path.parent.name == "miniwob" and path.is_file()):
            return super().send_head()
        body = path.read_bytes().replace(b"</body>", MINIWOB_BOOT + b"</body>")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None


def serve_dir(root: Path) -> tuple[str, Callable[[], None]]:
    """Serve `root` over http on 127.0.0.1 in a daemon thread; returns (origin, close)."""
    handler = functools.partial(_QuietHandler, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def close() -> None:
        server.shutdown()
        server.server_close()

    return f"http://127.0.0.1:{server.server_port}", close


def start_fixture_site(repo: Path) -> tuple[str, Callable[[], None]] | None:
    """The shared fixture site's big.html, when tests/fixtures/site_server.py and the page both exist."""
    module_path = repo / "tests/fixtures/site_server.py"
    site = repo / "tests/fixtures/site"
    if not (module_path.is_file() and (site / "big.html").is_file()):
        return None
    spec = importlib.util.spec_from_file_location("bench_site_server", module_path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    handle = module.start_site(site)
    return f"{handle.origin_a.rstrip('/')}/big.html", handle.close


def write_big_page(directory: Path) -> Path:
    """A generated page with ~3,300 elements of which 300 are interactive (stand-in for the fixture page)."""
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>Big page</title></head><body>"]
    parts.append("<header><nav><ul>")
    parts += [f"<li><a href='#s{i}'>Section {i}</a></li>" for i in range(20)]
    parts.append("</ul></nav><form><label>Search <input type='search' name='q'></label>")
    for i in range(20):
        parts.append(f"<label>Field {i} <input name='f{i}'></label>")
    parts.append("<select name='sort'><option>Newest</option><option>Oldest</option></select>")
    parts.append("<textarea aria-label='Notes'></textarea><button type='submit'>Apply filters</button>")
    parts.append("<div role='button' tabindex='0'>Reset all</div></form></header><main>")
    for i in range(64):
        parts.append(f"<article id='s{i}'><h3>Item {i}</h3><div class='meta'><span>by</span>")
        parts.append(f" <span>author {i}</span>")
        parts.append(f"<span class='tag'>t{i % 7}</span></div><p>{'lorem ipsum dolor sit amet ' * 3}</p><ul>")
        parts += [f"<li><span>spec {j}</span>: <b>{i * j}</b></li>" for j in range(6)]
        parts.append(f"</ul><div class='actions'><a href='/item/{i}'>Open item {i}</a>")
        parts.append(f"<button>Add item {i} to cart</button>")
        parts.append(f"<label><input type='checkbox'> Compare {i}</label>")
        parts.append(f"<a href='/item/{i}#reviews'>Reviews of {i}</a></div>")
        parts += [f"<div class='row'><span>{i}.{j}</span><em>x</em><i>y</i></div>" for j in range(4)]
        parts.append("</article>")
    parts.append("</main><footer>" + "".join(f"<p><span>footer {k}</span></p>" for k in range(40)))
    parts.append("</footer></body></html>")
    path = directory / "big.html"
    path.write_text("".join(parts), encoding="utf-8")
    return path
