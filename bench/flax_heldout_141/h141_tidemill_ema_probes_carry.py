# label: ok
# flax-error: none
# class: 4 a probe registered with @register_probe reads ctx.config.model (a module field of a frozen MillConfig) and ctx.variables["params"]; it applies with mutable=["ema"] and the ema collection travels in the fori_loop carry
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
def ema_probe(ctx: ProbeContext, ema, reading):
    score, updates = ctx.config.model.apply(
        {"params": ctx.variables["params"], "ema": ema}, reading, update_ema=True, mutable=["ema"])
    return score, updates["ema"]


def run_tidal_cycle(ctx: ProbeContext, readings):
    def tick(i, carry):
        scores, ema = carry
        for j, name in enumerate(ctx.config.probes):
            score, ema = PROBES[name](ctx, ema, readings[i])
            scores = scores.at[i, j].set(score)
        return scores, ema

    scores = jnp.zeros((ctx.config.tide_steps, len(ctx.config.probes)))
    scores, ema = fori_loop(0, ctx.config.tide_steps, tick, (scores, ctx.variables["ema"]))
    ctx.variables = {"params": ctx.variables["params"], "ema": ema}
    return scores


def main():
    config = MillConfig(model=LoadEmbedder())
    readings = jax.random.normal(jax.random.key(0), (config.tide_steps, 4))
    variables = config.model.init(jax.random.key(1), readings[0])
    scores = run_tidal_cycle(ProbeContext(config, variables), readings)
    print("max anomaly", float(scores.max()))
    return None
