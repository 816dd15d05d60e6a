#!/usr/bin/env bash
# Installs whatever is missing (scripts/install.sh), then starts the stdio MCP server:
#   bash scripts/run.sh [server args...]
# stdout carries nothing but the MCP protocol: all set-up output goes to stderr, and set-up never
# reads stdin (which belongs to the MCP host). With no $DISPLAY on Linux and BROWSER_HEADLESS not
# true, the server runs on a virtual display (xvfb-run).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# shellcheck source=SCRIPTDIR/install.sh
source "$root/scripts/install.sh" >&2 </dev/null

cd "$root"
cmd=(uv run --no-sync python -m mcp_server "$@")

if _inst_is_linux && [ -z "${DISPLAY:-}" ] && ! _inst_truthy "$(_inst_setting BROWSER_HEADLESS)"; then
    command -v xvfb-run >/dev/null 2>&1 \
        || _inst_die "no \$DISPLAY and xvfb-run is missing: install xvfb or set BROWSER_HEADLESS=true"
    # Some xvfb-run versions send the command's stderr to stdout (`"$@" 2>&1`); fd 3 keeps the
    # real stderr so logs can never leak into the protocol stream.
    exec 3>&2
    exec xvfb-run -a --server-args="-screen 0 1920x1080x24" \
        bash -c 'exec 2>&3 3>&-; exec "$@"' run.sh "${cmd[@]}"
fi

exec "${cmd[@]}"
