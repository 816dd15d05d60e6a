"""How the gate judges the labelled wording set (tests/data/wordings), per app and per category, split by app.

Usage: uv run python scripts/wording_report.py [-v]

The development apps are the ones the rules were written from; the held-out apps were never looked at while writing
them (tests/data/wordings/splits.yaml). A text is right when the gate holds a consequential one (commit, delete, send,
publish, cancel, loss) in its category and leaves the others (advance, cart edit, ordinary) alone. -v lists the wrong
ones. Exit status 1 when a held-out category is under the floor (98 %).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from tests.support.wordings import CATEGORIES, FLOOR, judge_all, table  # noqa: E402


def _pct(right: int, total: int) -> str:
    return f"{right}/{total} ({100 * right / total:.1f} %)" if total else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list the texts judged wrong")
    args = parser.parse_args()
    judged = judge_all()
    apps = table(judged, "app")
    cats = table(judged, "category")
    print(f"{'split':<12} {'app':<18} {'right':>20}")
    for (split, app), (right, total) in sorted(apps.items()):
        print(f"{split:<12} {app:<18} {_pct(right, total):>20}")
    below = []
    for split in ("development", "held_out"):
        n_apps = len({a for s, a in apps if s == split})
        print(f"\n{split} ({n_apps} apps, {sum(t for (s, _), (_, t) in apps.items() if s == split)} texts)")
        print(f"{'category':<12} {'right':>20}")
        for category in CATEGORIES:
            right, total = cats.get((split, category), (0, 0))
            print(f"{category:<12} {_pct(right, total):>20}")
            if split == "held_out" and total and right / total < FLOOR:
                below.append(category)
    if args.verbose:
        print("\nwrong:")
        for j in judged:
            if not j.right:
                w = j.wording
                print(f"  {w.split:<12} {w.app:<16} {w.category:<9} judged {j.verdict!s:<8} {w.kind:<12} {w.text[:80]}")
    print(f"\nheld-out categories under {FLOOR:.0%}: {', '.join(below) or 'none'}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
