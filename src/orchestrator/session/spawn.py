"""The session's one CLI conversation (``ClaudeSDKClient``): the planner as main agent, its subagents' messages
forwarded into the same stream. Each message is recorded and counted (requests, tokens, budgets); a stop request
interrupts the turn.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import anyio
import structlog
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient
from claude_agent_sdk.types import AssistantMessage, ResultMessage, SystemMessage, TextBlock

from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState

log = structlog.get_logger("orchestrator.session.spawn")


@dataclass
class AgentTurn:
    """What one turn of an agent produced: its last text and the CLI's result (None if it never came)."""

    text: str
    result: ResultMessage | None


@dataclass
class AgentSession:
    agent: str
    options: ClaudeAgentOptions
    state: RunState
    recorder: RunRecorder
    budgets: Callable[[], None]  # checks the task's budgets after each counted request
    on_api_retry: Callable[[Mapping[str, object]], None] | None = None  # the SDK's api_retry data
    texts: list[str] = field(default_factory=list)
    _client: ClaudeSDKClient | None = None

    async def start(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # allowed_tools deliberately pre-approve the agent's browser tools
            client = ClaudeSDKClient(self.options)
            await client.connect()
        self._client = client

    async def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            with anyio.move_on_after(15, shield=True):
                await client.disconnect()

    async def restart(self) -> None:
        """A new conversation on the same options (hooks, agents, tools): a fresh CLI session, never the last one
        resumed. The planner's next round starts here, so its requests do not grow with the rounds before."""
        await self.close()
        self.options = replace(self.options, resume=None, continue_conversation=False)
        await self.start()

    async def __aenter__(self) -> AgentSession:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def ask(self, prompt: str) -> AgentTurn:
        """Send one user message and read the turn to its end (interrupted when the run must stop)."""
        assert self._client is not None, "start() first"
        client = self._client
        self.texts = []
        await client.query(prompt)
        interrupted = False
        async for message in client.receive_response():
            self._handle(message)
            if isinstance(message, ResultMessage):
                return AgentTurn(self._last_text(message), message)
            if self.state.stop is not None and not interrupted:
                interrupted = True
                await client.interrupt()
        return AgentTurn(self._last_text(None), None)

    def _last_text(self, result: ResultMessage | None) -> str:
        if result is not None and result.result:
            return result.result
        return self.texts[-1] if self.texts else ""

    def _handle(self, message: Any) -> None:
        self.recorder.message(message)
        state = self.state
        if self.recorder.write_error:
            state.request_stop("error", self.recorder.write_error)
        if isinstance(message, SystemMessage) and message.subtype == "api_retry" and self.on_api_retry:
            self.on_api_retry(message.data)
        elif isinstance(message, AssistantMessage):
            state.usage.count(message.message_id, message.model, message.usage)
            self.budgets()
            text = "\n".join(b.text for b in message.content if isinstance(b, TextBlock)).strip()
            if text:
                self.texts.append(text)
        elif isinstance(message, ResultMessage) and message.total_cost_usd is not None:
            state.usage.cost_usd += message.total_cost_usd
