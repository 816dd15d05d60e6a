"""One orchestrator session: the worker, its leads (the SDK session, the Python conductor), agent options, questions."""
