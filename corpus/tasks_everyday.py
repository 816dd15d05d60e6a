"""Everyday tasks as a host starts them in a fresh conversation (issue 31): from the app's front page, reaching
every list, record and form by the links a person would click, never by a deep URL. The real-app benchmark's
`everyday` kind (scripts/bench_realapps.py); kept out of corpus.tasks.TASKS (the gate tests run those).

The objects are disjoint from TASKS', so both sets can run against one seeded copy.
Literals here are page text of the third-party app: test data, never product code.
"""

from __future__ import annotations

from corpus.db import DbCheck
from corpus.steps import Task, check, click, open_, press, select, type_

BOOK = "SELECT count(*) FROM library_book WHERE title = ?"
AUTHOR = "SELECT count(*) FROM library_author WHERE name = ?"
SURE = "Yes, I’m sure"  # Django's confirmation button (a typographic apostrophe)
HOME = open_("/admin/")

EVERYDAY: list[Task] = [
    Task(
        "django_admin",
        "day-filter-genre",
        "ordinary",
        "Show only the history books.",
        steps=(HOME, click("Books", "link"), click("History", "link")),
    ),
    Task(
        "django_admin",
        "day-edit-pages",
        "ordinary",
        "Set the page count of 'The Winter Orchard' to 555.",
        steps=(
            HOME,
            click("Books", "link"),
            type_("", "Winter Orchard", "textbox", row="Search"),
            press("Enter"),
            click("The Winter Orchard", "link"),
            type_("Pages", "555"),
            click("Save", "button"),
        ),
        checks=(DbCheck(BOOK + " AND pages = 555", ("The Winter Orchard",), 0, 1),),
    ),
    Task(
        "django_admin",
        "day-add-author",
        "ordinary",
        "Add the author Ines Varga from Hungary.",
        steps=(
            HOME,
            click("Authors", "link"),
            click("Add author", "link"),
            type_("Name", "Ines Varga"),
            type_("Country", "Hungary"),
            click("Save", "button"),
        ),
        checks=(DbCheck(AUTHOR + " AND country = 'Hungary'", ("Ines Varga",), 0, 1),),
    ),
    Task(
        "django_admin",
        "day-author-country",
        "ordinary",
        "Change Clara Okafor's country to Ghana.",
        steps=(
            HOME,
            click("Authors", "link"),
            click("Clara Okafor", "link"),
            type_("Country", "Ghana"),
            click("Save", "button"),
        ),
        checks=(DbCheck(AUTHOR + " AND country = 'Ghana'", ("Clara Okafor",), 0, 1),),
    ),
    Task(
        "django_admin",
        "day-in-stock",
        "ordinary",
        "Mark 'The Stolen Harbour' as in stock from the book list.",
        steps=(
            HOME,
            click("Books", "link"),
            type_("", "Stolen Harbour", "textbox", row="Search"),
            press("Enter"),
            check(row="The Stolen Harbour", column="In stock"),
            click("Save", "button"),
        ),
        checks=(DbCheck(BOOK + " AND in_stock = 1", ("The Stolen Harbour",), 0, 1),),
    ),
    Task(
        "django_admin",
        "day-delete-book",
        "destructive",
        "Delete the book 'The Sunken Voyage'.",
        objects=("The Sunken Voyage",),
        category="delete",
        steps=(
            HOME,
            click("Books", "link"),
            type_("", "Sunken Voyage", "textbox", row="Search"),
            press("Enter"),
            click("The Sunken Voyage", "link"),
            click("Delete", "link"),
            click(SURE, "button", effect=True),
        ),
        checks=(DbCheck(BOOK, ("The Sunken Voyage",), 1, 0),),
    ),
    Task(
        "django_admin",
        "day-bulk-delete",
        "destructive",
        "Delete the books 'The Tangled River' and 'The Tangled Garden' in one go.",
        objects=("The Tangled River", "The Tangled Garden"),
        category="delete",
        steps=(
            HOME,
            click("Books", "link"),
            type_("", "Tangled", "textbox", row="Search"),
            press("Enter"),
            check("Select this object for an action - The Tangled River"),
            check("Select this object for an action - The Tangled Garden"),
            select("Action", "Delete selected books"),
            click("Go", "button"),
            click(SURE, "button", effect=True),
        ),
        checks=(
            DbCheck(
                "SELECT count(*) FROM library_book WHERE title IN (?, ?)",
                ("The Tangled River", "The Tangled Garden"),
                2,
                0,
            ),
        ),
    ),
    Task(
        "django_admin",
        "day-add-group",
        "ordinary",
        "Create the user group 'Archivists'.",
        steps=(
            HOME,
            click("Groups", "link"),
            click("Add group", "link"),
            type_("Name", "Archivists"),
            click("Save", "button"),
        ),
        checks=(DbCheck("SELECT count(*) FROM auth_group WHERE name = ?", ("Archivists",), 0, 1),),
    ),
    Task(
        "django_admin",
        "day-science-page-2",
        "ordinary",
        "Show the second page of the science books.",
        steps=(HOME, click("Books", "link"), click("Science", "link"), click("page 2", "link")),
    ),
    Task(
        "django_admin",
        "day-staff-off",
        "ordinary",
        "Take staff status away from the user maria.",
        steps=(
            HOME,
            click("Users", "link"),
            click("maria", "link"),
            click("Staff status", "checkbox"),
            click("Save", "button"),
        ),
        checks=(DbCheck("SELECT count(*) FROM auth_user WHERE username = ? AND is_staff = 1", ("maria",), 1, 0),),
    ),
]
