"""``browser-agent-mcp`` / ``python -m mcp_server``: the stdio MCP server named ``browser``."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, version

import anyio

from browser_core.envcheck import SettingsValueError, load_settings, unknown_names
from browser_core.errors import ConfigurationError
from browser_core.logs import configure_logging
from browser_core.redaction import load_env_secrets
from browser_core.session.leases import parse_endpoints
from browser_core.settings import BrowserSettings
from mcp_server.server import build_server

PROG = "browser-agent-mcp"
CLOSE_TIMEOUT_S = 25.0
EPILOG = """Settings come from BROWSER_* environment variables or a .env file in the current folder (see
.env.example and docs/setup.md's Configuration table), e.g. BROWSER_HEADLESS=true.

Attach it to Claude Code:  claude mcp add browser -- browser-agent-mcp
(from a clone: claude mcp add browser -- bash /path/to/browser-agent/scripts/run.sh)"""


def package_version() -> str:
    try:
        return version("browser-agent")
    except PackageNotFoundError:
        return "unknown"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A stdio MCP server giving an MCP host (Claude Code, the orchestrator) control of one visible "
        "Chromium window. It speaks the MCP protocol on stdin/stdout and logs to stderr; an MCP host starts it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {package_version()}")
    parser.add_argument("--attach", default=PROG, help=argparse.SUPPRESS)  # how the ready line says to attach it
    return parser.parse_args(argv)


def ready_line(settings: BrowserSettings, attach: str) -> str:
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    window = "headless" if settings.headless else f"visible window on {display}" if display else "visible window"
    return (
        f'{PROG} {package_version()}: MCP server "browser" ready on stdin/stdout ({window}; Chromium starts on the '
        f"first tool call). Attach: claude mcp add browser -- {attach}"
    )


def unwritable_folders(settings: BrowserSettings) -> list[str]:
    """The folders the server must write to (profile, artifacts) that it cannot create or write into."""
    problems = []
    for env, folder in (("BROWSER_ARTIFACTS_DIR", settings.artifacts_dir),
                        ("BROWSER_USER_DATA_DIR", settings.user_data_dir)):
        if env == "BROWSER_USER_DATA_DIR" and settings.cdp_url:
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as exc:
            problems.append(f"{env}={folder} is not a writable folder ({exc.strerror or exc})")
    return problems


async def serve(settings: BrowserSettings) -> None:
    """Serve stdio until stdin ends or SIGTERM / SIGINT / SIGHUP arrives. Either way the browser is closed first,
    so no Chromium is left behind. After a signal the process then exits at once: the stdin reader is a thread
    blocked in read(), which nothing but new input or the end of stdin would wake."""
    closed = anyio.Event()
    server = build_server(settings, on_closed=closed.set)
    async with anyio.create_task_group() as group:
        stdio = anyio.CancelScope()

        async def stop_on_signal() -> None:
            with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP) as signals:
                async for _ in signals:
                    break
            stdio.cancel()
            with anyio.move_on_after(CLOSE_TIMEOUT_S):
                await closed.wait()
            sys.stderr.flush()
            os._exit(0)

        group.start_soon(stop_on_signal)
        with stdio:
            await server.run_stdio_async()
        group.cancel_scope.cancel()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    for warning in unknown_names(["BROWSER_"], [BrowserSettings]):
        print(f"browser MCP server: warning: {warning}", file=sys.stderr)
    try:
        settings = load_settings(BrowserSettings)
    except (SettingsValueError, ConfigurationError) as exc:
        print(f"browser MCP server: bad configuration: {exc}", file=sys.stderr)
        return 2
    try:
        parse_endpoints(settings.endpoints)
    except ConfigurationError as exc:
        print(f"browser MCP server: bad configuration: {exc}", file=sys.stderr)
        return 2
    problems = unwritable_folders(settings)
    if problems:
        print("browser MCP server: bad configuration: " + "; ".join(problems), file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    load_env_secrets()
    print(ready_line(settings, args.attach), file=sys.stderr, flush=True)
    anyio.run(serve, settings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
