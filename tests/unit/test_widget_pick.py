"""Choosing an option of a widget by its visible text: exact first, else the one option containing it; ambiguous
or missing options are errors that list what the widget offers (bounded)."""

from __future__ import annotations

import pytest

from browser_core.act.widget_choice import MAX_LISTED, pick
from browser_core.errors import InvalidInput

OPTIONS = [["Travel", False, False, False], ["Travel guides", False, False, False],
           ["Science fiction", False, False, False], ["Archived", True, False, False]]


def test_exact_text_wins_over_longer_options() -> None:
    assert pick(OPTIONS, "travel", "Category") == 0
    assert pick(OPTIONS, "  Travel   GUIDES ", "Category") == 1


def test_one_option_containing_the_words_is_chosen_only_when_final() -> None:
    assert pick(OPTIONS, "fiction", "Category", final=False) is None  # typing may still bring the exact one
    assert pick(OPTIONS, "fiction", "Category") == 2


def test_ambiguous_and_missing_options_list_the_options() -> None:
    with pytest.raises(InvalidInput) as ambiguous:
        pick(OPTIONS, "trav", "Category")
    assert ambiguous.value.details["matches"] == ["Travel", "Travel guides"]
    with pytest.raises(InvalidInput) as missing:
        pick(OPTIONS, "Archived", "Category")  # disabled: not offered
    assert "no option 'Archived' in 'Category'" in missing.value.message
    assert missing.value.details["options"] == ["Travel", "Travel guides", "Science fiction"]
    many = [[f"Option {n}", False, False, False] for n in range(50)]
    with pytest.raises(InvalidInput) as bounded:
        pick(many, "nothing like it", "Long")
    assert len(bounded.value.details["options"]) == MAX_LISTED
