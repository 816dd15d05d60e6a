#!/usr/bin/env bash
# Seed a Node-RED trial (npm `node-red` 4.x under /work/trials/nodered, its own node_modules): the user directory
# made again with a settings.js (port PORT on 127.0.0.1, adminAuth: one user USER whose password PASSWORD is stored as
# the app stores it, a bcrypt hash; no tours, no telemetry), a community greenhouse's flows in flows.json (three tabs:
# "Greenhouse climate", "Irrigation schedule", "Alerts"; inject, function, switch, change, delay, template, debug,
# http in/response, catch and comment nodes; nothing calls out), and one palette module (`node-red-node-random`,
# from the npm registry through npm) installed in the user directory so the palette manager has one to remove.
# Re-running starts over.
# Usage: scripts/trials/nodered_seed.sh USER PASSWORD [PORT]
#   then: /work/trials/nodered/node_modules/.bin/node-red -u /work/trials/nodered/data &
# Install (once), ~2 min: mkdir -p /work/trials/nodered && cd /work/trials/nodered && npm install node-red@4
# Truth: scripts/trials/nodered_truth.sh [PORT] (the runtime's flows through its admin API, the module list).
set -euo pipefail
user=$1; pass=$2; port=${3:-8111}
home=${NODERED_TRIAL:-/work/trials/nodered}
data=$home/data
rm -rf "$data"; mkdir -p "$data"
hash=$(cd "$home" && PASS="$pass" node -e 'console.log(require("bcryptjs").hashSync(process.env.PASS, 8))')
cat > "$data/settings.js" <<JS
module.exports = {
    uiHost: "127.0.0.1",
    uiPort: $port,
    flowFile: "flows.json",
    credentialSecret: "greenhouse-trial",
    adminAuth: { type: "credentials", users: [{ username: "$user", password: "$hash", permissions: "*" }] },
    editorTheme: { tours: false, projects: { enabled: false } },
    telemetry: { enabled: false },
    logging: { console: { level: "info", metrics: false, audit: false } },
    functionExternalModules: false,
};
JS
cat > "$data/flows.json" <<'JSON'
[
 {"id": "tab_climate", "type": "tab", "label": "Greenhouse climate", "disabled": false,
  "info": "Reads the bench sensors and switches the misting pump."},
 {"id": "tab_irrigation", "type": "tab", "label": "Irrigation schedule", "disabled": false, "info": ""},
 {"id": "tab_alerts", "type": "tab", "label": "Alerts", "disabled": false, "info": ""},

 {"id": "c_note", "type": "comment", "z": "tab_climate", "name": "Bench 2 sensors (soil + air)", "info": "",
  "x": 170, "y": 40, "wires": []},
 {"id": "c_tick", "type": "inject", "z": "tab_climate", "name": "Every 5 minutes", "props": [{"p": "payload"}],
  "repeat": "300", "crontab": "", "once": false, "onceDelay": 0.1, "topic": "", "payload": "", "payloadType": "date",
  "x": 150, "y": 100, "wires": [["c_read"]]},
 {"id": "c_read", "type": "function", "z": "tab_climate", "name": "Read soil moisture",
  "func": "msg.payload = { moisture: 31, air: 24.5 };\nreturn msg;", "outputs": 1, "timeout": 0, "noerr": 0,
  "initialize": "", "finalize": "", "libs": [], "x": 360, "y": 100, "wires": [["c_dry"]]},
 {"id": "c_dry", "type": "switch", "z": "tab_climate", "name": "Too dry?", "property": "payload.moisture",
  "propertyType": "msg", "rules": [{"t": "lt", "v": "35", "vt": "num"}, {"t": "else"}], "checkall": "true",
  "repair": false, "outputs": 2, "x": 550, "y": 100, "wires": [["c_pump"], ["c_log"]]},
 {"id": "c_pump", "type": "change", "z": "tab_climate", "name": "Misting pump on",
  "rules": [{"t": "set", "p": "payload", "pt": "msg", "to": "ON", "tot": "str"}], "action": "", "property": "",
  "from": "", "to": "", "reg": false, "x": 740, "y": 80, "wires": [["c_log"]]},
 {"id": "c_log", "type": "debug", "z": "tab_climate", "name": "Climate log", "active": true, "tosidebar": true,
  "console": false, "tostatus": false, "complete": "payload", "targetType": "msg", "statusVal": "", "statusType": "auto",
  "x": 930, "y": 120, "wires": []},

 {"id": "i_morning", "type": "inject", "z": "tab_irrigation", "name": "Morning watering 06:30",
  "props": [{"p": "payload"}], "repeat": "", "crontab": "30 06 * * *", "once": false, "onceDelay": 0.1, "topic": "",
  "payload": "bed-a", "payloadType": "str", "x": 170, "y": 80, "wires": [["i_valve"]]},
 {"id": "i_valve", "type": "delay", "z": "tab_irrigation", "name": "Hold valve 10 minutes", "pauseType": "delay",
  "timeout": "10", "timeoutUnits": "minutes", "rate": "1", "nbRateUnits": "1", "rateUnits": "second",
  "randomFirst": "1", "randomLast": "5", "randomUnits": "seconds", "drop": false, "allowrate": false,
  "outputs": 1, "x": 400, "y": 80, "wires": [["i_report"]]},
 {"id": "i_report", "type": "template", "z": "tab_irrigation", "name": "Watering report", "field": "payload",
  "fieldType": "msg", "format": "text", "syntax": "mustache", "template": "Watered {{payload}} at dawn.",
  "output": "str", "x": 620, "y": 80, "wires": [["i_log"]]},
 {"id": "i_log", "type": "debug", "z": "tab_irrigation", "name": "Valve log", "active": true, "tosidebar": true,
  "console": false, "tostatus": false, "complete": "payload", "targetType": "msg", "statusVal": "", "statusType": "auto",
  "x": 810, "y": 80, "wires": []},

 {"id": "a_in", "type": "http in", "z": "tab_alerts", "name": "Frost alert endpoint", "url": "/frost-alert",
  "method": "post", "upload": false, "swaggerDoc": "", "x": 170, "y": 80, "wires": [["a_format"]]},
 {"id": "a_format", "type": "function", "z": "tab_alerts", "name": "Format frost alert",
  "func": "msg.payload = 'Frost warning: ' + (msg.payload.temp || '?') + ' C';\nreturn msg;", "outputs": 1,
  "timeout": 0, "noerr": 0, "initialize": "", "finalize": "", "libs": [], "x": 400, "y": 80,
  "wires": [["a_reply", "a_log"]]},
 {"id": "a_reply", "type": "http response", "z": "tab_alerts", "name": "Acknowledge", "statusCode": "200",
  "headers": {}, "x": 620, "y": 60, "wires": []},
 {"id": "a_log", "type": "debug", "z": "tab_alerts", "name": "Alert log", "active": true, "tosidebar": true,
  "console": false, "tostatus": false, "complete": "payload", "targetType": "msg", "statusVal": "", "statusType": "auto",
  "x": 620, "y": 120, "wires": []},
 {"id": "a_catch", "type": "catch", "z": "tab_alerts", "name": "Catch flow errors", "scope": null, "uncaught": false,
  "x": 170, "y": 180, "wires": [["a_log"]]}
]
JSON
# one palette module, so the palette manager has one to remove (npm's cache serves it after the first seed)
(cd "$data" && printf '{"name":"node-red-project","private":true,"dependencies":{}}\n' > package.json \
  && npm install --no-audit --no-fund --prefer-offline --save node-red-node-random@0.4 >/dev/null)
echo "seeded $data (user $user, port $port)"
