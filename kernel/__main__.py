"""``python3 -m kernel ...`` is the ``race-kernel`` command."""

import sys

from kernel.cli import main

sys.exit(main())
