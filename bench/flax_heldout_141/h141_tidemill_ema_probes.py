# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "z" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a probe registered with @register_probe reads ctx.config.model (a module field of a frozen MillConfig) and ctx.variables; the fori_loop body applies it with update_ema=True but no mutable
"""Tide-mill turbine monitoring: registered probes are run over a tidal cycle; the "ema" probe
keeps an exponential moving average of the turbine-load embedding for anomaly detection."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

PROBES = {}


def register_probe(name):
    def wrap(fn):
        PROBES[name] = fn
        return fn
    return wrap


class LoadEmbedder(nn.Module):
    dim: int = 6
    decay: float = 0.95

    @nn.compact
    def __call__(self, reading, update_ema: bool = False):
        z = nn.tanh(nn.Dense(self.dim)(reading))
        ema = self.variable("ema", "z", jnp.zeros, (self.dim,))
        if update_ema:
            ema.value = self.decay * ema.value + (1.0 - self.decay) * z
        return jnp.linalg.norm(z - ema.value)


@dataclasses.dataclass(frozen=True)
class MillConfig:
    model: nn.Module
    tide_steps: int = 12
    probes: tuple = ("ema",)


@dataclasses.dataclass
class ProbeContext:
    config: MillConfig
    variables: dict


@register_probe("ema")
def ema_probe(ctx: ProbeContext, reading):
    return ctx.config.model.apply(ctx.variables, reading, update_ema=True)


def run_tidal_cycle(ctx: ProbeContext, readings):
    def tick(i, scores):
        for j, name in enumerate(ctx.config.probes):
            scores = scores.at[i, j].set(PROBES[name](ctx, readings[i]))
        return scores

    scores = jnp.zeros((ctx.config.tide_steps, len(ctx.config.probes)))
    return fori_loop(0, ctx.config.tide_steps, tick, scores)


def main():
    config = MillConfig(model=LoadEmbedder())
    readings = jax.random.normal(jax.random.key(0), (config.tide_steps, 4))
    variables = config.model.init(jax.random.key(1), readings[0])
    scores = run_tidal_cycle(ProbeContext(config, variables), readings)
    print("max anomaly", float(scores.max()))
    return None
