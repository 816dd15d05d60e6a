#!/usr/bin/env bash
# PreToolUse hook on confirm_action: orchestrator.policy.permission_hook decides (ask, with the server's summary,
# or deny). Fails closed: if the decision cannot be made, the call is denied, never run unasked.
root="${CLAUDE_PLUGIN_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
if out="$(cd "$root" && "$root/.venv/bin/python" -m orchestrator.policy.permission_hook)" && [ -n "$out" ]; then
    printf '%s\n' "$out"
    exit 0
fi
echo "browser-agent: the confirmation hook could not read the held action; not run" >&2
exit 2
