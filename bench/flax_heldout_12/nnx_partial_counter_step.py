# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 functools.partial(step_fn, model=model) handed to lax.scan; the module-level step bumps the model's step-counter Variable used for a warmup schedule
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class WarmupGate(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.count = StepCount(jnp.array(0, jnp.int32))

    def __call__(self, x):
        gate = jnp.minimum(1.0, self.count.value / 10.0)
        return x + gate * self.lin(x)


def step_fn(x, _, *, model):
    model.count.value = model.count.value + 1
    y = model(x)
    return y, jnp.mean(y)


def main():
    model = WarmupGate(4, nnx.Rngs(0))
    x, means = jax.lax.scan(functools.partial(step_fn, model=model), jnp.ones((2, 4)), None, length=5)
    jax.block_until_ready(means)
    return None
