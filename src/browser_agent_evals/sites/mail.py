"""The webmail (its mailbox and wording: ``data/mail.yaml``): the inbox (with search) → a message → reply (send)
or delete; both are held by the browser server for a confirmation."""

from __future__ import annotations

from typing import Any

from browser_agent_evals.sites.data import Mail, Mailbox, SiteData
from browser_agent_evals.sites.page import Request, Response, esc, layout, not_found


def _state(state: dict[str, Any]) -> dict[str, Any]:
    return state.setdefault("mail", {"deleted": [], "sent": []})


def _header(req: Request, data: Mailbox) -> str:
    return (
        f"<strong>{esc(data.name)}</strong><a href='{req.base_a}/mail/'>{esc(data.labels.inbox)}</a>"
        f"<a href='{req.base_a}/mail/sent'>{esc(data.labels.sent)}</a><span class='muted'>{esc(data.me)}</span>"
    )


def _title(data: Mailbox, page: str) -> str:
    return data.messages.title.format(page=page, site=data.name)


def handle(state: dict[str, Any], req: Request, sites: SiteData) -> Response:
    mail, data = _state(state), sites.mail
    parts = req.path.split("/")
    messages = {mid: m for mid, m in data.mailbox.items() if mid not in mail["deleted"]}
    if req.path in ("", "index.html"):
        return _inbox(req, data, messages)
    if req.path == "sent":
        return _sent(req, mail, data)
    if parts[0] != "m" or len(parts) < 2 or parts[1] not in messages:
        return not_found(data.messages.not_found, "message")
    mid, message = parts[1], messages[parts[1]]
    action = parts[2] if len(parts) > 2 else ""
    if action == "" and req.method == "GET":
        return _message(req, data, mid, message)
    if action == "reply" and req.method == "GET":
        return _reply(req, data, mid, message)
    if action == "send" and req.method == "POST":
        mail["sent"].append(
            {
                "in_reply_to": mid,
                "to": req.form.get("to", message.address),
                "subject": req.form.get("subject", ""),
                "body": req.form.get("body", ""),
            }
        )
        return Response.redirect(f"{req.base_a}/mail/?notice=sent")
    if action == "delete" and req.method == "POST":
        mail["deleted"].append(mid)
        return Response.redirect(f"{req.base_a}/mail/?notice=deleted")
    return not_found(data.messages.not_found)


def _sent(req: Request, mail: dict[str, Any], data: Mailbox) -> Response:
    rows = "".join(f"<tr><td>{esc(s['to'])}</td><td>{esc(s['subject'])}</td></tr>" for s in mail["sent"])
    empty = f"<tr><td>{esc(data.messages.nothing_sent)}</td></tr>"
    body = f"<h1>{esc(data.messages.sent_title)}</h1><table>{rows or empty}</table>"
    return layout(_title(data, data.messages.sent_title), _header(req, data), body)


def _message(req: Request, data: Mailbox, mid: str, message: Mail) -> Response:
    labels = data.labels
    sender = data.messages.sender.format(sender=message.sender, address=message.address)
    body = (
        f"<h1>{esc(message.subject)}</h1><p class='muted'>{esc(sender)}</p><p>{esc(message.body)}</p>"
        f"<p><a href='{req.base_a}/mail/m/{mid}/reply'>{esc(labels.reply)}</a></p>"
        f"<form method='post' action='{req.base_a}/mail/m/{mid}/delete'>"
        f"<button type='submit'>{esc(labels.delete)}</button></form>"
        f"<p><a href='{req.base_a}/mail/'>{esc(labels.back)}</a></p>"
    )
    return layout(_title(data, message.subject), _header(req, data), body)


def _reply(req: Request, data: Mailbox, mid: str, message: Mail) -> Response:
    labels = data.labels
    subject = data.messages.reply_subject.format(subject=message.subject)
    body = (
        f"<h1>{esc(data.messages.reply_title)}</h1><form method='post' action='{req.base_a}/mail/m/{mid}/send'>"
        f"<label for='to'>{esc(labels.to)}</label><input id='to' name='to' value='{esc(message.address)}' readonly>"
        f"<label for='subject'>{esc(labels.subject)}</label><input id='subject' name='subject' value='{esc(subject)}'>"
        f"<label for='body'>{esc(labels.body)}</label><textarea id='body' name='body' rows='6'></textarea>"
        f"<button type='submit'>{esc(labels.send)}</button></form>"
    )
    return layout(_title(data, data.messages.reply_title), _header(req, data), body)


def _inbox(req: Request, data: Mailbox, messages: dict[str, Mail]) -> Response:
    q = req.query.get("q", "").strip().lower()
    shown = {
        mid: m
        for mid, m in messages.items()
        if not q or q in f"{m.sender} {m.address} {m.subject} {m.body}".lower()
    }
    rows = "".join(
        f"<tr><td>{esc(m.sender)}</td><td><a href='{req.base_a}/mail/m/{mid}'>{esc(m.subject)}</a></td></tr>"
        for mid, m in shown.items()
    )
    notices = {"sent": data.messages.sent, "deleted": data.messages.deleted}
    notice = notices.get(req.query.get("notice", ""), "")
    columns = "".join(f"<th>{esc(c)}</th>" for c in data.labels.columns)
    body = (
        f"{f'<p class=notice role=status>{esc(notice)}</p>' if notice else ''}<h1>{esc(data.messages.inbox_title)}</h1>"
        f"<form action='{req.base_a}/mail/' role='search'>"
        f"<input name='q' aria-label='{esc(data.labels.search)}' value='{esc(q)}'>"
        f" <button>{esc(data.labels.search)}</button></form>"
        f"<p>{esc(data.messages.count.format(count=len(messages)))}</p>"
        f"<table><tr>{columns}</tr>{rows}</table>"
    )
    return layout(_title(data, data.messages.inbox_title), _header(req, data), body)
