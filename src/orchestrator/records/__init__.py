"""The run folder (transcript, calls, events, summary), the run state and how a task ended."""
