"""scanlint's runtime companion: run JAX code and check what the static rules can only suspect.

The static linter never imports this package. Its public names import JAX when first used:

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

import importlib
from typing import Any

# Public name -> defining module. Resolved on first use (PEP 562), so `scanlint trace`, which only
# starts a child process and joins JSON results, never imports JAX itself.
_EXPORTS = {
    "CompileCounter": "scanlint.runtime.compiles",
    "FunctionCompiles": "scanlint.runtime.compiles",
    "count_compiles": "scanlint.runtime.compiles",
    "JaxprScan": "scanlint.runtime.jaxprs",
    "scans_in": "scanlint.runtime.jaxprs",
    "LoopRecord": "scanlint.runtime.loops",
    "ScanObservation": "scanlint.runtime.loops",
    "observe_scans": "scanlint.runtime.loops",
    "CarryNotInvariant": "scanlint.runtime.properties",
    "RecompileError": "scanlint.runtime.properties",
    "assert_compiles_once": "scanlint.runtime.properties",
    "carries_like": "scanlint.runtime.properties",
    "check_carry_invariant": "scanlint.runtime.properties",
    "pytrees_like": "scanlint.runtime.properties",
    "specs_of": "scanlint.runtime.properties",
}

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


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'scanlint.runtime' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
