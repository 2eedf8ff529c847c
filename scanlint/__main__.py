import sys

from scanlint.frontends.cli import main

sys.exit(main())
