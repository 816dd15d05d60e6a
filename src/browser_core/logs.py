"""The one logging set-up of every process (MCP server, orchestrator, eval, scripts): structlog to stderr only.

stdout carries the MCP protocol (server) or the user's console (orchestrator), never log lines. Every event passes
through ``redaction.redact_event``, so registered secrets never reach a log.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import structlog

from browser_core.redaction import redact_event


def level_number(level: str, default: int = logging.INFO) -> int:
    """``"warning"`` → 30; an unknown name → ``default``."""
    return logging.getLevelNamesMapping().get(level.upper(), default)


def configure_logging(level: str = "INFO", log_file: Path | None = None) -> None:
    """Logs at ``level`` on stderr; with ``log_file``, everything (debug included) also goes to that file."""
    numeric = level_number(level)
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(numeric)
    handlers: list[logging.Handler] = [console]
    if log_file is not None:
        to_file = logging.FileHandler(log_file, encoding="utf-8")
        to_file.setLevel(logging.DEBUG)
        to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handlers.append(to_file)
    floor = logging.DEBUG if log_file else numeric
    logging.basicConfig(level=floor, handlers=handlers, format="%(levelname)s %(name)s: %(message)s", force=True)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso"),
            redact_event,
            structlog.dev.ConsoleRenderer(colors=False),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(floor),
        logger_factory=structlog.stdlib.LoggerFactory(),
        cache_logger_on_first_use=False,
    )
