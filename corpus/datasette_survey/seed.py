"""Build the survey database: a bird survey's sites, the birds counted at each (a repeating foreign key to the
site), its observers and a legacy table, and Datasette's configuration. Run as
``python -m corpus.datasette_survey.seed STATE_DIR`` (corpus.apps caches the result): ``STATE_DIR/survey.db`` and
``STATE_DIR/datasette.json``.

Every visitor may write (insert, update and delete rows, create, alter and drop tables), as on a local corpus app
with no login (Trac's anonymous admin): Datasette's permissions are allowed to all in its configuration.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

SITES = {  # name -> habitat
    "Marsh Hide": "reed bed",
    "Oak Wood": "woodland",
    "River Bend": "river",
    "North Meadow": "grassland",
}
BIRDS = [  # name, latin name, site, count
    ("Grey Heron", "Ardea cinerea", "Marsh Hide", 3),
    ("Reed Warbler", "Acrocephalus scirpaceus", "Marsh Hide", 11),
    ("Water Rail", "Rallus aquaticus", "Marsh Hide", 2),
    ("Marsh Harrier", "Circus aeruginosus", "Marsh Hide", 1),
    ("Great Spotted Woodpecker", "Dendrocopos major", "Oak Wood", 4),
    ("Eurasian Wren", "Troglodytes troglodytes", "Oak Wood", 9),
    ("Nuthatch", "Sitta europaea", "Oak Wood", 5),
    ("Tawny Owl", "Strix aluco", "Oak Wood", 1),
    ("Common Kingfisher", "Alcedo atthis", "River Bend", 2),
    ("Grey Wagtail", "Motacilla cinerea", "River Bend", 3),
    ("Mute Swan", "Cygnus olor", "River Bend", 6),
    ("Dipper", "Cinclus cinclus", "River Bend", 2),
    ("Skylark", "Alauda arvensis", "North Meadow", 14),
    ("Meadow Pipit", "Anthus pratensis", "North Meadow", 8),
    ("Kestrel", "Falco tinnunculus", "North Meadow", 1),
    ("Yellowhammer", "Emberiza citrinella", "North Meadow", 7),
]
OBSERVERS = [("Ada Lovelock", "ada@example.org"), ("Bram Okafor", "bram@example.org"), ("Chen Wei", "chen@example.org")]
LEGACY = "survey_2019"  # an old table a user may drop
WRITE = ("insert-row", "update-row", "delete-row", "create-table", "alter-table", "drop-table")
SCHEMA = f"""
CREATE TABLE sites (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, habitat TEXT);
CREATE TABLE birds (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, latin_name TEXT,
                    site_id INTEGER REFERENCES sites(id), count INTEGER);
CREATE TABLE observers (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, email TEXT);
CREATE TABLE {LEGACY} (id INTEGER PRIMARY KEY, name TEXT, count INTEGER);
"""


def seed(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.executescript(SCHEMA)
        conn.executemany("INSERT INTO sites (name, habitat) VALUES (?, ?)", SITES.items())
        site = {name: n for n, name in enumerate(SITES, start=1)}
        conn.executemany(
            "INSERT INTO birds (name, latin_name, site_id, count) VALUES (?, ?, ?, ?)",
            [(name, latin, site[where], count) for name, latin, where, count in BIRDS],
        )
        conn.executemany("INSERT INTO observers (name, email) VALUES (?, ?)", OBSERVERS)
        conn.executemany(f"INSERT INTO {LEGACY} (name, count) VALUES (?, ?)", [("Lapwing", 12), ("Curlew", 3)])
    conn.close()


def main() -> None:
    state = Path(sys.argv[1])
    seed(state / "survey.db")
    config = {"permissions": dict.fromkeys(WRITE, True)}
    (state / "datasette.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
