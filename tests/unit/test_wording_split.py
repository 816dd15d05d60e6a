"""The labelled wording set (tests/data/wordings), split by app: what it holds, and how the gate scores on it.

The held-out apps were never read while the rules were written (splits.yaml says which round measured what).
"""

from __future__ import annotations

import pytest
import yaml

from browser_core.security.confirming import confirmation_category
from browser_core.security.policy import load_policy
from tests.support.wordings import CATEGORIES, FLOOR, WORDINGS, judge_all, load_wordings, table

# Round 12's apps (splits.yaml) scored 330/350 blind on main's rules (652e9eb), run once after their labels were
# committed (ae30555); after their misses were read and fixed by class (no longer a blind figure), 339/350; the 71
# development apps (round 11's included) score 3496/3579 before that pass and 3498/3579 after it (no verdict lost): a
# regression guard.
HELD_OUT_RIGHT = 339
DEVELOPMENT_RIGHT = 3498


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
    reason="issue 29's target is not met blind: round 12 measured 330/350 (94.3 %) on four apps never read (commit "
    "4/4, delete 89/90, send 8/8, publish 3/3, cancel 0/1, loss 12/17, advance 5/7, cart edit 9/11, ordinary 200/209; "
    "docs/consequence-gate.md)",
)
def test_every_category_scores_at_least_98_percent_on_the_held_out_apps() -> None:
    scores = table(judge_all(), "category")
    low = {c: f"{r}/{t}" for (split, c), (r, t) in scores.items() if split == "held_out" and t and r / t < FLOOR}
    assert not low, low


def test_stopping_a_live_share_of_ones_own_screen_withdraws_nobody_s_access() -> None:
    """"Stop sharing" of a record ends others' access (held as a cancel); of one's screen, camera or location it ends
    a broadcast: what is shared decides, in a control's name and in the app's question alike."""
    policy = load_policy()
    for name in ("Stop sharing screen", "Stop sharing your screen", "Stop sharing camera", "Stop sharing location"):
        assert policy.judge_name(name) is None, name
    for name in ("Stop sharing", "Stop sharing this file", "Stop sharing folder", "Unshare"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "Are you sure you want to stop sharing your screen?") is None
    assert confirmation_category(policy, "Are you sure you want to stop sharing this folder?") == "cancel"
