"""Finding every scan in a traced program by walking its jaxpr, with public `jax.extend` APIs only.

This sees scans that no Python-level patch can: those JAX itself emits (`fori_loop` with static
bounds, `lax.map`) and those reached through a name bound before observation. It needs the
program to trace, so a body that breaks the carry contract (which raises before any jaxpr
exists) is only seen by `observe_scans`. The carry types here are those after JAX's weak-type
promotion and after carries that pass through unchanged were moved to constants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import jax
import jax.extend.core
import jax.extend.source_info_util


@dataclass(frozen=True)
class JaxprScan:
    """One `scan` equation: where it was called, which body, and its carry types."""

    call_site: str  # "file.py:12:8 (function)"
    body: str  # "body at file.py:9"
    length: int
    carry_in: tuple[str, ...]
    carry_out: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.carry_in == self.carry_out


def _short(aval: Any) -> str:
    weak = "~" if getattr(aval, "weak_type", False) else ""
    dims = ",".join(str(d) for d in getattr(aval, "shape", ()))
    return f"{weak}{getattr(aval, 'dtype', aval)}[{dims}]"


def _walk(jaxpr: Any) -> Iterator[JaxprScan]:
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "scan":
            consts, carries = eqn.params["num_consts"], eqn.params["num_carry"]
            body = eqn.params["jaxpr"].jaxpr.debug_info
            yield JaxprScan(
                call_site=jax.extend.source_info_util.summarize(eqn.source_info),
                body=getattr(body, "func_src_info", None) or "<unknown>",
                length=int(eqn.params["length"]),
                carry_in=tuple(_short(v.aval) for v in eqn.invars[consts : consts + carries]),
                carry_out=tuple(_short(v.aval) for v in eqn.outvars[:carries]),
            )
        for inner in jax.extend.core.jaxprs_in_params(eqn.params):
            yield from _walk(inner)


def scans_in(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> list[JaxprScan]:
    """Trace `fn(*args, **kwargs)` (no compile; arguments may be `ShapeDtypeStruct`s) and list
    every scan in the program, nested ones included."""
    closed = jax.make_jaxpr(fn)(*args, **kwargs)
    return list(_walk(closed.jaxpr))
