"""One orchestrator session: the worker, its lead (one SDK session), agent options, questions."""
