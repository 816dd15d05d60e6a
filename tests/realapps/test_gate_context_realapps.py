"""The page-context of the app's own confirmation on a real app (issue 29 §1): Django admin's delete confirmation
page asks "Are you sure you want to delete …?"; that question belongs to the form under it, so its 'Yes, I’m sure'
is held (naming the record) while the header's 'Log out' (a POST form of the site's shell) is not. Judged by the
server's own gate through the stdio MCP server, as the gate tests do; the database says nothing was deleted."""

from __future__ import annotations

import pytest

from corpus.db import DbCheck
from corpus.host import Host
from corpus.runner import run_step
from corpus.steps import click, open_
from corpus.tasks import BOOK, SURE

KEPT = "The Golden Mirror"  # a book no task deletes


@pytest.mark.parametrize("app_name", ["django_admin"])
async def test_log_out_on_the_delete_confirmation_is_not_held_while_its_yes_is(app_name: str, corpus_apps,
                                                                              host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    kept = DbCheck(BOOK, (KEPT,), 1, 1)
    base = app.base_url
    for step in (open_("/admin/library/book/?q=Golden+Mirror"), click(KEPT, "link"), click("Delete", "link")):
        outcome = await run_step(host.call, base, step)
        assert outcome.ok, outcome.describe()
    yes = await run_step(host.call, base, click(SURE, "button"))
    assert yes.held and yes.summary.get("category") == "delete", yes.describe()
    assert KEPT in yes.summary.get("objects", []) or KEPT in yes.summary.get("effect", ""), yes.summary
    log_out = await run_step(host.call, base, click("Log out", "button"))
    try:
        assert log_out.ok and not log_out.held, f"the shell's log-out was held: {log_out.describe()}"
        assert app.db.value(kept) == 1, "the book was deleted"
    finally:
        host.logged_in.discard(app_name)  # the next test logs in again
        await host.login(app)
