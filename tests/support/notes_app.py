"""A small stateful web app for flow tests: a list of notes (search, rows with Edit and Delete), an add / edit
form (text, select, date) and the app's own delete confirmation page. Its state is its database.

``app.mutations`` changes the markup the way issue 22's case (c) says, one at a time:
``decoy_add`` (a second "Add note" link before the real one), ``lookalike_rows`` (every row twice),
``no_save`` (the Save button removed), ``renamed_title`` (the Title field's label changed), ``decoy_title`` /
``decoy_due`` / ``decoy_save`` (a same-role, same-name control before the real one), ``removed_kind`` (the Kind
select removed); and case (b)'s
cosmetic variant, ``cosmetic`` (fixed seed): ids and ``for`` pairs renamed, class names randomised, rows in
reverse order, every paragraph in a wrapper div; labels, names and headings untouched.

``/widgets``: a newsletter form in a closed shadow root, inside an iframe inside an iframe; joining posts the
address to the app (``app.subscribers``). ``card_<kind>_<role>`` (kind ``removed``, ``decoy``, ``rows``, ``renamed``;
role ``textbox`` or ``button``) changes that control's row in the shadow root the way case (c) says.
"""

from __future__ import annotations

import html
import json
import random
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

KINDS = ("Idea", "Task", "Bug")


@dataclass
class Note:
    id: int
    title: str
    kind: str
    due: str


@dataclass
class NotesApp:
    notes: dict[int, Note] = field(default_factory=dict)
    next_id: int = 1
    mutations: set[str] = field(default_factory=set)
    writes: list[str] = field(default_factory=list)  # every server-side write, in order
    subscribers: list[str] = field(default_factory=list)
    base: str = ""

    def add(self, title: str, kind: str, due: str) -> Note:
        note = Note(self.next_id, title, kind, due)
        self.notes[note.id] = note
        self.next_id += 1
        return note

    def titles(self) -> list[str]:
        return sorted(n.title for n in self.notes.values())


def _page(title: str, body: str) -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<link rel='icon' href='data:,'></head><body><header><a href='/'>Home</a></header>"
            f"<main>{body}</main></body></html>")


def _cosmetic(page: str) -> str:
    """Case (b): the same page to a person, other markup (a fixed seed, so every run sees the same variant)."""
    if "<script>" in page:
        return page
    rng = random.Random(22)
    names: dict[str, str] = {}

    def renamed(m: re.Match[str]) -> str:
        new = names.setdefault(m.group(2), f"x{rng.randrange(10**6)}")
        return f"{m.group(1)}='{new}'"

    page = re.sub(r"\b(id|for)='([^']+)'", renamed, page)
    page = re.sub(r"<(table|form|input|a)\b", lambda m: f"<{m.group(1)} class='c{rng.randrange(10**6)}'", page)
    return page.replace("<p>", "<div class='wrap'><div><p>").replace("</p>", "</p></div></div>")


def _list(app: NotesApp, query: str) -> str:
    decoy = "<a href='/add'>Add note</a> " if "decoy_add" in app.mutations else ""
    rows = ""
    for n in sorted(app.notes.values(), key=lambda n: n.id, reverse="cosmetic" in app.mutations):
        if query and query.lower() not in n.title.lower():
            continue
        row = (f"<tr><td><a href='/edit/{n.id}'>{html.escape(n.title)}</a></td><td>{n.kind}</td><td>{n.due}</td>"
               f"<td><a href='/edit/{n.id}'>Edit</a> <a href='/delete/{n.id}'>Delete</a></td></tr>")
        rows += row * (2 if "lookalike_rows" in app.mutations else 1)
    return _page("Notes", f"""<h1>Notes</h1>
<form method='get' action='/' role='search'><label for='q'>Search</label> <input id='q' name='q'
 value='{html.escape(query)}'> <button type='submit'>Search</button></form>
<p>{decoy}<a href='/add'>Add note</a></p>
<table><thead><tr><th>Title</th><th>Kind</th><th>Due</th><th>Actions</th></tr></thead><tbody>{rows}</tbody></table>""")


def _form(app: NotesApp, heading: str, note: Note | None) -> str:
    m = app.mutations
    label = "Heading" if "renamed_title" in m else "Title"
    options = "".join(f"<option{' selected' if note and note.kind == k else ''}>{k}</option>" for k in KINDS)
    save = "" if "no_save" in m else "<button type='submit'>Save</button>"
    save = ("<button type='button'>Save</button> " if "decoy_save" in m else "") + save
    kind = "" if "removed_kind" in m else (f"<p><label for='k'>Kind</label> <select id='k' name='kind'><option "
                                            f"value=''>---------</option>{options}</select></p>")
    decoy = {"decoy_title": "<p><label for='t0'>Title</label> <input id='t0' name='alias'></p>",
             "decoy_due": "<p><label for='d0'>Due</label> <input id='d0' type='date' name='alias'></p>"}
    return _page(heading, f"""<h1>{heading}</h1><form method='post'>{decoy['decoy_title'] if 'decoy_title' in m else ''}
<p><label for='t'>{label}</label> <input id='t' name='title' value='{html.escape(note.title) if note else ''}'></p>
{kind}{decoy['decoy_due'] if 'decoy_due' in m else ''}
<p><label for='d'>Due</label> <input id='d' type='date' name='due' value='{note.due if note else ''}'></p>
<p>{save} <a href='/'>Cancel</a></p></form>""")


def _confirm(note: Note) -> str:
    return _page("Are you sure?", f"""<h1>Are you sure?</h1>
<p>Are you sure you want to delete the note “{html.escape(note.title)}”? This cannot be undone.</p>
<form method='post'><input type='submit' value='Yes, I’m sure'> <a href='/'>No, take me back</a></form>""")


WIDGETS = _page("Widgets", "<h1 class='title'>Widgets</h1><div class='panel' id='widgets'><iframe title='Widgets "
                            "panel' src='/widgets/panel' width='700' height='260'></iframe></div>")
PANEL = ("<!doctype html><html lang='en'><head><title>Panel</title><link rel='icon' href='data:,'></head><body>"
         "<h2 class='panel-title' id='panel'>Panel</h2><iframe title='Newsletter card' src='/widgets/card' width='600' "
         "height='220'></iframe></body></html>")
CARD_PARTS = {  # role -> its row in the card's closed shadow root, and each mutation of it (case (c))
    "textbox": {"": "<p><label for='mail'>Your email</label> <input id='mail' type='email'></p>",
                "removed": "<p><label>Your email</label></p>",
                "decoy": "<p><label for='mail'>Your email</label> <input aria-label='Your email' type='email'> "
                         "<input id='mail' type='email'></p>",
                "rows": "<p><label for='mail'>Your email</label> <input id='mail' type='email'></p>"
                        "<p><label for='mail2'>Your email</label> <input id='mail2' type='email'></p>",
                "renamed": "<p><label for='mail'>Your e-mail address</label> <input id='mail' type='email'></p>"},
    "button": {"": "<p><button type='submit'>Join list</button></p>", "removed": "<p></p>",
               "decoy": "<p><button type='button'>Join list</button> <button type='submit'>Join list</button></p>",
               "rows": "<p><button type='submit'>Join list</button></p><p><button type='submit'>Join list</button></p>",
               "renamed": "<p><button type='submit'>Sign up</button></p>"},
}
CARD = """<!doctype html><html lang='en'><head><title>Card</title><link rel='icon' href='data:,'></head><body>
<news-card></news-card><p id='status' role='status'></p><script>
customElements.define('news-card', class extends HTMLElement { constructor() { super();
  const root = this.attachShadow({mode: 'closed'});
  root.innerHTML = "<form>" + SHADOW + "</form>";
  root.querySelector('form').addEventListener('submit', async (ev) => { ev.preventDefault();
    const mail = root.getElementById('mail').value;
    await fetch('/subscribe', {method: 'POST', body: mail});
    document.getElementById('status').textContent = 'Joined: ' + mail; });
} });
</script></body></html>"""


def _card(mutations: set[str]) -> str:
    """The newsletter card; ``card_<kind>_<role>`` in the app's mutations changes that row (``card_decoy_button``)."""
    rows = []
    for role, variants in CARD_PARTS.items():
        kind = next((k for k in variants if k and f"card_{k}_{role}" in mutations), "")
        rows.append(variants[kind])
    return CARD.replace("SHADOW", json.dumps("".join(rows)))


class _Handler(BaseHTTPRequestHandler):
    app: NotesApp

    def log_message(self, *args: Any) -> None:
        return

    def _send(self, status: int, body: str = "", location: str = "") -> None:
        data = (_cosmetic(body) if "cosmetic" in self.app.mutations else body).encode()
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _note(self, path: str) -> Note | None:
        tail = path.rstrip("/").rsplit("/", 1)[-1]
        return self.app.notes.get(int(tail)) if tail.isdigit() else None

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        note = self._note(url.path)
        pages = {"/widgets": WIDGETS, "/widgets/panel": PANEL, "/widgets/card": _card(self.app.mutations)}
        if url.path in pages:
            self._send(200, pages[url.path])
        elif url.path == "/":
            self._send(200, _list(self.app, parse_qs(url.query).get("q", [""])[0]))
        elif url.path == "/add":
            self._send(200, _form(self.app, "Add note", None))
        elif url.path.startswith("/edit/") and note:
            self._send(200, _form(self.app, f"Change note {note.id}", note))
        elif url.path.startswith("/delete/") and note:
            self._send(200, _confirm(note))
        else:
            self._send(404, _page("Not found", "<h1>Not found</h1>"))

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode()
        if url.path == "/subscribe":
            self.app.subscribers.append(raw)
            self.app.writes.append("subscribe")
            self._send(204)
            return
        form = {k: v[0] for k, v in parse_qs(raw, keep_blank_values=True).items()}
        note = self._note(url.path)
        if url.path == "/add":
            self.app.add(form.get("title", ""), form.get("kind", ""), form.get("due", ""))
            self.app.writes.append("add")
        elif url.path.startswith("/edit/") and note:
            note.title, note.kind, note.due = form.get("title", ""), form.get("kind", ""), form.get("due", "")
            self.app.writes.append(f"edit {note.id}")
        elif url.path.startswith("/delete/") and note:
            del self.app.notes[note.id]
            self.app.writes.append(f"delete {note.id}")
        self._send(302, location="/")



@contextmanager
def notes_app() -> Iterator[NotesApp]:
    app = NotesApp()
    app.add("Water the plants", "Task", "2026-12-01")
    app.add("Fix the gate hinge", "Bug", "2026-12-05")
    server = ThreadingHTTPServer(("127.0.0.1", 0), type("Handler", (_Handler,), {"app": app}))
    app.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app
    finally:
        server.shutdown()
        server.server_close()
