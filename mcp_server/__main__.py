"""``browser-agent-mcp`` / ``python -m mcp_server``: the stdio MCP server named ``browser``."""

from __future__ import annotations

import argparse
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, version

from browser_core.envcheck import SettingsValueError, load_settings, unknown_names
from browser_core.errors import ConfigurationError
from browser_core.logs import configure_logging
from browser_core.redaction import load_env_secrets
from browser_core.settings import BrowserSettings
from mcp_server.server import build_server

PROG = "browser-agent-mcp"
EPILOG = """Settings come from BROWSER_* environment variables or a .env file in the current folder (see
.env.example and the README's Configuration table), e.g. BROWSER_HEADLESS=true.

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
    return parser.parse_args(argv)


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


def main(argv: list[str] | None = None) -> int:
    parse_args(argv)
    for warning in unknown_names(["BROWSER_"], [BrowserSettings]):
        print(f"browser MCP server: warning: {warning}", file=sys.stderr)
    try:
        settings = load_settings(BrowserSettings)
    except (SettingsValueError, ConfigurationError) as exc:
        print(f"browser MCP server: bad configuration: {exc}", file=sys.stderr)
        return 2
    problems = unwritable_folders(settings)
    if problems:
        print("browser MCP server: bad configuration: " + "; ".join(problems), file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    load_env_secrets()
    build_server(settings).run("stdio")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
