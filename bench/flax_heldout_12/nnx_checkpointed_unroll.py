# label: ok
# flax-error: none
# class: 4 body wrapped at the call site with jax.checkpoint; the module is split outside, its state carried, merged inside the body and the updated counter state returned
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
        self.count.value = self.count.value + 1
        gate = jnp.minimum(1.0, self.count.value / 10.0)
        return x + gate * self.lin(x)


def step_fn(carry, _, *, graphdef):
    state, x = carry
    model = nnx.merge(graphdef, state)
    y = model(x)
    return (nnx.state(model), y), jnp.mean(y)


def main():
    model = WarmupGate(4, nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    body = jax.checkpoint(functools.partial(step_fn, graphdef=graphdef))
    (state, x), means = jax.lax.scan(body, (state, jnp.ones((2, 4))), None, length=5)
    nnx.update(model, state)
    assert int(model.count.value) == 5
    return None
