"""Seed a fresh Label Studio (its REST API, the user's token) for the unseen-app trial (docs/trials/labelstudio.md).

Trial data only, standard library only: run it with any Python against a server started with a known user and token.
    /work/trial4-env/bin/label-studio start --no-browser --port 8080 --username annotator@example.test \
        --password trial-pass-20 --user-token $LS_TOKEN --enable-legacy-api-token &
    LS_URL=http://127.0.0.1:8080 LS_TOKEN=... python scripts/trials/labelstudio_seed.py
"""

from __future__ import annotations

import json
import os
import urllib.request

URL = os.environ.get("LS_URL", "http://127.0.0.1:8080")
TOKEN = os.environ["LS_TOKEN"]

SENTIMENT = """<View>
  <Text name="text" value="$text"/>
  <Choices name="sentiment" toName="text" choice="single" showInline="true">
    <Choice value="Positive"/><Choice value="Negative"/><Choice value="Neutral"/>
  </Choices>
</View>"""

ENTITIES = """<View>
  <Labels name="label" toName="text">
    <Label value="Person"/><Label value="Organization"/><Label value="Location"/>
  </Labels>
  <Text name="text" value="$text"/>
</View>"""

REVIEWS = [
    "The checkout was quick and the parcel came a day early.",
    "Support never answered my ticket about the broken hinge.",
    "Package arrived on Tuesday as promised.",
    "I love the new colour options for the kettle.",
    "The refund took three weeks and two phone calls.",
    "Size chart was accurate, the jacket fits well.",
    "Battery died after a month, very disappointed.",
    "Delivery driver left the box in the rain.",
    "Exactly what the description said, nothing more.",
    "Great value for a weekend tent.",
    "The app crashes every time I open my orders.",
    "Ordered a blue mug and received a green one.",
]

NEWS = [
    "Ada Lovelace spoke at the Royal Society in London.",
    "Acme Corp opened a new office in Lisbon.",
    "Grace Hopper joined the Navy reserve in 1943.",
]


def api(method: str, path: str, body: object | None = None) -> object:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(URL + path, data=data, method=method, headers={
        "Authorization": "Token " + TOKEN, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        raw = response.read()
    return json.loads(raw) if raw else None


def project(title: str, description: str, config: str, texts: list[str]) -> tuple[int, list[int]]:
    created = api("POST", "/api/projects", {"title": title, "description": description, "label_config": config})
    assert isinstance(created, dict)
    pid = int(created["id"])
    api("POST", f"/api/projects/{pid}/import", [{"text": text} for text in texts])
    tasks = api("GET", f"/api/tasks?project={pid}&page_size=100")
    assert isinstance(tasks, dict)
    return pid, sorted(int(task["id"]) for task in tasks["tasks"])


def main() -> None:
    me = api("GET", "/api/current-user/whoami")
    assert isinstance(me, dict)
    api("PATCH", f"/api/users/{me['id']}", {"first_name": "Ana", "last_name": "Torres"})
    reviews, review_tasks = project("Customer reviews sentiment", "Label each review's sentiment.", SENTIMENT,
                                    REVIEWS)
    news, news_tasks = project("News entities", "Mark people, organizations and places.", ENTITIES, NEWS)
    for task_id, choice in zip(review_tasks[:4], ("Positive", "Negative", "Neutral", "Positive"), strict=True):
        api("POST", f"/api/tasks/{task_id}/annotations", {"result": [{
            "from_name": "sentiment", "to_name": "text", "type": "choices", "value": {"choices": [choice]}}]})
    print(json.dumps({"user": me["email"], "projects": {reviews: review_tasks, news: news_tasks}}))


if __name__ == "__main__":
    main()
