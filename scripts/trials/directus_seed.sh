#!/usr/bin/env bash
# Seed a Directus trial (npm `directus` 11 under /work/trials/directus, sqlite): the database made again
# (`directus bootstrap`, the administrator EMAIL with PASSWORD), then a choir's music library through Directus' own
# REST API (the server started on PORT for the seeding and stopped after): collections `scores` (8 items) and
# `venues` (4 items), each shown by its title. Re-running starts over. Nothing calls out.
# Usage: scripts/trials/directus_seed.sh EMAIL PASSWORD [PORT] [HOME]   (PORT default 8071, HOME /work/trials/directus-home)
# Then:  cd /work/trials/directus && env $(cat HOME/env) node node_modules/directus/cli.js start
# Install (once): mkdir -p /work/trials/directus && cd /work/trials/directus && npm init -y && npm install directus
set -euo pipefail
email=$1; pass=$2; port=${3:-8071}; home=${4:-/work/trials/directus-home}
app=${DIRECTUS_APP:-/work/trials/directus}
mkdir -p "$home/uploads" "$home/extensions"
rm -f "$home/data.db"
cat > "$home/env" <<ENV
DB_CLIENT=sqlite3
DB_FILENAME=$home/data.db
SECRET=$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 40)
HOST=127.0.0.1
PORT=$port
PUBLIC_URL=http://127.0.0.1:$port
TELEMETRY=false
PRESSURE_LIMITER_ENABLED=false
STORAGE_LOCAL_ROOT=$home/uploads
EXTENSIONS_PATH=$home/extensions
ENV
cd "$app"
env $(cat "$home/env") ADMIN_EMAIL="$email" ADMIN_PASSWORD="$pass" npx directus bootstrap >/dev/null 2>&1
env $(cat "$home/env") node node_modules/directus/cli.js start >"$home/seed-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 90); do curl -sf "http://127.0.0.1:$port/server/ping" >/dev/null && break; sleep 1; done
python3 - "$email" "$pass" "$port" <<'PY'
import json, sys, urllib.request
email, password, port = sys.argv[1], sys.argv[2], sys.argv[3]
base = f"http://127.0.0.1:{port}"

def call(method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None

token = call("POST", "/auth/login", {"email": email, "password": password})["data"]["access_token"]
key = {"field": "id", "type": "integer", "meta": {"hidden": True, "interface": "input", "readonly": True},
       "schema": {"is_primary_key": True, "has_auto_increment": True}}

def field(name, kind="string", interface="input", **meta):
    return {"field": name, "type": kind, "meta": {"interface": interface, **meta}, "schema": {}}

call("POST", "/collections", {"collection": "scores", "schema": {}, "meta": {
    "icon": "library_music", "display_template": "{{title}}", "note": "Sheet music in the choir's cupboard"},
    "fields": [key, field("title"), field("composer"), field("voicing"), field("copies", "integer"),
               field("notes", "text", "input-multiline")]}, token)
call("POST", "/collections", {"collection": "venues", "schema": {}, "meta": {
    "icon": "church", "display_template": "{{name}}"},
    "fields": [key, field("name"), field("town"), field("seats", "integer")]}, token)
scores = [("Messiah", "Handel", "SATB", 40), ("Requiem in D minor", "Mozart", "SATB", 36),
          ("Spem in alium", "Tallis", "40 parts", 12), ("Ave verum corpus", "Byrd", "SATB", 30),
          ("Five Mystical Songs", "Vaughan Williams", "SATB + baritone", 28),
          ("The Lark Ascending (arr.)", "Vaughan Williams", "SSA", 18), ("Chichester Psalms", "Bernstein", "SATB", 32),
          ("Miserere mei", "Allegri", "SSATB", 24)]
call("POST", "/items/scores", [{"title": t, "composer": c, "voicing": v, "copies": n} for t, c, v, n in scores], token)
venues = [("St Anne's Church", "Lowmoor", 220), ("Corn Exchange", "Lowmoor", 400),
          ("Quarry Chapel", "Hebden Cross", 90), ("Riverside School Hall", "Lowmoor", 150)]
call("POST", "/items/venues", [{"name": n, "town": t, "seats": s} for n, t, s in venues], token)
print("seeded: scores", len(call("GET", "/items/scores", token=token)["data"]),
      "venues", len(call("GET", "/items/venues", token=token)["data"]))
PY
