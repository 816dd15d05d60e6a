"""browser_core: the Playwright core behind the MCP server. It imports neither ``mcp`` nor the Agent SDK.

Layers, each importing only the ones below it (held by the import contracts in ``pyproject.toml``)::

    audit/     the agent-readiness audit (``browser-agent audit URL``): a crawl that observes and checks invariants
      │
    act/       acting on the page: actions (click, type, keys, scroll), the retry chain and its strategies,
               forms, uploads, dialogs, tabs, navigation, waits, confirming a held action
      │
    read/      reading through the session: page text and extraction, what an action changed, screenshots,
               frame tools
      │
    session/   the browser: launch and profile lock (browser.py), tabs and events, dialog answers, downloads,
               record screenshots, orphans, restless tabs
      │
    security/  the guard every page-changing action passes (intent → guard → detector + policy.yaml),
               confirmations, the content fence, URL policy
      │
    page/      the page model: element ids (registry + js/walker.js), frames, observation, hit tests (pointer),
               targets (an id or a description → a live element)
      │
    base       errors (typed failures, Playwright mapped once), settings, envcheck, logs, redaction,
               results (envelope + size cap), result_model (the envelope typed),
               together (awaitables run together inside the caller's cancel scope)

A lower layer that needs something from a higher one takes it as an argument (a callback, a Protocol such as
``session.snapshots.PageSource``), never as an import.
"""
