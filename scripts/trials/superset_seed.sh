#!/usr/bin/env bash
# Seed an Apache Superset trial (pip `apache-superset` 6.1 in its own venv, sqlite metadata): a config file, the
# metadata database made again (`superset db upgrade`, `fab create-admin`, `init`), and a bicycle workshop's records:
# a sqlite data file (repairs, parts), its database connection, two datasets, 6 charts, 4 dashboards and 2 saved
# queries, all owned by the administrator USER (password PASSWORD). Re-running starts over. Nothing calls out.
# Usage: scripts/trials/superset_seed.sh USER PASSWORD [HOME]     (HOME: default /work/trials/superset-home)
# Then:  SUPERSET_CONFIG_PATH=$HOME/superset_config.py superset run -h 127.0.0.1 -p 8099 --with-threads
# Install (once): uv venv /work/trials/superset-venv --python 3.11 && uv pip install --python
#   /work/trials/superset-venv/bin/python apache-superset rich cachetools 'flask-caching==2.3.1'
set -euo pipefail
user=$1; pass=$2; home=${3:-/work/trials/superset-home}
venv=${SUPERSET_VENV:-/work/trials/superset-venv}
mkdir -p "$home"
rm -f "$home/superset.db" "$home/workshop.db"
cat > "$home/superset_config.py" <<PY
SECRET_KEY = "$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 40)"
SQLALCHEMY_DATABASE_URI = "sqlite:///$home/superset.db"
PREVENT_UNSAFE_DB_CONNECTIONS = False   # the workshop's data is a sqlite file
TALISMAN_ENABLED = False
PY
export SUPERSET_CONFIG_PATH=$home/superset_config.py FLASK_APP=superset SUPERSET_HOME=$home
"$venv/bin/superset" db upgrade >/dev/null 2>&1
"$venv/bin/superset" fab create-admin --username "$user" --firstname Ines --lastname Vale \
  --email "$user@workshop.example" --password "$pass" >/dev/null
"$venv/bin/superset" init >/dev/null 2>&1
"$venv/bin/python" - "$user" "$home" <<'PY'
import json, sqlite3, sys
user, home = sys.argv[1], sys.argv[2]
data = sqlite3.connect(f"{home}/workshop.db")
data.executescript("""
CREATE TABLE repairs (ticket INTEGER PRIMARY KEY, bike TEXT, job TEXT, hours REAL, mechanic TEXT, fixed_on DATE);
CREATE TABLE parts (part TEXT PRIMARY KEY, in_stock INTEGER, reorder_at INTEGER);
INSERT INTO repairs VALUES
 (1,'Green tandem','Brake cable',1.5,'Noor','2026-10-03'),(2,'Blue roadster','Puncture',0.5,'Teo','2026-10-04'),
 (3,'Red cargo bike','Chain swap',1.0,'Noor','2026-10-11'),(4,'Yellow folder','Gear tune',2.0,'Ravi','2026-10-18'),
 (5,'Blue roadster','Wheel true',1.5,'Teo','2026-10-25'),(6,'Grey tourer','Puncture',0.5,'Ravi','2026-11-01'),
 (7,'Red cargo bike','Brake pads',1.0,'Noor','2026-11-08'),(8,'Green tandem','Gear tune',2.5,'Teo','2026-11-15');
INSERT INTO parts VALUES ('Inner tube',14,10),('Brake pad pair',6,8),('Chain',3,4),('Gear cable',11,5);
""")
data.commit()

from superset.app import create_app
app = create_app()
with app.app_context():
    from superset import db, security_manager
    from superset.connectors.sqla.models import SqlaTable
    from superset.models.core import Database
    from superset.models.dashboard import Dashboard
    from superset.models.slice import Slice
    from superset.models.sql_lab import SavedQuery
    owner = security_manager.find_user(username=user)
    base = Database(database_name="Workshop records", sqlalchemy_uri=f"sqlite:///{home}/workshop.db",
                    expose_in_sqllab=True)
    db.session.add(base)
    db.session.flush()
    tables = {}
    for name in ("repairs", "parts"):
        table = SqlaTable(table_name=name, database=base, owners=[owner])
        db.session.add(table)
        db.session.flush()
        table.fetch_metadata()
        tables[name] = table
    db.session.flush()

    def chart(name, table, viz, **params):
        form = {"viz_type": viz, "datasource": f"{tables[table].id}__table", **params}
        made = Slice(slice_name=name, viz_type=viz, datasource_type="table", datasource_id=tables[table].id,
                     params=json.dumps(form), owners=[owner])
        db.session.add(made)
        return made

    total = {"expressionType": "SQL", "sqlExpression": "SUM(hours)", "label": "hours"}
    charts = [
        chart("Repairs per mechanic", "repairs", "table", groupby=["mechanic"], metrics=["count"], row_limit=100),
        chart("Hours spent by bike", "repairs", "table", groupby=["bike"], metrics=[total], row_limit=100),
        chart("Jobs done", "repairs", "big_number_total", metric="count"),
        chart("Parts on the shelf", "parts", "table", groupby=["part", "in_stock"], metrics=["count"]),
        chart("Parts below reorder level", "parts", "table", groupby=["part"], metrics=["count"],
              adhoc_filters=[{"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "in_stock < reorder_at"}]),
        chart("Punctures this autumn", "repairs", "big_number_total", metric="count",
              adhoc_filters=[{"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "job = 'Puncture'"}]),
    ]
    db.session.flush()

    def board(title, slug, members):
        layout = {"DASHBOARD_VERSION_KEY": "v2", "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
                  "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"], "parents": ["ROOT_ID"]},
                  "ROW-1": {"type": "ROW", "id": "ROW-1", "children": [], "parents": ["ROOT_ID", "GRID_ID"],
                            "meta": {"background": "BACKGROUND_TRANSPARENT"}}}
        for member in members:
            key = f"CHART-{member.id}"
            layout["ROW-1"]["children"].append(key)
            layout[key] = {"type": "CHART", "id": key, "children": [], "parents": ["ROOT_ID", "GRID_ID", "ROW-1"],
                           "meta": {"chartId": member.id, "width": 4, "height": 50, "sliceName": member.slice_name}}
        made = Dashboard(dashboard_title=title, slug=slug, position_json=json.dumps(layout), slices=members,
                         owners=[owner], published=True, json_metadata=json.dumps({}))
        db.session.add(made)

    board("Workshop week at a glance", "workshop-week", charts[:3])
    board("Spare parts shelf", "spare-parts", charts[3:5])
    board("Puncture season", "puncture-season", [charts[5]])
    board("Mechanics' rota", "mechanics-rota", [charts[0]])
    db.session.add(SavedQuery(label="Tickets over an hour", sql="SELECT * FROM repairs WHERE hours > 1",
                              db_id=base.id, user_id=owner.id))
    db.session.add(SavedQuery(label="Parts to order", sql="SELECT part FROM parts WHERE in_stock < reorder_at",
                              db_id=base.id, user_id=owner.id))
    db.session.commit()
    print("seeded: dashboards", db.session.query(Dashboard).count(), "charts", db.session.query(Slice).count())
PY
