"""Parameter types shared by the tools, with the descriptions the model reads."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, WithJsonSchema

from browser_core.errors import InvalidInput

ElementId = Annotated[
    str | None,
    Field(description="Id (e12, f2e7).", max_length=32),
]
Description = Annotated[
    str | None,
    Field(description="Or it in words.", max_length=300),
]
Role = Annotated[
    str | None,
    Field(description="ARIA role filter.", max_length=32),
]
TimeoutMs = Annotated[
    int | None,
    Field(description="Timeout in ms.", ge=1000, le=60000),
]
WaitTimeoutMs = Annotated[int, Field(description="Timeout in ms.", ge=100, le=60000)]
MaxLength = Annotated[int, Field(description="Most characters to return.", ge=100, le=15000)]
Offset = Annotated[int, Field(description="Start here (next_offset).",
                              ge=0, le=50_000_000)]
FrameSelector = Annotated[
    str | int | None,
    Field(description="Frame: 'main', 'f2', index or label."),
]


# A named secret instead of text, {"secret": name}: the server types its value (or current one-time code) and never
# shows it. A plain mapping keeps the advertised schema small (no $defs); ``secret_name`` reads it.
SecretRef = Annotated[dict[Literal["secret"], str], WithJsonSchema({"type": "object"})]


def secret_name(value: object) -> str | None:
    """The name in ``{"secret": name}``, or None for text (an empty mapping is refused as a missing name)."""
    if not isinstance(value, dict):
        return None
    name = str(value.get("secret") or "").strip()
    if not name:
        raise InvalidInput('a secret is given as {"secret": "<name>"} (list_secrets names them)')
    return name
