"""``python -m mcp_server``: the stdio MCP server named ``browser``."""

from __future__ import annotations

import sys

from browser_core.errors import ConfigurationError
from browser_core.logs import configure_logging
from browser_core.redaction import load_env_secrets
from browser_core.settings import BrowserSettings
from mcp_server.server import build_server


def main() -> int:
    try:
        settings = BrowserSettings()
    except (ValueError, ConfigurationError) as exc:
        print(f"browser MCP server: bad configuration: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    load_env_secrets()
    build_server(settings).run("stdio")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
