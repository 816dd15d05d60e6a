"""Real third-party web apps (Django admin, Wagtail, Trac) seeded with data, for tests and benchmarks.

``corpus.apps`` builds (cached) and starts them, ``corpus.db`` reads their sqlite databases, ``corpus.tasks`` lists
their destructive paths and ordinary tasks as plain steps. Test and benchmark code only: product code never
imports this package.
"""
