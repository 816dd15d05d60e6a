"""Evaluation harness: suites of tasks (MiniWoB++ and local multi-step sites) run through the orchestrator."""
