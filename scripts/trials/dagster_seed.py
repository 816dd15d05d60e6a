"""Seed a fresh Dagster instance (DAGSTER_HOME) for the unseen-app trial (docs/trials/dagster.md).

Trial data only: run with the trial's own Dagster environment, never the project's venv.
    DAGSTER_HOME=/tmp/dagster-home /work/trial2-env/bin/python scripts/trials/dagster_seed.py
Makes 9 runs: 2 succeeded asset materializations, 2 succeeded and 2 failed warehouse_sync runs, 1 email_digest,
then two started (never launched) warehouse_sync run to terminate.
"""

from __future__ import annotations

import sys
from pathlib import Path

import dagster as dg
from dagster._core.storage.dagster_run import DagsterRunStatus

sys.path.insert(0, str(Path(__file__).parent))
import dagster_defs as d


def main() -> None:
    instance = dg.DagsterInstance.get()
    for _ in range(2):
        dg.materialize([d.orders_raw, d.orders_clean, d.revenue_report, d.model_features], instance=instance)
    job = d.defs.get_job_def("warehouse_sync")
    for table, fail in (("customers", False), ("invoices", False), ("payments", True), ("refunds", True)):
        job.execute_in_process(instance=instance, raise_on_error=False, tags={"table": table},
                               run_config={"ops": {"load_table": {"config": {"table": table, "fail": fail}}}})
    d.defs.get_job_def("email_digest").execute_in_process(instance=instance)
    for table, status in (("ledgers", DagsterRunStatus.STARTED), ("budgets", DagsterRunStatus.STARTED)):
        run = instance.create_run_for_job(job, tags={"table": table}, status=status,
                                          run_config={"ops": {"load_table": {"config": {"table": table}}}})
        print(status.value, run.run_id)
    print("seeded", len(instance.get_runs()))


if __name__ == "__main__":
    main()
