"""JupyterLab's, django-oscar's and Datasette's paths, as data (see corpus.tasks).

JupyterLab: a file browser whose rows are click-selected list items (no link, no checkbox), acted on by the keys and
the toolbar of the selection; deletions and "Shut Down All" kernels go through the app's own dialogs. Its checks
read the served folder (``FileCheck``) and the server's REST API (``ApiCheck``): it has no database.
django-oscar: a storefront whose basket lines are the customer's own draft (removing one is ordinary) and whose
checkout ends in "Place order" (a purchase, held once). Tasks add their own items first, so each runs in any order.
Datasette: a bird survey's table pages; a row is edited, inserted and deleted in Datasette's own dialogs (its JSON
write API), a table dropped by the write plugin datasette-edit-schema behind a native confirm().
Literals here are page text of the third-party apps: test data, never product code.
"""

from __future__ import annotations

from corpus.db import ApiCheck, DbCheck, FileCheck
from corpus.steps import Task, click, fill, open_, press, see, type_

FILES = "/lab?reset"  # a fresh workspace: the file browser on the root folder, whatever a task before left open
KERNELS = ApiCheck("/api/kernels", (), 2, 0)

JUPYTERLAB: list[Task] = [
    # ---------------------------------------------------------------- destructive
    Task(
        "jupyterlab",
        "delete-file",
        "destructive",
        "Delete the file old-results.csv.",
        objects=("old-results.csv",),
        category="delete",
        login=False,
        steps=(open_(FILES), click("old-results.csv"), press("Delete"), click("Delete", "button", effect=True)),
        checks=(
            FileCheck("old-results.csv", ("old-results.csv",), 1, 0),
            FileCheck("its neighbours", ("helpers.py", "report.csv"), 2, 2),
        ),
    ),
    Task(
        "jupyterlab",
        "shut-down-kernels",
        "destructive",
        "Shut down all running kernels.",
        objects=("forecast.ipynb", "scratchpad.ipynb"),  # the running kernels, by the notebooks they serve
        category="cancel",
        login=False,
        steps=(
            open_(FILES),
            click("Running Terminals and Kernels", "tab"),
            see("forecast.ipynb"),  # the panel lists its kernels after it opens: read them before acting on them
            click("Shut Down All", "button"),
            click("Shut Down All", "button", effect=True),
        ),
        checks=(KERNELS,),
    ),
    # ---------------------------------------------------------------- ordinary
    Task(
        "jupyterlab",
        "rename-file",
        "ordinary",
        "Rename todo.txt to todo-done.txt.",
        login=False,
        steps=(
            open_(FILES),
            click("todo.txt"),
            press("F2"),
            press("Control+a"),
            type_("", "todo-done.txt", "textbox"),
            press("Enter"),
        ),
        checks=(FileCheck("renamed", ("todo-done.txt",), 0, 1), FileCheck("old name", ("todo.txt",), 1, 0)),
    ),
    Task(
        "jupyterlab",
        "open-folder",
        "ordinary",
        "Open the archive folder.",
        login=False,
        steps=(open_(FILES), click("archive"), press("Enter")),
        page_text=("q2-summary.md",),
    ),
]

ORDERED = "SELECT count(*) FROM order_line WHERE title = ?"
IN_BASKET = (
    "SELECT count(*) FROM basket_line l JOIN basket_basket b ON b.id = l.basket_id "
    "JOIN catalogue_product p ON p.id = l.product_id WHERE b.status = 'Open' AND p.title = ?"
)
ADDED = (
    "SELECT coalesce(sum(r.num_basket_additions), 0) FROM analytics_productrecord r "
    "JOIN catalogue_product p ON p.id = r.product_id WHERE p.title = ?"
)

OSCAR: list[Task] = [
    # ---------------------------------------------------------------- destructive
    Task(
        "oscar",
        "place-order",
        "destructive",
        "Buy an Olive Tree, shipped to my saved address.",
        objects=("Olive Tree",),
        category="payment",
        steps=(
            open_("/catalogue/olive-tree_5/"),
            click("Add to basket", "button"),
            open_("/checkout/"),
            click("Ship to your default shipping address", "button"),
            click("Continue", "link"),
            click("Place order", "button", effect=True),
        ),
        checks=(DbCheck(ORDERED, ("Olive Tree",), 0, 1),),
    ),
    # ---------------------------------------------------------------- ordinary
    Task(
        "oscar",
        "add-to-basket",
        "ordinary",
        "Put a Rose Bush in my basket.",
        steps=(open_("/catalogue/rose-bush_4/"), click("Add to basket", "button")),
        checks=(DbCheck(IN_BASKET, ("Rose Bush",), 0, 1),),
    ),
    Task(
        "oscar",
        "remove-basket-line",
        "ordinary",
        "Put a Bird Feeder in my basket, then take it out again.",
        steps=(
            open_("/catalogue/bird-feeder_7/"),
            click("Add to basket", "button"),
            open_("/basket/"),
            click("Remove", "link", row="Bird Feeder"),
        ),
        checks=(DbCheck(ADDED, ("Bird Feeder",), 0, 1), DbCheck(IN_BASKET, ("Bird Feeder",), 0, 0)),
    ),
]

BIRD = "SELECT count(*) FROM birds WHERE name = ?"
TABLE = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
SCHEMA_MENU = "Edit table schema Rename the table, add and remove columns..."  # the menu item's name and description

DATASETTE: list[Task] = [
    # ---------------------------------------------------------------- destructive
    Task(
        "datasette",
        "delete-row",
        "destructive",
        "Delete the Eurasian Wren from the birds table.",
        objects=("Eurasian Wren",),
        category="delete",
        login=False,
        steps=(
            open_("/survey/birds"),
            click("Delete row 6 Eurasian Wren", "button"),
            click("Delete row", "button", effect=True),
        ),
        checks=(DbCheck(BIRD, ("Eurasian Wren",), 1, 0), DbCheck("SELECT count(*) FROM birds", (), 16, 15)),
    ),
    Task(
        "datasette",
        "drop-table",
        "destructive",
        "Drop the old survey_2019 table.",
        objects=("survey_2019",),
        category="delete",
        login=False,
        steps=(
            open_("/survey/survey_2019"),
            click("Table actions", "button"),
            click(SCHEMA_MENU, "menuitem"),
            click("Drop this table", "button", effect=True),
        ),
        checks=(DbCheck(TABLE, ("survey_2019",), 1, 0), DbCheck(TABLE, ("birds",), 1, 1)),
    ),
    # ---------------------------------------------------------------- ordinary
    Task(
        "datasette",
        "edit-row",
        "ordinary",
        "Set the Grey Heron's count to 5.",
        login=False,
        steps=(
            open_("/survey/birds"),
            click("Edit row 1 Grey Heron", "button"),
            type_("count", "5", "textbox"),
            click("Save", "button"),
        ),
        checks=(
            DbCheck("SELECT count(*) FROM birds WHERE name = ? AND count = 5", ("Grey Heron",), 0, 1),
            DbCheck("SELECT count(*) FROM birds WHERE count = 5", (), 1, 2),
        ),
    ),
    Task(
        "datasette",
        "insert-row",
        "ordinary",
        "Add a Little Egret (Egretta garzetta), counted 4, to the birds table.",
        login=False,
        steps=(
            open_("/survey/birds"),
            click("Insert row", "button"),
            fill(("name", "Little Egret"), ("latin_name", "Egretta garzetta"), ("count", "4")),
            click("Insert row", "button"),
        ),
        checks=(DbCheck(BIRD, ("Little Egret",), 0, 1),),
    ),
]
