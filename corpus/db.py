"""Read a corpus app's own sqlite database (or its files, or its JSON API), so a test can check what an action
really did."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class DbCheck:
    """``sql`` (one integer) must be ``before`` ahead of a task and ``after`` once it is done."""

    sql: str
    params: tuple[Any, ...] = ()
    before: int = 1
    after: int = 0

    def describe(self) -> str:
        return f"{self.sql} {list(self.params)}: {self.before} -> {self.after}"

    def read(self, db: AppDb) -> int:
        return int(db.scalar(self.sql, *self.params))


@dataclass(frozen=True)
class FileCheck(DbCheck):
    """How many of ``params`` (paths under the app's folder, ``AppDb.path``) exist; ``sql`` says what they are."""

    def read(self, db: AppDb) -> int:
        return sum((db.path / str(p)).exists() for p in self.params)


@dataclass(frozen=True)
class ApiCheck(DbCheck):
    """How many items the app's own JSON API lists at ``sql`` (a path, GET); ``params``: (key, value) pairs an item
    must have to count."""

    def read(self, db: AppDb) -> int:
        with urllib.request.urlopen(db.base_url + self.sql, timeout=30) as response:
            items = json.loads(response.read())
        return sum(all(item.get(k) == v for k, v in self.params) for item in items)


@dataclass(frozen=True)
class AppDb:
    path: Path
    base_url: str = ""  # the running app, for an ApiCheck

    def connect(self) -> sqlite3.Connection:
        # Read-only, so a check can never change what it checks; a short timeout rides out the app's own writes.
        return sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, timeout=10)

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with self.connect() as conn:
            return list(conn.execute(sql, params).fetchall())

    def scalar(self, sql: str, *params: Any) -> Any:
        rows = self.rows(sql, *params)
        return rows[0][0] if rows else None

    def count(self, table: str, where: str = "1=1", *params: Any) -> int:
        return int(self.scalar(f"SELECT count(*) FROM {table} WHERE {where}", *params))

    def value(self, check: DbCheck) -> int:
        return check.read(self)
