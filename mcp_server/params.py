"""Parameter types shared by the tools, with the descriptions the model reads."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

ElementId = Annotated[
    str | None,
    Field(description="Id (e12, f2e7).", max_length=32),
]
Description = Annotated[
    str | None,
    Field(description="Or the element in words.", max_length=300),
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
    Field(description="Only this frame: 'main', 'f2', index or label."),
]
