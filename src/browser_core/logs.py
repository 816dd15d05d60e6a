"""structlog to stderr only: stdout carries the MCP protocol and nothing else."""

from __future__ import annotations

import logging
import sys

import structlog

from browser_core.redaction import redact_event


def configure_logging(level: str = "INFO") -> None:
    numeric = logging.getLevelName(level.upper()) if isinstance(logging.getLevelName(level.upper()), int) else 20
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
