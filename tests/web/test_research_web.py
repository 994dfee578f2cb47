"""The web table never seats or consults a research agent (it sees hidden information)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.hint_agents import use_hint_agent

PEEKER = "tests.core.test_research_agents:Peeker"


@pytest.mark.parametrize("level", ["clairvoyant", "clairvoyant:rollouts=1", PEEKER])
def test_the_lobby_refuses_research_agents_as_opponents(client: Any, level: str) -> None:
    r = client.post("/games", data={"game": "divercite", "level": level}, follow_redirects=False)
    assert r.status_code == 400
    assert client.get("/").status_code == 200


def test_a_solo_table_seats_the_player_whatever_the_form_says(client: Any) -> None:
    r = client.post(
        "/games", data={"game": "dice-miner", "level": "clairvoyant"}, follow_redirects=False
    )
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert "clairvoyant" not in page


def test_a_hint_never_comes_from_a_research_agent(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = client.post("/games", data={"game": "dice-miner"}, follow_redirects=False)
    url = r.headers["location"]
    use_hint_agent(monkeypatch, "dice-miner", "clairvoyant")
    version = re.search(r'data-version="([^"]+)"', client.get(url + "/table").text)
    assert version
    hint = client.post(url + "/hint", data={"version": version[1]}, headers={"x-fragment": "1"})
    assert hint.status_code == 422
    assert "research agent" in hint.text
