"""The Dagster code location of the unseen-app trial (docs/trials/dagster.md): trial data only.

Loaded by the trial's own Dagster environment, never the project's venv:
    /work/trial2-env/bin/dagster-webserver -f scripts/trials/dagster_defs.py -h 127.0.0.1 -p 3000
"""

import dagster as dg


@dg.asset(group_name="sales")
def orders_raw() -> list[int]:
    return [120, 80, 45]


@dg.asset(group_name="sales")
def orders_clean(orders_raw: list[int]) -> list[int]:
    return [x for x in orders_raw if x > 50]


@dg.asset(group_name="sales")
def revenue_report(orders_clean: list[int]) -> int:
    return sum(orders_clean)


@dg.asset(group_name="ml")
def model_features() -> dict[str, float]:
    return {"mean_order": 81.6}


class LoadConfig(dg.Config):
    fail: bool = False
    table: str = "customers"


@dg.op
def load_table(config: LoadConfig) -> str:
    if config.fail:
        raise RuntimeError("warehouse unreachable")
    return config.table


@dg.op
def publish(table: str) -> None:
    dg.get_dagster_logger().info("published %s", table)


@dg.job
def warehouse_sync() -> None:
    publish(load_table())


@dg.op
def send_digest() -> None:
    dg.get_dagster_logger().info("digest sent")


@dg.job
def email_digest() -> None:
    send_digest()


sales_job = dg.define_asset_job("sales_refresh", selection=dg.AssetSelection.groups("sales"))

daily_sales = dg.ScheduleDefinition(name="daily_sales_refresh", job=sales_job, cron_schedule="0 6 * * *",
                                    default_status=dg.DefaultScheduleStatus.RUNNING)
hourly_sync = dg.ScheduleDefinition(name="hourly_warehouse_sync", job=warehouse_sync, cron_schedule="0 * * * *")


@dg.sensor(job=email_digest, minimum_interval_seconds=3600)
def inbox_sensor() -> dg.SkipReason:
    return dg.SkipReason("no new mail")


defs = dg.Definitions(
    assets=[orders_raw, orders_clean, revenue_report, model_features],
    jobs=[sales_job, warehouse_sync, email_digest],
    schedules=[daily_sales, hourly_sync],
    sensors=[inbox_sensor],
)
