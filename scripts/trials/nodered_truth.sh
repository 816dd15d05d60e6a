#!/usr/bin/env bash
# Print a Node-RED trial's truth from the app itself, never from the page or the browser tool's output: the flows
# the runtime runs (its admin API GET /flows, after a token from POST /auth/token), one line a tab with its nodes'
# names, and the palette modules installed in the user directory (its package.json).
# Usage: NODERED_USER=... NODERED_PASS=... scripts/trials/nodered_truth.sh [PORT]
set -euo pipefail
port=${1:-8111}; data=${NODERED_TRIAL:-/work/trials/nodered}/data
token=$(curl -sf "http://127.0.0.1:$port/auth/token" -d client_id=node-red-admin -d grant_type=password \
  -d scope='*' -d username="$NODERED_USER" -d password="$NODERED_PASS" | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
curl -sf -H "Authorization: Bearer $token" -H 'Node-RED-API-Version: v2' "http://127.0.0.1:$port/flows" | node -e '
const {rev, flows} = JSON.parse(require("fs").readFileSync(0));
console.log("rev", rev);
for (const tab of flows.filter(n => n.type === "tab")) {
  const nodes = flows.filter(n => n.z === tab.id).map(n => `${n.type}:${n.name || ""}`);
  console.log(`tab ${JSON.stringify(tab.label)}${tab.disabled ? " (disabled)" : ""}: ${nodes.length} nodes: ${nodes.join(", ")}`);
}'
node -pe '"modules " + Object.keys(JSON.parse(require("fs").readFileSync(process.argv[1])).dependencies || {}).join(", ")' \
  "$data/package.json"
