"""Print a changedetection.io trial's truth from the app itself: its REST API (the key read from its own settings
file) for the watches (title, tags, paused, muted, snapshot count) and tags, and its datastore folder for the backups
and the settings the trial touches. Never reads the page or the browser tool's output.

    /work/trials/changedetection/.venv/bin/python scripts/trials/changedetection_truth.py [PORT] [DATASTORE]
"""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

port = sys.argv[1] if len(sys.argv) > 1 else "8097"
store = Path(sys.argv[2] if len(sys.argv) > 2 else "/work/trials/changedetection/datastore")
settings = json.loads((store / "changedetection.json").read_text())["settings"]
key = settings["application"]["api_access_token"]


def api(path: str) -> object:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1{path}", headers={"x-api-key": key})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


tags = {uuid: tag["title"] for uuid, tag in api("/tags").items()}  # type: ignore[union-attr]
watches = []
for uuid in api("/watch"):  # type: ignore[union-attr]
    watch = api(f"/watch/{uuid}")
    assert isinstance(watch, dict)
    watches.append({"title": watch["title"], "tags": sorted(tags.get(t, t) for t in watch.get("tags", [])),
                    "paused": watch["paused"], "muted": watch["notification_muted"],
                    "snapshots": len(api(f"/watch/{uuid}/history")), "uuid": uuid})  # type: ignore[arg-type]
application = settings["application"]
for watch in sorted(watches, key=lambda w: str(w["title"])):
    print(json.dumps(watch))
print(json.dumps({"tags": sorted(tags.values()),
                  "backups": sorted(p.name for p in store.glob("changedetection-backup-*.zip")),
                  "password set": bool(application.get("password")), "all_paused": application.get("all_paused"),
                  "all_muted": application.get("all_muted"), "api key": key[:6] + "…",
                  "check every": settings["requests"]["time_between_check"]}))
