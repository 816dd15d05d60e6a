"""A fleet's list, its lease files (sessions per endpoint, across processes) and the harness's slots."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from browser_agent_evals.fleet import FleetSlots
from browser_core.errors import ConfigurationError
from browser_core.session.leases import Endpoint, LeaseBook, parse_endpoints, shown
from browser_core.session.remote import why


def test_endpoints_parse_from_the_short_form_and_json() -> None:
    assert parse_endpoints("ws://a:1/#4, ws://b:2/") == [Endpoint("ws://a:1/", 4), Endpoint("ws://b:2/", 4)]
    assert parse_endpoints('[{"url": "wss://g/x?token=t", "limit": 2}]') == [Endpoint("wss://g/x?token=t", 2)]
    assert parse_endpoints("") == []


@pytest.mark.parametrize("bad", ["http://a:1/#2", "ws://a:1/#zero", "ws://a:1/#0", '[{"limit": 2}]'])
def test_a_bad_endpoint_list_names_the_setting(bad: str) -> None:
    with pytest.raises(ConfigurationError, match="BROWSER_ENDPOINTS"):
        parse_endpoints(bad)


def test_a_shown_url_carries_no_token() -> None:
    assert shown("wss://user:pw@grid.example:443/chromium?token=s3cret") == "wss://grid.example:443/chromium"


def test_connect_failures_read_as_what_they_mean() -> None:
    assert "refused the credentials" in why("BrowserType.connect: WebSocket error: ws://x/ 401 Unauthorized")
    assert "another Playwright version" in why("WebSocket error: ws://x/ 428 Precondition Required")
    assert "nothing answers" in why("BrowserType.connect: connect ECONNREFUSED 127.0.0.1:1\nCall log: ...")
    assert "nothing answers" in why("BrowserType.connect: connect ECONNREFUSED 127.0.0.1:4013\nCall log: ...")
    assert "nothing answers" in why("BrowserType.connect: connect ECONNREFUSED 127.0.0.1:42801")
    plain_http = why("BrowserType.connect: WebSocket error: ws://127.0.0.1:8000/ 200 OK\n<!DOCTYPE HTML>\n<html>")
    assert "an HTTP server answers there (200 OK), not a Playwright browser server" in plain_http
    assert "nothing answers" not in plain_http and "DOCTYPE" not in plain_http
    assert "(404 File not found)" in why("BrowserType.connect: WebSocket error: ws://x:1/y 404 File not found\n<p>")


def test_leases_count_live_sessions_and_pick_the_least_loaded(tmp_path: Path) -> None:
    fleet = parse_endpoints("ws://a:1/#2,ws://b:2/#1")
    book = LeaseBook(tmp_path)
    first = book.take(fleet)
    second = book.take(fleet)
    assert first is not None and second is not None
    assert {first.endpoint.url, second.endpoint.url} == {"ws://a:1/", "ws://b:2/"}
    third = book.take(fleet)
    assert third is not None and third.endpoint.url == "ws://a:1/"
    assert book.take(fleet) is None  # every slot held
    second.release()
    assert [book.load(e) for e in fleet] == [2, 0]


def test_a_dead_holders_lease_is_swept(tmp_path: Path) -> None:
    fleet = parse_endpoints("ws://a:1/#1")
    code = ("import sys; from pathlib import Path; from browser_core.session.leases import LeaseBook, parse_endpoints;"
            f"LeaseBook(Path({str(tmp_path)!r})).take(parse_endpoints('ws://a:1/#1')); sys.exit(0)")
    subprocess.run([sys.executable, "-c", code], check=True)  # exits holding its lease, never releasing it
    assert len(list(LeaseBook(tmp_path).folder(fleet[0]).glob("*.lease"))) == 1
    assert LeaseBook(tmp_path).load(fleet[0]) == 0
    assert LeaseBook(tmp_path).take(fleet) is not None


async def test_slots_apply_back_pressure_and_skip_a_lost_endpoint() -> None:
    slots = FleetSlots(parse_endpoints("ws://127.0.0.1:1/#1,ws://127.0.0.1:2/#1"))
    a, b = await slots.take(), await slots.take()
    assert a is not None and b is not None and a != b
    got: list[Endpoint | None] = []

    async def waiter() -> None:
        got.append(await slots.take())

    async with anyio.create_task_group() as tg:
        tg.start_soon(waiter)
        await anyio.wait_all_tasks_blocked()
        assert got == []  # both full: it waits
        await slots.give_back(a)
    assert got == [a]
    assert not await slots.still_there(b)  # nothing listens on port 2
    await slots.give_back(b)
    await slots.give_back(a)
    assert await slots.take() == a
    await slots.give_back(a)
    assert not await slots.still_there(a)
    assert await slots.take() is None  # every endpoint lost
