#!/usr/bin/env bash
# Seed a changedetection.io trial (pip `changedetection.io` 0.60 under /work/trials/changedetection, its own venv):
# a tiny local site of a harbour town's notice pages (no internet: every watched URL is local), the datastore made
# again, then through changedetection.io's own REST API (x-api-key) 7 watches in 3 tags, each checked twice with
# the page changed between (2 snapshots each), one backup zip (the app's own create_backup), and last, with the
# server stopped, the sign-in password PASSWORD written as the app stores it (salted pbkdf2). Re-running starts over.
# Usage: scripts/trials/changedetection_seed.sh PASSWORD [APP_PORT] [SITE_PORT]
#   then: python3 -m http.server SITE_PORT --bind 127.0.0.1 -d /work/trials/changedetection/site &
#         ALLOW_IANA_RESTRICTED_ADDRESSES=true /work/trials/changedetection/.venv/bin/changedetection.io \
#           -h 127.0.0.1 -p APP_PORT -d /work/trials/changedetection/datastore &
# Install (once), ~10 s: mkdir -p /work/trials/changedetection && cd /work/trials/changedetection &&
#   uv venv .venv && uv pip install --python .venv/bin/python changedetection.io
set -euo pipefail
pass=$1; port=${2:-8097}; site_port=${3:-8098}
home=${CHANGEDETECTION_HOME:-/work/trials/changedetection}
store=$home/datastore; site=$home/site
rm -rf "$store" "$site"; mkdir -p "$store" "$site"
page() {  # page NAME TITLE BODY
  printf '<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1><p>%s</p></body></html>\n' "$2" "$2" "$3" > "$site/$1.html"
}
write_site() {  # write_site ROUND
  page library-hours "Quayside Library opening hours" "Round $1: Monday to Friday 9:00-17:30, Saturday 10:00-13:00."
  page library-arrivals "Quayside Library new arrivals" "Round $1: three new atlases and the tide tables for next year."
  page bus-14 "Route 14 timetable" "Round $1: first bus 06:10 from the harbour, every 20 minutes until 19:00."
  page bus-22 "Route 22 timetable" "Round $1: the hill loop runs hourly; no Sunday service."
  page ferry "Island ferry notices" "Round $1: sailings may be cancelled in winds over 40 knots."
  page pool "Lido lane schedule" "Round $1: lanes open for lengths 07:00-09:00 and 18:00-20:00."
  page bins "Bin collection days" "Round $1: recycling on Tuesdays, garden waste every other Thursday."
}
write_site 1
python3 -m http.server "$site_port" --bind 127.0.0.1 -d "$site" >/dev/null 2>&1 & site_pid=$!
ALLOW_IANA_RESTRICTED_ADDRESSES=true "$home/.venv/bin/changedetection.io" -h 127.0.0.1 -p "$port" -d "$store" -C \
  -u "http://127.0.0.1:$site_port/pool.html" >"$home/seed-server.log" 2>&1 & app_pid=$!
trap 'kill $app_pid $site_pid 2>/dev/null || true' EXIT
for _ in $(seq 60); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 1; done
export CD_BASE="http://127.0.0.1:$port" CD_SITE="http://127.0.0.1:$site_port" CD_STORE="$store" CD_SITE_DIR="$site"
"$home/.venv/bin/python" - <<'PY'
import json, os, time, urllib.request

base, site, store = os.environ["CD_BASE"], os.environ["CD_SITE"], os.environ["CD_STORE"]
key = json.load(open(f"{store}/changedetection.json"))["settings"]["application"]["api_access_token"]


def api(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + "/api/v1" + path, data=data, method=method,
                                 headers={"x-api-key": key, "content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        text = r.read().decode()
    return json.loads(text) if text.strip().startswith(("{", "[")) else text


for uuid in list(api("GET", "/watch")):  # the -u start-up watch only keeps the sample watches out
    api("DELETE", f"/watch/{uuid}")
watches = [
    ("library-hours", "Quayside Library opening hours", "Library"),
    ("library-arrivals", "Quayside Library new arrivals", "Library"),
    ("bus-14", "Route 14 timetable", "Transport"),
    ("bus-22", "Route 22 timetable", "Transport"),
    ("ferry", "Island ferry notices", "Transport"),
    ("pool", "Lido lane schedule", ""),
    ("bins", "Bin collection days", "Council"),
]
uuids = []
for name, title, tag in watches:
    body = {"url": f"{site}/{name}.html", "title": title}
    if tag:
        body["tag"] = tag
    uuids.append(api("POST", "/watch", body)["uuid"])


def checked(n):
    for uuid in uuids:
        api("GET", f"/watch/{uuid}?recheck=1")
    deadline = time.time() + 90
    while time.time() < deadline:
        if all(len(api("GET", f"/watch/{u}/history") or {}) >= n for u in uuids):
            return
        time.sleep(1)
    raise SystemExit(f"snapshots did not reach {n}")


checked(1)
import subprocess
subprocess.run(["bash", "-c", "sed -i 's/Round 1:/Round 2:/' " + os.environ["CD_SITE_DIR"] + "/*.html"], check=True)
time.sleep(1.1)  # snapshots are keyed by the second
checked(2)
print("seeded watches:", [(w["title"], len(api("GET", f"/watch/{u}/history"))) for u, w in
                          ((u, api("GET", f"/watch/{u}")) for u in uuids)])
PY
kill $app_pid; wait $app_pid 2>/dev/null || true
"$home/.venv/bin/python" - "$pass" "$store" <<'PY'
import base64, hashlib, json, os, secrets, sys

from changedetectionio.blueprint.backups import create_backup

password, store = sys.argv[1], sys.argv[2]
settings = json.load(open(f"{store}/changedetection.json"))
salt = secrets.token_bytes(32)
settings["settings"]["application"]["password"] = base64.b64encode(
    salt + hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 100000)).decode()
json.dump(settings, open(f"{store}/changedetection.json", "w"), indent=2)
class Saved(dict):  # a stored watch or tag as create_backup reads it: its fields and its folder
    def __init__(self, folder, name):
        super().__init__(json.load(open(f"{folder}/{name}")))
        self.data_dir = folder


folders = [f"{store}/{d}" for d in sorted(os.listdir(store)) if os.path.isdir(f"{store}/{d}")]
watches = {os.path.basename(f): Saved(f, "watch.json") for f in folders if os.path.isfile(f"{f}/watch.json")}
tags = {os.path.basename(f): Saved(f, "tag.json") for f in folders if os.path.isfile(f"{f}/tag.json")}
create_backup(store, watches, tags=tags)
print("password set; backup:", sorted(p for p in os.listdir(store) if p.endswith(".zip")))
PY
