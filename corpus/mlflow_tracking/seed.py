"""Build the MLflow tracking store: four experiments (and 26 empty ones), 40 runs with params, metrics and tags, two
registered models (deterministic names, values and times; MLflow's run ids are its own random uuids).

Run as ``python -m corpus.mlflow_tracking.seed STATE_DIR`` (corpus.apps does this once and caches the result). The
store is ``STATE_DIR/mlflow.db`` (sqlite), written through MLflow's own client, as a user's training code would.
"""

from __future__ import annotations

import sys
from pathlib import Path

START_MS = 1_767_225_600_000  # 2026-01-01T00:00:00Z: every run starts a fixed number of minutes after it
MODELS = ("logreg", "forest", "boosting", "mlp")
# experiment -> run names (ids 1.. in this order; "Default" is 0)
EXPERIMENTS: dict[str, list[str]] = {
    "churn-prediction": [f"churn-{MODELS[i % 4]}-{i + 1:02d}" for i in range(24)],
    "image-classifier": [f"vision-{['resnet', 'vit', 'cnn'][i % 3]}-{i + 1:02d}" for i in range(10)],
    "price-forecast": [f"forecast-{['arima', 'prophet'][i % 2]}-{i + 1:02d}" for i in range(4)],
    "scratchpad": ["scratch-try-01", "scratch-try-02"],
}
ARCHIVED = [f"sweep-2025-{n:02d}" for n in range(1, 27)]  # empty experiments, so the experiment list has two pages
REGISTERED = {"churn-classifier": "churn-prediction", "vision-backbone": "image-classifier"}


def seed(state: Path) -> None:
    from mlflow.entities import Metric, Param, RunTag
    from mlflow.tracking import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{state / 'mlflow.db'}")
    n = 0
    first_runs: dict[str, str] = {}
    for experiment, runs in EXPERIMENTS.items():
        experiment_id = client.create_experiment(experiment, artifact_location=(state / "artifacts").as_uri(),
                                                 tags={"team": "forecasting" if "price" in experiment else "ml"})
        for i, name in enumerate(runs):
            n += 1
            started = START_MS + n * 60_000
            tags = {"stage": ["dev", "staging", "prod"][i % 3], "owner": ["maria", "nils"][i % 2]}
            run = client.create_run(experiment_id, start_time=started, run_name=name, tags=tags)
            first_runs.setdefault(experiment, run.info.run_id)
            params = [Param("learning_rate", str([0.1, 0.01, 0.001][i % 3])), Param("depth", str(2 + i % 5)),
                      Param("seed", str(i))]
            metrics = [Metric(key, value, started + step * 1000, step)
                       for step in range(3)
                       for key, value in (("accuracy", round(0.60 + ((i * 7) % 30) / 100 + step / 100, 4)),
                                          ("loss", round(1.2 - ((i * 7) % 30) / 50 - step / 20, 4)))]
            client.log_batch(run.info.run_id, metrics=metrics, params=params,
                             tags=[RunTag("mlflow.note.content", f"Trial {i + 1} of {experiment}.")])
            client.set_terminated(run.info.run_id, "FINISHED", end_time=started + 45_000)
    for name in ARCHIVED:  # after the others, so those keep ids 1-4
        client.create_experiment(name, artifact_location=(state / "artifacts").as_uri(), tags={"team": "archive"})
    for model, experiment in REGISTERED.items():
        client.create_registered_model(model, description=f"Best model of {experiment}.")
        run_id = first_runs[experiment]
        client.create_model_version(model, f"runs:/{run_id}/model", run_id=run_id)


def main() -> None:
    state = Path(sys.argv[1])
    state.mkdir(parents=True, exist_ok=True)
    (state / "artifacts").mkdir(exist_ok=True)
    seed(state)


if __name__ == "__main__":
    main()
