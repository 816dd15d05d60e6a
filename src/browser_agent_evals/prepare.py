"""Before the agents start: read each MiniWoB++ task's utterance from its seeded page (the harness's own look at
the page, in a browser of its own or a context of its own on the remote browser), so the goal can say it and the
scripted solution can use its fields. The same seed gives the agent's page the same episode."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import structlog
from playwright.async_api import Browser, async_playwright
from playwright.async_api import Error as PlaywrightError

from browser_agent_evals import miniwob
from browser_agent_evals.derive import derive
from browser_agent_evals.suite import Task
from browser_agent_evals.web import EvalWeb

log = structlog.get_logger("browser_agent_evals.prepare")
READY_JS = "() => window.core && core.EP_TIMER !== null && core.getUtterance().length > 0"


async def read_utterances(web: EvalWeb, tasks: Sequence[Task], *, cdp_url: str | None = None,
                          ws_endpoint: str | None = None) -> dict[str, str]:
    wanted = [t for t in tasks if t.config.miniwob]
    if not wanted:
        return {}
    from browser_core.session import remote
    from browser_core.settings import BrowserSettings

    out: dict[str, str] = {}
    async with async_playwright() as pw:
        browser: Browser
        if cdp_url:
            browser = await pw.chromium.connect_over_cdp(cdp_url, timeout=15000)
        elif ws_endpoint:  # a fleet: one of its browser servers, headless
            headers = remote.headers(BrowserSettings().model_copy(update={"headless": True}))
            browser = await pw.chromium.connect(ws_endpoint, headers=headers, timeout=15000)
        else:
            executable = BrowserSettings().resolve_executable()
            browser = await pw.chromium.launch(headless=True, executable_path=str(executable) if executable else None)
        context = await browser.new_context()
        try:
            page = await context.new_page()
            for task in wanted:
                ctx = web.register(miniwob_task=str(task.config.miniwob), seed=task.seed)
                try:
                    await page.goto(f"{web.base(ctx.token)}/{task.config.start_path}", wait_until="load")
                    await page.wait_for_function(READY_JS, timeout=15000)
                    out[task.id] = str(await page.evaluate("core.getUtterance()"))
                except PlaywrightError as exc:  # that task then fails to start ("no field 'utterance'"), not the run
                    log.warning("could not read the utterance", task=task.id, error=str(exc).splitlines()[0])
                finally:
                    web.contexts.pop(ctx.token, None)
            if not browser.is_connected():  # a lost browser server: read them elsewhere (runner.py)
                raise PlaywrightError("the browser was lost while reading the utterances")
        finally:
            with contextlib.suppress(PlaywrightError):  # a lost remote browser: nothing left to close
                await context.close()
                await browser.close()
    return out


def fields_for(task: Task, utterance: str) -> dict[str, str]:
    fields = dict(miniwob.extract_fields(str(task.config.miniwob), utterance)) if task.config.miniwob else {}
    fields.update(task.config.fields)
    if utterance:
        fields["utterance"] = utterance
    return derive(task.config.derive, fields)
