"""SCN101 (linen-module-in-scan-body): Linen module constructed inside a raw lax.scan (or fori_loop, while_loop) body.

The class docstring says what the rule flags and why; its page is `rules/SCN101.md`.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from scanlint.analysis.flax_model import enclosing_class, raw_scan_bodies
from scanlint.analysis.submodules import init_skips_loop
from scanlint.rules.base import FileContext, Report, Rule
from scanlint.rules.flax.reporting import in_loop, init_path_note


class LinenModuleInScanBody(Rule):
    """A Linen module constructed inside the body of a raw `jax.lax.scan`.

    Flags the construction of any `flax.linen` module class (`nn.Dense(...)`, `nn.LSTMCell(...)`,
    `flax.linen.Conv(...)`) or of a same-file `nn.Module` subclass, also through a lifted transform
    of it (`nn.remat(Block)(...)`), inside a scan body that runs in a Linen module. Linen creates a submodule's parameters the first time it runs, and here that is
    while the scan traces its body: `init` succeeds but returns leaked tracers as the parameters,
    and `apply` raises `UnexpectedTracerError` (`jax.jit(model.init)` raises at once). There is no
    automatic fix: lift the loop with `nn.scan`, or create the parameters outside the body and
    close over the arrays. `nn.Dropout` has no parameters and is SCN103's business.

    Not flagged: a construction in another compact method of the module that `init` runs outside
    every loop, reached from the body of a method only `apply` runs (a `rollout` whose body calls
    `self(obs)`): `init` made that layer, and under `apply` constructing it again binds it.
    """

    CODE = "SCN101"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class DenseRNN(nn.Module):
    features: int

    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            h = jnp.tanh(nn.Dense(self.features)(carry) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.features), xs)
"""
    GOOD = """\
import flax.linen as nn
import jax.numpy as jnp

class DenseRNN(nn.Module):
    features: int

    @nn.compact
    def __call__(self, xs):
        def step(cell, carry, x):
            h = jnp.tanh(cell(carry) + x)
            return h, h

        scan = nn.scan(step, variable_broadcast="params", split_rngs={"params": False})
        return scan(nn.Dense(self.features), jnp.zeros(self.features), xs)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            enclosing = enclosing_class(code.loop)
            in_linen_module = flax.is_linen(enclosing)
            if enclosing is not None and in_linen_module and not flax.creates_lazily(enclosing):
                continue
            if init_skips_loop(flax, code):
                continue
            called_at_once = {
                call.func for call, _ in code.calls if isinstance(call.func, cst.Call)
            }
            for call, scope in code.calls:
                name = flax.linen_module_class(call.func, scope)
                if name is None or flax.is_linen_dropout(call.func) or flax.made_by_init(code, scope):
                    continue
                if not in_linen_module and call not in called_at_once:
                    continue  # an unbound module outside any Linen module, e.g. for `.apply`
                summary = f"Linen module `{name}` constructed inside a raw lax.scan body"
                advice = (
                    "Lift the loop with `nn.scan`, or "
                    "build the module outside the body and call it there once before the loop, "
                    "so its parameters exist when the body runs."
                )
                yield in_loop(code, Report(
                    call,
                    f"{summary}{init_path_note(flax, code)}: its parameters "
                    "are created while the scan traces the body, so `init` succeeds but returns "
                    "leaked tracers as parameters and `apply` raises `UnexpectedTracerError` "
                    f"(`jax.jit(model.init)` raises at once). {advice}",
                    summary=summary,
                    help=advice,
                ))
