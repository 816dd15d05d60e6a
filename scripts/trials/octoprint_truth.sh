#!/usr/bin/env bash
# The truth of an OctoPrint trial, read from the app itself: its uploads folder on disk, its REST API (printer
# connection, job state; the key the seed wrote in the app's own keys.yaml) and the effects folder its system
# commands touch. Usage: scripts/trials/octoprint_truth.sh [PORT]
set -euo pipefail
port=${1:-8101}; home=${OCTOPRINT_TRIAL:-/work/trials/octoprint}
key=$(cat "$home/truth.key"); api() { curl -sf -H "X-Api-Key: $key" "http://127.0.0.1:$port/api/$1"; }
echo "files: $(cd "$home/base/uploads" && find . -mindepth 1 \( -name '*.gcode' -o -type d \) | sort | tr '\n' ' ')"
api connection | python3 -c 'import json,sys; c=json.load(sys.stdin)["current"]; print("connection:", c["state"], c["port"])'
api job | python3 -c 'import json,sys; j=json.load(sys.stdin); print("job:", j["state"], (j["job"]["file"] or {}).get("path"), j["progress"]["completion"])'
echo "logs: $(ls "$home/base/logs" | tr '\n' ' ')"
echo "effects: $(ls "$home/effects" | tr '\n' ' ')"
