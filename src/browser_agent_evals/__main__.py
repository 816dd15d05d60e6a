import sys

from browser_agent_evals.cli import main

sys.exit(main())
