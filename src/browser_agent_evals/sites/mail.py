"""Mailbox, a webmail: the inbox (with search) → a message → reply (Send) or delete; both are held by the browser
server for a confirmation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from browser_agent_evals.sites import Request, Response, esc, layout, not_found

ME = "ada@mailbox.test"
MESSAGES = [
    (
        "m1",
        "Weekly deals",
        "deals@shopmart.test",
        "This week's deals: 30% off garden furniture",
        "Don't miss our weekly deals on garden furniture, barbecues and more. Offer ends Sunday.",
    ),
    (
        "m2",
        "Priya Natarajan",
        "priya.natarajan@venues.test",
        "Venue contract for the March offsite",
        "Hi Ada, attached is the contract for the Lakeside venue (12-14 March). Could you confirm it works for "
        "you so I can sign it this week? Thanks, Priya",
    ),
    (
        "m3",
        "Tom Becker",
        "tom.becker@company.test",
        "Lunch on Thursday?",
        "Are you free for lunch on Thursday at 12:30? The new Thai place opened.",
    ),
    (
        "m4",
        "Priya Natarajan",
        "priya.natarajan@venues.test",
        "Catering options",
        "Here are three catering menus for the offsite; no rush, next week is fine.",
    ),
    (
        "m5",
        "IT Service Desk",
        "it@company.test",
        "Scheduled maintenance on Saturday",
        "The VPN will be unavailable on Saturday from 06:00 to 09:00.",
    ),
    (
        "m6",
        "Lena Ortiz",
        "lena.ortiz@company.test",
        "Quarterly report draft",
        "The draft of the quarterly report is ready for your comments.",
    ),
]


def _state(state: dict[str, Any]) -> dict[str, Any]:
    return state.setdefault("mail", {"deleted": [], "sent": []})


def _header(req: Request) -> str:
    return (
        f"<strong>Mailbox</strong><a href='{req.base_a}/mail/'>Inbox</a><a href='{req.base_a}/mail/sent'>Sent</a>"
        f"<span class='muted'>{ME}</span>"
    )


def handle(state: dict[str, Any], req: Request) -> Response:
    mail = _state(state)
    parts = req.path.split("/")
    messages = {m[0]: m for m in MESSAGES if m[0] not in mail["deleted"]}
    if req.path in ("", "index.html"):
        return _inbox(req, mail, messages)
    if req.path == "sent":
        rows = "".join(f"<tr><td>{esc(s['to'])}</td><td>{esc(s['subject'])}</td></tr>" for s in mail["sent"])
        return layout(
            "Sent — Mailbox", _header(req), f"<h1>Sent</h1><table>{rows or '<tr><td>Nothing sent.</td></tr>'}</table>"
        )
    if parts[0] != "m" or len(parts) < 2 or parts[1] not in messages:
        return not_found("message")
    mid, sender, address, subject, text = messages[parts[1]]
    action = parts[2] if len(parts) > 2 else ""
    if action == "" and req.method == "GET":
        body = (
            f"<h1>{esc(subject)}</h1><p class='muted'>From: {esc(sender)} &lt;{esc(address)}&gt;</p><p>{esc(text)}</p>"
            f"<p><a href='{req.base_a}/mail/m/{mid}/reply'>Reply</a></p>"
            f"<form method='post' action='{req.base_a}/mail/m/{mid}/delete'>"
            "<button type='submit'>Delete</button></form>"
            f"<p><a href='{req.base_a}/mail/'>Back to inbox</a></p>"
        )
        return layout(f"{subject} — Mailbox", _header(req), body)
    if action == "reply" and req.method == "GET":
        body = (
            f"<h1>Reply</h1><form method='post' action='{req.base_a}/mail/m/{mid}/send'>"
            f"<label for='to'>To</label><input id='to' name='to' value='{esc(address)}' readonly>"
            f"<label for='subject'>Subject</label><input id='subject' name='subject' value='Re: {esc(subject)}'>"
            "<label for='body'>Message</label><textarea id='body' name='body' rows='6'></textarea>"
            "<button type='submit'>Send</button></form>"
        )
        return layout("Reply — Mailbox", _header(req), body)
    if action == "send" and req.method == "POST":
        mail["sent"].append(
            {
                "in_reply_to": mid,
                "to": req.form.get("to", address),
                "subject": req.form.get("subject", ""),
                "body": req.form.get("body", ""),
            }
        )
        return Response.redirect(f"{req.base_a}/mail/?notice=sent")
    if action == "delete" and req.method == "POST":
        mail["deleted"].append(mid)
        return Response.redirect(f"{req.base_a}/mail/?notice=deleted")
    return not_found()


def _inbox(req: Request, mail: dict[str, Any], messages: Mapping[str, tuple[str, ...]]) -> Response:
    q = req.query.get("q", "").strip().lower()
    shown = [m for m in messages.values() if not q or q in " ".join(m[1:]).lower()]
    rows = "".join(
        f"<tr><td>{esc(m[1])}</td><td><a href='{req.base_a}/mail/m/{m[0]}'>{esc(m[3])}</a></td></tr>" for m in shown
    )
    notices = {"sent": "Your reply was sent.", "deleted": "The message was deleted."}
    notice = notices.get(req.query.get("notice", ""), "")
    body = (
        f"{f'<p class=notice role=status>{notice}</p>' if notice else ''}<h1>Inbox</h1>"
        f"<form action='{req.base_a}/mail/' role='search'><input name='q' aria-label='Search mail' value='{esc(q)}'>"
        f" <button>Search mail</button></form>"
        f"<p>{len(messages)} messages</p><table><tr><th>From</th><th>Subject</th></tr>{rows}</table>"
    )
    return layout("Inbox — Mailbox", _header(req), body)
