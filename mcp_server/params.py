"""Parameter types shared by the tools, with the descriptions the model reads."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

ElementId = Annotated[
    str | None,
    Field(description="Id of an element from observe/find_interactive_elements, e.g. 'e12' or 'f2e7'.",
          max_length=32),
]
Description = Annotated[
    str | None,
    Field(description="Instead of an id: the element in plain words, e.g. 'Search button' or 'email field'. "
          "If several elements match, the candidates are returned instead of guessing.", max_length=300),
]
Role = Annotated[
    str | None,
    Field(description="Optional ARIA role to narrow element_description: button, link, textbox, checkbox, "
          "radio, combobox, searchbox, tab, menuitem, option, ...", max_length=32),
]
TimeoutMs = Annotated[
    int | None,
    Field(description="Timeout in milliseconds (1000-60000); default from settings.", ge=1000, le=60000),
]
WaitTimeoutMs = Annotated[int, Field(description="How long to wait, in milliseconds (100-60000).", ge=100, le=60000)]
MaxLength = Annotated[int, Field(description="Most characters to return (100-15000).", ge=100, le=15000)]
Offset = Annotated[int, Field(description="Start at this character (from next_offset of a previous call).",
                              ge=0, le=50_000_000)]
FrameSelector = Annotated[
    str | int | None,
    Field(description="Only this frame: 'main', a frame prefix from observe/list_frames ('f2'), its index, or its "
          "aria-label/title/name. Omit to search the main page, then every frame (labelled frames first)."),
]
