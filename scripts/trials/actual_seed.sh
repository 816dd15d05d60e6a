#!/usr/bin/env bash
# Seed an Actual Budget trial (npm `@actual-app/sync-server` under /work/trials/actual, which bundles the web client):
# the server's data folder made again, the server password set (Actual's one-password sign-in), then a household
# budget uploaded through Actual's own client library (npm `@actual-app/api` under /work/trials/actual-api): accounts
# "Current account" (10 transactions this month), "Rainy-day savings", "Old store card" (2, settled to 0), six
# categories in "Bills" and "Everyday", each budgeted this month. The server runs on PORT for the seeding and stops
# after. Re-running starts over. Nothing calls out.
# Usage: scripts/trials/actual_seed.sh PASSWORD [PORT] [HOME]   (PORT default 8073, HOME /work/trials/actual-home)
# Then:  ACTUAL_DATA_DIR=HOME ACTUAL_PORT=PORT ACTUAL_HOSTNAME=127.0.0.1 node /work/trials/actual/node_modules/@actual-app/sync-server/build/app.js
# Truth: ACTUAL_API=/work/trials/actual-api node scripts/trials/actual_budget.cjs truth http://127.0.0.1:PORT PASSWORD /tmp/ab-truth
# Install (once): mkdir -p /work/trials/actual && cd /work/trials/actual && npm init -y && npm install @actual-app/sync-server
#                 mkdir -p /work/trials/actual-api && cd /work/trials/actual-api && npm init -y && npm install @actual-app/api@25.7.1
set -euo pipefail
pass=$1; port=${2:-8073}; home=${3:-/work/trials/actual-home}
app=${ACTUAL_APP:-/work/trials/actual}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$home" /tmp/ab-seed /tmp/ab-truth
mkdir -p "$home"
ACTUAL_DATA_DIR=$home ACTUAL_PORT=$port ACTUAL_HOSTNAME=127.0.0.1 \
  node "$app/node_modules/@actual-app/sync-server/build/app.js" >"$home/seed-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$port/account/needs-bootstrap" >/dev/null && break; sleep 1; done
python3 - "$port" "$pass" <<'PY'
import json, sys, urllib.request
port, password = sys.argv[1], sys.argv[2]
request = urllib.request.Request(f"http://127.0.0.1:{port}/account/bootstrap", method="POST",
                                 data=json.dumps({"password": password}).encode(),
                                 headers={"Content-Type": "application/json"})
urllib.request.urlopen(request).read()
PY
node "$here/actual_budget.cjs" seed "http://127.0.0.1:$port" "$pass" /tmp/ab-seed 2>/dev/null | grep "^\[{"
