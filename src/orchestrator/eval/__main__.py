import sys

from orchestrator.eval.cli import main

sys.exit(main())
