"""Acting on a page: every page-changing tool, the retry chain behind clicks, and the waits."""
