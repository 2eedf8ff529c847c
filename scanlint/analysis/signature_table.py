"""The signature table as the abstract evaluator asks it: canonical dtypes, what Python scalars
become, JAX's promotion lattice, and each library function's result rules.

A thin view over `scanlint.analysis.signatures` (data generated from real JAX), one per x64
setting; dtypes are written with a `~` for weak types, as there.
"""

from __future__ import annotations

import functools

from scanlint.analysis.signatures import Function, Signatures, load


class Table:
    def __init__(self, signatures: Signatures) -> None:
        self._signatures = signatures
        self.x64 = signatures.x64
        self.float_default = signatures.float_default
        self.int_default = signatures.int_default

    def canonical(self, name: str) -> str | None:
        return self._signatures.canonical.get(name)

    def python_scalar(self, kind: str) -> str | None:
        """The dtype a Python scalar of `kind` ("int", "float", "complex", "bool") gets, without
        its weak mark (Python scalars other than bool are weak)."""
        typed = self._signatures.python_scalars.get(kind)
        return typed.lstrip("~") if typed else None

    def promote(self, left: str | None, right: str | None) -> str | None:
        if left is None or right is None:
            return None
        return self._signatures.promote(left, right)

    def promote_all(self, typed: list[str | None]) -> str | None:
        if any(t is None for t in typed):
            return None
        return self._signatures.promote(*typed)  # type: ignore[arg-type]

    def function(self, qualified: str) -> Function | None:
        return self._signatures.function(qualified)


@functools.cache
def table(x64: bool = False) -> Table:
    return Table(load(x64))
