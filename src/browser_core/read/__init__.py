"""Reading a page through the session: text and extraction, what changed, screenshots, frame tools."""
