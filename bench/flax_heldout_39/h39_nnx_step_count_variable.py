# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Pretrainer.warmup's raw fori_loop body calls self.model, whose ScheduledNoise layer increments a StepCount (nnx.Variable subclass) on every call
"""Curriculum noise schedule kept inside the model as a custom nnx.Variable step counter."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class StepCount(nnx.Variable):
    """Number of forward passes seen in training; not a parameter and not a batch statistic."""


class ScheduledNoise(nnx.Module):
    def __init__(self, start: float, decay_steps: int):
        self.start = start
        self.decay_steps = decay_steps
        self.step = StepCount(jnp.array(0, jnp.int32))

    def scale(self):
        frac = jnp.minimum(self.step.value / self.decay_steps, 1.0)
        return self.start * (1.0 - frac)

    def __call__(self, x):
        self.step.value += 1
        return x * (1.0 + self.scale())


class Encoder(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.noise = ScheduledNoise(start=0.5, decay_steps=100)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, x):
        return self.norm(self.noise(self.proj(x)))


@dataclasses.dataclass(frozen=True)
class PretrainConfig:
    dim: int = 6
    warmup_steps: int = 5


class Pretrainer:
    def __init__(self, cfg: PretrainConfig):
        self.cfg = cfg
        self.model = Encoder(cfg.dim, rngs=nnx.Rngs(0))

    def warmup(self, x):
        def body(i, acc):
            return acc + self.model(x).mean()

        return fori_loop(0, self.cfg.warmup_steps, body, jnp.zeros(()))


def main():
    cfg = PretrainConfig()
    trainer = Pretrainer(cfg)
    x = jax.random.normal(jax.random.key(1), (3, cfg.dim))
    print(float(trainer.warmup(x)), trainer.model.noise.step.value)
    return None
