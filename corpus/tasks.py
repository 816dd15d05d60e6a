"""The corpus's paths, as data: per app, every DESTRUCTIVE path (the gate must hold its effect step, and only it)
and ORDINARY tasks (the gate must hold nothing), each with plain steps and checks in the app's own database.

Used by tests/realapps/test_gate_realapps.py, the security report and the real-app benchmark:

    from corpus.tasks import TASKS, destructive, ordinary
    for task in destructive("django_admin"): ...

The tasks touch disjoint objects, so they can run in any order against one seeded copy of each app.
Literals here are page text of the third-party apps: test data, never product code.
"""

from __future__ import annotations

from corpus.db import DbCheck
from corpus.steps import Task, check, click, open_, press, select, type_

BOOK = "SELECT count(*) FROM library_book WHERE title = ?"
AUTHOR = "SELECT count(*) FROM library_author WHERE name = ?"
SURE = "Yes, I’m sure"  # Django's confirmation button (a typographic apostrophe)

DJANGO: list[Task] = [
    # ---------------------------------------------------------------- destructive
    Task("django_admin", "delete-book", "destructive", "Delete the book 'The Hollow Tower'.", category="delete",
         steps=(open_("/admin/library/book/"), type_("", "Hollow Tower", "textbox", row="Search"),
                press("Enter"), click("The Hollow Tower", "link"), click("Delete", "link"),
                click(SURE, "button", effect=True)),
         checks=(DbCheck(BOOK, ("The Hollow Tower",), 1, 0),)),
    Task("django_admin", "bulk-delete-books", "destructive",
         "Delete the books 'The Frozen River', 'The Frozen Garden' and 'The Frozen Harbour' in one go.",
         category="delete",
         steps=(open_("/admin/library/book/?q=Frozen"),
                check("Select this object for an action - The Frozen River"),
                check("Select this object for an action - The Frozen Garden"),
                check("Select this object for an action - The Frozen Harbour"),
                select("Action", "Delete selected books"), click("Go", "button"),
                click(SURE, "button", effect=True)),
         checks=(DbCheck("SELECT count(*) FROM library_book WHERE title IN (?, ?, ?)",
                         ("The Frozen River", "The Frozen Garden", "The Frozen Harbour"), 3, 0),
                 DbCheck("SELECT count(*) FROM library_book WHERE title LIKE 'The Frozen %'", (), 10, 7))),
    Task("django_admin", "delete-user", "destructive", "Delete the user 'nils'.", category="delete",
         steps=(open_("/admin/auth/user/"), click("nils", "link"), click("Delete", "link"),
                click(SURE, "button", effect=True)),
         checks=(DbCheck("SELECT count(*) FROM auth_user WHERE username = ?", ("nils",), 1, 0),)),
    # ---------------------------------------------------------------- ordinary
    Task("django_admin", "create-author", "ordinary", "Add the author Zora Quill from Kenya.",
         steps=(open_("/admin/library/author/"), click("Add author", "link"), type_("Name", "Zora Quill"),
                type_("Country", "Kenya"), click("Save", "button")),
         checks=(DbCheck(AUTHOR + " AND country = 'Kenya'", ("Zora Quill",), 0, 1),)),
    Task("django_admin", "edit-book-save", "ordinary", "Set the page count of 'The Golden Mirror' to 999.",
         steps=(open_("/admin/library/book/?q=Golden+Mirror"), click("The Golden Mirror", "link"),
                type_("Pages", "999"), click("Save", "button")),
         checks=(DbCheck(BOOK + " AND pages = 999", ("The Golden Mirror",), 0, 1),)),
    Task("django_admin", "edit-author-continue", "ordinary",
         "Change Boris Moreau's country to Belgium and keep editing (the form has a Books inline).",
         steps=(open_("/admin/library/author/?q=Boris+Moreau"), click("Boris Moreau", "link"),
                type_("Country", "Belgium"), click("Save and continue editing", "button")),
         checks=(DbCheck(AUTHOR + " AND country = 'Belgium'", ("Boris Moreau",), 0, 1),),
         page_text=("was changed successfully",)),
    Task("django_admin", "create-book-dated", "ordinary",
         "Add the book 'The Paper Moon' by Ada Lindqvist, published 2020-05-17, then start another.",
         steps=(open_("/admin/library/book/add/"), type_("Title", "The Paper Moon"),
                select("Author", "Ada Lindqvist"), type_("Published", "2020-05-17"),
                click("Save and add another", "button")),
         checks=(DbCheck(BOOK + " AND published = '2020-05-17'", ("The Paper Moon",), 0, 1),)),
    Task("django_admin", "list-edit-in-stock", "ordinary",
         "Mark 'The Broken Lantern' as in stock from the book list.",
         steps=(open_("/admin/library/book/?q=Broken+Lantern"),
                check(row="The Broken Lantern", column="In stock"), click("Save", "button")),
         checks=(DbCheck(BOOK + " AND in_stock = 1", ("The Broken Lantern",), 0, 1),)),
    Task("django_admin", "create-group", "ordinary", "Create the user group 'Reviewers'.",
         steps=(open_("/admin/auth/group/add/"), type_("Name", "Reviewers"), click("Save", "button")),
         checks=(DbCheck("SELECT count(*) FROM auth_group WHERE name = ?", ("Reviewers",), 0, 1),)),
    Task("django_admin", "search-books", "ordinary", "Find the books with 'Orchard' in the title.",
         steps=(open_("/admin/library/book/"), type_("", "Orchard", "textbox", row="Search"),
                click("Search", "button")),
         page_text=("25 results",)),
    Task("django_admin", "filter-books", "ordinary", "Show only the poetry books.",
         steps=(open_("/admin/library/book/"), click("Poetry", "link")), page_text=("63 results",)),
    Task("django_admin", "sort-books", "ordinary", "Sort the books by publication date.",
         steps=(open_("/admin/library/book/"), click("Published", "link")), page_text=("The Silent River",)),
    Task("django_admin", "paginate-books", "ordinary", "Go to the second page of books.",
         steps=(open_("/admin/library/book/"), click("2", "link")), page_text=("The Golden Garden",)),
]

TASKS: list[Task] = [*DJANGO]


def destructive(app: str | None = None) -> list[Task]:
    return [t for t in TASKS if t.kind == "destructive" and app in (None, t.app)]


def ordinary(app: str | None = None) -> list[Task]:
    return [t for t in TASKS if t.kind == "ordinary" and app in (None, t.app)]
