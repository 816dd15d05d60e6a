"""The labelled wording set (tests/data/wordings), split by app: what it holds, and how the gate scores on it.

The held-out apps were never read while the rules were written (splits.yaml says which round measured what).
"""

from __future__ import annotations

import pytest
import yaml

from tests.support.wordings import CATEGORIES, FLOOR, WORDINGS, judge_all, load_wordings, table

# Round 8's apps (splits.yaml) scored 229/265 blind on the rules they were gathered after (5bab11c); after their
# misses were read and fixed by class (no longer a blind figure), 248/265; the 54 development apps (round 7's
# included) score 2370/2410: a regression guard, and the floor's gap.
HELD_OUT_RIGHT = 248
DEVELOPMENT_RIGHT = 2370


def test_the_set_has_at_least_400_labelled_texts_from_20_apps_each_with_its_source() -> None:
    wordings = load_wordings()
    assert len(wordings) >= 400 and len({w.app for w in wordings}) >= 20
    assert all(w.category in CATEGORIES and w.source and w.kind in ("control", "confirmation") for w in wordings)
    splits = yaml.safe_load((WORDINGS / "splits.yaml").read_text("utf-8"))
    assert not set(splits["development"]) & set(splits["held_out"])
    assert {w.app for w in wordings} == set(splits["development"]) | set(splits["held_out"])


def test_the_gate_does_not_score_worse_than_measured() -> None:
    judged = judge_all()
    right = {split: sum(j.right for j in judged if j.wording.split == split) for split in ("development", "held_out")}
    assert right["held_out"] >= HELD_OUT_RIGHT and right["development"] >= DEVELOPMENT_RIGHT, right


@pytest.mark.xfail(
    strict=True,
    reason="issue 29's target is not met blind: round 8 measured 229/265 (86.4 %) on five apps never read (commit 3/3, "
    "delete 61/65, send 4/5, publish 0/2, cancel 4/7, loss 2/8, advance 1/3, cart edit 0/2, ordinary 154/170; "
    "docs/consequence-gate.md)",
)
def test_every_category_scores_at_least_98_percent_on_the_held_out_apps() -> None:
    scores = table(judge_all(), "category")
    low = {c: f"{r}/{t}" for (split, c), (r, t) in scores.items() if split == "held_out" and t and r / t < FLOOR}
    assert not low, low
