"""The careers site (its postings and wording: ``data/jobs.yaml``): a job page with the application form inside a
cross-origin iframe (served from the other origin). The form asks for the expected salary, which only the applicant
knows; its submit button is held by the browser server for a confirmation."""

from __future__ import annotations

from typing import Any

from browser_agent_evals.sites.data import Careers, SiteData
from browser_agent_evals.sites.page import Request, Response, esc, layout, not_found

FRAME_STYLE = "width:100%;height:560px;border:1px solid #ccc;border-radius:6px"
FORM_STYLE = "label{display:block;margin:8px 0 3px}input,select{min-width:260px;padding:5px}"


def handle(state: dict[str, Any], req: Request, sites: SiteData) -> Response:
    jobs, data = state.setdefault("jobs", {"applications": []}), sites.jobs
    header = f"<strong>{esc(data.name)}</strong><a href='{req.base_a}/jobs/'>{esc(data.labels.careers)}</a>"
    parts = req.path.split("/")
    text = data.messages
    if req.path in ("", "index.html"):
        rows = "".join(
            f"<li><a href='{req.base_a}/jobs/{k}'>{esc(p.title)}</a> "
            f"{esc(text.posting_place.format(place=p.place))}</li>"
            for k, p in data.postings.items()
        )
        return layout(_title(data, data.labels.careers), header, f"<h1>{esc(text.careers_title)}</h1><ul>{rows}</ul>")
    if parts[0] in data.postings and len(parts) == 1:
        posting = data.postings[parts[0]]
        body = (
            f"<h1>{esc(posting.title)}</h1><p class='muted'>{esc(posting.place)}</p><p>{esc(posting.description)}</p>"
            f"<h2>{esc(text.apply)}</h2><iframe title='{esc(data.labels.frame)}' "
            f"src='{req.base_b}/jobs/form/{parts[0]}' style='{FRAME_STYLE}'></iframe>"
        )
        return layout(_title(data, posting.title), header, body)
    if parts[0] == "form" and len(parts) == 2 and parts[1] in data.postings:
        return _form(req, jobs, data, parts[1])
    return not_found(text.not_found)


def _title(data: Careers, page: str) -> str:
    return data.messages.title.format(page=page, site=data.name)


def _page(title: str, body: str, style: str = "") -> Response:
    """A bare page (the framed form and its answer), without the site's layout."""
    return Response.html(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{esc(title)}</title>"
        f"{f'<style>{style}</style>' if style else ''}</head>"
        f"<body style='font-family:system-ui'>{body}</body></html>"
    )


def _form(req: Request, jobs: dict[str, Any], data: Careers, job: str) -> Response:
    title, labels, text = data.postings[job].title, data.labels, data.messages
    if req.method == "POST":
        application = {key: req.form.get(key, "") for key in ("name", "email", "salary", "start")}
        jobs["applications"].append({"job": job, **application})
        detail = text.received_detail.format(name=application["name"], title=title, email=application["email"])
        body = f"<div class='notice' role='status'><h1>{esc(text.received)}</h1><p>{esc(detail)}</p></div>"
        return _page(text.received_title, body)
    starts = "".join(f"<option>{esc(s)}</option>" for s in data.starts.values())
    form = (
        f"<form method='post' action='{req.base_b}/jobs/form/{job}'><h1>{esc(text.form_title.format(title=title))}</h1>"
        f"<label for='name'>{esc(labels.name)}</label><input id='name' name='name' required>"
        f"<label for='email'>{esc(labels.email)}</label><input id='email' name='email' type='email' required>"
        f"<label for='salary'>{esc(labels.salary)}</label>"
        "<input id='salary' name='salary' inputmode='numeric' required>"
        f"<p style='color:#667'>{esc(labels.salary_note)}</p>"
        f"<label for='start'>{esc(labels.start)}</label><select id='start' name='start'>{starts}</select>"
        f"<button type='submit'>{esc(labels.submit)}</button></form>"
    )
    return _page(labels.frame, form, FORM_STYLE)
