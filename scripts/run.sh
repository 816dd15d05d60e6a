#!/usr/bin/env bash
# Installs whatever is missing (scripts/install.sh), then starts the stdio MCP server "browser".
# `bash scripts/run.sh --help` says how to use it.
#
# stdout carries nothing but the MCP protocol: all set-up output goes to stderr, and set-up never reads stdin
# (which belongs to the MCP host). With no $DISPLAY on Linux and BROWSER_HEADLESS not true, the server gets a
# virtual display: an Xvfb started here (not xvfb-run, which leaves its Xvfb behind when the host stops it with
# SIGTERM). SIGTERM, SIGINT, SIGHUP or the end of stdin stop the server, its Chromium and that Xvfb together.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    cat <<EOF
usage: bash scripts/run.sh [--version]

Starts the browser-agent MCP server "browser" on stdin/stdout for an MCP host, after installing whatever is
missing (uv, the project, Chromium, Xvfb). It prints one line on stderr when it is ready, then waits for the host.

Attach it to Claude Code:
  claude mcp add browser -- bash $root/scripts/run.sh

Settings: BROWSER_* environment variables or $root/.env (see .env.example), e.g. BROWSER_HEADLESS=true.
Stop: SIGTERM, Ctrl-C or closing stdin; the server, its Chromium and the virtual display all exit.
EOF
}

case "${1:-}" in
-h | --help)
    usage
    exit 0
    ;;
esac

# shellcheck source=SCRIPTDIR/install.sh
source "$root/scripts/install.sh" >&2 </dev/null

cd "$root"
cmd=("$root/.venv/bin/python" -m mcp_server --attach "bash $root/scripts/run.sh" "$@")

if ! _inst_is_linux || [ -n "${DISPLAY:-}" ] || _inst_truthy "$(_inst_setting BROWSER_HEADLESS)"; then
    exec "${cmd[@]}"
fi

command -v Xvfb >/dev/null 2>&1 \
    || _inst_die "no \$DISPLAY and Xvfb is missing: install xvfb or set BROWSER_HEADLESS=true"

# Xvfb picks a free display itself (-displayfd) and writes its number once it accepts connections.
fifo="$(mktemp -u "${TMPDIR:-/tmp}/run-sh-display.XXXXXX")"
mkfifo "$fifo"
Xvfb -displayfd 5 -screen 0 1920x1080x24 -nolisten tcp 5>"$fifo" </dev/null >/dev/null 2>&1 &
xvfb_pid=$!
display_number=""
read -r -t 20 display_number <"$fifo" || true
rm -f "$fifo"
if [ -z "$display_number" ]; then
    kill "$xvfb_pid" 2>/dev/null || true
    _inst_die "Xvfb did not start a display within 20 s"
fi
export DISPLAY=":$display_number"

server_pid=""
stop() {
    trap - TERM INT HUP
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true
}
trap stop TERM INT HUP

# The server keeps this script's stdin (a background job would get /dev/null without the explicit <&0).
"${cmd[@]}" <&0 &
server_pid=$!
rc=0
while kill -0 "$server_pid" 2>/dev/null; do
    wait "$server_pid" && rc=0 || rc=$?
done
kill -TERM "$xvfb_pid" 2>/dev/null || true
wait "$xvfb_pid" 2>/dev/null || true
exit "$rc"
