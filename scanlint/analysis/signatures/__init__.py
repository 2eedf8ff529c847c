"""What common JAX functions return, by dtype and rank, read from a table generated from real JAX.

``jax_signatures.json`` is written by ``python -m scanlint.analysis.signatures.generate`` (which
imports JAX); this module only reads it, so the static analysis never imports JAX.

Dtypes are strings: a dtype name, prefixed with ``~`` when weakly typed (``"~float32"`` is what a
Python float becomes with x64 off). Comparisons can give ``"~bool"`` in JAX for weak operands
(``lax.eq(1, 2)``), so a result can name a weak dtype that is not a key of ``promotion``.

Per function (null / None everywhere means: no rule held for every probe, stay silent):

- ``operands``: positions of the array arguments that drive the result; ``operand_keywords`` their
  keyword names in the same order (None for a positional-only parameter).
- ``dtype``: promoted dtype of the operands -> result dtype. A function without array operands
  (``jnp.zeros``, ``jax.random.normal``) has the single key ``""``. PRNG-key functions are keyed by
  the key's dtype (``"key<fry>"`` for ``jax.random.key``, ``"uint32"`` for a raw ``PRNGKey``).
- ``dtype_keyword``: a keyword that, when given, fixes the result dtype (strong, canonicalized).
- ``shape``: the rank rule. "same" follows the first listed operand; "broadcast" the listed
  operands only; "creation" applies when the shape argument is given (position
  ``shape_position`` or keyword ``shape``), an int counting as one dimension; "reduce" reads
  ``axis`` (keyword or position ``axis_position``) and ``keepdims`` (keyword).
- ``returns``: "array", "tuple", or None.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from importlib import resources
from typing import Any

__all__ = ["Function", "Signatures", "load", "strong"]


def strong(dtype: str) -> str:
    """The dtype without its weak mark."""
    return dtype[1:] if dtype.startswith("~") else dtype


@dataclasses.dataclass(frozen=True)
class Function:
    name: str
    operands: tuple[int, ...]
    operand_keywords: tuple[str | None, ...]
    dtype: dict[str, str] | None
    dtype_keyword: str | None
    shape: str | None
    axis_position: int | None
    shape_position: int | None
    returns: str | None

    def result_dtype(self, promoted: str) -> str | None:
        """The result dtype for the promoted dtype of the operands (``""`` when there are none),
        or None when the table has no answer."""
        return None if self.dtype is None else self.dtype.get(promoted)


@dataclasses.dataclass(frozen=True)
class Signatures:
    jax_version: str
    x64: bool
    canonical: dict[str, str]
    python_scalars: dict[str, str]
    promotion: dict[str, dict[str, str]]
    float_default: str
    int_default: str
    functions: dict[str, Function]

    def promote(self, *dtypes: str) -> str | None:
        """``jnp.result_type`` of the given dtypes (weak ones ``~``-marked): ``""`` for none, None
        when one is not in the table."""
        if not dtypes:
            return ""
        result: str | None = self.canonicalize(dtypes[0])
        for dtype in dtypes[1:]:
            if result is None:
                return None
            result = self.promotion.get(result, {}).get(self.canonicalize(dtype) or "")
        return result if result in self.promotion else None

    def canonicalize(self, dtype: str) -> str | None:
        """What JAX makes of a dtype under this x64 setting (``int64`` -> ``int32`` with x64 off),
        keeping the weak mark; None for an unknown name."""
        if dtype.startswith("~"):
            return dtype if dtype in self.promotion else None
        return self.canonical.get(dtype)

    def function(self, name: str) -> Function | None:
        return self.functions.get(name)


@functools.cache
def _data() -> dict[str, Any]:
    text = resources.files(__name__).joinpath("jax_signatures.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def load(x64: bool = False) -> Signatures:
    """The table for JAX with ``jax_enable_x64`` off (default) or on."""
    data = _data()
    table = data["tables"]["x64_on" if x64 else "x64_off"]
    functions = {
        name: Function(
            name=name,
            operands=tuple(entry["operands"]),
            operand_keywords=tuple(entry["operand_keywords"]),
            dtype=entry["dtype"],
            dtype_keyword=entry["dtype_keyword"],
            shape=entry["shape"],
            axis_position=entry["axis_position"],
            shape_position=entry["shape_position"],
            returns=entry["returns"],
        )
        for name, entry in table["functions"].items()
    }
    return Signatures(
        jax_version=data["jax_version"],
        x64=x64,
        canonical=table["canonical"],
        python_scalars=table["python_scalars"],
        promotion=table["promotion"],
        float_default=table["float_default"],
        int_default=table["int_default"],
        functions=functions,
    )
