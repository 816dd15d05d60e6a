"""The result envelope of every tool as typed models: ``ToolResult`` = ``{success, data, error, metadata}``.

``specs/tool-contract.yaml`` names this shape (``result_shape``). The server passes every result through
``ToolResult`` before writing it (``mcp_server/tooling.py::envelope_result``), and the orchestrator's hooks and the
scripted model read results with ``ToolResult.parse``. Unknown keys are refused, so a result that drifts from the
contract fails to parse instead of passing silently. ``payload()`` gives back the exact dict (optional keys left
out, as the server writes them).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from browser_core.errors import Category, ToolFailure


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def payload(self) -> dict[str, JsonValue]:
        return self.model_dump(mode="json", exclude_unset=True)


class ToolError(_Strict):
    """What went wrong, and what the model should do about it (``category``)."""

    code: str
    category: Category
    message: str
    hint: str | None = None
    details: dict[str, Any] | None = None  # boundary: a failure's JSON details

    @classmethod
    def of(cls, failure: ToolFailure) -> ToolError:
        return cls.model_validate(failure.to_dict())


class PageEventNote(BaseModel):
    """Something the page did during the call (a dialog answered, a tab opened, …): ``kind`` plus its details."""

    model_config = ConfigDict(extra="allow")

    kind: str


class TruncatedField(_Strict):
    omitted: int
    unit: Literal["chars", "items"]


class Truncation(_Strict):
    """What the size cap left out of ``data``, and how to get it."""

    fields: dict[str, TruncatedField]
    limit_chars: int
    how_to_get_more: str


class ToolMetadata(_Strict):
    tool: str
    duration_ms: int = Field(ge=0)
    page_content: Literal["untrusted"] | None = None
    url: str | None = None
    tabs: int | None = None
    events: list[PageEventNote] | None = None
    injection_warning: str | None = None
    truncated: Truncation | None = None
    # After the browser closed or crashed and was started again (the session's restart note, reported once).
    browser_restarted: bool | None = None
    ids_reset: bool | None = None
    note: str | None = None


class ToolResult(_Strict):
    success: bool
    data: Any
    error: ToolError | None
    metadata: ToolMetadata

    @model_validator(mode="after")
    def _error_iff_failed(self) -> ToolResult:
        if self.success == (self.error is not None):
            raise ValueError("a result has an error exactly when success is false")
        return self

    @classmethod
    def parse(cls, text: str) -> ToolResult:
        return cls.model_validate_json(text)

    def payload(self) -> dict[str, JsonValue]:
        """The envelope as the server writes it: ``data`` and ``error`` always present, optional keys left out."""
        return {
            "success": self.success,
            "data": self.data,
            "error": self.error.payload() if self.error is not None else None,
            "metadata": self.metadata.payload(),
        }
