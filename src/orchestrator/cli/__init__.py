"""The command line: ``browser-agent`` / ``python -m orchestrator`` (``cli.main``) and its live progress view."""

PROG = "browser-agent"
