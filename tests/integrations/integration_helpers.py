"""Shared by the integration tests: sample files, and findings parsed from each tool's output."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"

# `path:line:col: CODE message`, the text format of `scanlint check`, the pytest items and flake8.
FINDING_LINE = re.compile(r"^(?P<path>\S+?\.pyi?):(?P<line>\d+):(?P<column>\d+): (?P<code>SCN\d{3}) ", re.MULTILINE)

GOOD_SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x, None

        return lax.scan(step, jnp.zeros(()), xs)
    """
)

# SCN201 at line 7, column 16.
BAD_SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x

        return lax.scan(step, jnp.zeros(()), xs)
    """
)

SUPPRESSED_SOURCE = BAD_SOURCE.replace("return carry + x\n", "return carry + x  # noqa: SCN201\n")


def findings_in_text(text: str) -> set[tuple[str, int, str]]:
    return {(m["path"], int(m["line"]), m["code"]) for m in FINDING_LINE.finditer(text)}
