"""Runtime companion tests run on CPU only."""

from __future__ import annotations

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
