import sys

from scanlint.cli import main

sys.exit(main())
