#!/usr/bin/env bash
# Seed a pgAdmin 4 trial (pip `pgadmin4` 9.x under /work/trials/pgadmin, server mode with a login): a local PostgreSQL
# (Debian's 15, `initdb` into /work/trials/pgadmin/pgdata as the `postgres` user, port 5447) made again with a role
# `keeper` and two databases: `orchard` (a community orchard: trees, harvests, volunteers, 6 rows each, a view
# `harvest_totals`) and `orchard_archive` (one table, 3 rows: the database to drop); then pgAdmin's own database made
# again, the sign-in user EMAIL, and the server "Orchard DB" registered for that user (the role's password is not
# saved: pgAdmin asks for it on connect). Re-running starts over. Nothing calls out.
# Usage: scripts/trials/pgadmin_seed.sh EMAIL PGADMIN_PASSWORD ROLE_PASSWORD
#   (then: cd /work/trials/pgadmin && .venv/bin/python .venv/lib/python3.11/site-packages/pgadmin4/pgAdmin4.py)
# Install (once), ~1 min: mkdir -p /work/trials/pgadmin && cd /work/trials/pgadmin && uv venv .venv &&
#   uv pip install --python .venv/bin/python pgadmin4
set -euo pipefail
email=$1; pass=$2; rolepass=$3
home=${PGADMIN_TRIAL:-/work/trials/pgadmin}
pgport=${PGADMIN_PGPORT:-5447}; webport=${PGADMIN_PORT:-8075}
pkg=$(ls -d "$home"/.venv/lib/python3.*/site-packages/pgadmin4)
bin=/usr/lib/postgresql/15/bin   # /usr/local/bin/postgres and initdb link here; pg_ctl too
as_pg() { runuser -u postgres -- "$@"; }

# PostgreSQL, made again
if [ -f "$home/pgdata/postmaster.pid" ]; then as_pg "$bin/pg_ctl" -D "$home/pgdata" -m fast stop >/dev/null || true; fi
rm -rf "$home/pgdata"; mkdir -p "$home/pgdata"; chown postgres: "$home/pgdata"; chmod 755 "$home"
as_pg "$bin/initdb" -D "$home/pgdata" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
as_pg "$bin/pg_ctl" -D "$home/pgdata" -l "$home/pgdata/server.log" -w \
  -o "-p $pgport -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
psql_pg() { psql -h /tmp -p "$pgport" -U postgres -v ON_ERROR_STOP=1 -q "$@"; }
psql_pg -d postgres -c "CREATE ROLE keeper LOGIN SUPERUSER PASSWORD '$rolepass'" \
  -c "CREATE DATABASE orchard OWNER keeper" -c "CREATE DATABASE orchard_archive OWNER keeper"
psql_pg -d orchard <<'SQL'
SET ROLE keeper;
CREATE TABLE trees (id serial PRIMARY KEY, variety text NOT NULL, planted int NOT NULL, row_no int NOT NULL);
CREATE TABLE volunteers (id serial PRIMARY KEY, name text NOT NULL, phone text);
CREATE TABLE harvests (id serial PRIMARY KEY, tree_id int NOT NULL REFERENCES trees(id),
  volunteer_id int NOT NULL REFERENCES volunteers(id), picked_on date NOT NULL, kilos numeric(6,1) NOT NULL);
INSERT INTO trees (variety, planted, row_no) VALUES ('Bramley', 2009, 1), ('Cox''s Orange Pippin', 2011, 1),
  ('Egremont Russet', 2011, 2), ('Discovery', 2014, 2), ('Conference pear', 2016, 3), ('Victoria plum', 2018, 3);
INSERT INTO volunteers (name, phone) VALUES ('Mabel Okafor', '0161 555 0101'), ('Tomasz Nowak', '0161 555 0102'),
  ('Priya Raman', NULL), ('Ewan Doyle', '0161 555 0104'), ('Sunniva Berg', NULL), ('Joe Marsh', '0161 555 0106');
INSERT INTO harvests (tree_id, volunteer_id, picked_on, kilos) VALUES (1, 1, '2026-09-12', 38.5),
  (2, 2, '2026-09-19', 21.0), (3, 3, '2026-09-26', 17.2), (4, 4, '2026-08-22', 25.4), (5, 5, '2026-10-03', 30.1),
  (6, 6, '2026-08-15', 12.8);
CREATE VIEW harvest_totals AS SELECT t.variety, sum(h.kilos) AS kilos FROM harvests h JOIN trees t ON t.id = h.tree_id
  GROUP BY t.variety;
SQL
psql_pg -d orchard_archive <<'SQL'
SET ROLE keeper;
CREATE TABLE old_harvests (id serial PRIMARY KEY, season int NOT NULL, kilos numeric(7,1) NOT NULL);
INSERT INTO old_harvests (season, kilos) VALUES (2023, 118.0), (2024, 131.5), (2025, 142.9);
SQL

# pgAdmin: server mode, its data under $home/data, made again
cat > "$pkg/config_local.py" <<PY
import os
SERVER_MODE = True
DATA_DIR = '$home/data'
LOG_FILE = os.path.join(DATA_DIR, 'pgadmin4.log')
SQLITE_PATH = os.path.join(DATA_DIR, 'pgadmin4.db')
SESSION_DB_PATH = os.path.join(DATA_DIR, 'sessions')
STORAGE_DIR = os.path.join(DATA_DIR, 'storage')
AZURE_CREDENTIAL_CACHE_DIR = os.path.join(DATA_DIR, 'azurecredentialcache')
KERBEROS_CCACHE_DIR = os.path.join(DATA_DIR, 'krbccache')
DEFAULT_SERVER = '127.0.0.1'
DEFAULT_SERVER_PORT = $webport
UPGRADE_CHECK_ENABLED = False
MASTER_PASSWORD_REQUIRED = False
PY
rm -rf "$home/data"; mkdir -p "$home/data"
cd "$pkg"
PGADMIN_SETUP_EMAIL="$email" PGADMIN_SETUP_PASSWORD="$pass" "$home/.venv/bin/python" setup.py setup-db >/dev/null 2>&1
cat > "$home/servers.json" <<JSON
{"Servers": {"1": {"Name": "Orchard DB", "Group": "Servers", "Host": "127.0.0.1", "Port": $pgport,
  "MaintenanceDB": "postgres", "Username": "keeper", "SSLMode": "prefer"}}}
JSON
"$home/.venv/bin/python" setup.py load-servers "$home/servers.json" --user "$email" >/dev/null
echo "seeded: PostgreSQL :$pgport (orchard: trees, volunteers, harvests x 6, view harvest_totals; orchard_archive)," \
  "pgAdmin user $email, server 'Orchard DB'"
