"""The evaluation's local multi-step sites (fixtures written for it, served by ``web.py``): a shop, a webmail and a
job application inside a cross-origin iframe.

What the sites show (catalogue, mailbox, postings, control labels, messages) is data: ``sites/data/<site>.yaml``,
typed by ``sites/data.py``. Each site is a function ``(state, request, data) -> Response`` that renders only from
that data, over its own server-side state for one task run; the checkers read that state and the pages' reports,
and the suites refer to the same data instead of copying page text.
"""

from __future__ import annotations

from browser_agent_evals.sites import jobs, mail, shop
from browser_agent_evals.sites.page import Request, Response, Site

__all__ = ["SITES", "Request", "Response", "Site"]

SITES: dict[str, Site] = {"shop": shop.handle, "mail": mail.handle, "jobs": jobs.handle}
