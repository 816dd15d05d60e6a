"""The one logging set-up of every process (MCP server, orchestrator, eval, scripts): structlog to stderr only.

stdout carries the MCP protocol (server) or the user's console (orchestrator), never log lines. Every event passes
through ``redaction.redact_event``, so registered secrets never reach a log.
"""

from __future__ import annotations

import logging
import sys

import structlog

from browser_core.redaction import redact_event


def level_number(level: str, default: int = logging.INFO) -> int:
    """``"warning"`` → 30; an unknown name → ``default``."""
    return logging.getLevelNamesMapping().get(level.upper(), default)


def configure_logging(level: str = "INFO") -> None:
    numeric = level_number(level)
    logging.basicConfig(stream=sys.stderr, level=numeric, format="%(levelname)s %(name)s: %(message)s", force=True)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso"),
            redact_event,
            structlog.dev.ConsoleRenderer(colors=False),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
