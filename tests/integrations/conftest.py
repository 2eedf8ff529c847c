"""Integration tests run the real tools: pytest (through pytester), flake8 and pre-commit."""

from __future__ import annotations

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
