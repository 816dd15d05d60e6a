"""The agent-readiness audit (``browser-agent audit URL``): crawl, observe, check the invariants (crawl.py)."""
