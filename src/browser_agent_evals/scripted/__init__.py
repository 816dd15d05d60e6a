"""A scripted, Anthropic-compatible model server (``server``) and the replay policy the evaluation's scripted mode
runs on it (``replay``): the real SDK, CLI, MCP server and browser, with only the model replaced by a script.
"""
