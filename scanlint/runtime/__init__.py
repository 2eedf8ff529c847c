"""scanlint's runtime companion: run JAX code and check what the static rules can only suspect.

Importing this package imports JAX; the static linter never imports it. Public API:

- `observe_scans()`: context manager recording every raw `lax.scan` / `fori_loop` /
  `while_loop` call (call site, body, carry types in and out, verdict) without extra tracing.
- `count_compiles()`: context manager counting calls, traces and XLA compiles per jitted
  function, with the reason for each recompile.
- `assert_compiles_once(fn, example_args)`: property test that fresh argument values of the same
  structure never recompile `fn`.
- `check_carry_invariant(body, carry_example, x_example)`: property test that a scan body keeps
  its carry's type for every carry drawn from a family of shapes and dtypes (no XLA compile).
- `pytrees_like(example)` and `carries_like(example)`: the Hypothesis strategies behind them.
- `scans_in(fn, *args)`: the scans of a traced program, found by walking its jaxpr.
"""

from __future__ import annotations

import jax.extend.source_info_util

from scanlint.runtime.locations import SCANLINT_DIR

# Without this, every equation traced inside an observed body would be located at scanlint's
# wrapper instead of the user's line.
jax.extend.source_info_util.register_exclusion(SCANLINT_DIR)

from scanlint.runtime.compiles import CompileCounter, FunctionCompiles, count_compiles  # noqa: E402
from scanlint.runtime.jaxprs import JaxprScan, scans_in  # noqa: E402
from scanlint.runtime.loops import LoopRecord, ScanObservation, observe_scans  # noqa: E402
from scanlint.runtime.properties import (  # noqa: E402
    CarryNotInvariant,
    RecompileError,
    assert_compiles_once,
    carries_like,
    check_carry_invariant,
    pytrees_like,
    specs_of,
)

__all__ = [
    "CarryNotInvariant",
    "CompileCounter",
    "FunctionCompiles",
    "JaxprScan",
    "LoopRecord",
    "RecompileError",
    "ScanObservation",
    "assert_compiles_once",
    "carries_like",
    "check_carry_invariant",
    "count_compiles",
    "observe_scans",
    "pytrees_like",
    "scans_in",
    "specs_of",
]
