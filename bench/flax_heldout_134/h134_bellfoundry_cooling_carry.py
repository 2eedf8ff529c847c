# label: ok
# flax-error: none
# class: 4 a CastingContext passed down FoundryTrainer.run -> _cool -> _forward carries the model variables; the "cache" collection enters and leaves the fori_loop as the carry and is put back on the context afterwards
"""Bell-foundry casting monitor: steps the mould cooling curve and keeps an EMA of
the bronze temperature in a "cache" collection that the end-of-run hooks report."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class CoolingModel(nn.Module):
    momentum: float = 0.7

    @nn.compact
    def __call__(self, probe):
        temp = nn.Dense(1)(probe)[0]
        ema = self.variable("cache", "ema_temp", lambda: jnp.zeros(()))
        if not self.is_initializing():
            ema.value = self.momentum * ema.value + (1 - self.momentum) * temp
        return temp


@dataclass
class CastingContext:
    model: nn.Module
    variables: dict
    hooks: list = field(default_factory=list)
    report: dict = field(default_factory=dict)


class FoundryTrainer:
    def __init__(self, n_steps):
        self.n_steps = n_steps

    def run(self, ctx, probes):
        total = self._cool(ctx, probes)
        for hook in ctx.hooks:
            hook(ctx)
        return total

    def _forward(self, ctx, cache, probe):
        temp, updates = ctx.model.apply({**ctx.variables, "cache": cache}, probe, mutable=["cache"])
        return temp, updates["cache"]

    def _cool(self, ctx, probes):
        def body(i, carry):
            total, cache = carry
            temp, cache = self._forward(ctx, cache, probes[i])
            return total + temp, cache

        total, cache = fori_loop(0, self.n_steps, body, (jnp.zeros(()), ctx.variables["cache"]))
        ctx.variables = {**ctx.variables, "cache": cache}
        return total


def log_ema(ctx):
    ema = ctx.variables["cache"]["ema_temp"]
    ctx.report["bronze_ema_c"] = jnp.round(ema, 1)


def main():
    model = CoolingModel()
    probes = jax.random.normal(jax.random.key(0), (10, 4))
    variables = model.init(jax.random.key(1), probes[0])
    ctx = CastingContext(model, variables, hooks=[log_ema])
    FoundryTrainer(n_steps=10).run(ctx, probes)
    return None
