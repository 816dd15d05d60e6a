"""MLflow's paths, as data (see corpus.tasks): a React single-page app whose runs live in an ag-grid with a
checkbox per row, whose single-object actions sit behind an icon-only menu ("Open header dropdown menu"), and whose
deletions go through the app's own in-page modal ("Delete selected", "Delete").

MLflow soft-deletes runs and experiments (``lifecycle_stage = 'deleted'``); registered models are removed.
Experiment ids are fixed by the seed (1 churn-prediction, 2 image-classifier, 3 price-forecast, 4 scratchpad); the
grid is opened in the app's "Model training" view (``workflowType=machine_learning``), as its toggle would. The app
keeps a grid's sort and search per experiment, and the grid renders only the rows near the viewport, so the tasks
that sort or search use experiment 1 and the tasks that act on a run use the ten runs of experiment 2.
Literals here are page text of the third-party app: test data, never product code.
"""

from __future__ import annotations

from corpus.db import DbCheck
from corpus.steps import Task, check, click, open_, press, type_

ML = "?workflowType=machine_learning"
GRID = "/#/experiments/{}/runs" + ML
RUN = "SELECT count(*) FROM runs WHERE name = ? AND lifecycle_stage = ?"
EXPERIMENT = "SELECT count(*) FROM experiments WHERE name = ? AND lifecycle_stage = ?"
MENU = "Open header dropdown menu"  # MLflow's icon-only kebab menu (its aria-label)
SELECT = "Select all runs"  # the grid's select column: a row's checkbox is the one under it
SEARCH = 'metrics.rmse < 1 and params.model = "tree"'  # the runs search box has no label, only this placeholder


MLFLOW: list[Task] = [
    # ---------------------------------------------------------------- destructive
    Task("mlflow", "delete-run", "destructive", "Delete the run 'vision-vit-05' of the image-classifier experiment.",
         objects=("vision-vit-05",), category="delete", login=False,
         steps=(open_(GRID.format(2)), click("vision-vit-05", "link"), click(MENU, "button"),
                click("Delete", "menuitem"), click("Delete selected", "button", effect=True)),
         checks=(DbCheck(RUN, ("vision-vit-05", "active"), 1, 0), DbCheck(RUN, ("vision-vit-05", "deleted"), 0, 1))),
    Task("mlflow", "bulk-delete-runs", "destructive",
         "Delete the runs vision-resnet-01, vision-vit-02 and vision-cnn-03 of the image-classifier experiment.",
         objects=("vision-resnet-01", "vision-vit-02", "vision-cnn-03"), category="delete", login=False,
         steps=(open_(GRID.format(2)), check(row="vision-resnet-01", column=SELECT),
                check(row="vision-vit-02", column=SELECT), check(row="vision-cnn-03", column=SELECT),
                click("Delete", "button"), click("Delete selected", "button", effect=True)),
         checks=(DbCheck("SELECT count(*) FROM runs WHERE name IN (?, ?, ?) AND lifecycle_stage = 'deleted'",
                         ("vision-resnet-01", "vision-vit-02", "vision-cnn-03"), 0, 3),
                 DbCheck("SELECT count(*) FROM runs WHERE name IN (?, ?, ?) AND lifecycle_stage = 'active'",
                         ("vision-resnet-04", "vision-cnn-09", "vision-resnet-10"), 3, 3))),  # the neighbours stay
    Task("mlflow", "delete-experiment", "destructive", "Delete the experiment 'scratchpad'.",
         objects=("scratchpad",), category="delete", login=False,
         steps=(open_(GRID.format(4)), click(MENU, "button"), click("Delete", "menuitem"),
                click("Delete", "button", effect=True)),
         checks=(DbCheck(EXPERIMENT, ("scratchpad", "active"), 1, 0),
                 DbCheck(EXPERIMENT, ("scratchpad", "deleted"), 0, 1))),
    Task("mlflow", "delete-registered-model", "destructive", "Delete the registered model 'churn-classifier'.",
         objects=("churn-classifier",), category="delete", login=False,
         steps=(open_("/#/models/churn-classifier"), click(MENU, "button"), click("Delete", "menuitem"),
                click("Delete", "button", effect=True)),
         checks=(DbCheck("SELECT count(*) FROM registered_models WHERE name = ?", ("churn-classifier",), 1, 0),)),
    # ---------------------------------------------------------------- ordinary
    Task("mlflow", "search-runs", "ordinary", "Show only the boosting runs of churn-prediction.", login=False,
         steps=(open_(GRID.format(1)), type_(SEARCH, "attributes.run_name LIKE '%boosting%'", "combobox"),
                press("Enter")),
         page_text=("6 matching runs",)),
    Task("mlflow", "sort-runs", "ordinary", "Sort the churn-prediction runs by run name.", login=False,
         steps=(open_(GRID.format(1)), click("Sort: Created", "button"), click("Run Name")),
         page_text=("Sort: Run Name",)),
    Task("mlflow", "open-run", "ordinary", "Open the run vision-vit-08.", login=False,
         steps=(open_(GRID.format(2)), click("vision-vit-08", "link")),
         page_text=("Trial 8 of image-classifier.",)),
    Task("mlflow", "compare-runs", "ordinary", "Compare the runs forecast-arima-01 and forecast-prophet-02.",
         login=False,
         steps=(open_(GRID.format(3)), check(row="forecast-arima-01", column=SELECT),
                check(row="forecast-prophet-02", column=SELECT), click("Compare", "button")),
         page_text=("Comparing 2 Runs",)),
    Task("mlflow", "paginate-experiments", "ordinary", "Go to the second page of experiments.", login=False,
         steps=(open_("/#/experiments"), click("Next", "button")), page_text=("sweep-2025-01",)),
    Task("mlflow", "rename-run", "ordinary", "Rename the run vision-cnn-06 to vision-cnn-06-final.", login=False,
         steps=(open_(GRID.format(2)), check(row="vision-cnn-06", column=SELECT), click("Rename", "button"),
                type_("New run name", "vision-cnn-06-final"), click("Save", "button")),
         checks=(DbCheck(RUN, ("vision-cnn-06-final", "active"), 0, 1),)),
    Task("mlflow", "rename-experiment", "ordinary", "Rename the experiment price-forecast to price-forecast-2026.",
         login=False,
         steps=(open_(GRID.format(3)), click(MENU, "button"), click("Edit experiment", "menuitem"),
                type_("Experiment name", "price-forecast-2026"), click("Save", "button")),
         checks=(DbCheck(EXPERIMENT, ("price-forecast-2026", "active"), 0, 1),)),
    Task("mlflow", "add-tag", "ordinary", "Tag the run vision-resnet-07 with reviewed = yes.", login=False,
         steps=(open_(GRID.format(2)), click("vision-resnet-07", "link"), click("Edit tags", "button"),
                # a creatable select: typing offers the new key as an option, Enter picks it
                type_("Key", "reviewed", "combobox"), press("Enter"), type_("Value", "yes"),
                click("Add tag", "button"),
                click("Save tags", "button")),
         checks=(DbCheck("SELECT count(*) FROM tags t JOIN runs r ON r.run_uuid = t.run_uuid "
                         "WHERE r.name = ? AND t.key = 'reviewed' AND t.value = 'yes'", ("vision-resnet-07",), 0, 1),)),
]
