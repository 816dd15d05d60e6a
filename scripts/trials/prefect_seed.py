"""Seed a fresh Prefect server (PREFECT_API_URL) for the unseen-app trial (docs/trials/prefect.md).

Trial data only: run with the trial's own Prefect environment, never the project's venv.
    PREFECT_API_URL=http://127.0.0.1:4200/api /work/trial-env/bin/python scripts/trials/prefect_seed.py
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from prefect.client.orchestration import get_client
from prefect.client.schemas.actions import (
    GlobalConcurrencyLimitCreate,
    VariableCreate,
    WorkPoolCreate,
)
from prefect.client.schemas.schedules import IntervalSchedule
from prefect.states import Cancelled, Completed, Failed, Pending, Running, Scheduled

FLOWS = {"etl-orders": "nightly-orders", "train-model": "weekly-train", "send-report": "daily-report"}


async def main() -> None:
    async with get_client() as client:
        for pool in ("docker-pool", "k8s-pool"):
            await client.create_work_pool(WorkPoolCreate(name=pool, type="process"))
        now = datetime.now(UTC)
        for flow_name, deployment in FLOWS.items():
            flow_id = await client.create_flow_from_name(flow_name)
            dep_id = await client.create_deployment(
                flow_id=flow_id, name=deployment, work_pool_name="docker-pool",
                schedules=[], entrypoint="flows.py:" + flow_name.replace("-", "_"),
            )
            await client.create_deployment_schedules(
                dep_id, [(IntervalSchedule(interval=timedelta(hours=6)), True)])
            later = now + timedelta(hours=2)
            states = [Completed(), Failed(message="boom"), Running(), Scheduled(scheduled_time=later), Cancelled(),
                      Pending()]
            for i, state in enumerate(states):
                await client.create_flow_run_from_deployment(
                    dep_id, name=f"{flow_name}-run-{i + 1}-{state.type.value.lower()}", state=state)
        variables = {"api_base": "https://example.test", "retries": 3, "owner_email": "ops@example.test"}
        for name, value in variables.items():
            await client.create_variable(VariableCreate(name=name, value=value))
        for name, limit in {"database-writes": 5, "gpu-jobs": 2}.items():
            await client.create_global_concurrency_limit(GlobalConcurrencyLimitCreate(name=name, limit=limit))
        await client.create_concurrency_limit(tag="warehouse", concurrency_limit=3)
        print("seeded")


if __name__ == "__main__":
    asyncio.run(main())
